#!/usr/bin/env bash
# Draws the wiring of every shipped scene with `scene-runner graph`.
#
#   scripts/render-graphs.sh FOLDER     every Scenes/NAME.yaml as FOLDER/NAME.svg
#   scripts/render-graphs.sh --update   rewrites docs/images/video-player.dot
#                                       and, from it, docs/images/video-player.svg
#
# Both may be given at once. Needs Graphviz's dot (apt-get install graphviz,
# brew install graphviz); builds scene-runner when it is not built yet. The
# README shows docs/images/video-player.svg; GraphTests checks that the
# committed .dot is what `graph` prints now (the SVG differs between Graphviz
# versions, so the DOT is the checked file). The map in CONTRIBUTING.md,
# docs/images/architecture.*, is drawn from the code by scripts/architecture.py.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

folder=""
update=0
for argument in "$@"; do
    case "$argument" in
    --update) update=1 ;;
    -h | --help)
        sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    -*)
        echo "render-graphs.sh: unknown option '$argument'" >&2
        exit 64
        ;;
    *)
        if [ -n "$folder" ]; then
            echo "render-graphs.sh: give one folder, not '$folder' and '$argument'" >&2
            exit 64
        fi
        folder="$argument"
        ;;
    esac
done
if [ -z "$folder" ] && [ "$update" -eq 0 ]; then
    echo "usage: scripts/render-graphs.sh FOLDER | --update" >&2
    exit 64
fi
if ! command -v dot >/dev/null; then
    echo "render-graphs.sh: Graphviz's dot is not on PATH; install it (apt-get install graphviz, brew install graphviz)" >&2
    exit 69
fi

runner=.build/debug/scene-runner
if [ ! -x "$runner" ]; then
    swift build --product scene-runner
fi

if [ -n "$folder" ]; then
    mkdir -p "$folder"
    for scene in Scenes/*.yaml; do
        name="$(basename "$scene" .yaml)"
        "$runner" graph --format svg --output "$folder/$name.svg" "$scene"
        echo "$folder/$name.svg"
    done
fi

if [ "$update" -eq 1 ]; then
    "$runner" graph --output docs/images/video-player.dot Scenes/video-player.yaml
    dot -Tsvg docs/images/video-player.dot >docs/images/video-player.svg.new
    mv docs/images/video-player.svg.new docs/images/video-player.svg
    echo "docs/images/video-player.dot"
    echo "docs/images/video-player.svg"
fi
