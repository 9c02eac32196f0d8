#!/usr/bin/env bash
# The Benchmarks/ package (its own package, which adopters never build):
# it builds with CI's flags and its tests pass. Its speed targets are
# scene-bench's to check (`cd Benchmarks && swift run -c release
# scene-bench --check`, CONTRIBUTING.md "Measuring"), not CI's: a shared
# runner's timings say more about the runner than the code.
source "$(dirname "$0")/common.sh"
cd Benchmarks
step "Benchmarks: swift build --build-tests ${build_flags[*]}"
swift build --build-tests "${build_flags[@]}"
step "Benchmarks: swift test"
swift test --skip-build
