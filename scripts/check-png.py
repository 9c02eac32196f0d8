#!/usr/bin/env python3
"""Checks that each file is a PNG picture, and with --not-blank that it is
not blank: a picture is blank when under 1% of its pixels differ from the
most common colour, or it has fewer than 16 colours. Reads them with Pillow.

    python3 scripts/check-png.py [--not-blank] PNG...
"""
import sys

from PIL import Image, UnidentifiedImageError


def pixels(path):
    """The picture's size, 3 channels, and its rows of RGB pixels as bytes."""
    with Image.open(path) as image:
        if image.format != "PNG":
            raise ValueError("not a PNG file")
        rgb = image.convert("RGB")
    width, height = rgb.size
    data = rgb.tobytes()
    return width, height, 3, [data[y * width * 3:(y + 1) * width * 3] for y in range(height)]


def main(arguments):
    not_blank = "--not-blank" in arguments
    paths = [argument for argument in arguments if argument != "--not-blank"]
    if not paths:
        print(__doc__, file=sys.stderr)
        return 64
    failed = False
    for path in paths:
        try:
            width, height, _, rows = pixels(path)
        except (OSError, ValueError, UnidentifiedImageError) as error:
            print(f"{path}: not a picture this reads: {error}", file=sys.stderr)
            failed = True
            continue
        if not not_blank:
            print(f"{path}: a {width}x{height} PNG")
            continue
        counts = {}
        for row in rows[::3]:
            for x in range(0, len(row), 9):
                counts[row[x:x + 3]] = counts.get(row[x:x + 3], 0) + 1
        total, common = sum(counts.values()), max(counts.values())
        other = (total - common) / total
        if other < 0.01 or len(counts) < 16:
            print(f"{path}: blank ({len(counts)} colours, {other:.1%} unlike the background)", file=sys.stderr)
            failed = True
        else:
            print(f"{path}: {width}x{height}, {len(counts)} colours, {other:.1%} drawn")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
