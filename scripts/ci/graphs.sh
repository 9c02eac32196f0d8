#!/usr/bin/env bash
# `scene-runner graph --format svg` draws every shipped scene, and each
# picture names every object (scripts/ci/check-graphs.py).
source "$(dirname "$0")/common.sh"
need_runner
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step "scene-runner graph --format svg Scenes/*.yaml: every picture names every object"
scripts/render-graphs.sh "$work" >/dev/null
python3 scripts/ci/check-graphs.py "$runner" "$work" Scenes/*.yaml
