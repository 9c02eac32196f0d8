#!/usr/bin/env bash
# `scene-runner preview` in a real browser: installs Debian's chromium and
# chromium-driver and Selenium from PyPI when missing, then drives the page
# (scripts/check-preview.py). Fails loudly: a missing browser is a failure
# here, not a skip.
set -euo pipefail
cd "$(dirname "$0")/../.."
export DEBIAN_FRONTEND=noninteractive
if ! command -v chromedriver >/dev/null || ! { command -v chromium >/dev/null || command -v chromium-headless-shell >/dev/null; }; then
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver >/dev/null
fi
python3 -c "import selenium" 2>/dev/null ||
    python3 -m pip install -q selenium || python3 -m pip install -q --break-system-packages selenium
echo "== scene-runner preview: a click, a drag, a step typed, typing in a field, record and replay, in Chromium"
python3 scripts/check-preview.py .build/debug/scene-runner
