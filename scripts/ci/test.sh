#!/usr/bin/env bash
# `swift test` with the yaml-test-suite's data, on the build that
# scripts/ci/build.sh made (same flags: nothing is compiled again).
# YAMLTestSuiteTests runs whenever YAML_TEST_SUITE_DIR is set, and fails
# when it names no data, so here it must run.
#
#   scripts/ci/test.sh [FOLDER]     FOLDER keeps the reports (default: a
#                                   temporary folder); FOLDER/passed holds
#                                   how many tests passed
#
# The data is not in the repository: CI has it in shared/ beside the
# repository (or beside the repository this clone was made from), or at
# YAML_TEST_SUITE_DIR.
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
# The tests of generated files compare them; SCENE_UPDATE_DOCS=1 would have them rewrite.
unset SCENE_UPDATE_DOCS
swift test --skip-build "${build_flags[@]}" --xunit-output "$reports/tests.xml"
# swift test fails on a failed test; what is left to count is what passed.
cases=$(cat "$reports"/tests*.xml | grep -o '<testcase ' | wc -l)
skipped=$(cat "$reports"/tests*.xml | grep -o '<skipped' | wc -l)
[ "$cases" -gt 0 ] || fail "the reports list no test"
echo "$((cases - skipped))" >"$reports/passed"
echo "$((cases - skipped)) passed, $skipped skipped"
