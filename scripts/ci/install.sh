#!/usr/bin/env bash
# Installs what CI needs, each only when it is missing (Debian or Ubuntu,
# as root): the build's system libraries, and the tools the checks use.
#
#   scripts/ci/install.sh [GROUP...]     all groups when none is given
#
#   build     libyaml-dev, libsqlite3-dev (GRDB links the system SQLite), pkg-config
#   python    python3 and pip, and scripts/requirements.txt (pinned:
#             check-jsonschema, Selenium, fontTools, Pillow)
#   graphs    Graphviz's dot, rsvg-convert
#   fonts     the fonts pictures are drawn and measured with: Inter
#             (fonts-inter), Noto Sans CJK, Noto Color Emoji
#   browser   chromium and chromium-driver
#   editors   Neovim, which drives the language server as an editor does
source "$(dirname "$0")/common.sh"
export DEBIAN_FRONTEND=noninteractive

updated=0
apt_install() {
    if [ "$updated" -eq 0 ]; then
        apt-get update -qq
        updated=1
    fi
    echo "== installing $*"
    apt-get install -y -qq "$@" >/dev/null
}

# `pip_requirements`: scripts/requirements.txt, at its pinned versions (on
# a system Python that refuses pip, past its guard).
pip_requirements() {
    local requirements=scripts/requirements.txt
    python3 -m pip install -q -r "$requirements" 2>/dev/null ||
        python3 -m pip install -q --break-system-packages -r "$requirements"
}

groups=("$@")
[ ${#groups[@]} -gt 0 ] || groups=(build python graphs fonts browser editors)
for group in "${groups[@]}"; do
    case "$group" in
    build)
        pkg-config --exists yaml-0.1 sqlite3 2>/dev/null || apt_install libyaml-dev libsqlite3-dev pkg-config
        ;;
    python)
        { command -v python3 >/dev/null && python3 -m pip --version >/dev/null 2>&1; } ||
            apt_install python3 python3-pip
        pip_requirements
        ;;
    graphs)
        command -v dot >/dev/null || apt_install graphviz
        command -v rsvg-convert >/dev/null || apt_install librsvg2-bin
        ;;
    fonts)
        fc-list :family=Inter family | grep -q . || apt_install fonts-inter
        fc-list ":family=Noto Sans CJK JP" family | grep -q . || apt_install fonts-noto-cjk
        fc-list ":family=Noto Color Emoji" family | grep -q . || apt_install fonts-noto-color-emoji
        ;;
    browser)
        if ! command -v chromedriver >/dev/null ||
            ! { command -v chromium >/dev/null || command -v chromium-headless-shell >/dev/null; }; then
            apt_install chromium chromium-driver
        fi
        ;;
    editors)
        command -v nvim >/dev/null || apt_install neovim
        ;;
    *)
        fail "unknown group '$group' (build, python, graphs, fonts, browser, editors)"
        ;;
    esac
done
