#!/usr/bin/env bash
# The public API: docs/PublicAPI.md lists what the code declares
# (scripts/public-api.py --check, from the symbol graphs), and no library
# breaks what it offered at the commit .ci/api-baseline names (`swift
# package diagnose-api-breaking-changes`, which builds that commit in a
# scratch folder: the clone needs its history). CONTRIBUTING.md ("The
# public API") says when a release moves the baseline.
source "$(dirname "$0")/common.sh"
baseline=$(tr -d '[:space:]' <.ci/api-baseline)
step "docs/PublicAPI.md lists the public API"
python3 scripts/public-api.py --check "${build_flags[@]}"
step "no API break since $baseline (.ci/api-baseline)"
git cat-file -e "$baseline^{commit}" 2>/dev/null ||
    fail "the baseline $baseline is not in this clone's history (fetch it, or clone without --depth)"
swift package "${build_flags[@]}" diagnose-api-breaking-changes "$baseline"
