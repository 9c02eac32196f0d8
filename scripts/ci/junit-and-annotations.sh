#!/usr/bin/env bash
# What scene-runner gives other CI systems: `run --junit` read back by a
# real consumer, junitparser (scripts/ci/check-junit.py), against what the
# run printed as JSON Lines, with --shard 1/2 and 2/2 covering the scenes
# once between their reports; `--format github`'s annotations checked line
# by line (scripts/ci/check-annotations.py), and chosen by
# GITHUB_ACTIONS=true; and the workflows docs/CI.md gives to copy valid
# against GitHub's and GitLab's schemas (check-jsonschema's built-in
# copies, no network).
source "$(dirname "$0")/common.sh"
need_runner
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

step "run --junit Scenes/*.yaml, whole and in two shards, read back by junitparser"
"$runner" run --format json Scenes/*.yaml --junit "$work/scenes.xml" >"$work/scenes.jsonl"
"$runner" run --shard 1/2 Scenes/*.yaml --junit "$work/shard-1.xml" >/dev/null
"$runner" run --shard 2/2 Scenes/*.yaml --junit "$work/shard-2.xml" >/dev/null
expect_status 2 "$runner" run --format json Examples/failing-expectation.yaml Examples/mistakes.yaml \
    --junit "$work/failing.xml" >"$work/failing.jsonl"
python3 scripts/ci/check-junit.py "$work" Scenes/*.yaml

step "--format github: annotations on the lines, transcripts in groups"
expect_status 1 "$runner" run --format github Examples/failing-expectation.yaml >"$work/github.txt"
GITHUB_ACTIONS=true "$runner" run Examples/failing-expectation.yaml >"$work/actions.txt" || true
cmp -s "$work/github.txt" "$work/actions.txt" || fail "GITHUB_ACTIONS=true did not pick --format github"
expect_status 2 "$runner" check --format github Examples/mistakes.yaml >"$work/check.txt"
expect_status 2 "$runner" check --format json Examples/mistakes.yaml >"$work/check.jsonl"
expect_status 1 "$runner" run --format json Examples/failing-expectation.yaml >"$work/run.jsonl"
python3 scripts/ci/check-annotations.py "$work"

step "the workflows of docs/CI.md against GitHub's and GitLab's schemas"
check-jsonschema --builtin-schema vendor.github-workflows docs/ci/scenes.yml
check-jsonschema --builtin-schema vendor.gitlab-ci docs/ci/gitlab-ci.yml
