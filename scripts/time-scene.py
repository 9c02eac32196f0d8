#!/usr/bin/env python3
"""Times whole runs of a scene as a process: the release scene-runner started
N times on the same file, wall time from spawn to exit. Prints the median
and the spread.

    swift build -c release --product scene-runner
    scripts/time-scene.py Scenes/video-player.yaml [runs]
"""
import pathlib
import statistics
import subprocess
import sys
import time

root = pathlib.Path(__file__).resolve().parent.parent
runner = root / ".build/release/scene-runner"
scene = sys.argv[1] if len(sys.argv) > 1 else "Scenes/video-player.yaml"
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 21

times = []
for _ in range(runs):
    start = time.perf_counter()
    result = subprocess.run([str(runner), scene], cwd=root, stdout=subprocess.DEVNULL)
    times.append(time.perf_counter() - start)
    if result.returncode != 0:
        sys.exit(f"{scene} exited {result.returncode}")
times.sort()
print(f"{scene}: {runs} runs of {runner.relative_to(root)}, median {statistics.median(times) * 1000:.1f} ms "
      f"(fastest {times[0] * 1000:.1f} ms, slowest {times[-1] * 1000:.1f} ms)")
