#!/usr/bin/env bash
# Every shipped scene is clean and its expectations hold: `check
# --warnings-as-errors` on Scenes/*.yaml and on each component of
# Scenes/Components alone (with its defaults), then `run Scenes/*.yaml`
# (exit 1 when an expectation fails, 2 when a scene is invalid), and the
# sign-in screen on an iPhone SE and an iPad against the snapshots kept for
# each (`run --canvas`); and
# Examples/broken-invariant.yaml, whose invariant breaks on purpose, fails
# (exit 1); Examples/mistakes.yaml, broken on purpose, is refused (exit 2), and so is
# Examples/Imported/auth-view.yaml alone (a required outlet left to the
# scene that includes it, Scenes/completed-login.yaml); the imported
# Examples/Imported/AuthView.yaml is refused alone too, and its completing
# scene Examples/Imported/login.yaml runs green (docs/Import.md).
source "$(dirname "$0")/common.sh"
need_runner
step "scene-runner check --warnings-as-errors Scenes/*.yaml"
"$runner" check --warnings-as-errors Scenes/*.yaml
step "scene-runner check --warnings-as-errors Scenes/Components/*.yaml"
"$runner" check --warnings-as-errors Scenes/Components/*.yaml
step "scene-runner run Scenes/*.yaml"
"$runner" run Scenes/*.yaml
for device in "iPhone SE" "iPad"; do
    step "scene-runner run --canvas \"$device\" Scenes/sign-in-layout.yaml (its snapshots on another device)"
    "$runner" run --canvas "$device" Scenes/sign-in-layout.yaml
done
step "scene-runner run Examples/broken-invariant.yaml (an invariant breaks on purpose: must fail, exit 1)"
expect_status 1 "$runner" run Examples/broken-invariant.yaml >/dev/null
step "scene-runner check Examples/mistakes.yaml (must be refused)"
expect_status 2 "$runner" check Examples/mistakes.yaml
step "scene-runner check Examples/Imported/auth-view.yaml (incomplete alone, must be refused)"
expect_status 2 "$runner" check Examples/Imported/auth-view.yaml
step "scene-runner run Examples/Imported/login.yaml (the imported AuthView.yaml, completed; docs/Import.md)"
"$runner" run Examples/Imported/login.yaml
step "scene-runner check Examples/Imported/AuthView.yaml (as the import wrote it: incomplete alone, must be refused)"
expect_status 2 "$runner" check Examples/Imported/AuthView.yaml
