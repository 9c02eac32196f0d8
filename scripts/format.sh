#!/usr/bin/env bash
# Formats the package in place with the toolchain's swift-format, then lints.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format format --in-place --recursive --configuration .swift-format Sources Tests Plugins Examples/CustomBehaviours/Sources Examples/CustomBehaviours/Tests
swift format lint --recursive --configuration .swift-format Sources Tests Plugins Examples/CustomBehaviours/Sources Examples/CustomBehaviours/Tests
