#!/usr/bin/env bash
# schema/scene.schema.json (kept current by SchemaTests) is a valid
# draft-07 schema (check-jsonschema, a real validator that reads YAML as
# editors do, YAML 1.2, and matches patterns as ECMAScript), and agrees
# with check: it accepts every shipped scene, refuses each of
# schema/rejects/ (which check refuses too, exit 2) and
# Examples/mistakes.yaml, and never refuses a scene check accepts
# (schema/agreement.py over the scenes of the docs and the fuzz corpus; it
# accepts some that check refuses, docs/Editors.md says which). The
# workflows docs/CI.md gives to copy are valid against GitHub's and
# GitLab's schemas (check-jsonschema's built-in copies, no network).
source "$(dirname "$0")/common.sh"
need_runner
schema=schema/scene.schema.json
step "schema/scene.schema.json: a valid draft-07 schema, in agreement with check"
check-jsonschema --check-metaschema "$schema"
check-jsonschema --schemafile "$schema" Scenes/*.yaml Scenes/Components/*.yaml
for reject in schema/rejects/*.yaml Examples/mistakes.yaml; do
    if check-jsonschema --schemafile "$schema" "$reject" >/dev/null 2>&1; then
        fail "$reject: the schema accepts it, but $(head -1 "$reject")"
    fi
    expect_status 2 "$runner" check "$reject" >/dev/null
done
echo "schema: $(ls schema/rejects/*.yaml | wc -l) rejects and Examples/mistakes.yaml refused, every scene accepted"
python3 schema/agreement.py "$runner" "$schema" \
    Scenes/*.yaml schema/accepts/*.yaml README.md docs/*.md Fuzz/Corpus/*

maps=schema/import-map.schema.json
step "schema/import-map.schema.json: a valid draft-07 schema, accepting the example map"
check-jsonschema --check-metaschema "$maps"
check-jsonschema --schemafile "$maps" schema/import-maps/*.yaml

step "the workflows of docs/CI.md against GitHub's and GitLab's schemas"
check-jsonschema --builtin-schema vendor.github-workflows docs/ci/scenes.yml
check-jsonschema --builtin-schema vendor.gitlab-ci docs/ci/gitlab-ci.yml
