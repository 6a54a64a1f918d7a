#!/usr/bin/env python3
"""A HEIC built the way phones build them, from a picture and heif-enc.

    Benchmarks/viewers/phone_heic.py SOURCE OUT.heic [--quality Q] [--thumbnail 320] [--irot N] [--icc FILE]
        [--thumbnail-source IMAGE] [--preset ultrafast]

An iPhone's HEIC (ISO/IEC 23008-12) is not one HEVC picture: its primary item
is a `grid` of 512x512 HEVC tiles (hidden `hvc1` items sharing one `hvcC`),
cropped to the photo's size by the grid's output size, with an `ispe`, an
`irot` when the phone was turned and a `colr` ICC profile (Display P3); a
`thmb` item (HEVC, about 320x240) refers to it. heif-enc in libheif 1.15
cannot write a grid, so this script encodes each tile with heif-enc (and the
thumbnail, `--thumbnail 0` for none), takes their HEVC data and `hvcC` out
of the files it wrote, and builds the boxes around them: ftyp, meta (hdlr,
pitm, iinf, iref `dimg` and `thmb`, iprp with ipco and ipma, iloc), mdat.
No Exif item is written (fourway ignores a HEIC's EXIF orientation).
`--thumbnail-source` makes the thumbnail from another picture (a test can
then tell the two apart); `--preset` is x265's, passed through heif-enc.
"""
import argparse
import os
import struct
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

TILE = 512


def box(kind, payload):
    return struct.pack(">I4s", 8 + len(payload), kind.encode()) + payload


def full_box(kind, version, flags, payload):
    return box(kind, struct.pack(">I", (version << 24) | flags) + payload)


def children(data, start, end):
    """(type, payload start, box end) of the boxes in data[start:end]."""
    offset = start
    while offset + 8 <= end:
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if size < 8:
            break
        yield kind.decode("latin-1"), offset + 8, offset + size
        offset += size


def coded_item(path):
    """(hvcC box bytes, HEVC data) of the only image item of a heif-enc file."""
    data = open(path, "rb").read()
    meta = next((p, e) for k, p, e in children(data, 0, len(data)) if k == "meta")
    hvcc = extents = None
    for kind, start, end in children(data, meta[0] + 4, meta[1]):
        if kind == "iprp":
            for k, p, e in children(data, start, end):
                if k == "ipco":
                    hvcc = next(data[q - 8:f] for t, q, f in children(data, p, e) if t == "hvcC")
        if kind == "iloc":
            extents = iloc_first_item(data, start)
    return hvcc, b"".join(data[o:o + n] for o, n in extents)


def iloc_first_item(data, start):
    """The (offset, length) extents of the first item an `iloc` lists."""
    version = data[start]
    sizes = data[start + 4] << 8 | data[start + 5]
    offset_size, length_size, base_size = sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15
    index_size = sizes & 15 if version in (1, 2) else 0
    position = start + 6 + (4 if version == 2 else 2)   # the item count
    position += 4 if version == 2 else 2                  # item ID
    position += 2 if version in (1, 2) else 0             # construction method
    position += 2                                         # data reference index

    def read(size):
        nonlocal position
        value = int.from_bytes(data[position:position + size], "big") if size else 0
        position += size
        return value
    base = read(base_size)
    count = read(2)
    extents = []
    for _ in range(count):
        read(index_size)
        offset = read(offset_size)
        extents.append((base + offset, read(length_size)))
    return extents


def encode(png, out, quality, preset=None):
    options = ["-p", "preset=" + preset] if preset else []
    subprocess.run(["heif-enc", "-q", str(quality)] + options + ["-o", out, png], check=True, stdout=subprocess.DEVNULL)
    return coded_item(out)


def size_of(path):
    text = subprocess.run(["identify", "-format", "%w %h", path], check=True, capture_output=True, text=True).stdout
    return tuple(int(v) for v in text.split())


