#!/usr/bin/env python3
"""Fourway's pager engine from Python, through its C interface (ctypes).

The bindings mirror fourway/pager.h (the reference for every call); the
script plays a pager-replay script and prints the same JSON lines:

    python3 pager.py [--h-pages N|inf] [--v-pages N|inf] [--width W]
                     [--height H] [--fps F] SCRIPT.jsonl

    from pager import Pager, RIGHT
    pager = Pager(1280, 800, horizontal_pages=-1, vertical_pages=12)
    pager.flip(RIGHT, 0.0)
    pager.advance(0.5)
    for event in pager.events():
        print(Pager.event_json(event))

The library is found through $FOURWAY_PAGER_LIBRARY, then pkg-config
(fourway-pager's libdir), then the system's library path.
"""
import ctypes
import ctypes.util
import json
import os
import subprocess
import sys

# fw_direction
LEFT, RIGHT, UP, DOWN = 0, 1, 2, 3
# fw_interruption, named as in the JSON lines
INTERRUPTIONS = ["focus-lost", "window-hidden", "second-pointer", "released-outside", "escape", "host"]
PAGES_INFINITE = -1
SLOT_COUNT = 9


class Page(ctypes.Structure):
    _fields_ = [("h", ctypes.c_int64), ("v", ctypes.c_int64)]


class Point(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double)]


class Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double),
                ("width", ctypes.c_double), ("height", ctypes.c_double)]


class Slot(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int32), ("column", ctypes.c_int32), ("row", ctypes.c_int32),
                ("has_page", ctypes.c_bool), ("page", Page), ("frame", Rect),
                ("visible_fraction", ctypes.c_double)]


class SlotChange(ctypes.Structure):
    _fields_ = [("slot", ctypes.c_int32), ("has_page", ctypes.c_bool), ("page", Page)]


class Event(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int32), ("time", ctypes.c_double),
                ("axis", ctypes.c_int32), ("direction", ctypes.c_int32),
                ("from_", Page), ("to", Page), ("page", Page),
                ("edge", ctypes.c_int32), ("reason", ctypes.c_int32),
                ("scale", ctypes.c_double), ("at_fit", ctypes.c_bool),
                ("slot_count", ctypes.c_int32), ("slots", SlotChange * SLOT_COUNT)]


class Config(ctypes.Structure):
    _fields_ = [(name, ctypes.c_double) for name in (
        "drag_slop", "scroll_slop", "pointer_fling_velocity", "scroll_fling_velocity",
        "maximum_release_speed", "flip_threshold", "rubber_band_coefficient")] + [
        ("animation", ctypes.c_int32)] + [(name, ctypes.c_double) for name in (
            "spring_damping_ratio", "spring_mass", "spring_stiffness",
            "easing_minimum_duration", "easing_maximum_duration")]


def _library_path():
    given = os.environ.get("FOURWAY_PAGER_LIBRARY")
    if given:
        return given
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "fourway-pager"],
                                capture_output=True, text=True, check=True).stdout.strip()
        candidate = os.path.join(libdir, "libfourway-pager.so")
        if os.path.exists(candidate):
            return candidate
    except (OSError, subprocess.CalledProcessError):
        pass
    return ctypes.util.find_library("fourway-pager") or "libfourway-pager.so"


def _load():
    lib = ctypes.CDLL(_library_path())
    P, D, I64, B = ctypes.c_void_p, ctypes.c_double, ctypes.c_int64, ctypes.c_bool
    signatures = {
        "fw_pager_version": (ctypes.c_char_p, []),
        "fw_config_default": (Config, []),
        "fw_pager_create": (P, [D, D, I64, I64]),
        "fw_pager_create_with_config": (P, [D, D, I64, I64, ctypes.POINTER(Config)]),
        "fw_pager_destroy": (None, [P]),
        "fw_pager_pointer_down": (None, [P, D, D, D]),
        "fw_pager_pointer_moved": (None, [P, D, D, D]),
        "fw_pager_pointer_up": (None, [P, D, D, D]),
        "fw_pager_scroll": (None, [P, D, D, D]),
        "fw_pager_scroll_ended": (None, [P, D]),
        "fw_pager_flip": (B, [P, ctypes.c_int32, D]),
        "fw_pager_go": (None, [P, I64, I64, B, D]),
        "fw_pager_interrupt": (B, [P, ctypes.c_int32, D]),
        "fw_pager_resize": (B, [P, D, D, D]),
        "fw_pager_set_bounds": (B, [P, I64, I64, D]),
        "fw_pager_advance": (None, [P, D]),
        "fw_pager_is_settled": (B, [P]),
        "fw_pager_current_page": (Page, [P]),
        "fw_pager_offset": (Point, [P]),
        "fw_pager_slots": (ctypes.c_size_t, [P, ctypes.POINTER(Slot)]),
        "fw_pager_poll_event": (B, [P, ctypes.POINTER(Event)]),
        "fw_pager_event_json": (ctypes.c_size_t, [ctypes.POINTER(Event), ctypes.c_char_p, ctypes.c_size_t]),
    }
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


_lib = _load()


