#!/usr/bin/env python3
"""Times drawing against checking, as whole processes: a generated scene of
labelled views (containers of ten, every other one framed, holding labels
and buttons with their own text) checked with `scene-runner check` and
drawn with `scene-runner render -o FILE.svg`, each the release build started
afresh, the two alternated run by run. Prints the medians and the median of
the ratios paired within a run (this machine's speed changes from second
to second).

    swift build -c release --product scene-runner
    scripts/time-drawing.py [VIEWS] [RUNS]      # 10000 views, 11 runs

SCENE_RUNNER names another scene-runner.

Target (issue 34): drawing takes at most 3x the time checking does.
"""
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

root = pathlib.Path(__file__).resolve().parent.parent
runner = pathlib.Path(os.environ.get("SCENE_RUNNER", root / ".build/release/scene-runner")).resolve()
TARGET = 3.0


def scene(views):
    lines = ["scene: Labelled views", "objects:"]
    index = container = 0
    while index < views:
        name = f"c{container}"
        if container % 2 == 0:
            lines.append(f"  {name}: {{type: View, frame: {{x: {container % 7 * 10}, y: {container * 3}, "
                         "width: 300, height: 400}}")
        else:
            lines.append(f"  {name}: {{type: View, layout: {{axis: vertical, spacing: 4, padding: 2}}}}")
        index += 1
        for child in range(9):
            if index >= views:
                break
            if child % 2 == 0:
                lines.append(f"  {name}v{child}: {{type: Label, parent: {name}, text: Item number {index}}}")
            else:
                lines.append(f"  {name}v{child}: {{type: Button, parent: {name}, title: Open {index}}}")
            index += 1
        container += 1
    return "\n".join(lines) + "\n"


def timed(arguments):
    start = time.perf_counter()
    result = subprocess.run(arguments, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(arguments)} exited {result.returncode}")
    return elapsed


def main():
    views = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    if not runner.exists():
        sys.exit(f"{runner} is not built: swift build -c release --product scene-runner")
    with tempfile.TemporaryDirectory() as scratch:
        path = pathlib.Path(scratch) / "labelled.yaml"
        path.write_text(scene(views))
        out = pathlib.Path(scratch) / "labelled.svg"
        check_args = [str(runner), "check", str(path)]
        render_args = [str(runner), "render", str(path), "-o", str(out)]
        timed(check_args), timed(render_args)  # warm the file cache
        checks, renders = [], []
        for _ in range(runs):
            checks.append(timed(check_args))
            renders.append(timed(render_args))
        size = out.stat().st_size
    ratio = statistics.median(r / c for r, c in zip(renders, checks))
    verdict = "met" if ratio <= TARGET else "MISSED"
    print(f"{views} labelled views, {runs} runs of {runner}: "
          f"check {statistics.median(checks) * 1000:.1f} ms, render {statistics.median(renders) * 1000:.1f} ms "
          f"({size:,} bytes of SVG)")
    print(f"[{verdict}] drawing within {TARGET:.0f}x of checking: {ratio:.2f}x (median of paired ratios)")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
