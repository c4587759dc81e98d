#!/usr/bin/env python3
"""How readable chafa's symbols are, per setting: docs/symbols.md.

For each image and box of cells, draws the image with `chafa` (the command, over the same libchafa
the app opens) in each candidate setting, paints the symbols back into pixels (8x16 per cell; the
block, quadrant, sextant and braille symbols are geometric, so they are drawn exactly, as a
terminal's built-in box drawing does), and compares that picture with the source scaled to the
same pixels and laid on the same background: SSIM of the luminance (structure: can the letters be
read) and PSNR of the colour. Writes one PNG per run beside the table, to look at.

    python3 Scripts/symbol-readability.py OUT_DIR IMAGE:COLSxROWS [IMAGE:COLSxROWS ...]

Needs chafa, ImageMagick's convert and numpy.
"""
import os
import re
import subprocess
import sys

import numpy as np

CELL_W, CELL_H = 8, 16
BACKGROUND = (0x0B, 0x25, 0x40)

# Candidate settings: a name and chafa's arguments.
SETTINGS = [
    ("quad+half (before)", ["--symbols", "space+solid+quad+hhalf+vhalf"]),
    ("quad+half, work 9", ["--symbols", "space+solid+quad+hhalf+vhalf", "-w", "9"]),
    ("quad+half, median", ["--symbols", "space+solid+quad+hhalf+vhalf", "--color-extractor", "median"]),
    ("quad+half, din99d", ["--symbols", "space+solid+quad+hhalf+vhalf", "--color-space", "din99d"]),
    ("block (eighths)", ["--symbols", "space+solid+block+quad+hhalf+vhalf"]),
    ("sextant", ["--symbols", "space+solid+sextant+hhalf+vhalf"]),
    ("sextant, work 9, median", ["--symbols", "space+solid+sextant+hhalf+vhalf", "-w", "9", "--color-extractor", "median"]),
    ("braille", ["--symbols", "space+braille"]),
]


