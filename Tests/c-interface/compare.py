#!/usr/bin/env python3
"""The C and Python examples against pager-replay: every replay script of
Tests/replay that the examples can play (only the flags KNOWN_FLAGS) is
played by pager-replay, by Examples/c-sdl/pager-sdl --replay and by
Examples/python/pager.py, with the flags Tests/replay/check.py gives it;
their event lines must be byte-identical. The C example's last frame (an
offscreen SDL surface, saved as BMP) must show the page it settled on.

    compare.py PAGER_REPLAY PAGER_SDL
"""
import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
REPLAY = os.path.join(ROOT, "Tests", "replay")
PYTHON_EXAMPLE = os.path.join(ROOT, "Examples", "python", "pager.py")
# The pager-replay flags both examples take.
KNOWN_FLAGS = {"--h-pages", "--v-pages", "--width", "--height", "--fps", "--spacing", "--reversed",
               "--long-swipes", "--max-swipe-pages", "--overshoot", "--row-lengths"}
# The C example's page colours (page_colour in Examples/c-sdl/pager-sdl.c).
HUES = [(220, 70, 60), (230, 160, 40), (90, 170, 70), (50, 160, 190), (80, 90, 200), (170, 80, 180)]


def scripts():
    """(name, flags) for each script the examples can play."""
    cases = re.findall(r'^@case\("([^"]+)"((?:, "[^"]*")*)', open(os.path.join(REPLAY, "check.py")).read(), re.M)
    for name, rest in cases:
        flags = re.findall(r'"([^"]*)"', rest)
        # The examples take the sizes, the page counts and the paging options (set
        # with the fw_pager_set_ functions), play zoom input, and start on page (0, 0).
        if any(f.startswith("--") and f not in KNOWN_FLAGS for f in flags):
            continue
        yield name, flags


def run(command):
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def page_colour(h, v):
    r, g, b = HUES[h % 6]
    shade = (v % 4) * 30
    return tuple(max(0, c - shade) for c in (r, g, b))


def centre_pixel(bmp_path):
    """The centre pixel (r, g, b) of a 32-bit BMP as SDL_SaveBMP writes it."""
    data = open(bmp_path, "rb").read()
    offset, = struct.unpack_from("<I", data, 10)
    width, height, _, bits = struct.unpack_from("<iiHH", data, 18)
    assert bits == 32, f"expected a 32-bit BMP, got {bits} bits"
    row = abs(height) // 2 if height < 0 else height - 1 - height // 2
    b, g, r, _ = struct.unpack_from("<BBBB", data, offset + (row * width + width // 2) * 4)
    return r, g, b


def main():
    pager_replay, pager_sdl = sys.argv[1:3]
    passed = failed = 0
    work = tempfile.mkdtemp()
    for name, flags in scripts():
        path = os.path.join(REPLAY, name + ".jsonl")
        shot = os.path.join(work, name + ".bmp")
        try:
            expected = run([pager_replay, *flags, path])
            from_c = run([pager_sdl, *flags, "--replay", path, "--screenshot", shot])
            from_python = run([sys.executable, PYTHON_EXAMPLE, *flags, path])
            problems = []
            if from_c != expected:
                problems.append("the C example's events differ from pager-replay's")
            if from_python != expected:
                problems.append("the Python example's events differ from pager-replay's")
            settled = [line for line in expected.splitlines() if '"event":"settled"' in line]
            if settled:
                h, v = map(int, re.search(r'"page":\[(-?\d+),(-?\d+)\]', settled[-1]).groups())
                if centre_pixel(shot) != page_colour(h, v):
                    problems.append(f"the C example's last frame shows {centre_pixel(shot)}, "
                                    f"not page ({h}, {v})'s colour {page_colour(h, v)}")
        except (RuntimeError, subprocess.TimeoutExpired, OSError, AssertionError) as error:
            problems = [str(error)]
        if problems:
            failed += 1
            print(f"FAIL {name}: " + "; ".join(problems))
        else:
            passed += 1
            print(f"ok   {name} ({len(expected.splitlines())} events)")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
