#!/usr/bin/env python3
"""Makes a small DNG from a synthetic 16-bit Bayer mosaic, with PiDNG.

    make-dng.py OUT.dng [--orientation N] [--width W] [--height H] [--preview JPEG]

The picture is the left half pure red, the right half pure blue: on the
left only the mosaic's red sites are lit, on the right only its blue ones.
The colour matrix makes the camera's space linear sRGB, so a raw developer
that demosaics it gives red and blue back. `--orientation` writes the TIFF
Orientation tag (1-8). `--preview` adds a baseline JPEG as the embedded
preview, in a second directory (IFD1) chained after the raw one, as
cameras store theirs. ImageDecodingTests' RawDecoderTests run it in a
virtual environment with numpy and pidng
(Tests/ImageDecodingTests/Support/DNGFixtures.swift).
"""
import argparse
import struct
from fractions import Fraction

import numpy as np
from pidng.core import RAW2DNG, DNGTags, Tag
from pidng.defs import CalibrationIlluminant, CFAPattern, DNGVersion, PhotometricInterpretation

# XYZ (D65) to linear sRGB: as DNG's ColorMatrix1 (XYZ to camera) it makes the
# camera's channels sRGB's.
XYZ_TO_SRGB = [[3.2406, -1.5372, -0.4986], [-0.9689, 1.8758, 0.0415], [0.0557, -0.2040, 1.0570]]


def rational(value):
    fraction = Fraction(value).limit_denominator(10000)
    return [fraction.numerator, fraction.denominator]


def mosaic(width, height, level):
    """BGGR: row 0 is B G B G…, row 1 is G R G R…."""
    data = np.zeros((height, width), dtype=np.uint16)
    half = width // 2
    data[1::2, 1:half:2] = level            # red sites, left half
    data[0::2, half + (half % 2)::2] = level   # blue sites, right half
    return data


def jpeg_size(jpeg):
    """Width and height from a baseline or progressive JPEG's SOF marker."""
    offset = 2
    while offset + 9 < len(jpeg):
        marker, length = jpeg[offset + 1], struct.unpack(">H", jpeg[offset + 2:offset + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", jpeg[offset + 5:offset + 9])
            return width, height
        offset += 2 + length
    raise SystemExit("make-dng.py: no SOF marker in the preview")


def add_preview(path, jpeg):
    """Appends IFD1 (NewSubfileType 1: a reduced image; JPEG, YCbCr, 8-bit RGB)
    holding `jpeg`, and points IFD0's next-directory offset at it."""
    with open(path, "rb") as f:
        dng = bytearray(f.read())
    assert dng[:2] == b"II", "pidng writes little-endian DNGs"
    ifd0 = struct.unpack("<I", dng[4:8])[0]
    count = struct.unpack("<H", dng[ifd0:ifd0 + 2])[0]
    next_field = ifd0 + 2 + count * 12
    dng += b"\0" * (len(dng) % 2)
    ifd1 = len(dng)
    width, height = jpeg_size(jpeg)
    entries = [(254, 4, 1, 1), (256, 4, 1, width), (257, 4, 1, height), (258, 3, 3, None), (259, 3, 1, 7),
               (262, 3, 1, 6), (273, 4, 1, "data"), (277, 3, 1, 3), (278, 4, 1, height), (279, 4, 1, len(jpeg))]
    bits_at = ifd1 + 2 + len(entries) * 12 + 4
    data_at = bits_at + 6
    out = struct.pack("<H", len(entries))
    for tag, kind, number, value in entries:
        if value is None:
            field = struct.pack("<I", bits_at)
        elif value == "data":
            field = struct.pack("<I", data_at)
        else:
            field = struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value)
        out += struct.pack("<HHI", tag, kind, number) + field
    dng += out + struct.pack("<I", 0) + struct.pack("<HHH", 8, 8, 8) + jpeg
    dng[next_field:next_field + 4] = struct.pack("<I", ifd1)
    with open(path, "wb") as f:
        f.write(dng)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--orientation", type=int, default=1)
    parser.add_argument("--width", type=int, default=256)
    parser.add_argument("--height", type=int, default=128)
    parser.add_argument("--preview", help="a JPEG file to embed as the preview")
    arguments = parser.parse_args()
    width, height = arguments.width, arguments.height
    tags = DNGTags()
    tags.set(Tag.ImageWidth, width)
    tags.set(Tag.ImageLength, height)
    tags.set(Tag.TileWidth, width)
    tags.set(Tag.TileLength, height)
    tags.set(Tag.Orientation, arguments.orientation)
    tags.set(Tag.PhotometricInterpretation, PhotometricInterpretation.Color_Filter_Array)
    tags.set(Tag.SamplesPerPixel, 1)
    tags.set(Tag.BitsPerSample, 16)
    tags.set(Tag.CFARepeatPatternDim, [2, 2])
    tags.set(Tag.CFAPattern, CFAPattern.BGGR)
    tags.set(Tag.BlackLevel, 0)
    tags.set(Tag.WhiteLevel, 65535)
    tags.set(Tag.ColorMatrix1, [rational(v) for row in XYZ_TO_SRGB for v in row])
    tags.set(Tag.CalibrationIlluminant1, CalibrationIlluminant.D65)
    tags.set(Tag.AsShotNeutral, [[1, 1], [1, 1], [1, 1]])
    tags.set(Tag.Make, "Fourway")
    tags.set(Tag.Model, "Synthetic Bayer")
    tags.set(Tag.DNGVersion, DNGVersion.V1_4)
    tags.set(Tag.DNGBackwardVersion, DNGVersion.V1_2)
    converter = RAW2DNG()
    converter.options(tags, path="", compress=False)
    out = arguments.out[:-4] if arguments.out.endswith(".dng") else arguments.out
    written = converter.convert(mosaic(width, height, 40000), filename=out)
    if arguments.preview:
        with open(arguments.preview, "rb") as f:
            add_preview(written, f.read())


if __name__ == "__main__":
    main()
