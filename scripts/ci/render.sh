#!/usr/bin/env bash
# `scene-runner render`: every shipped scene drawn as SVG and, through
# rsvg-convert, as PNG; rsvg-convert draws each picture the docs show
# (docs/images/pictures and controls, which PicturesTests checks are what
# render draws now); Graphviz's dot draws the map of the modules
# (docs/images/architecture.dot, which ArchitectureTests checks), and the
# committed SVG of it names every module the DOT does.
source "$(dirname "$0")/common.sh"
need_runner
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step "render: every shipped scene drawn as SVG and, through rsvg-convert, as PNG"
for scene in Scenes/*.yaml; do
    name=$(basename "$scene" .yaml)
    "$runner" render "$scene" -o "$work/$name.svg"
    "$runner" render "$scene" -o "$work/$name.png"
done
python3 scripts/check-png.py "$work"/*.png
step "rsvg-convert draws the pictures the docs show"
mkdir "$work/pictures"
for picture in docs/images/pictures/*.svg docs/images/controls/*.svg; do
    rsvg-convert "$picture" -o "$work/pictures/$(basename "$picture" .svg).png"
done
python3 scripts/check-png.py --not-blank "$work"/pictures/*.png
step "dot draws the map of the modules, and its committed SVG names each of them"
dot -Tsvg docs/images/architecture.dot -o "$work/architecture.svg"
for module in $(grep -o '^    "[^"]*" \[label=' docs/images/architecture.dot | cut -d'"' -f2); do
    grep -qF "<title>${module//-/\&#45;}</title>" docs/images/architecture.svg ||
        fail "docs/images/architecture.svg lacks $module: dot -Tsvg docs/images/architecture.dot -o docs/images/architecture.svg"
done
