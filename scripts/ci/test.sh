#!/usr/bin/env bash
# `swift test`, with the yaml-test-suite's data, then proof that the tests
# CI requires ran and passed (scripts/ci/required-tests.py says how): the
# yaml-test-suite conformance suite and `live` end to end.
#
#   scripts/ci/test.sh [FOLDER]     FOLDER keeps the reports (default: a
#                                   temporary folder); FOLDER/passed holds
#                                   how many tests passed
#
# The yaml-test-suite's data is not in the repository: CI has it in shared/
# beside the repository (or beside the repository this clone was made
# from), or at YAML_TEST_SUITE_DIR.
source "$(dirname "$0")/common.sh"
reports=${1:-$(mktemp -d)}
mkdir -p "$reports"

if [ -z "${YAML_TEST_SUITE_DIR:-}" ]; then
    for candidate in ../shared/yaml-test-suite "$(git config --get remote.origin.url || true)/../shared/yaml-test-suite"; do
        if [ -d "$candidate" ]; then
            YAML_TEST_SUITE_DIR="$(cd "$candidate" && pwd)"
            break
        fi
    done
fi
[ -n "${YAML_TEST_SUITE_DIR:-}" ] && [ -d "$YAML_TEST_SUITE_DIR" ] ||
    fail "the yaml-test-suite data was not found: CI must run the conformance suite;" \
        "set YAML_TEST_SUITE_DIR or put it at ../shared/yaml-test-suite"
export YAML_TEST_SUITE_DIR
step "yaml-test-suite: $YAML_TEST_SUITE_DIR"

step "swift test"
swift test --xunit-output "$reports/tests.xml"
step "swift test list"
swift test list --skip-build >"$reports/listed.txt"
# Suites that skip themselves without what they need, and so must be seen
# to run here, by suite: a test in them can be renamed freely.
python3 scripts/ci/required-tests.py "$reports/listed.txt" \
    --require SceneYAMLTests.YAMLTestSuiteTests \
    --require EndToEndTests.LiveTests \
    "$reports"/tests*.xml | tee "$reports/summary.txt"
tail -1 "$reports/summary.txt" | grep -oE '^[0-9]+' >"$reports/passed"
