#!/usr/bin/env python3
"""Checks that each file is a PNG picture, and with --not-blank that it is
not blank: a picture is blank when under 1% of its pixels differ from the
most common colour, or it has fewer than 16 colours.

    python3 scripts/check-png.py [--not-blank] PNG...

Reads 8-bit RGB and RGBA pictures, not interlaced (what Chromium and
rsvg-convert write), with the standard library only.
"""
import struct
import sys
import zlib


def size(path):
    """The picture's width and height, from its signature and header."""
    with open(path, "rb") as file:
        data = file.read(33)
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def pixels(path):
    """The image's size and its rows of pixels, as bytes per row."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    offset, idat, header = 8, [], None
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind = data[offset + 4:offset + 8]
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        offset += 12 + length
    if header is None:
        raise ValueError("no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError(f"unexpected PNG format (depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main(arguments):
    not_blank = "--not-blank" in arguments
    paths = [argument for argument in arguments if argument != "--not-blank"]
    if not paths:
        print(__doc__, file=sys.stderr)
        return 64
    failed = False
    for path in paths:
        try:
            if not not_blank:
                print("%s: a %dx%d PNG" % ((path,) + size(path)))
                continue
            width, height, channels, rows = pixels(path)
        except (OSError, ValueError, struct.error, zlib.error) as error:
            print(f"{path}: not a picture this reads: {error}", file=sys.stderr)
            failed = True
            continue
        counts = {}
        for row in rows[::3]:
            for x in range(0, len(row), channels * 3):
                colour = row[x:x + 3]
                counts[colour] = counts.get(colour, 0) + 1
        total = sum(counts.values())
        common = max(counts.values())
        other = (total - common) / total
        if other < 0.01 or len(counts) < 16:
            print(f"{path}: blank ({len(counts)} colours, {other:.1%} unlike the background)", file=sys.stderr)
            failed = True
        else:
            print(f"{path}: {width}x{height}, {len(counts)} colours, {other:.1%} drawn")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
