#!/usr/bin/env bash
# Examples/CustomBehaviours, a package of its own with its own type
# (Countdown): it builds, its tests run and pass, its runner checks and
# runs its scenes, and its runner's schema, which knows Countdown, accepts
# them.
source "$(dirname "$0")/common.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$(pwd)
step "Examples/CustomBehaviours: build, test, run its scene with its own runner"
cd Examples/CustomBehaviours
swift build
swift test --xunit-output "$work/tests.xml"
swift test list --skip-build >"$work/listed.txt"
python3 "$root/scripts/ci/required-tests.py" "$work/listed.txt" "$work"/tests*.xml
.build/debug/countdown-runner check Scenes/*.yaml
.build/debug/countdown-runner run Scenes/*.yaml
.build/debug/countdown-runner schema >"$work/schema.json"
check-jsonschema --schemafile "$work/schema.json" Scenes/*.yaml
