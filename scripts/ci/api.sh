#!/usr/bin/env bash
# The public API: no library module breaks what it offered at the
# baseline commit (that docs/PublicAPI.md lists what the code declares is
# PublicAPITests, in swift test). The baseline is the compiler's API files
# of that commit, committed as .ci/api-baseline/COMMIT/MODULE.json (the
# layout `swift package diagnose-api-breaking-changes COMMIT --baseline-dir
# .ci/api-baseline` reads), so CI builds only the current tree
# (scripts/ci/build.sh) and compares it with swift-api-digester
# -diagnose-sdk, as that command does. The command itself is not run: with
# the CheckScenesOnBuild plugin, its digester sees each C module of
# swift-nio twice (the products' and the plugin tool's maps), loads none
# of this package's modules and compares nothing.
#
#   scripts/ci/api.sh                   the check
#   scripts/ci/api.sh --record [COMMIT] this build's API becomes the baseline,
#                                       named COMMIT (default HEAD, which
#                                       the build must be of); then commit
#                                       .ci/api-baseline/ (CONTRIBUTING.md,
#                                       "The public API")
source "$(dirname "$0")/common.sh"
folder=.ci/api-baseline
# The modules compared, as SwiftPM chooses them: the library products' targets.
read -ra modules <<<"$(swift package dump-package | python3 -c 'import json, sys
print(" ".join(sorted({t for p in json.load(sys.stdin)["products"] if "library" in p["type"] for t in p["targets"]})))')"

# The search paths SwiftPM gives swift-api-digester for this build (its
# createAPIToolCommonArgs): the built modules, and for each C target its
# generated module map and its headers, and each system library's map.
digester_flags() {
    local build target dir include map
    build=$(swift build "${build_flags[@]}" --show-bin-path)
    flags=(-I "$build/Modules")
    for dir in "$build"/*.build; do
        target=$(basename "$dir" .build)
        case $target in *-tool | *Tests) continue ;; esac
        [ ! -f "$dir/module.modulemap" ] || flags+=(-I "$dir")
        for include in Sources/"$target"/include .build/checkouts/*/Sources/"$target"/include; do
            [ ! -d "$include" ] || flags+=(-I "$PWD/$include")
        done
    done
    for map in Sources/*/module.modulemap .build/checkouts/*/Sources/*/module.modulemap; do
        [ ! -f "$map" ] || flags+=(-I "$PWD/$(dirname "$map")")
    done
}

if [ "${1:-}" = --record ]; then
    commit=$(git rev-parse --verify "${2:-HEAD}^{commit}")
    git diff --quiet "$commit" -- Sources ||
        echo "api.sh: warning: Sources/ differs from $commit; its API is recorded as this build's:" \
            "$(git diff --name-only "$commit" -- Sources | tr '\n' ' ')" >&2
    step "the API of this build recorded as $commit's"
    swift build "${build_flags[@]}"
    digester_flags
    rm -rf "$folder" && mkdir -p "$folder/$commit"
    for module in "${modules[@]}"; do
        found=$(swift api-digester -dump-sdk -compiler-style-diags -avoid-tool-args "${flags[@]}" -module "$module" \
            -o "$folder/$commit/$module.json" 2>&1)
        ! grep -q "Failed to load module" <<<"$found" || fail "swift-api-digester could not load $module:"$'\n'"$found"
    done
    echo "recorded $folder/$commit/ (${#modules[@]} modules); commit it"
    exit 0
fi

[ "$(ls "$folder" | wc -l)" -eq 1 ] || fail "$folder holds not one baseline folder; record one with --record"
baseline=$(ls "$folder")
step "no API break since $baseline ($folder)"
git cat-file -e "$baseline^{commit}" 2>/dev/null ||
    fail "the baseline $baseline is not in this clone's history (fetch it, or clone without --depth)"
swift build "${build_flags[@]}"
digester_flags
broken=()
for module in "${modules[@]}"; do
    if [ ! -f "$folder/$baseline/$module.json" ]; then
        # A library that did not exist at the baseline is an addition, which breaks nothing.
        if ! git cat-file -e "$baseline:Sources/$module" 2>/dev/null; then
            echo "$module: new since $baseline, nothing to break"
            continue
        fi
        fail "$folder/$baseline has no $module.json; record the baseline again"
    fi
    status=0
    found=$(swift api-digester -diagnose-sdk -compiler-style-diags "${flags[@]}" -module "$module" \
        -baseline-path "$folder/$baseline/$module.json" 2>&1) || status=$?
    # A module the digester cannot load would compare as empty: a failure, never a pass.
    if grep -q "Failed to load module" <<<"$found"; then
        printf '%s\n' "$found" >&2
        fail "swift-api-digester could not load $module"
    fi
    if [ "$status" -ne 0 ] || grep -q "api-digester-breaking-change" <<<"$found"; then
        printf '%s\n' "$found"
        broken+=("$module")
    else
        echo "$module: no break"
    fi
done
[ "${#broken[@]}" -eq 0 ] ||
    fail "a library breaks what it offered at $baseline (${broken[*]}): keep the old declarations, or wait for a major release"
