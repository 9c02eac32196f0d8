#!/usr/bin/env python3
"""Checks that text is drawn in the room the layout measured for it: draws
strings of every script class with `scene-runner render` and rsvg-convert,
and measures the ink in the PNG.

    python3 scripts/check-text-metrics.py [SCENE_RUNNER] [--keep DIR]

Two checks, on a scene this script writes:

1. Widths. Each string is a label with a faint background in a stack that
   leaves it its own width, so the background's rectangle in the SVG is the
   width the layout measured (TextMetrics). At 2 pixels a point, the ink
   from the label's left edge to its rightmost inked pixel must be within
   3% of that width. The ink stops short of the advance by the last glyph's
   right side bearing (under 0.1 em: under 0.5% of strings of 20 em or
   more, as these are), and starts at the label's edge whatever the first
   glyph's left bearing, so the comparison holds the advances, kerning and
   fallback fonts to 3% and not the bearings.
2. Centring. Each title is a button of a given frame, drawn at one pixel a
   point as pictures are: the blank margin left of its ink and right of it
   must differ by at most one pixel. What is left between them is the
   first glyph's left bearing against the last glyph's right one, which the
   layout, centring by advance as UIKit does, leaves in.

Needs Inter, Noto Sans CJK and Noto Color Emoji installed (fonts-inter,
fonts-noto-cjk, fonts-noto-color-emoji) and rsvg-convert (librsvg2-bin);
without them it says what is missing and exits 77, which CI does not take
as a pass (scripts/ci/text-metrics.sh).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from PIL import Image, ImageChops

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# One string of each script class, each 20 em or wider.
STRINGS = [
    ("ASCII", "The quick brown fox jumps over the lazy dog: 0123456789 (AV, To, Yes)"),
    ("accented Latin", "Ça été très naïve à Ørsted — Łódź, Şişli, Ångström, Æsir, Œuvre, Ďábel"),
    ("wide East Asian", "日本語のテキスト、中文字符和标点。한국어 텍스트 표시"),
    ("emoji", "😀🎉👍🚀🌈🍕🎸🐱🚲⚽🏠🎁📷🔑🌟🍎"),
    ("combining marks", "Cafe\u0301 na\u0308ive jalapen\u0303o, fac\u0327ade, A\u030angstro\u0308m, pin\u0303ata"),
]

# Titles centred in buttons of a frame, each with its frame's width.
TITLES = [("Pause", 70), ("Play", 70), ("Today", 90), ("Settings", 120), ("Yes", 60), ("Cancel", 100),
          ("Continue", 140), ("Log In", 90), ("Wi-Fi", 80), ("Done", 64)]

REQUIRED_FONTS = [("Inter", "fonts-inter"), ("Noto Sans CJK JP", "fonts-noto-cjk"),
                  ("Noto Color Emoji", "fonts-noto-color-emoji")]


def missing_tools():
    missing = []
    if shutil.which("rsvg-convert") is None:
        missing.append("rsvg-convert (librsvg2-bin)")
    if shutil.which("fc-list") is None:
        return missing + ["fontconfig"]
    for family, package in REQUIRED_FONTS:
        listed = subprocess.run(["fc-list", f":family={family}", "family"], capture_output=True, text=True).stdout
        if not listed.strip():
            missing.append(f"the font {family} ({package})")
    return missing


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def scene():
    lines = ["scene: Text metrics", "canvas: { width: 700, height: 260 }", "objects:",
             "  labels:", "    type: View",
             "    layout: { axis: vertical, spacing: 24, padding: 16, alignment: leading }"]
    for index, (_, text) in enumerate(STRINGS):
        lines += [f"  label{index}:", "    type: Label", "    parent: labels",
                  f"    text: {quoted(text)}", '    backgroundColor: "#F4F4F4"']
    return "\n".join(lines) + "\n"


def title_scene():
    lines = ["scene: Titles", "canvas: { width: 1100, height: 84 }", "objects:",
             "  buttons:", "    type: View", "    frame: { x: 0, y: 0, width: 1100, height: 84 }"]
    x = 16
    for index, (title, width) in enumerate(TITLES):
        lines += [f"  button{index}:", "    type: Button", "    parent: buttons", f"    title: {quoted(title)}",
                  f"    frame: {{ x: {x}, y: 20, width: {width}, height: 44 }}"]
        x += width + 16
    return "\n".join(lines) + "\n"


GROUP = re.compile(r'<g data-id="([^"]*)"[^>]*transform="translate\(([-\d.]+) ([-\d.]+)\)"[^>]*>(.*?)</g>', re.S)
RECT_WIDTH = re.compile(r'<rect x="0" y="0" width="([\d.]+)" height="([\d.]+)"')


def groups(svg):
    """Each view's id, origin and drawing, nested groups' drawings left out."""
    found = {}
    for match in GROUP.finditer(svg):
        found[match.group(1)] = (float(match.group(2)), float(match.group(3)), match.group(4))
    return found


def render(runner, scene_path, out, scale):
    subprocess.run([runner, "render", scene_path, "--scale", str(scale), "-o", out], check=True)


def ink_columns(path, top, bottom, left, right):
    """The first and last column between `left` and `right` of rows `top` to
    `bottom` with a pixel unlike the region's background (its most common
    colour) by more than 96 in a channel, or None."""
    with Image.open(path) as image:
        image = image.convert("RGB")
        top, bottom = max(0, top), min(image.height, bottom)
        left, right = max(0, left), min(image.width, right)
        region = image.crop((left, top, right, bottom))
    background = max(region.getcolors(region.width * region.height))[1]
    difference = ImageChops.difference(region, Image.new("RGB", region.size, background))
    box = difference.point(lambda value: 255 if value > 96 else 0).convert("L").point(
        lambda value: 255 if value else 0).getbbox()
    return None if box is None else (left + box[0], left + box[2])


def main(arguments):
    keep = None
    if "--keep" in arguments:
        at = arguments.index("--keep")
        keep = arguments[at + 1]
        del arguments[at:at + 2]
    runner = arguments[0] if arguments else os.path.join(ROOT, ".build", "debug", "scene-runner")
    missing = missing_tools()
    if missing:
        print("check-text-metrics.py: skipped, it needs " + ", ".join(missing), file=sys.stderr)
        return 77
    work = keep or tempfile.mkdtemp()
    os.makedirs(work, exist_ok=True)
    failed = False
    try:
        scene_path = os.path.join(work, "text-metrics.yaml")
        title_path = os.path.join(work, "titles.yaml")
        with open(scene_path, "w", encoding="utf-8") as file:
            file.write(scene())
        with open(title_path, "w", encoding="utf-8") as file:
            file.write(title_scene())
        views = {}
        for path in (scene_path, title_path):
            svg_path = path[:-5] + ".svg"
            render(runner, path, svg_path, 1)
            with open(svg_path, encoding="utf-8") as file:
                views.update(groups(file.read()))

        scale = 2
        wide_png = os.path.join(work, "text-metrics-2x.png")
        render(runner, scene_path, wide_png, scale)
        for index, (name, text) in enumerate(STRINGS):
            x, y, drawing = views[f"label{index}"]
            width, height = (float(value) for value in RECT_WIDTH.search(drawing).groups())
            ink = ink_columns(wide_png, round((y - 8) * scale), round((y + height + 8) * scale),
                              round(x * scale), round((x + width + 40) * scale))
            drawn = (ink[1] / scale - x) if ink else 0
            ratio = drawn / width if width else 0
            ok = abs(ratio - 1) <= 0.03
            failed |= not ok
            print(f"{'ok' if ok else 'FAIL'}: {name}: laid out {width:.2f} pt, inked to {drawn:.2f} pt"
                  f" ({(ratio - 1) * 100:+.2f}%)")

        png = os.path.join(work, "titles.png")
        render(runner, title_path, png, 1)
        for index, (title, width) in enumerate(TITLES):
            x, y, drawing = views[f"button{index}"]
            weight = re.search(r'font-weight="(\d+)"', drawing)
            ink = ink_columns(png, round(y) + 4, round(y) + 40, round(x) + 2, round(x) + width - 2)
            if ink is None:
                print(f"FAIL: title {title!r}: no ink")
                failed = True
                continue
            left, right = ink[0] - round(x), round(x) + width - ink[1]
            ok = abs(left - right) <= 1
            failed |= not ok
            print(f"{'ok' if ok else 'FAIL'}: title {title!r} (weight {weight.group(1) if weight else 400})"
                  f" in {width} pt: {left} px left of its ink, {right} px right")
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)
    if failed:
        print("check-text-metrics.py: text is not drawn where it was measured", file=sys.stderr)
        return 1
    print(f"text drawn as measured: {len(STRINGS)} script classes within 3%, {len(TITLES)} titles centred")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
