#!/usr/bin/env bash
# Writes the timeline of every shipped scene (Scenes/*.yaml) and of the
# scene made to fail (Examples/failing-expectation.yaml) to OUTDIR with
# `scene-runner run --timeline`, checks that no page refers to anything on
# the network, then opens each page in headless Chromium with every
# connection sent to a closed local port, and checks that its script ran
# without an error and drew the timeline (lanes and expectation marks in
# the DOM) and that its
# screenshot, OUTDIR/NAME.png, is not blank. Without Chromium the pages are
# still written and checked, and the screenshots are skipped with a message.
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

echo "== no page refers to the network"
for page in "${pages[@]}"; do
    if [ ! -s "$page" ]; then
        echo "$page: not written" >&2
        exit 1
    fi
    if grep -oE 'https?://[^"'"'"' )\\]*' "$page" | grep -vxF 'http://www.w3.org/2000/svg' | grep -q .; then
        echo "$page refers to the network:" >&2
        grep -noE 'https?://[^"'"'"' )\\]*' "$page" | grep -vF 'http://www.w3.org/2000/svg' >&2
        exit 1
    fi
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

# A screenshot is blank when under 1% of its pixels differ from the most
# common colour, or it has fewer than 16 colours.
check_png() {
    if ! command -v python3 >/dev/null; then
        if [ ! -s "$1" ]; then
            echo "$1: no screenshot was written" >&2
            exit 1
        fi
        echo "$1: written (no python3 to check that it is not blank)"
        return
    fi
    python3 - "$1" <<'PY'
import struct
import sys
import zlib


def pixels(path):
    """The image's size and its rows of pixels, as bytes per row."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    offset, idat, header = 8, [], None
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind = data[offset + 4:offset + 8]
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        offset += 12 + length
    if header is None:
        raise ValueError("no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError(f"unexpected PNG format (depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main(paths):
    failed = False
    for path in paths:
        try:
            width, height, channels, rows = pixels(path)
        except (OSError, ValueError, zlib.error) as error:
            print(f"{path}: could not be read: {error}", file=sys.stderr)
            failed = True
            continue
        counts = {}
        for row in rows[::3]:
            for x in range(0, len(row), channels * 3):
                colour = row[x:x + 3]
                counts[colour] = counts.get(colour, 0) + 1
        total = sum(counts.values())
        common = max(counts.values())
        other = (total - common) / total
        if other < 0.01 or len(counts) < 16:
            print(f"{path}: blank ({len(counts)} colours, {other:.1%} unlike the background)", file=sys.stderr)
            failed = True
        else:
            print(f"{path}: {width}x{height}, {len(counts)} colours, {other:.1%} drawn")
    return 1 if failed else 0


sys.exit(main(sys.argv[1:]))
PY
}

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
    check_png "$png"
done
echo "== ${#pages[@]} timelines rendered in $out"
