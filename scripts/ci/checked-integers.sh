#!/usr/bin/env bash
# No unchecked conversion to an integer in the drawing and layout code: a
# scene's numbers (a frame 1e21 points high) reach it, and `Int(x)` of a
# Double traps on NaN or a value beyond Int's range. Every conversion there
# is `Int(clamping:)` (for a Double, SceneCore's CheckedInteger.swift: NaN
# gives 0, the bounds beyond them) or, between integers, names what it
# does (`clamping:`, `truncatingIfNeeded:`, `exactly:`, `bitPattern:`, `ascii:`).
source "$(dirname "$0")/common.sh"
step "no unchecked integer conversion in the drawing and layout code"
folders=(
    Sources/SceneDrawing
    Sources/SceneBehaviours/Drawing
    Sources/SceneBehaviours/Controls
    Sources/SceneCommandLine/Timeline
    Sources/ScenePreview/PreviewPainter.swift
)
# A type's name followed by "(" and anything but one of the labels or ")",
# outside comments.
pattern='\b(U?Int(8|16|32|64)?)\((?!clamping:|truncatingIfNeeded:|exactly:|bitPattern:|ascii:|\))'
found=$(grep -rnP --include='*.swift' "$pattern" "${folders[@]}" | grep -vP '^[^:]+:[0-9]+:\s*//' || true)
[ -z "$found" ] || fail "convert through Int(clamping:) (a Double) or name the conversion (integers):
$found"
echo "every integer conversion in ${folders[*]} is checked"
