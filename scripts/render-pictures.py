#!/usr/bin/env python3
"""Draws the pictures of shipped scenes that the README and docs show, with
the real `scene-runner render`, into docs/images/pictures/.

    scripts/render-pictures.py [--check] [RUNNER]

Each picture is a film strip: the scene rendered at several virtual times,
side by side, each cropped to the part of the canvas its views use and
captioned with its time. It also draws the controls catalogue
(docs/Controls.md): each scene docs/images/controls/NAME.yaml into NAME.svg
beside it, at the end of its script. With --check nothing is written: the script exits
1 when a picture in the repository differs from what the runner draws now
(run it without --check, look at the pictures, and commit them).
RUNNER defaults to .build/debug/scene-runner. `scripts/update-docs.py`
runs it too.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
folder = root / "docs/images/pictures"
catalogue = root / "docs/images/controls"

# name: (scene, times, the height of canvas shown, caption)
STRIPS = {
    "video-controls-fade": ("Scenes/video-player.yaml", ["2.9s", "3.05s", "3.1s", "3.15s", "3.2s"], 110,
                            "Scenes/video-player.yaml: the controls fade out 3 s after the last touch"),
    "login-shake": ("Scenes/login-form.yaml", ["0.75s", "0.79s", "0.85s", "0.92s", "0.95s"], 200,
                    "Scenes/login-form.yaml: the empty user name shakes (+10, -8, +4, 0)"),
    "two-players": ("Scenes/two-players.yaml", ["0s", "3.2s", "5.2s", "5.4s"], 140,
                    "Scenes/two-players.yaml: one component twice; the right hides after 3 s, the left after 5 s, "
                    "a tap brings it back"),
}
WIDTH = 390
GAP = 12
CAPTION = 22


def render(runner, scene, times, out):
    arguments = [runner, "render", str(root / scene), "-o", str(out / "frame.svg")]
    for time in times:
        arguments += ["--at", time]
    subprocess.run(arguments, check=True, cwd=root)
    frames = [out / "frame.svg"] + [out / f"frame-{index}.svg" for index in range(2, len(times) + 1)]
    return [frame.read_text() for frame in frames]


def strip(frames, times, height, caption):
    width = len(frames) * WIDTH + (len(frames) - 1) * GAP
    total = height + CAPTION * 2
    # The fonts the frames name (Inter first), which the frames keep inside
    # the strip, for the captions too.
    family = re.search(r'^<svg[^>]*font-family="([^"]*)"', frames[0].strip())
    family = family.group(1) if family else "sans-serif"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
             f'viewBox="0 0 {width} {total}" font-family="{family}">',
             f'<rect width="{width}" height="{total}" fill="#ffffff"/>',
             f'<text x="0" y="15" font-size="13" fill="#57606a">{escape(caption)}</text>']
    for index, (frame, time) in enumerate(zip(frames, times)):
        x = index * (WIDTH + GAP)
        inner = re.sub(r"^<svg[^>]*>\n?", "", frame.strip()).removesuffix("</svg>")
        parts.append(f'<svg x="{x}" y="{CAPTION}" width="{WIDTH}" height="{height}" '
                     f'viewBox="0 0 {WIDTH} {height}">{inner}</svg>')
        parts.append(f'<rect x="{x + 0.5}" y="{CAPTION + 0.5}" width="{WIDTH - 1}" height="{height - 1}" '
                     f'fill="none" stroke="#d0d7de"/>')
        parts.append(f'<text x="{x + WIDTH / 2}" y="{CAPTION + height + 16}" font-size="12" '
                     f'text-anchor="middle" fill="#57606a">at {escape(time)}</text>')
    parts.append("</svg>\n")
    return "\n".join(parts)


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def keep(path, picture, check, stale):
    """Writes `picture` to `path` when it differs; with --check, notes the path as stale instead."""
    if not path.exists() or path.read_text() != picture:
        if check:
            stale.append(str(path.relative_to(root)))
        else:
            path.write_text(picture)
            print(f"{path.relative_to(root)} updated")


def main():
    arguments = sys.argv[1:]
    check = "--check" in arguments
    arguments = [a for a in arguments if a != "--check"]
    runner = arguments[0] if arguments else str(root / ".build/debug/scene-runner")
    folder.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, (scene, times, height, caption) in STRIPS.items():
        with tempfile.TemporaryDirectory() as scratch:
            frames = render(runner, scene, times, pathlib.Path(scratch))
        picture = strip(frames, times, height, caption)
        keep(folder / f"{name}.svg", picture, check, stale)
    for scene in sorted(catalogue.glob("*.yaml")):
        with tempfile.TemporaryDirectory() as scratch:
            out = pathlib.Path(scratch) / "picture.svg"
            subprocess.run([runner, "render", str(scene), "-o", str(out)], check=True, cwd=root)
            picture = out.read_text()
        keep(scene.with_suffix(".svg"), picture, check, stale)
    if stale:
        print("not what scene-runner render draws now (run scripts/render-pictures.py, look, commit):",
              *stale, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
