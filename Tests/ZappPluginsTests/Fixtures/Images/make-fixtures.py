#!/usr/bin/env python3
"""Writes the PNG, HTML and broken-image fixtures of the image tests (zlib and struct only).
sample.jpg and sample.webp hold the same 32x16 picture, written once with TurboJPEG and libwebp;
bomb.jpg is sample.jpg with its frame header claiming 40000x40000 pixels."""
import struct, zlib, os

here = os.path.dirname(os.path.abspath(__file__))

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

def png(width, height, rows, color_type=6):
    ihdr = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")

def sample_rows(width, height):
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            row += bytes([220, 30, 40, 255]) if x < width // 2 else bytes([20, min(255, 40 + y * 10), 200, 255])
        rows.append(bytes(row))
    return rows

def write(name, data):
    with open(os.path.join(here, name), "wb") as f:
        f.write(data)

sample = png(32, 16, sample_rows(32, 16))
write("sample.png", sample)
# A transparent logo: an opaque blue square in a transparent frame.
write("logo-transparent.png", png(16, 16, [bytes(
    b for x in range(16) for b in ((30, 60, 200, 255) if 4 <= x < 12 and 4 <= y < 12 else (0, 0, 0, 0))) for y in range(16)]))
# The first 60% of the sample: IDAT cut short, no IEND.
write("truncated.png", sample[: len(sample) * 6 // 10])
# A header claiming 40000x40000 pixels (6.4 GB as RGBA) over one tiny compressed row.
write("bomb.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 40000, 40000, 8, 6, 0, 0, 0))
      + chunk(b"IDAT", zlib.compress(b"\x00" * 160001)) + chunk(b"IEND", b""))
write("not-an-image.html", b"<!DOCTYPE html>\n<html><head><title>404</title></head><body>Not found</body></html>\n")
write("unknown.bin", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;")
with open(os.path.join(here, "sample.jpg"), "rb") as f:
    jpeg = bytearray(f.read())
for i in range(2, len(jpeg) - 9):
    if jpeg[i] == 0xFF and jpeg[i + 1] in (0xC0, 0xC1, 0xC2):
        jpeg[i + 5:i + 9] = struct.pack(">HH", 40000, 40000)
        break
write("bomb.jpg", bytes(jpeg))
