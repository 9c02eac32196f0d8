#!/usr/bin/env bash
# `scene-runner import` on real Interface Builder files: every file of
# ../shared/interface-builder (or $IB_FILES_DIR; 59 unmodified storyboards
# and xibs from public repositories, not in the repository) is imported,
# each written scene checked and, when valid, rendered. It fails on a crash
# (a status import does not document), on a refused file that is not a
# macOS document, and on a written scene that render cannot draw. A written
# scene that check refuses (a required outlet the app sets in code) is
# expected: import exits 2 for it, as check would.
source "$(dirname "$0")/common.sh"
need_runner
files=${IB_FILES_DIR:-../shared/interface-builder}
step "import: every Interface Builder file of $files imported, checked and drawn"
if [ ! -d "$files" ]; then
    echo "import: $files is missing; skipped (CI has it at ../shared)"
    exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
imported=0 refused=0 drawn=0
for file in "$files"/*.storyboard "$files"/*.xib; do
    status=0
    "$runner" import "$file" -o "$out/scenes" >"$out/log" 2>&1 || status=$?
    case $status in
        0 | 2) ;;
        *) cat "$out/log" >&2; fail "$file: import exited $status" ;;
    esac
    if grep -q ": not imported$" "$out/log"; then
        grep -q 'com.apple.InterfaceBuilder3.Cocoa\.' "$file" ||
            { cat "$out/log" >&2; fail "$file: refused, but it is not a macOS document"; }
        refused=$((refused + 1))
        continue
    fi
    imported=$((imported + 1))
    # Each valid written scene ('PATH: ok (...)') is drawn.
    while IFS= read -r scene; do
        expect_status 0 "$runner" render "$scene" -o "$out/picture.svg"
        drawn=$((drawn + 1))
    done < <(sed -n 's/^\(.*\.yaml\): ok (.*$/\1/p' "$out/log")
    rm -rf "$out/scenes"
done
echo "import: $imported files imported, $refused macOS files refused, $drawn scenes drawn"