def build(width, height, columns, rows, tiles, thumbnail, irot, icc):
    """The file's bytes. tiles: [(hvcC, data)]; thumbnail: (hvcC, data, w, h) or None."""
    grid_id, first_tile = 1, 2
    thumb_id = first_tile + len(tiles)
    tile_hvcc = tiles[0][0]
    properties = [tile_hvcc, full_box("ispe", 0, 0, struct.pack(">II", TILE, TILE)),
                  full_box("ispe", 0, 0, struct.pack(">II", width, height))]
    transform = []
    if irot:
        properties.append(box("irot", bytes([irot & 3])))
        transform.append(len(properties) | 0x80)
    if icc:
        properties.append(box("colr", b"prof" + icc))
        transform.append(len(properties))
    thumb_props = []
    if thumbnail:
        properties += [thumbnail[0], full_box("ispe", 0, 0, struct.pack(">II", thumbnail[2], thumbnail[3]))]
        thumb_props = [(len(properties) - 1) | 0x80, len(properties)] + transform
    associations = [(grid_id, [3] + transform)] + [(first_tile + i, [1 | 0x80, 2]) for i in range(len(tiles))]
    if thumbnail:
        associations.append((thumb_id, thumb_props))
    ipma = struct.pack(">I", len(associations)) + b"".join(
        struct.pack(">HB", item, len(indices)) + bytes(indices) for item, indices in associations)
    iprp = box("iprp", box("ipco", b"".join(properties)) + full_box("ipma", 0, 0, ipma))

    def infe(item, kind, hidden):
        return full_box("infe", 2, 1 if hidden else 0, struct.pack(">HH4s", item, 0, kind.encode()) + b"\0")
    items = [infe(grid_id, "grid", False)] + [infe(first_tile + i, "hvc1", True) for i in range(len(tiles))]
    if thumbnail:
        items.append(infe(thumb_id, "hvc1", False))
    iinf = full_box("iinf", 0, 0, struct.pack(">H", len(items)) + b"".join(items))
    refs = box("dimg", struct.pack(">HH", grid_id, len(tiles)) + b"".join(
        struct.pack(">H", first_tile + i) for i in range(len(tiles))))
    if thumbnail:
        refs += box("thmb", struct.pack(">HHH", thumb_id, 1, grid_id))
    iref = full_box("iref", 0, 0, refs)
    grid = struct.pack(">BBBBHH", 0, 0, rows - 1, columns - 1, width, height)
    payloads = [(grid_id, grid)] + [(first_tile + i, data) for i, (_, data) in enumerate(tiles)]
    if thumbnail:
        payloads.append((thumb_id, thumbnail[1]))
    ftyp = box("ftyp", b"heic" + struct.pack(">I", 0) + b"mif1heicmiaf")

    def meta(mdat_start):
        entries, offset = [], mdat_start
        for item, data in payloads:
            entries.append(struct.pack(">HHHII", item, 0, 1, offset, len(data)))
            offset += len(data)
        iloc = full_box("iloc", 0, 0, struct.pack(">BBH", 0x44, 0x00, len(entries)) + b"".join(entries))
        return full_box("meta", 0, 0, full_box("hdlr", 0, 0, b"\0\0\0\0pict" + b"\0" * 13)
                        + full_box("pitm", 0, 0, struct.pack(">H", grid_id)) + iinf + iref + iprp + iloc)
    head = len(ftyp) + len(meta(0)) + 8
    return ftyp + meta(head) + box("mdat", b"".join(data for _, data in payloads))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source")
    parser.add_argument("out")
    parser.add_argument("--quality", type=int, default=70)
    parser.add_argument("--thumbnail", type=int, default=320, help="longer side, 0 for none")
    parser.add_argument("--irot", type=int, default=0, help="quarter turns anticlockwise")
    parser.add_argument("--icc", help="an ICC profile for a colr box")
    parser.add_argument("--thumbnail-source", help="the picture to make the thumbnail from (default: SOURCE)")
    parser.add_argument("--preset", help="x265's preset (ultrafast … placebo)")
    args = parser.parse_args()
    width, height = size_of(args.source)
    columns, rows = -(-width // TILE), -(-height // TILE)
    with tempfile.TemporaryDirectory() as work:
        # Padded and cut in one pass; the tiles are read once by heif-enc, so
        # zlib's fastest level (a noisy 12 MP source: 12 CPU-s here with the
        # padded picture written between, at the default level; 5 now).
        subprocess.run(["convert", args.source, "-background", "black", "-gravity", "northwest", "-extent",
                        f"{columns * TILE}x{rows * TILE}", "-crop", f"{TILE}x{TILE}", "+repage", "-depth", "8",
                        "-define", "png:compression-level=1", "PNG24:" + os.path.join(work, "tile%03d.png")],
                       check=True)
        names = [os.path.join(work, f"tile{i:03d}") for i in range(columns * rows)]
        with ThreadPoolExecutor(max_workers=2) as pool:
            tiles = list(pool.map(lambda n: encode(n + ".png", n + ".heic", args.quality, args.preset), names))
        if len({hvcc for hvcc, _ in tiles}) != 1:
            sys.exit("phone_heic: the tiles' hvcC differ; one shared hvcC is written")
        thumbnail = None
        if args.thumbnail:
            small = os.path.join(work, "thumb.png")
            side = args.thumbnail
            # The photo's shape, the longer side `side` (whatever the source's shape).
            shape = (side, max(1, round(side * height / width))) if width >= height \
                else (max(1, round(side * width / height)), side)
            subprocess.run(["convert", args.thumbnail_source or args.source, "-resize", f"{shape[0]}x{shape[1]}!",
                            "-depth", "8", "PNG24:" + small], check=True)
            hvcc, data = encode(small, os.path.join(work, "thumb.heic"), args.quality, args.preset)
            thumbnail = (hvcc, data) + size_of(small)
        icc = open(args.icc, "rb").read() if args.icc else None
        with open(args.out, "wb") as out:
            out.write(build(width, height, columns, rows, tiles, thumbnail, args.irot, icc))


if __name__ == "__main__":
    main()
