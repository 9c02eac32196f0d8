#!/usr/bin/env bash
# The timeline pages: their script parses as JavaScript (`node --check`,
# where Node is installed); `run --timeline` writes a page for every shipped
# scene that refers to no network and that headless Chromium draws
# (scripts/render-timelines.sh, which also runs the script and applies
# timeline.css); and the page's screen follows a real pointer
# (scripts/check-timeline-screen.py, through chromedriver and Selenium).
source "$(dirname "$0")/common.sh"
need_runner
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step "the timeline page's script parses as JavaScript"
if command -v node >/dev/null; then
    node --check Sources/SceneCommandLine/Timeline/Assets/timeline.js
else
    echo "no node: Chromium runs the script in scripts/render-timelines.sh"
fi
step "run --timeline: every shipped scene's page, no network, drawn by headless Chromium"
SCENE_RUNNER="$runner" scripts/render-timelines.sh "$work"
step "the timeline's screen follows a real pointer (Chromium through chromedriver and Selenium)"
python3 scripts/check-timeline-screen.py "$runner"
