#!/usr/bin/env bash
# `scene-runner preview` in a real browser: installs Debian's chromium and
# chromium-driver and the pinned Selenium when missing (scripts/ci/install.sh
# python browser), then drives the page (scripts/check-preview.py). Fails loudly:
# a missing browser is a failure here, not a skip.
source "$(dirname "$0")/common.sh"
need_runner
scripts/ci/install.sh python browser
step "scene-runner preview: a click, a drag, a step typed, typing in a field, record and replay, in Chromium"
python3 scripts/check-preview.py "$runner"
