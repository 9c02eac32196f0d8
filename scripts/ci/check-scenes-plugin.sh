#!/usr/bin/env bash
# CI: the check-scenes command plugin, end to end (docs/Plugin.md).
#  0. Here, with --runner scene-runner (this package's own product), it
#     checks Scenes/ and the fixtures (the nested example package is left
#     out). (A scene whose file name is not UTF-8 is SceneSearchTests'.)
#  1. In Examples/CustomBehaviours, `swift package check-scenes` builds the
#     package's own runner (countdown-runner, found because it uses
#     SceneCommandLine), checks Scenes/countdown.yaml and passes.
#  2. Given a broken scene as a path, it fails with the positioned error.
#  3. In a copy of the example (its dependency pointed at this repository),
#     a broken scene added to Scenes/ is found by default and fails the
#     command with `file:line:col: error:`, and the hint shows the
#     package's own types (Countdown) were known.
#  4. --runner scene-runner checks with the standard types, which do not
#     know Countdown.
#  5. A package whose target applies the CheckScenesOnBuild build-tool
#     plugin: swift build checks its scene resources, and fails at the
#     line of a broken one.
# Needs what .ci/run installs for the package (libyaml-dev, libsqlite3-dev).
source "$(dirname "$0")/common.sh"
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs `swift package check-scenes ARGS...` in folder $1 (here, with CI's
# build flags, so that scene-runner is not built again); the output (both
# streams) goes to $work/out and the exit status to $status.
check_scenes() {
    local folder=$1 flags=()
    shift
    [ "$folder" != "$root" ] || flags=("${build_flags[@]}")
    status=0
    (cd "$folder" && swift package "${flags[@]}" check-scenes "$@") >"$work/out" 2>&1 || status=$?
    cat "$work/out"
}

expect_line() {
    grep -qF -- "$1" "$work/out" || fail "the output has no line with: $1"
}

echo "== swift package check-scenes --runner scene-runner (this package: Scenes/ and the test fixtures)"
# Named: another executable product of this package may use SceneCommandLine too.
check_scenes "$root" --runner scene-runner
[ "$status" -eq 0 ] || fail "exited $status on this package's scenes"

expect_line "check-scenes: building scene-runner (named by --runner)"
expect_line "$root/Scenes/Components/auto-hiding-controls.yaml: ok ("
expect_line "scene files checked with scene-runner, all valid"
# The example is a package of its own, with its own types: left out.
if grep -qF "Examples/CustomBehaviours" "$work/out"; then
    fail "the example package's scenes were checked with this package's runner"
fi

example="$root/Examples/CustomBehaviours"
echo "== swift package check-scenes (Examples/CustomBehaviours)"
check_scenes "$example"
[ "$status" -eq 0 ] || fail "exited $status on the example's valid scenes"
expect_line "check-scenes: building countdown-runner (the executable product that uses SceneCommandLine)"
expect_line "$example/Scenes/countdown.yaml: ok ("
expect_line "check-scenes: 1 scene file checked with countdown-runner, all valid"

# A broken scene: a misspelt type on line 6, column 11.
broken() {
    cat <<'YAML'
scene: Broken on purpose
objects:
  start:
    type: Button
  timer:
    type: Countdwn
YAML
}
broken >"$work/broken.yaml"

echo "== swift package check-scenes $work/broken.yaml (must fail)"
check_scenes "$example" "$work/broken.yaml"
[ "$status" -ne 0 ] || fail "a broken scene given as a path passed"
expect_line "$work/broken.yaml:6:11: error: unknown type 'Countdwn'"
expect_line "did you mean 'Countdown'?"
expect_line "error: check-scenes: invalid scenes"

echo "== a copy of the example with a broken scene in Scenes/ (must fail)"
copy="$work/CustomBehaviours"
mkdir "$copy"
tar -C "$example" --exclude=./.build --exclude=./.swiftpm --exclude=./Package.resolved -cf - . | tar -C "$copy" -xf -
sed -i "s|path: \"../..\"|path: \"$root\"|" "$copy/Package.swift"
grep -qF "path: \"$root\"" "$copy/Package.swift" || fail "could not point the copy's dependency at $root"
broken >"$copy/Scenes/broken.yaml"
check_scenes "$copy"
[ "$status" -ne 0 ] || fail "the copy with Scenes/broken.yaml passed"
expect_line "check-scenes: checking 2 scene files with countdown-runner"
expect_line "$copy/Scenes/broken.yaml:6:11: error: unknown type 'Countdwn'"
expect_line "did you mean 'Countdown'?"
expect_line "$copy/Scenes/countdown.yaml: ok ("

echo "== --runner scene-runner: the standard types do not know Countdown (must fail)"
check_scenes "$copy" --runner scene-runner Scenes/countdown.yaml
[ "$status" -ne 0 ] || fail "scene-runner accepted a scene that uses Countdown"
expect_line "check-scenes: building scene-runner (the standard types only)"
expect_line "$copy/Scenes/countdown.yaml:"
expect_line "error: unknown type 'Countdown'"

echo "== CheckScenesOnBuild: swift build checks a target's scene resources (standard types)"
onbuild="$work/OnBuild"
mkdir -p "$onbuild/Sources/Screens/Scenes"
cat >"$onbuild/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "OnBuild",
    dependencies: [.package(name: "scene-runtime", path: "$root")],
    targets: [
        .target(
            name: "Screens",
            resources: [.copy("Scenes")],
            plugins: [.plugin(name: "CheckScenesOnBuild", package: "scene-runtime")])
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
echo 'public enum Screens {}' >"$onbuild/Sources/Screens/Screens.swift"
printf 'scene: Fine\nobjects:\n  root:\n    type: View\n' >"$onbuild/Sources/Screens/Scenes/fine.yaml"
# Not a scene: left alone.
printf 'name: settings\nvalues: [1, 2]\n' >"$onbuild/Sources/Screens/Scenes/settings.yaml"
build_onbuild() {
    status=0
    (cd "$onbuild" && swift build) >"$work/out" 2>&1 || status=$?
    grep -E "Checking|: (ok|error|[0-9]+ errors?)" "$work/out" || true
}
build_onbuild
[ "$status" -eq 0 ] || { cat "$work/out"; fail "swift build failed on a valid scene resource"; }
expect_line "$onbuild/Sources/Screens/Scenes/fine.yaml: ok (1 object)"
if grep -qF "settings.yaml" "$work/out"; then fail "a YAML file that is not a scene was checked"; fi
printf 'scene: Broken\nobjects:\n  root:\n    type: Veiw\n' >"$onbuild/Sources/Screens/Scenes/broken.yaml"
build_onbuild
[ "$status" -ne 0 ] || fail "swift build passed with a broken scene resource"
expect_line "$onbuild/Sources/Screens/Scenes/broken.yaml:4:11: error: unknown type 'Veiw'"

echo "== check-scenes plugin: passes on the example, fails at the broken scene's line"
