#!/usr/bin/env python3
"""Draws the example app's PNGs (the logo and the shows' artwork) with nothing but the
standard library, so they can be drawn again the same: python3 make-images.py"""
import math, os, struct, zlib

here = os.path.dirname(os.path.abspath(__file__))

def png(path, width, height, pixel):
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows.extend(pixel(x, y))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)

def mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * max(0.0, min(1.0, t))) for i in range(3))

# A 5x7 bitmap of the letters the logo needs.
FONT = {
    "H": ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
    "A": ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
    "R": ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
    "B": ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
    "O": ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
    "T": ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
    "V": ["10001", "10001", "10001", "10001", "10001", "01010", "00100"],
    " ": ["00000"] * 7,
}

def logo():
    width, height, scale = 380, 96, 5
    text = "HARBOR TV"
    left = 100
    def pixel(x, y):
        # A round emblem: a wave under a sun, then the name in white on transparent.
        cx, cy, r = 46, 48, 42
        d = math.hypot(x - cx, y - cy)
        if d <= r:
            wave = cy + 8 * math.sin((x - cx) / 9.0)
            if y > wave:
                return (0, 120, 200, 255)
            return (255, 150, 40, 255) if d < r * 0.55 else (255, 205, 90, 255)
        gx, gy = (x - left) // scale, (y - 31) // scale
        index, column = divmod(gx, 6)
        if 0 <= gy < 7 and 0 <= index < len(text) and column < 5 and FONT[text[index]][gy][column] == "1":
            return (245, 245, 245, 255)
        return (0, 0, 0, 0)
    png(os.path.join(here, "..", "assets", "logo.png"), width, height, pixel)

def artwork(name, sky, ground, sun, horizon=0.62, moon=False):
    def scene(width, height):
        def pixel(x, y):
            u, v = x / width, y / height
            sx, sy, sr = 0.72, 0.34, 0.11
            d = math.hypot((u - sx) * width / height, v - sy)
            if v > horizon + 0.03 * math.sin(u * 9):
                return mix(ground[0], ground[1], (v - horizon) / (1 - horizon)) + (255,)
            if d < sr:
                if moon and math.hypot((u - sx - 0.03) * width / height, v - sy + 0.02) < sr * 0.9:
                    return mix(sky[0], sky[1], v / horizon) + (255,)
                return sun + (255,)
            glow = max(0.0, 1 - d / 0.45) ** 2
            return mix(mix(sky[0], sky[1], v / horizon), sun, glow * 0.5) + (255,)
        return pixel
    png(os.path.join(here, name + ".png"), 1280, 720, scene(1280, 720))
    png(os.path.join(here, name + "-thumb.png"), 320, 180, scene(320, 180))

import sys
logo()
if sys.argv[1:] == ["logo"]:
    sys.exit(0)
artwork("glass-harbor", sky=((20, 40, 90), (120, 190, 230)), ground=((10, 90, 130), (5, 30, 60)), sun=(255, 200, 90))
artwork("night-shift", sky=((10, 10, 30), (70, 40, 120)), ground=((30, 30, 45), (10, 10, 20)), sun=(235, 235, 210), moon=True)
artwork("derby-day", sky=((60, 130, 220), (190, 225, 250)), ground=((40, 150, 60), (20, 90, 30)), sun=(255, 240, 150), horizon=0.5)
