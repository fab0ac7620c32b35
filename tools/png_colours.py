#!/usr/bin/env python3
"""Tells a blank picture from a drawn one: decodes a PNG (8-bit greyscale,
RGB, grey+alpha or RGBA, not interlaced: what browsers' screenshots and
resvg write) with the standard library alone, and checks that it holds at
least --min-colours distinct colours and that at least --min-inked of its
pixels are not white.

    tools/png_colours.py FILE.png [--min-colours N] [--min-inked FRACTION]

Prints the size, the colours and the inked share; exits 1 when a check
fails, 2 when the file is not a PNG it reads.
"""

import argparse
import struct
import sys
import zlib

CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


def read_png(path):
    """(width, height, channels, rows of raw bytes)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, idat, header = 8, [], None
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError("no IHDR chunk")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace:
        raise ValueError(f"bit depth {depth}, colour type {colour}, interlace {interlace}: not read here")
    bpp = CHANNELS[colour]
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        elif kind != 0:
            raise ValueError(f"row {y}: filter {kind}")
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("png")
    parser.add_argument("--min-colours", type=int, default=64)
    parser.add_argument("--min-inked", type=float, default=0.02)
    args = parser.parse_args()
    try:
        width, height, bpp, rows = read_png(args.png)
    except (OSError, ValueError, zlib.error, struct.error) as e:
        print(f"{args.png}: cannot read: {e}", file=sys.stderr)
        return 2
    colour_bytes = 3 if bpp >= 3 else 1
    white = b"\xff" * colour_bytes
    colours, inked = set(), 0
    for row in rows:
        for x in range(0, len(row), bpp):
            pixel = row[x : x + colour_bytes]
            colours.add(pixel)
            if pixel != white:
                inked += 1
    share = inked / max(1, width * height)
    print(f"{args.png}: {width}x{height}, {len(colours)} colours, {share:.1%} not white")
    ok = True
    if len(colours) < args.min_colours:
        print(f"  fewer than {args.min_colours} colours", file=sys.stderr)
        ok = False
    if share < args.min_inked:
        print(f"  fewer than {args.min_inked:.1%} of the pixels drawn", file=sys.stderr)
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
