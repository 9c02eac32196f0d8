#!/usr/bin/env bash
# The timeline pages in a browser: headless Chromium draws every shipped
# scene's page (scripts/render-timelines.sh, which runs the script and
# applies timeline.css), and the page's screen follows a real pointer
# (scripts/check-timeline-screen.py, through chromedriver and Selenium).
# That the script parses and a page needs no network are Swift tests
# (TimelineAssetsTests, TimelineTests).
source "$(dirname "$0")/common.sh"
need_runner
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step "run --timeline: every shipped scene's page drawn by headless Chromium"
SCENE_RUNNER="$runner" scripts/render-timelines.sh "$work"
step "the timeline's screen follows a real pointer (Chromium through chromedriver and Selenium)"
python3 scripts/check-timeline-screen.py "$runner"
