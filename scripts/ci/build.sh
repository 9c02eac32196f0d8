#!/usr/bin/env bash
# `swift build --build-tests` with CI's flags (common.sh): no warning
# anywhere in the package, and every module a target imports declared in
# Package.swift. Dependencies' warnings are SwiftPM's to suppress.
source "$(dirname "$0")/common.sh"
step "swift build --build-tests ${build_flags[*]}"
swift build --build-tests "${build_flags[@]}"
