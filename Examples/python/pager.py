#!/usr/bin/env python3
"""Fourway's pager engine from Python, with the fourway_pager package: plays
a pager-replay script and prints the same JSON lines pager-replay prints.

    pip install dist/fourway_pager-*.whl        # built by scripts/package-python
    python3 pager.py [--h-pages N|inf] [--v-pages N|inf] [--width W] [--height H]
                     [--fps F] [--spacing PX] [--reversed h|v|hv] [--long-swipes]
                     [--max-swipe-pages N] [--overshoot all|none|left,right,...]
                     [--row-lengths N,N,...] SCRIPT.jsonl

    import fourway_pager
    pager = fourway_pager.Pager(1280, 800, horizontal_pages=None, vertical_pages=12)
    pager.flip("right", 0.0)
    pager.advance(0.5)
    for event in pager.poll_events():
        print(event["event"])

Without the package installed, it uses the one in this repository
(python/fourway_pager) on the library $FOURWAY_PAGER_LIBRARY names, or else
the one pkg-config finds (scripts/install-pager).
"""
import json
import os
import subprocess
import sys

try:
    import fourway_pager
except ImportError:
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    sys.path.insert(0, os.path.join(root, "python"))
    if "FOURWAY_PAGER_LIBRARY" not in os.environ:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "fourway-pager"],
                                capture_output=True, text=True).stdout.strip()
        os.environ["FOURWAY_PAGER_LIBRARY"] = os.path.join(libdir, "libfourway-pager.so")
    import fourway_pager


def apply(pager, line):
    """Applies one pager-replay script line (a parsed JSON object); returns its time."""
    t = line["t"]
    if "down" in line: pager.pointer_down(*line["down"], t)
    elif "move" in line: pager.pointer_moved(*line["move"], t)
    elif "up" in line: pager.pointer_up(*line["up"], t)
    elif "scroll" in line: pager.scroll(*line["scroll"], t)
    elif "scroll-end" in line: pager.scroll_ended(t)
    elif "flip" in line: pager.flip(line["flip"], t)
    elif "go" in line: pager.go(*line["go"], line.get("animated", True), t)
    elif "interrupt" in line: pager.interrupt(line["interrupt"], t)
    elif "resize" in line: pager.resize(*line["resize"], t)
    elif "bounds" in line: pager.set_bounds(*line["bounds"], t)
    elif "zoom-content" in line: pager.set_zoom_content(*line["zoom-content"], t)
    elif "zoom" in line:
        width, height = pager.page_size
        x, y = line.get("at", (width / 2, height / 2))
        pager.zoom_to(line["zoom"], x, y, line.get("animated", True), t)
    else:
        raise ValueError(f"no input this example knows in {line}")
    return t


def replay(pager, lines, fps=120.0, write=print):
    """Plays script lines as pager-replay does: steps at fps between inputs
    and after the last one until the pager settles (at most 60 s after an input)."""
    def drain():
        for line in pager.poll_event_lines():
            write(line)

    def step(start, end):
        frame = 1.0
        while True:
            time = start + frame / fps
            if (end is not None and time >= end) or time > start + 60:
                return
            pager.advance(time)
            drain()
            frame += 1
            if pager.is_settled:
                return

    last = None
    for text in lines:
        if not text.strip():
            continue
        line = json.loads(text)
        if last is not None:
            step(last, line["t"])
        last = apply(pager, line)
        drain()
    if last is not None:
        step(last, None)


def main(argv):
    options = {"--width": 1280.0, "--height": 800.0, "--h-pages": "inf", "--v-pages": "inf", "--fps": 120.0,
               "--spacing": 0.0, "--reversed": "", "--max-swipe-pages": 5, "--overshoot": "all",
               "--row-lengths": ""}
    long_swipes = False
    script = None
    words = iter(argv)
    for word in words:
        if word == "--long-swipes":
            long_swipes = True
        elif word in options:
            options[word] = next(words)
        elif script is None and not word.startswith("--"):
            script = word
        else:
            sys.exit(f"pager.py: unknown option {word}")
    count = lambda text: None if text == "inf" else int(text)
    pager = fourway_pager.Pager(float(options["--width"]), float(options["--height"]),
                                count(options["--h-pages"]), count(options["--v-pages"]))
    overshoot = options["--overshoot"]
    edges = fourway_pager.EDGES if overshoot == "all" else [] if overshoot == "none" else overshoot.split(",")
    rows = [int(n) for n in options["--row-lengths"].split(",") if n]
    # The options before the first input; what setting them reports is not the script's.
    if not (pager.set_spacing(float(options["--spacing"]), 0)
            and pager.set_reversed("h" in options["--reversed"], "v" in options["--reversed"], 0)
            and pager.set_long_swipes(long_swipes, int(options["--max-swipe-pages"]))
            and pager.set_overshoot_edges(edges) and pager.set_row_lengths(rows, 0)):
        sys.exit("pager.py: bad spacing, swipe pages, edges or row lengths")
    pager.poll_event_lines()
    with (open(script) if script else sys.stdin) as lines:
        replay(pager, lines, fps=float(options["--fps"]))


if __name__ == "__main__":
    main(sys.argv[1:])
