#!/usr/bin/env bash
# Explore (docs/Testing.md, "Explore"): every shipped scene holds its
# invariants under `scene-runner explore` with the default budget (exit 0);
# Examples/held-controls.yaml, whose wiring hides the controls under a
# held slider, is found (exit 1) and shrunk to at most 6 steps (read from
# the JSON failure record); the
# reproducer `-o` writes fails under `run` (exit 1); `--format json` is
# JSON Lines with a failure record, and the same seed gives the same script.
source "$(dirname "$0")/common.sh"
need_runner
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for scene in Scenes/*.yaml; do
    step "scene-runner explore $scene (its invariants hold: exit 0)"
    "$runner" explore "$scene" > "$out/report.txt" || { cat "$out/report.txt"; exit 1; }
    tail -1 "$out/report.txt"
done
step "scene-runner explore Examples/held-controls.yaml -o (a wiring bug: must be found, exit 1)"
expect_status 1 "$runner" explore Examples/held-controls.yaml -o "$out/repro.yaml" > "$out/found.txt"
cat "$out/found.txt" | head -8
step "scene-runner run the reproducer (must fail, exit 1)"
expect_status 1 "$runner" run "$out/repro.yaml" > /dev/null
step "scene-runner explore --format json, twice with one seed (JSON Lines, the same both times)"
expect_status 1 "$runner" explore --seed 7 --format json Examples/held-controls.yaml > "$out/a.jsonl"
expect_status 1 "$runner" explore --seed 7 --format json Examples/held-controls.yaml > "$out/b.jsonl"
cmp "$out/a.jsonl" "$out/b.jsonl"
python3 - "$out/a.jsonl" <<'PY'
import json, sys
records = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
failures = [r for r in records if r.get("type") == "failure"]
assert len(failures) == 1, f"expected one failure record, got {len(failures)}"
steps = failures[0]["steps"]
assert 1 <= len(steps) <= 6, f"shrunk to {len(steps)} steps, more than 6: {steps}"
print(f"{len(records)} JSON records; the failure shrunk to {len(steps)} steps: {steps}")
PY
