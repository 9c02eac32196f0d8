#!/usr/bin/env bash
# Runs the whole test suite under a sanitizer, in a scratch folder of its own
# (.build-asan, .build-tsan; git ignores .build-*/), under `nice`:
#
#     scripts/sanitize.sh address     AddressSanitizer (and LeakSanitizer)
#     scripts/sanitize.sh thread      ThreadSanitizer
#
# Further arguments go to `swift test` (e.g. --filter SceneYAMLTests). The
# yaml-test-suite conformance cases run when their data is found (as in
# .ci/run): they read every case with libyaml on a second thread too.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizer=${1:-}
case $sanitizer in
    address) scratch=.build-asan ;;
    thread) scratch=.build-tsan ;;
    *)
        echo "usage: scripts/sanitize.sh address|thread [swift test arguments]" >&2
        exit 64
        ;;
esac
shift

if [ -z "${YAML_TEST_SUITE_DIR:-}" ] && [ -d ../shared/yaml-test-suite ]; then
    YAML_TEST_SUITE_DIR="$(cd ../shared/yaml-test-suite && pwd)"
    export YAML_TEST_SUITE_DIR
fi
# LeakSanitizer takes the heap boxes of indirect enums for leaks: see the file.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=0:second_deadlock_stack=1}

nice -n 10 swift test --sanitize="$sanitizer" --scratch-path "$scratch" "$@"
