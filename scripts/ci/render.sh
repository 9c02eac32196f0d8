#!/usr/bin/env bash
# `scene-runner render`: every shipped scene drawn as SVG and, through
# rsvg-convert, as PNG; the pictures the README shows
# (docs/images/pictures) are what render draws now
# (scripts/render-pictures.py --check), and rsvg-convert draws each.
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
step "the README's pictures are what render draws now, and rsvg-convert draws them"
python3 scripts/render-pictures.py --check "$runner"
mkdir "$work/pictures"
for picture in docs/images/pictures/*.svg; do
    rsvg-convert "$picture" -o "$work/pictures/$(basename "$picture" .svg).png"
done
python3 scripts/check-png.py --not-blank "$work"/pictures/*.png
