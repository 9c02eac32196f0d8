#!/usr/bin/env bash
# The language server as editors drive it: pytest-lsp over standard input
# and output (open, edit, quick fix, complete, hover, rename, shut down;
# UTF-8 and UTF-16 columns; every shipped scene and example checked by the
# server with the diagnostics `check --format json` prints), then headless
# Neovim attached through vim.lsp.start_client, reading the diagnostics and
# completion items it shows (Tests/LanguageServerClients).
source "$(dirname "$0")/common.sh"
need_runner
step "pytest-lsp: scene-runner lsp end to end, and against check on every shipped scene"
SCENE_RUNNER="$runner" python3 -m pytest -q -p no:cacheprovider Tests/LanguageServerClients
step "headless Neovim attached to scene-runner lsp"
SCENE_RUNNER="$runner" timeout 120 nvim --headless -u NONE -c "luafile Tests/LanguageServerClients/neovim.lua" ||
    fail "Neovim did not read what the server should give"
