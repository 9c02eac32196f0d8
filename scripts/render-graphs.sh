#!/usr/bin/env bash
# Rewrites docs/images/video-player.dot with `scene-runner graph` and, from
# it, docs/images/video-player.svg (Graphviz's dot: apt-get install
# graphviz, brew install graphviz); builds scene-runner when it is not built
# yet. The README shows the SVG; GraphTests checks that the committed .dot
# is what `graph` prints now (the SVG differs between Graphviz versions).
#
#   scripts/render-graphs.sh [--update]
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${1:---update}" = --update ] || { echo "usage: scripts/render-graphs.sh [--update]" >&2; exit 64; }
command -v dot >/dev/null || {
    echo "render-graphs.sh: Graphviz's dot is not on PATH; install it (apt-get install graphviz, brew install graphviz)" >&2
    exit 69
}
runner=.build/debug/scene-runner
[ -x "$runner" ] || swift build --product scene-runner
"$runner" graph --output docs/images/video-player.dot Scenes/video-player.yaml
dot -Tsvg docs/images/video-player.dot >docs/images/video-player.svg.new
mv docs/images/video-player.svg.new docs/images/video-player.svg
echo "docs/images/video-player.dot"
echo "docs/images/video-player.svg"
