# Sourced by the scripts of scripts/ci: run from the repository's root, stop
# at the first failure, and say what is checked.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

runner=${SCENE_RUNNER:-.build/debug/scene-runner}

# The flags of every build CI makes (swift build, swift test, the API
# check): warnings are errors, and a target that imports a
# module of the package it does not declare fails. The same flags
# everywhere, so that nothing is compiled twice.
build_flags=(-Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error)

# `step TEXT`: the header of a check in the log.
step() { echo "== $*"; }

# `fail TEXT`: says what does not hold, and stops.
fail() {
    echo "$(basename "$0"): $*" >&2
    exit 1
}

# `expect_status STATUS COMMAND...`: runs COMMAND and fails unless it exits
# with STATUS (set -e alone would stop at any status but 0).
expect_status() {
    local expected=$1 status=0
    shift
    "$@" || status=$?
    [ "$status" -eq "$expected" ] || fail "$* exited $status, not $expected"
}

# `need_runner`: fails when scene-runner is not built.
need_runner() {
    [ -x "$runner" ] || fail "$runner is not built; run swift build first"
}
