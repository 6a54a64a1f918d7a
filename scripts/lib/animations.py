"""Animated GIF and APNG files written byte by byte, for scripts/make-bad-corpus
and Tests/e2e/animation: any number of frames (a 5000-frame GIF is written in
well under a second, where ImageMagick takes minutes), any delay, loop count
and frame rectangle.

    import animations
    open("a.gif", "wb").write(animations.gif(64, 48, [(255, 0, 0), (0, 0, 255)], delay_cs=10, loops=0))
"""
import struct
import zlib


def _lzw_solid(index, count):
    """LZW codes for COUNT pixels of INDEX, uncompressed: with a minimum code
    size of 8 (clear 256, end 257) and a clear code before every 254
    literals, the table never grows past 9-bit codes. (A clear code every
    few pixels would do as well for the format, but giflib resets a
    4096-entry table on each, and decoding would crawl.)"""
    codes = []
    for n in range(count):
        if n % 254 == 0:
            codes.append(256)   # clear
        codes.append(index)
    codes.append(257)           # end of information
    out, acc, bits = bytearray(), 0, 0
    for code in codes:
        acc |= code << bits
        bits += 9
        while bits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            bits -= 8
    if bits:
        out.append(acc & 0xFF)
    return bytes(out)


def _sub_blocks(data):
    out = bytearray()
    for i in range(0, len(data), 255):
        chunk = data[i:i + 255]
        out += bytes([len(chunk)]) + chunk
    return bytes(out) + b"\x00"


def gif(width, height, colours, delay_cs=10, loops=0, rects=None):
    """A GIF89a: frame i fills RECTS[i] (x, y, w, h; default the whole canvas)
    with COLOURS[i % len(COLOURS)] (at most 4 distinct colours); LOOPS None
    writes no NETSCAPE2.0 extension."""
    palette = []
    for c in colours:
        if c not in palette:
            palette.append(c)
    assert len(palette) <= 4
    palette += [(0, 0, 0)] * (4 - len(palette))
    out = bytearray(b"GIF89a" + struct.pack("<HH", width, height) + b"\x91\x00\x00")
    for c in palette:
        out += bytes(c)
    if loops is not None:
        out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loops) + b"\x00"
    count = len(rects) if rects else len(colours)
    for i in range(count):
        x, y, w, h = rects[i] if rects else (0, 0, width, height)
        out += b"\x21\xf9\x04\x00" + struct.pack("<H", delay_cs) + b"\x00\x00"
        out += b"\x2c" + struct.pack("<HHHH", x, y, w, h) + b"\x00"
        out += b"\x08" + _sub_blocks(_lzw_solid(palette.index(colours[i % len(colours)]), w * h))
    out += b"\x3b"
    return bytes(out)


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def apng(width, height, colours, delay_ms=100, plays=0):
    """An RGBA APNG with one full-canvas frame per colour (r, g, b, a); the
    first frame is also the default image."""
    out = bytearray(b"\x89PNG\r\n\x1a\n")
    out += _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    out += _chunk(b"acTL", struct.pack(">II", len(colours), plays))
    sequence = 0
    for i, colour in enumerate(colours):
        out += _chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, width, height, 0, 0, delay_ms, 1000, 0, 0))
        sequence += 1
        data = zlib.compress((b"\x00" + bytes(colour) * width) * height)
        if i == 0:
            out += _chunk(b"IDAT", data)
        else:
            out += _chunk(b"fdAT", struct.pack(">I", sequence) + data)
            sequence += 1
    out += _chunk(b"IEND", b"")
    return bytes(out)
