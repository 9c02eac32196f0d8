#!/usr/bin/env bash
# Writes the timeline of every shipped scene (Scenes/*.yaml) and of the
# scene made to fail (Examples/failing-expectation.yaml) to OUTDIR with
# `scene-runner run --timeline`, then opens each page in headless Chromium
# with every connection sent to a closed local port, and checks that its
# script ran without an error and drew the timeline (lanes and expectation
# marks in the DOM) and that its screenshot, OUTDIR/NAME.png, is not blank.
# Without Chromium the pages are written and the screenshots skipped. That
# a page needs no network is TimelineTests'.
#
#   scripts/render-timelines.sh OUTDIR
#
# SCENE_RUNNER: the scene-runner to use (default: build and use
# .build/debug/scene-runner). WINDOW_SIZE: the screenshots' size (default
# 1400,900).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 1 ]; then
    echo "usage: scripts/render-timelines.sh OUTDIR" >&2
    exit 64
fi
out=$1
mkdir -p "$out"
out=$(cd "$out" && pwd)
window=${WINDOW_SIZE:-1400,900}

runner=${SCENE_RUNNER:-}
if [ -z "$runner" ]; then
    swift build --product scene-runner >/dev/null
    runner=.build/debug/scene-runner
fi

echo "== timelines of Scenes/*.yaml in $out"
"$runner" run --timeline "$out" Scenes/*.yaml >/dev/null
echo "== the timeline of Examples/failing-expectation.yaml (fails on purpose)"
status=0
"$runner" run --timeline "$out/failing-expectation.html" Examples/failing-expectation.yaml >/dev/null || status=$?
if [ "$status" -ne 1 ]; then
    echo "Examples/failing-expectation.yaml: expected exit status 1 (a failed expectation), got $status" >&2
    exit 1
fi

pages=()
for scene in Scenes/*.yaml; do
    pages+=("$out/$(basename "$scene" .yaml).html")
done
pages+=("$out/failing-expectation.html")

for page in "${pages[@]}"; do
    [ -s "$page" ] || { echo "$page: not written" >&2; exit 1; }
done

chromium=
for candidate in chromium chromium-headless-shell chromium-browser; do
    if command -v "$candidate" >/dev/null; then
        chromium=$candidate
        break
    fi
done
if [ -z "$chromium" ]; then
    echo "== no Chromium found (apt-get install chromium): the ${#pages[@]} pages are written and checked, the screenshots are skipped"
    exit 0
fi

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# Every request goes to a closed port on this machine: a page that needed
# the network would show it broken.
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$profile"
    --proxy-server=127.0.0.1:9 --proxy-bypass-list='<-loopback>' --disable-background-networking
    --disable-component-update --disable-sync)


echo "== screenshots with $chromium ($window)"
for page in "${pages[@]}"; do
    png="${page%.html}.png"
    dom=$(timeout 120 "$chromium" "${flags[@]}" --enable-logging=stderr --v=0 --dump-dom "file://$page" 2>"$profile/log")
    if grep -q "Uncaught" "$profile/log"; then
        echo "$page: the page's script failed:" >&2
        grep "Uncaught" "$profile/log" >&2
        exit 1
    fi
    for drawn in 'class="lane-name' 'class="mk pass"'; do
        if ! grep -qF "$drawn" <<<"$dom"; then
            echo "$page: the page's script drew no timeline ($drawn missing from the DOM)" >&2
            exit 1
        fi
    done
    if [[ "$page" == */failing-expectation.html ]] && ! grep -qF 'class="mk fail"' <<<"$dom"; then
        echo "$page: no failed-expectation mark was drawn" >&2
        exit 1
    fi
    rm -f "$png"
    timeout 120 "$chromium" "${flags[@]}" --window-size="$window" --screenshot="$png" "file://$page" >/dev/null 2>&1
    python3 scripts/check-png.py --not-blank "$png"
done
echo "== ${#pages[@]} timelines rendered in $out"