def mask(char):
    """The cell's foreground coverage (CELL_H x CELL_W of 0/1), or None when not geometric."""
    code = ord(char)
    m = np.zeros((CELL_H, CELL_W))
    half_w, half_h = CELL_W // 2, CELL_H // 2
    if char == " ":
        return m
    if code == 0x2588:
        return m + 1
    if code == 0x2580:
        m[:half_h] = 1
        return m
    if 0x2581 <= code <= 0x2587:
        m[CELL_H - CELL_H * (code - 0x2580) // 8:] = 1
        return m
    if 0x2589 <= code <= 0x258F:
        m[:, : CELL_W * (0x2590 - code) // 8] = 1
        return m
    if code == 0x2590:
        m[:, half_w:] = 1
        return m
    if code == 0x2594:
        m[: CELL_H // 8] = 1
        return m
    if code == 0x2595:
        m[:, CELL_W - CELL_W // 8:] = 1
        return m
    quads = {0x2596: "3", 0x2597: "4", 0x2598: "1", 0x2599: "134", 0x259A: "14", 0x259B: "123",
             0x259C: "124", 0x259D: "2", 0x259E: "23", 0x259F: "234"}
    if code in quads:
        for q in quads[code]:
            i = int(q) - 1
            m[(i // 2) * half_h:(i // 2 + 1) * half_h, (i % 2) * half_w:(i % 2 + 1) * half_w] = 1
        return m
    if 0x1FB00 <= code <= 0x1FB3B:
        index = code - 0x1FB00 + 1
        for skipped in (21, 42):
            if index >= skipped:
                index += 1
        for bit in range(6):
            if index >> bit & 1:
                row, col = bit // 2, bit % 2
                m[row * CELL_H // 3:(row + 1) * CELL_H // 3, col * half_w:(col + 1) * half_w] = 1
        return m
    if 0x2800 <= code <= 0x28FF:
        dots = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (3, 0), (3, 1)]
        for bit, (row, col) in enumerate(dots):
            if (code - 0x2800) >> bit & 1:
                top, left = row * CELL_H // 4 + 1, col * half_w + 1
                m[top:top + 2, left:left + 2] = 1
        return m
    return None


def cells(ansi):
    """chafa's output as rows of (char, foreground, background) with None for the default colour."""
    rows = []
    for line in ansi.split("\n"):
        if not line:
            continue
        fg = bg = None
        reverse = False
        row = []
        for token in re.findall(r"\x1b\[[0-9;]*m|[^\x1b]", line):
            if token.startswith("\x1b"):
                params = [int(p) if p else 0 for p in token[2:-1].split(";")]
                i = 0
                while i < len(params):
                    p = params[i]
                    if p == 0:
                        fg = bg = None
                        reverse = False
                    elif p == 7:
                        reverse = True
                    elif p == 27:
                        reverse = False
                    elif p in (38, 48) and params[i + 1] == 2:
                        color = tuple(params[i + 2:i + 5])
                        if p == 38:
                            fg = color
                        else:
                            bg = color
                        i += 4
                    elif p == 39:
                        fg = None
                    elif p == 49:
                        bg = None
                    i += 1
            else:
                shown_fg, shown_bg = (bg, fg) if reverse else (fg, bg)
                row.append((token, shown_fg, shown_bg))
        rows.append(row)
    return rows


def paint(rows):
    height, width = len(rows) * CELL_H, max(len(r) for r in rows) * CELL_W
    picture = np.zeros((height, width, 3))
    picture[:, :] = BACKGROUND
    unknown = 0
    for y, row in enumerate(rows):
        for x, (char, fg, bg) in enumerate(row):
            m = mask(char)
            if m is None:
                unknown += 1
                m = np.full((CELL_H, CELL_W), 0.5)
            back = np.array(bg if bg is not None else BACKGROUND, dtype=float)
            fore = np.array(fg if fg is not None else BACKGROUND, dtype=float)
            picture[y * CELL_H:(y + 1) * CELL_H, x * CELL_W:(x + 1) * CELL_W] = m[..., None] * fore + (1 - m[..., None]) * back
    return picture, unknown


def source(path, width, height):
    hexcolor = "#%02X%02X%02X" % BACKGROUND
    raw = subprocess.run(
        ["convert", path, "-background", hexcolor, "-alpha", "remove", "-resize", f"{width}x{height}!", "-depth", "8", "rgb:-"],
        check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(height, width, 3).astype(float)


def luminance(picture):
    return picture @ np.array([0.299, 0.587, 0.114])


def box_mean(values, size=7):
    padded = np.pad(values, size // 2, mode="edge")
    summed = padded.cumsum(0).cumsum(1)
    summed = np.pad(summed, ((1, 0), (1, 0)))
    return (summed[size:, size:] - summed[:-size, size:] - summed[size:, :-size] + summed[:-size, :-size]) / size ** 2


def ssim(a, b):
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    ma, mb = box_mean(a), box_mean(b)
    va, vb = box_mean(a * a) - ma ** 2, box_mean(b * b) - mb ** 2
    cov = box_mean(a * b) - ma * mb
    return float((((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma ** 2 + mb ** 2 + c1) * (va + vb + c2))).mean())


def psnr(a, b):
    mse = ((a - b) ** 2).mean()
    return float("inf") if mse == 0 else float(10 * np.log10(255 ** 2 / mse))


def save(picture, path):
    height, width = picture.shape[:2]
    subprocess.run(["convert", "-size", f"{width}x{height}", "-depth", "8", "rgb:-", path],
                   input=picture.clip(0, 255).astype(np.uint8).tobytes(), check=True)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    print("| image | box | setting | SSIM (luminance) | PSNR (colour, dB) |")
    print("|---|---|---|---|---|")
    for spec in sys.argv[2:]:
        path, box = spec.rsplit(":", 1)
        name = os.path.splitext(os.path.basename(path))[0]
        for label, arguments in SETTINGS:
            ansi = subprocess.run(
                ["chafa", "-f", "symbols", "-c", "full", "--font-ratio", "1/2", "--animate", "off", "--polite", "on",
                 "-s", box, *arguments, path], check=True, capture_output=True, text=True).stdout
            picture, unknown = paint(cells(ansi))
            reference = source(path, picture.shape[1], picture.shape[0])
            slug = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
            save(picture, os.path.join(out, f"{name}-{box}-{slug}.png"))
            save(reference, os.path.join(out, f"{name}-{box}-source.png"))
            note = f" ({unknown} cells not geometric)" if unknown else ""
            print(f"| {name} | {box} | {label}{note} | {ssim(luminance(picture), luminance(reference)):.3f} | {psnr(picture, reference):.1f} |")


if __name__ == "__main__":
    main()
