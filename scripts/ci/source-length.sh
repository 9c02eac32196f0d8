#!/usr/bin/env bash
# No Swift file in Sources/ over 500 lines (CONTRIBUTING.md: one concept a
# file, split by concern into Type+Concern.swift extensions).
source "$(dirname "$0")/common.sh"
step "no source file over 500 lines"
long=$(find Sources -name '*.swift' -exec wc -l {} + | awk '$2 != "total" && $1 > 500 { print }')
[ -z "$long" ] || fail "split these files (CONTRIBUTING.md: one concept a file, at most 500 lines):
$long"
echo "every file of Sources/ is at most 500 lines"
