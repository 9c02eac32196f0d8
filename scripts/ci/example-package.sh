#!/usr/bin/env bash
# Examples/CustomBehaviours, a package of its own with its own type
# (Countdown): it builds, its tests run and pass, its runner checks and
# runs its scenes, and its runner's schema, which knows Countdown, accepts
# them.
source "$(dirname "$0")/common.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step "Examples/CustomBehaviours: build, test, run its scene with its own runner"
cd Examples/CustomBehaviours
swift build
swift test --xunit-output "$work/tests.xml"
[ "$(cat "$work"/tests*.xml | grep -o '<testcase ' | wc -l)" -gt 0 ] || fail "the example's reports list no test"
.build/debug/countdown-runner check Scenes/*.yaml
.build/debug/countdown-runner run Scenes/*.yaml
.build/debug/countdown-runner schema >"$work/schema.json"
check-jsonschema --schemafile "$work/schema.json" Scenes/*.yaml
