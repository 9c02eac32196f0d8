#!/usr/bin/env bash
# Text is measured as it is drawn: the metric in Sources/SceneDrawing/Fonts
# is what the installed fonts give (scripts/font-metrics.py --check), and
# strings of every script class drawn by rsvg-convert ink within 3% of their
# laid-out width, titles centred to the pixel (scripts/check-text-metrics.py,
# which here must run: its "skipped" status, 77, fails).
source "$(dirname "$0")/common.sh"
need_runner
step "text metric: the table is what the installed Inter, Noto Sans CJK and Noto Color Emoji give"
python3 scripts/font-metrics.py --check
step "text metric: drawn by rsvg-convert where it was measured"
python3 scripts/check-text-metrics.py "$runner"