def version():
    """The interface's version, e.g. "0.1.0"."""
    return _lib.fw_pager_version().decode()


class Pager:
    """One engine. Page counts: -1 infinite, 0 disabled, N pages 0..N-1."""

    def __init__(self, page_width, page_height, horizontal_pages=PAGES_INFINITE,
                 vertical_pages=PAGES_INFINITE, config=None):
        self._handle = _lib.fw_pager_create_with_config(
            page_width, page_height, horizontal_pages, vertical_pages,
            ctypes.byref(config) if config is not None else None)
        if not self._handle:
            raise ValueError("fw_pager_create: bad page size, page count or configuration")
        self._event = Event()
        self._slots = (Slot * SLOT_COUNT)()

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.fw_pager_destroy(self._handle)
            self._handle = None

    def pointer_down(self, x, y, time): _lib.fw_pager_pointer_down(self._handle, x, y, time)
    def pointer_moved(self, x, y, time): _lib.fw_pager_pointer_moved(self._handle, x, y, time)
    def pointer_up(self, x, y, time): _lib.fw_pager_pointer_up(self._handle, x, y, time)
    def scroll(self, dx, dy, time): _lib.fw_pager_scroll(self._handle, dx, dy, time)
    def scroll_ended(self, time): _lib.fw_pager_scroll_ended(self._handle, time)
    def flip(self, direction, time): return _lib.fw_pager_flip(self._handle, direction, time)
    def go(self, h, v, animated, time): _lib.fw_pager_go(self._handle, h, v, animated, time)
    def interrupt(self, reason, time): return _lib.fw_pager_interrupt(self._handle, reason, time)
    def resize(self, width, height, time): return _lib.fw_pager_resize(self._handle, width, height, time)
    def set_bounds(self, h_pages, v_pages, time): return _lib.fw_pager_set_bounds(self._handle, h_pages, v_pages, time)
    def advance(self, time): _lib.fw_pager_advance(self._handle, time)

    @property
    def is_settled(self): return _lib.fw_pager_is_settled(self._handle)

    @property
    def current_page(self):
        page = _lib.fw_pager_current_page(self._handle)
        return page.h, page.v

    @property
    def offset(self):
        point = _lib.fw_pager_offset(self._handle)
        return point.x, point.y

    def slots(self):
        """The nine slots in id order (reused storage: copy what you keep)."""
        count = _lib.fw_pager_slots(self._handle, self._slots)
        return self._slots[:count]

    def events(self):
        """Drains the events, oldest first (each a fresh Event)."""
        while _lib.fw_pager_poll_event(self._handle, ctypes.byref(self._event)):
            event = Event()
            ctypes.pointer(event)[0] = self._event
            yield event

    @staticmethod
    def event_json(event):
        """The event as pager-replay prints it."""
        needed = _lib.fw_pager_event_json(ctypes.byref(event), None, 0)
        buffer = ctypes.create_string_buffer(needed + 1)
        _lib.fw_pager_event_json(ctypes.byref(event), buffer, needed + 1)
        return buffer.value.decode()


def apply(pager, line):
    """Applies one pager-replay script line (a parsed JSON object); returns its time."""
    t = line["t"]
    if "down" in line: pager.pointer_down(*line["down"], t)
    elif "move" in line: pager.pointer_moved(*line["move"], t)
    elif "up" in line: pager.pointer_up(*line["up"], t)
    elif "scroll" in line: pager.scroll(*line["scroll"], t)
    elif "scroll-end" in line: pager.scroll_ended(t)
    elif "flip" in line: pager.flip(["left", "right", "up", "down"].index(line["flip"]), t)
    elif "go" in line: pager.go(*line["go"], line.get("animated", True), t)
    elif "interrupt" in line: pager.interrupt(INTERRUPTIONS.index(line["interrupt"]), t)
    elif "resize" in line: pager.resize(*line["resize"], t)
    elif "bounds" in line:
        pager.set_bounds(*[PAGES_INFINITE if n is None else n for n in line["bounds"]], t)
    else:
        raise ValueError(f"no input this example knows in {line}")
    return t


def replay(pager, lines, fps=120.0, write=print):
    """Plays script lines as pager-replay does: steps at fps between inputs
    and after the last one until the pager settles (at most 60 s after an input)."""
    def drain():
        for event in pager.events():
            write(Pager.event_json(event))

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
    options = {"--width": 1280.0, "--height": 800.0, "--h-pages": "inf", "--v-pages": "inf", "--fps": 120.0}
    script = None
    words = iter(argv)
    for word in words:
        if word in options:
            options[word] = next(words)
        elif script is None and not word.startswith("--"):
            script = word
        else:
            sys.exit(f"pager.py: unknown option {word}")
    count = lambda text: PAGES_INFINITE if text == "inf" else int(text)
    pager = Pager(float(options["--width"]), float(options["--height"]),
                  count(options["--h-pages"]), count(options["--v-pages"]))
    with (open(script) if script else sys.stdin) as lines:
        replay(pager, lines, fps=float(options["--fps"]))


if __name__ == "__main__":
    main(sys.argv[1:])
