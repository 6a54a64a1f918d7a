#!/usr/bin/env python3
"""The driver behind scripts/bench: fourway side by side with feh, sxiv, imv and qimgv.

    Benchmarks/viewers/bench.py --fourway BIN --cache DIR --out FILE [--quick] [--skip-engine]

Runs every viewer on its own Xvfb (1280x800x24), on the same generated folders,
and measures what users feel (the figures of README.md, Benchmarks):

1. first image: process start -> the first screenshot whose centre shows a
   photo (not black, not a placeholder, not text), same detector for all;
   fourway on a first visit (--no-cache) and reopened (the folder's first
   image remembered by an earlier, unmeasured visit); also a folder of 100
   photos as cameras write them, with a 160x120 EXIF thumbnail each;
2. flip readiness (fourway): keyboard flips at 3, 5, 8 pages/s; the share of
   flips whose page was drawn as a placeholder (event log);
3. frame pacing (fourway): frame interval p50/p99, work p50/p99 and dropped
   frames during continuous dragging and repeated flings (--frame-times);
4. decode: scaled vs full decode + scale, and SDL2_image + scale (Benchmarks/ DecodeBenchmarks);
5. memory: VmHWM after N flips, folders of 10 and 10,000 images;
6. engine: the Benchmarks/ figures (p50 ns, mallocs);
7. big images: a folder holding one 30000x30000 PNG, then one 20000x20000
   progressive JPEG: time to the first screenshot showing it (same detector)
   and the viewer's peak RSS then, or why it showed nothing;
8. formats: the first image (as in 1) of a folder holding 7 copies of one
   12 MP photo as JPEG, HEIC (built as phones build it, a grid of 512x512
   tiles, with a 320x240 thumbnail item and without, and turned by irot as a
   portrait photo is: phone_heic.py), AVIF or
   JPEG XL (the same picture; feh and sxiv read the last three through
   imlib2's heif and jxl loaders), fourway's `page-ready` line (the sharp
   picture after the thumbnail), and the peak RSS after 6 steps through it
   (fourway, feh, sxiv, imv).
9. a million files (fourway; a folder of 1,000,000 hard links, made once,
   about a minute): the listing floor (Benchmarks/figures/listing-floor, a plain
   getdents64 loop), the first image as in 1 and the `first-frame` line's
   time, RSS once the pages are known and after 200 flips.
10. memory in every layout: VmHWM after walking 50 steps right at 5 keys/s
   through the 10,000-file folder on a first visit (fourway --no-cache),
   fourway in its default layout (a grid for a flat folder) and in
   --layout row, beside feh and sxiv.
11. the keyboard step (Benchmarks/viewers/key-step-bench, every viewer, and fourway
   also with --key-flip swap): key sent -> the first change of the screen's
   centre, and the next picture covering its centre 200x200 and 480x300, 10
   single steps after pauses, median/p90.
12. at rest: the CPU a viewer uses in 20 s showing one photo of the folder of
   10 with no input (utime + stime from /proc/PID/stat, in 10 ms ticks), once
   it showed the photo and went quiet; fourway also counts the frames it drew
   (--frame-times), with the software renderer, --renderer gpu and in the
   overview.
13. the first image of 12 MP JPEGs without an EXIF thumbnail, baseline and
   progressive, at 4:2:0 and 4:4:4 (as in 1, every viewer), and fourway's
   `first-thumbnail` (its sketch), `page-ready` and `first-frame` lines.
14. a 12 MP HEIC as heif-enc writes it (one coded picture, 7 copies): the peak
   RSS of fourway's browser process and of its biggest decoder process after
   6 steps at 2 keys/s (Benchmarks/viewers/decoder-peaks gives the detail).

Input is synthesised with XTest, screenshots are XGetImage of the root window
(both through ctypes, so polling costs ~1 ms, not a process start).
"""
import argparse
import ctypes
import ctypes.util
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True   # no __pycache__ in the tree
# The e2e harness: its start_xvfb is the one place an X server is launched.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "e2e", "lib"))
import harness  # noqa: E402

WIDTH, HEIGHT = 1280, 800
# Photo corpus: distinct 12 MP originals, hard-linked into the big folders.
ORIGINALS = 20
PHOTO_SIZE = "4000x3000"
# Screenshot poll interval, s; each poll reads a 480x300 patch (~0.6 MB).
POLL_INTERVAL = 0.004
# Patch of the screen the detector looks at: the centre, inside any letterbox.
PATCH = (400, 250, 480, 300)
# A viewer that shows nothing within this long counts as a failure, s.
FIRST_IMAGE_TIMEOUT = 20.0
# Frame budget of a 60 Hz display, ms; an interval over 1.5 budgets dropped a frame.
FRAME_BUDGET_MS = 1000.0 / 60


def log(message):
    print("bench: " + message, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- X11 via ctypes
class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
                ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int),
                ("bitmap_pad", ctypes.c_int), ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]


class X:
    """One connection to the bench's X server: screenshots and fake input."""

    def __init__(self, display):
        self.xlib = ctypes.CDLL(ctypes.util.find_library("X11"))
        self.xtst = ctypes.CDLL(ctypes.util.find_library("Xtst"))
        self.xlib.XOpenDisplay.restype = ctypes.c_void_p
        self.xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.xlib.XDefaultRootWindow.restype = ctypes.c_ulong
        self.xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.xlib.XGetImage.restype = ctypes.POINTER(XImage)
        self.xlib.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                        ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        self.xlib.XDestroyImage = None
        self.xlib.XFree.argtypes = [ctypes.c_void_p]
        self.xlib.XFlush.argtypes = [ctypes.c_void_p]
        self.xlib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.xlib.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.xlib.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.xlib.XStringToKeysym.argtypes = [ctypes.c_char_p]
        self.xlib.XStringToKeysym.restype = ctypes.c_ulong
        self.xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
        self.display = self.xlib.XOpenDisplay(display.encode())
        if not self.display:
            raise RuntimeError("cannot open display " + display)
        self.root = self.xlib.XDefaultRootWindow(self.display)

    def patch(self):
        """The detector's patch of the screen as BGRX bytes."""
        x, y, w, h = PATCH
        image = self.xlib.XGetImage(self.display, self.root, x, y, w, h, 0xFFFFFFFF, 2)  # ZPixmap
        if not image:
            return b""
        data = ctypes.string_at(image.contents.data, image.contents.bytes_per_line * h)
        self.xlib.XFree(image.contents.data)
        self.xlib.XFree(image)
        return data

    def key(self, name):
        code = self.xlib.XKeysymToKeycode(self.display, self.xlib.XStringToKeysym(name.encode()))
        self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        self.xlib.XFlush(self.display)

    def move(self, x, y):
        self.xtst.XTestFakeMotionEvent(self.display, -1, int(x), int(y), 0)
        self.xlib.XFlush(self.display)

    def button(self, down):
        self.xtst.XTestFakeButtonEvent(self.display, 1, 1 if down else 0, 0)
        self.xlib.XFlush(self.display)


def shows_photo(patch):
    """Whether the patch shows a photo: no colour covers half the samples and
    there are many distinct colours. Black screens, placeholders (flat with a
    caption) and error pages fail both tests."""
    if not patch:
        return False
    w, h = PATCH[2], PATCH[3]
    counts = {}
    samples = 0
    for row in range(0, h, 10):
        base = row * w * 4
        for col in range(0, w, 10):
            i = base + col * 4
            key = (patch[i] >> 4, patch[i + 1] >> 4, patch[i + 2] >> 4)
            counts[key] = counts.get(key, 0) + 1
            samples += 1
    return max(counts.values()) < samples // 2 and len(counts) >= 24


# ---------------------------------------------------------------- processes
class Xvfb:
    """An Xvfb of its own (black, never reset), started by the e2e harness's
    start_xvfb (Tests/e2e/lib/harness.py), with an XTest/XGetImage connection."""

    def __init__(self):
        self.process = harness.start_xvfb(f"{WIDTH}x{HEIGHT}x24", range(89, 60, -1), arguments=("-br", "-noreset"))
        if self.process is None:
            raise RuntimeError("no Xvfb started on a free X display between :61 and :89")
        self.name = os.environ["DISPLAY"]
        self.number = int(self.name[1:])
        self.x = X(self.name)

    def stop(self):
        harness.stop_xvfb(self.process)


class Viewer:
    """How to start each viewer on a folder and which key shows the next image."""

    def __init__(self, name, command, next_key, previous_key):
        self.name = name
        self.command = command
        self.next_key = next_key
        self.previous_key = previous_key


def viewers(fourway):
    return [
        Viewer("fourway", lambda folder, events=None, extra=(): [fourway, folder, "--layout", "row"]
               + (["--events", events] if events else []) + list(extra), "Right", "Left"),
        Viewer("feh", lambda folder, **_: ["feh", "-g", f"{WIDTH}x{HEIGHT}+0+0", "--scale-down", "-N", folder],
               "Right", "Left"),
        Viewer("sxiv", lambda folder, **_: ["sxiv", "-r", "-g", f"{WIDTH}x{HEIGHT}+0+0", "-s", "d", folder],
               "n", "p"),
        # imv 4.3 has no window-size option; its window opens at 1280x720 here.
        Viewer("imv", lambda folder, **_: ["imv-x11", folder],
               "Right", "Left"),
        # Given a folder, qimgv opens its folder view: give it the first picture
        # (natural order; the bench's names sort the same either way).
        Viewer("qimgv", lambda folder, **_: ["qimgv", os.path.join(folder, min(os.listdir(folder)))],
               "Right", "Left"),
    ]


def stop(process):
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(3)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def status_mb(pid, field):
    """FIELD of /proc/PID/status (VmRSS, VmHWM: kB there) in MB, or None."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def peak_rss_mb(pid):
    return status_mb(pid, "VmHWM")


def rss_mb(pid):
    return status_mb(pid, "VmRSS")


def wait_blank(x):
    """Waits until the previous window is gone (the detector sees no photo)."""
    deadline = time.time() + 5
    while shows_photo(x.patch()) and time.time() < deadline:
        time.sleep(0.02)


def wait_idle(pid, quiet=0.3, limit=20.0):
    """Waits until `pid` used no CPU for `quiet` s (or `limit` s passed)."""
    def ticks():
        return cpu_ticks(pid)
    start = time.time()
    last = ticks()
    since = time.time()
    while time.time() - start < limit:
        time.sleep(0.05)
        now = ticks()
        if now is None:
            return
        if now != last:
            last, since = now, time.time()
        elif time.time() - since >= quiet:
            return


# ---------------------------------------------------------------- corpora
def make_corpora(cache, sizes):
    originals = os.path.join(cache, "originals")
    os.makedirs(originals, exist_ok=True)
    convert = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else "convert"
    pending = []
    for i in range(ORIGINALS):
        path = os.path.join(originals, f"photo{i:02d}.jpg")
        if os.path.exists(path):
            continue
        # A blurred plasma scaled up with grain: colour areas, gradients and
        # detail, so the DCT has real work to do (~3 MB per 12 MP file, like a camera's).
        tmp = path + ".tmp.jpg"
        pending.append((subprocess.Popen(
            [convert, "-size", "1000x750", "-seed", str(17 + i), "plasma:fractal", "-blur", "0x1",
             "-resize", PHOTO_SIZE + "!", "-attenuate", "0.4", "+noise", "Gaussian",
             "-sampling-factor", "2x2", "-quality", "90", tmp]), tmp, path))
        if len(pending) >= 2:
            wait_convert(pending.pop(0))
    for item in pending:
        wait_convert(item)
    photos = sorted(os.path.join(originals, name) for name in os.listdir(originals) if name.endswith(".jpg")
                    and not name.endswith(".tmp.jpg"))
    folders = {}
    folders[CAMERA] = make_camera_folder(cache, photos)
    for count in sizes:
        folder = os.path.join(cache, f"folder-{count}")
        marker = os.path.join(cache, f"folder-{count}.done")
        if not os.path.exists(marker):
            log(f"linking a folder of {count} images")
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(folder)
            for i in range(count):
                os.link(photos[i % len(photos)], os.path.join(folder, f"img{i + 1:06d}.jpg"))
            open(marker, "w").close()
        folders[count] = folder
    return photos, folders


CAMERA = "camera-100-rst"
# A camera's EXIF thumbnail: 160x120, as in IFD1 of nearly every camera and phone JPEG.
CAMERA_THUMBNAIL = "160x120"


def make_camera_folder(cache, photos):
    """100 of the photos as a camera writes them: restart markers every MCU
    row, and an EXIF block holding a 160x120 thumbnail (Debian's
    `exif --insert-thumbnail`, libexif)."""
    folder = os.path.join(cache, CAMERA)
    marker = folder + ".done"
    if os.path.exists(marker):
        return folder
    log("making a folder of 100 photos with EXIF thumbnails")
    shutil.rmtree(folder, ignore_errors=True)
    originals = os.path.join(cache, "camera-originals")
    os.makedirs(originals, exist_ok=True)
    os.makedirs(folder)
    convert = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else "convert"
    made = []
    for photo in photos:
        target = os.path.join(originals, os.path.basename(photo))
        thumbnail = target + ".thumb.jpg"
        subprocess.run([convert, photo, "-thumbnail", CAMERA_THUMBNAIL, "-strip", "-quality", "80", thumbnail],
                       check=True)
        # Restart markers every MCU row, as some cameras' encoders write
        # them (jpegtran: lossless, the same picture).
        restarted = target + ".rst.jpg"
        subprocess.run(["jpegtran", "-copy", "all", "-restart", "1", "-outfile", restarted, photo], check=True)
        subprocess.run(["exif", "--create-exif", "--insert-thumbnail=" + thumbnail, "--output=" + target, restarted],
                       check=True, stdout=subprocess.DEVNULL)
        os.remove(thumbnail)
        os.remove(restarted)
        made.append(target)
    for i in range(100):
        os.link(made[i % len(made)], os.path.join(folder, f"img{i + 1:06d}.jpg"))
    open(marker, "w").close()
    return folder


def wait_convert(item):
    process, tmp, path = item
    if process.wait() != 0:
        raise RuntimeError("ImageMagick failed to make " + path)
    os.rename(tmp, path)
    log("made " + os.path.basename(path))


# ---------------------------------------------------------------- figure 1
def first_image(x, viewer, folder, work, extra=(), env=None, until_line=None):
    """Seconds from start to the first screenshot showing a photo; with
    `until_line`, fourway then runs on until its log has that line (so a
    `first-frame` written after a thumbnail is on screen is not cut off)."""
    wait_blank(x)
    events = os.path.join(work, "first.jsonl")
    command = (viewer.command(folder, events=events, extra=extra) if viewer.name == "fourway"
               else viewer.command(folder))
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    seen = None
    while time.perf_counter() - start < FIRST_IMAGE_TIMEOUT and process.poll() is None:
        if shows_photo(x.patch()):
            seen = time.perf_counter() - start
            break
        time.sleep(POLL_INTERVAL)
    deadline = time.perf_counter() + 5
    while until_line and time.perf_counter() < deadline and process.poll() is None \
            and not any(e.get("event") == until_line for e in read_events(events)):
        time.sleep(0.02)
    stop(process)
    return seen


# ---------------------------------------------------------------- figure 2
# The event log's lines so far: the harness's reader.
read_events = harness.events


def start_fourway(x, fourway_bin, folder, events, extra=()):
    wait_blank(x)
    process = subprocess.Popen([fourway_bin, folder, "--layout", "row", "--no-hud", "--events", events, *extra],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 15
    while time.time() < deadline:
        if any(e.get("event") == "first-frame" for e in read_events(events)):
            break
        if process.poll() is not None:
            raise RuntimeError("fourway exited: " + process.stderr.read())
        time.sleep(0.02)
    x.move(WIDTH // 2, HEIGHT // 2)
    time.sleep(0.5)
    return process


def quit_fourway(x, process):
    x.key("q")
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        stop(process)


def flip_readiness(x, fourway_bin, folder, rate, flips, work):
    events_path = os.path.join(work, f"flips-{rate}.jsonl")
    process = start_fourway(x, fourway_bin, folder, events_path)
    interval = 1.0 / rate
    next_time = time.perf_counter()
    for _ in range(flips):
        x.key("Right")
        next_time += interval
        time.sleep(max(0, next_time - time.perf_counter()))
    time.sleep(1.5)
    quit_fourway(x, process)
    events = read_events(events_path)
    targets = [tuple(e["to"]) for e in events if e.get("event") == "page-will-change"]
    placeholders = {tuple(e["page"]) for e in events if e.get("event") == "placeholder-shown"}
    if not targets:
        return None
    late = sum(1 for page in targets if page in placeholders)
    return {"flips": len(targets), "placeholders": late, "share": late / len(targets),
            "keys": flips}


# ---------------------------------------------------------------- figure 3
def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def idle_spans(events):
    """When the pager rested: from `settled` (or the start: the pager starts
    at rest) to the next input that moves it. The loop draws only what
    changes then (a finished decode, the scan's count), so a gap is no
    dropped frame."""
    spans = []
    rest = 0.0
    for e in events:
        kind = e.get("event")
        if kind == "settled" and rest is None:
            rest = e["t"]
        elif kind in ("drag-began", "page-will-change", "axis-locked") and rest is not None:
            spans.append((rest, e["t"]))
            rest = None
    if rest is not None:
        spans.append((rest, float("inf")))
    return spans


def frame_stats(events, start, end):
    frames = [e for e in events if e.get("event") == "frame" and start <= e["t"] <= end]
    idle = idle_spans(events)
    intervals = [(b["t"] - a["t"]) * 1000 for a, b in zip(frames, frames[1:])
                 if not any(a["t"] < rest_end and b["t"] > rest_start for rest_start, rest_end in idle)]
    work = [f["work"] for f in frames]
    dropped = sum(max(0, round(i / FRAME_BUDGET_MS) - 1) for i in intervals if i > 1.5 * FRAME_BUDGET_MS)
    return {"frames": len(frames),
            "interval_p50_ms": percentile(intervals, 50), "interval_p99_ms": percentile(intervals, 99),
            "work_p50_ms": percentile(work, 50), "work_p99_ms": percentile(work, 99),
            "dropped": dropped}


def frame_pacing(x, fourway_bin, folder, seconds, work):
    events_path = os.path.join(work, "pacing.jsonl")
    process = start_fourway(x, fourway_bin, folder, events_path, extra=["--frame-times"])
    t0 = time.perf_counter()

    def now_log():
        events = read_events(events_path)
        frames = [e["t"] for e in events if e.get("event") == "frame"]
        return frames[-1] if frames else 0.0

    # Continuous dragging: the pointer stays down and sweeps left and right
    # at 60 Hz, never far enough to let go of a page.
    drag_start = now_log()
    x.move(WIDTH // 2, HEIGHT // 2)
    x.button(True)
    step = 1 / 120
    t = 0.0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        t = time.perf_counter() - begin
        phase = (t % 2.0) / 2.0
        offset = 300 * (1 - abs(2 * phase - 1) * 2)   # -300 .. 300
        x.move(WIDTH // 2 + offset, HEIGHT // 2 + 3 * ((int(t * 120)) % 2))
        time.sleep(step)
    x.button(False)
    time.sleep(1.0)
    drag_end = now_log()
    # Repeated flings: quick 200 px swipes, alternating direction, 3 per second.
    fling_start = drag_end
    begin = time.perf_counter()
    direction = -1
    while time.perf_counter() - begin < seconds:
        x.move(WIDTH // 2 - direction * 100, HEIGHT // 2)
        x.button(True)
        for i in range(1, 7):
            x.move(WIDTH // 2 - direction * 100 + direction * 40 * i, HEIGHT // 2)
            time.sleep(0.008)
        x.button(False)
        direction = -direction
        time.sleep(0.28)
    time.sleep(1.0)
    fling_end = now_log()
    quit_fourway(x, process)
    events = read_events(events_path)
    return {"drag": frame_stats(events, drag_start, drag_end),
            "fling": frame_stats(events, fling_start, fling_end),
            "wall_s": time.perf_counter() - t0}


# ---------------------------------------------------------------- figure 5
def memory_after_flips(x, viewer, folder, count, flips, rate, work):
    """Peak RSS after `flips` keyboard flips at `rate`/s: forward through the
    folder, bouncing back at its end (so no viewer needs wrapping)."""
    if viewer.name == "fourway":
        command = viewer.command(folder, extra=["--no-hud"])
    else:
        command = viewer.command(folder)
    keys = []
    position, direction = 0, 1
    for _ in range(flips):
        if position + direction >= count or position + direction < 0:
            direction = -direction
        keys.append(viewer.next_key if direction > 0 else viewer.previous_key)
        position += direction
    return peak_rss_after_keys(x, command, keys, rate, settle=lambda process: time.sleep(0.3))


def peak_rss_after_keys(x, command, keys, rate, settle):
    """VmHWM, MB, of `command` after it shows a photo, `settle(process)`
    returns and `keys` are sent at `rate`/s, once it is idle again; None if
    it exited."""
    wait_blank(x)
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.perf_counter() + FIRST_IMAGE_TIMEOUT
    while time.perf_counter() < deadline and not shows_photo(x.patch()):
        time.sleep(0.02)
    x.move(WIDTH // 2, HEIGHT // 2)
    settle(process)
    interval = 1.0 / rate
    next_time = time.perf_counter()
    for key in keys:
        x.key(key)
        next_time += interval
        time.sleep(max(0, next_time - time.perf_counter()))
    wait_idle(process.pid)
    rss = peak_rss_mb(process.pid)
    alive = process.poll() is None
    stop(process)
    return rss if alive else None


# ---------------------------------------------------------------- figure 9
MILLION = 1_000_000


def million_files(x, fourway, folder, root, runs, work):
    """The listing floor, fourway's first image (screen and first-frame line)
    and its RSS once listed and after 200 flips, at 1,000,000 files."""
    floor = subprocess.run([os.path.join(root, "Benchmarks", "figures", "listing-floor"), folder, str(runs)],
                           capture_output=True, text=True, check=True).stdout
    floor_ms = float(re.search(r"median: ([0-9.]+) ms", floor).group(1))
    viewer = viewers(fourway)[0]
    screens, lines = [], []
    for _ in range(runs):
        screens.append(first_image(x, viewer, folder, work, ["--no-cache"]))
        logged = [e["t"] for e in read_events(os.path.join(work, "first.jsonl")) if e.get("event") == "first-frame"]
        lines.append(logged[0] if logged else None)
    # Memory: the pages known (`gallery`), then 200 flips at 10/s.
    wait_blank(x)
    events = os.path.join(work, "million.jsonl")
    process = subprocess.Popen(viewer.command(folder, events=events, extra=["--no-cache", "--no-hud"]),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.perf_counter() + 120
    while time.perf_counter() < deadline and not any(e.get("event") == "gallery" for e in read_events(events)):
        time.sleep(0.05)
    wait_idle(process.pid)
    listed = (rss_mb(process.pid), peak_rss_mb(process.pid))
    x.move(WIDTH // 2, HEIGHT // 2)
    for _ in range(200):
        x.key(viewer.next_key)
        time.sleep(0.1)
    wait_idle(process.pid)
    flipped = (rss_mb(process.pid), peak_rss_mb(process.pid))
    stop(process)
    return {"floor_ms": floor_ms, "first_image_s": screens, "first_frame_line_s": lines,
            "first_image_median_s": median(screens), "first_frame_median_s": median(lines),
            "listed_rss_mb": listed[0], "listed_peak_mb": listed[1],
            "flipped_rss_mb": flipped[0], "flipped_peak_mb": flipped[1]}


# ---------------------------------------------------------------- figure 10
# Figure 10's walk: steps to the right, keys per second (the walk that measured memory in every layout,
# docs/benchmarks.md).
LAYOUT_WALK_STEPS = 50
LAYOUT_WALK_RATE = 5


def layout_walk_commands(fourway, folder):
    """{label: (command, next key)} for figure 10: fourway in its default
    layout (a flat folder of 10,000 is a 100 x 100 grid) and in a row, both
    on a first visit, beside feh and sxiv."""
    peers = {v.name: v for v in viewers(fourway)}
    return {
        "fourway grid": ([fourway, folder, "--no-cache", "--no-hud"], "Right"),
        "fourway row": ([fourway, folder, "--layout", "row", "--no-cache", "--no-hud"], "Right"),
        "feh": (peers["feh"].command(folder), peers["feh"].next_key),
        "sxiv": (peers["sxiv"].command(folder), peers["sxiv"].next_key),
    }


def peak_rss_walking(x, command, next_key, steps, rate):
    """VmHWM, MB, after `steps` keys at `rate`/s once the first photo shows
    and the viewer is idle, and the viewer idle again; None if it exited."""
    return peak_rss_after_keys(x, command, [next_key] * steps, rate,
                               settle=lambda process: wait_idle(process.pid))


# ---------------------------------------------------------------- figure 7
BIG_IMAGES = [("png-30000", "png", 30000, 30000, "big.png"),
              ("progressive-jpeg-20000", "progressive-jpeg", 20000, 20000, "big.jpg")]
# A viewer gets this long to show a big image, s (the peers decode it whole).
BIG_IMAGE_TIMEOUT = 120.0


def make_big_images(root, cache):
    """{name: folder holding one big image}, made once by scripts/make-big-image."""
    folders = {}
    for name, kind, width, height, file in BIG_IMAGES:
        folder = os.path.join(cache, "big", name)
        path = os.path.join(folder, file)
        if not os.path.exists(path):
            log(f"making {name} (scripts/make-big-image)")
            os.makedirs(folder, exist_ok=True)
            subprocess.run([os.path.join(root, "scripts", "make-big-image"), kind, str(width), str(height),
                            path + ".tmp"], check=True)
            os.rename(path + ".tmp", path)
        folders[name] = folder
    return folders


def big_image(x, viewer, folder):
    """{seconds, peak_rss_mb, shown}: process start -> the first screenshot
    showing the image, and VmHWM once it is shown (or at the timeout)."""
    wait_blank(x)
    command = viewer.command(folder, extra=["--no-cache"]) if viewer.name == "fourway" else viewer.command(folder)
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = None
    while time.perf_counter() - start < BIG_IMAGE_TIMEOUT and process.poll() is None:
        if shows_photo(x.patch()):
            seen = time.perf_counter() - start
            break
        time.sleep(0.05)
    rss = peak_rss_mb(process.pid) if process.poll() is None else None
    exited = process.poll() is not None
    stop(process)
    return {"seconds": seen, "peak_rss_mb": rss, "shown": seen is not None,
            "note": "exited" if exited and seen is None else ("timeout" if seen is None else "")}


# ---------------------------------------------------------------- figure 8
# Copies of the photo in each format's folder: the first image, then
# FORMAT_STEPS steps to the right for the peak RSS.
FORMAT_COPIES = 7
FORMAT_STEPS = 6
FORMAT_NAMES = ("JPEG", "HEIC", "HEIC, no thumbnail", "HEIC, portrait", "AVIF", "JPEG XL")


def make_format_folders(cache, photo):
    """{format: folder holding FORMAT_COPIES copies of the same 12 MP photo in
    it}, made once. The HEICs are built as phones build them
    (Benchmarks/viewers/phone_heic.py: a grid of 512x512 HEVC tiles, with or
    without a 320x240 thumbnail item), not as one HEVC picture."""
    base = os.path.join(cache, "formats-phone")
    png = os.path.join(base, "photo.png")
    phone = [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "phone_heic.py")]
    commands = {
        "JPEG": lambda out: ["cp", photo, out],
        "HEIC": lambda out: phone + [png, out, "--quality", "60"],
        "HEIC, no thumbnail": lambda out: phone + [png, out, "--quality", "60", "--thumbnail", "0"],
        # As a phone held upright stores it: the sensor's landscape picture and an irot of 90°.
        "HEIC, portrait": lambda out: phone + [png, out, "--quality", "60", "--irot", "1"],
        "AVIF": lambda out: ["heif-enc", "-A", "-p", "chroma=420", "-p", "speed=8", "-q", "60", png, "-o", out],
        "JPEG XL": lambda out: ["cjxl", "-d", "1", png, out],
    }
    extensions = {"JPEG": "jpg", "HEIC": "heic", "HEIC, no thumbnail": "heic", "HEIC, portrait": "heic",
                  "AVIF": "avif", "JPEG XL": "jxl"}
    folders = {}
    for name, command in commands.items():
        folder = os.path.join(base, name.lower().replace(", ", "-").replace(" ", "-"))
        extension = extensions[name]
        first = os.path.join(folder, "photo1." + extension)
        if not os.path.exists(first):
            os.makedirs(folder, exist_ok=True)
            if not os.path.exists(png):
                subprocess.run(["convert", photo, "-depth", "8", "PNG24:" + png], check=True)
            log(f"making the {name} photo")
            subprocess.run(command(first + ".tmp." + extension), check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.rename(first + ".tmp." + extension, first)
        for n in range(2, FORMAT_COPIES + 1):
            copy = os.path.join(folder, f"photo{n}.{extension}")
            if not os.path.exists(copy):
                shutil.copy(first, copy)
        folders[name] = folder
    return folders


def format_figure(x, all_viewers, cache, photo, runs, work):
    """Per viewer and format: the first image (median of `runs`), fourway's
    `page-ready` line (the sharp picture) and the peak RSS after
    FORMAT_STEPS steps through the folder."""
    formats = {}
    for name, folder in make_format_folders(cache, photo).items():
        for viewer in all_viewers:
            extra = ["--no-cache"] if viewer.name == "fourway" else []
            times, ready = [], []
            for _ in range(runs):
                times.append(first_image(x, viewer, folder, work, extra,
                                         until_line="page-ready" if viewer.name == "fourway" else None))
                if viewer.name == "fourway":
                    lines = [e["t"] for e in read_events(os.path.join(work, "first.jsonl"))
                             if e.get("event") == "page-ready"]
                    ready.append(lines[0] if lines else None)
            command = viewer.command(folder, extra=["--no-hud", "--no-cache"]) if viewer.name == "fourway" \
                else viewer.command(folder)
            rss = peak_rss_after_keys(x, command, [viewer.next_key] * FORMAT_STEPS, 2,
                                      settle=lambda process: time.sleep(0.3))
            entry = {"median_s": median(times), "runs": times, "peak_rss_mb": rss}
            if ready:
                entry["page_ready_median_s"] = median(ready)
                entry["page_ready_runs"] = ready
            formats.setdefault(viewer.name, {})[name] = entry
            log(f"  {viewer.name} {name}: {fmt(median(times) and median(times) * 1000, ' ms')} {times}"
                + (f" page-ready {fmt(median(ready) and median(ready) * 1000, ' ms')}" if ready else "")
                + f" peak RSS {fmt(rss, ' MB')}")
    return formats


# ---------------------------------------------------------------- figure 13
# The photos of figure 13: 12 MP JPEGs without an EXIF thumbnail, of every
# kind the first image's sketch serves (JPEGBaselineSketch, JPEGDCDecoder):
# (kind, sampling).
THUMBNAILLESS_KINDS = (("baseline", "420"), ("baseline", "444"), ("progressive", "420"), ("progressive", "444"))


def thumbnailless_folder(cache, sampling, progressive):
    """A folder of figure 1's photos without thumbnails: as they are
    (baseline 4:2:0, folder-20), made progressive by `jpegtran -progressive
    -copy none` (the same coefficients, 20 photos), or 10 of them encoded
    again at 4:4:4 by ImageMagick (`-sampling-factor 1x1 -quality 92`, with
    `-interlace JPEG` when progressive). Made once, from folder-100."""
    source = os.path.join(cache, "folder-100")
    if not os.path.exists(source + ".done"):
        sys.exit(f"no {source}: run Benchmarks/viewers/bench.py (scripts/bench) once to make the corpus")
    if not progressive and sampling == "420":
        # The 20 originals themselves: folder-100's first 20 links.
        twenty = os.path.join(cache, "folder-20")
        if not os.path.exists(twenty + ".done"):
            log("linking a folder of 20 images")
            shutil.rmtree(twenty, ignore_errors=True)
            os.makedirs(twenty)
            for name in sorted(os.listdir(source))[:20]:
                os.link(os.path.join(source, name), os.path.join(twenty, name))
            open(twenty + ".done", "w").close()
        return twenty
    made = os.path.join(cache, f"{'progressive' if progressive else 'baseline'}-{sampling}")
    if os.path.exists(made + ".done"):
        return made
    log(f"making {os.path.basename(made)}")
    shutil.rmtree(made, ignore_errors=True)
    os.makedirs(made)
    names = sorted(os.listdir(source))[:20 if sampling == "420" else 10]
    for name in names:
        target = os.path.join(made, name)
        if sampling == "420":
            with open(target, "wb") as out:
                subprocess.run(["jpegtran", "-progressive", "-copy", "none", os.path.join(source, name)],
                               stdout=out, check=True)
        else:
            interlace = ["-interlace", "JPEG"] if progressive else []
            subprocess.run(["convert", os.path.join(source, name), "-sampling-factor", "1x1", "-quality", "92",
                            *interlace, target], check=True)
    open(made + ".done", "w").close()
    return made


def first_line_s(events, kind):
    """The time of the log's first line of `kind`, s, or None."""
    times = [e["t"] for e in events if e.get("event") == kind]
    return times[0] if times else None


def thumbnailless_figure(x, all_viewers, cache, runs, work):
    """Per kind of photo and viewer: the first image on screen (median of
    `runs`, as figure 1 measures it); for fourway also its log's
    `first-thumbnail` (the sketch), `page-ready` (the first page's photo
    decoded) and `first-frame` (that photo drawn) lines."""
    figure = {}
    for kind, sampling in THUMBNAILLESS_KINDS:
        folder = thumbnailless_folder(cache, sampling, progressive=kind == "progressive")
        label = f"{kind} {sampling[0]}:{sampling[1]}:{sampling[2]}"
        for viewer in all_viewers:
            is_fourway = viewer.name == "fourway"
            times, lines = [], {"first-thumbnail": [], "page-ready": [], "first-frame": []}
            for _ in range(runs):
                times.append(first_image(x, viewer, folder, work, ["--no-cache"] if is_fourway else [],
                                         until_line="first-frame" if is_fourway else None))
                if is_fourway:
                    events = read_events(os.path.join(work, "first.jsonl"))
                    for line, values in lines.items():
                        values.append(first_line_s(events, line))
            entry = {"median_s": median(times), "runs": times}
            if is_fourway:
                entry["lines_median_s"] = {line: median(values) for line, values in lines.items()}
                entry["lines_runs"] = lines
            figure.setdefault(label, {})[viewer.name] = entry
            log(f"  {label} {viewer.name}: {fmt(median(times) and median(times) * 1000, ' ms')} {times}"
                + (" lines " + ", ".join(f"{line} {fmt(v and v * 1000, ' ms')}"
                                         for line, v in entry["lines_median_s"].items()) if is_fourway else ""))
    return figure


# ---------------------------------------------------------------- figure 14
# Copies of the heif-enc HEIC in figure 14's folder, and the steps through it.
HEIC_SINGLE_COPIES = 7
HEIC_SINGLE_STEPS = 6


def heic_single_folder(cache):
    """HEIC_SINGLE_COPIES copies of one coded 12 MP HEVC picture as heif-enc
    writes it (not a phone's grid of tiles): 4000x3000, 8-bit 4:2:0,
    `heif-enc -q 60` from an 8-bit PNG of `convert -size 4000x3000
    plasma:fractal -blur 0x1`. Made once in `cache`/heic-single."""
    folder = os.path.join(cache, "heic-single")
    done = folder + ".done"
    if os.path.exists(done):
        return folder
    log("making heic-single")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    source = os.path.join(folder, "source.png")
    subprocess.run(["convert", "-size", "4000x3000", "plasma:fractal", "-blur", "0x1", "-depth", "8", source],
                   check=True)
    first = os.path.join(folder, "p1.heic")
    subprocess.run(["heif-enc", "-q", "60", "-o", first, source], check=True, stdout=subprocess.DEVNULL)
    os.remove(source)
    for n in range(2, HEIC_SINGLE_COPIES + 1):
        shutil.copy(first, os.path.join(folder, f"p{n}.heic"))
    open(done, "w").close()
    return folder


def child_processes(pid):
    """The processes any thread of PID started (each thread lists its own)."""
    found = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(p) for p in f.read().split()]
        except OSError:
            pass
    return sorted(found)


def decoder_peaks(x, fourway, folder, steps):
    """fourway on `folder` in a row: once it shows a photo, `steps` Right
    keys at 2/s, then idle: the VmHWM of the browser and of each decoder
    process still running (the first image's has ended), MB."""
    wait_blank(x)
    process = subprocess.Popen([fourway, folder, "--layout", "row", "--no-hud", "--no-cache"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.perf_counter() + FIRST_IMAGE_TIMEOUT
    while time.perf_counter() < deadline and process.poll() is None and not shows_photo(x.patch()):
        time.sleep(0.02)
    for _ in range(steps):
        x.key("Right")
        time.sleep(0.5)
    wait_idle(process.pid)
    browser = peak_rss_mb(process.pid)
    decoders = [peak_rss_mb(pid) for pid in child_processes(process.pid)]
    alive = process.poll() is None
    stop(process)
    if not alive:
        return None
    return {"browser_mb": browser, "decoders_mb": [d for d in decoders if d is not None]}


# ---------------------------------------------------------------- figure 12
# Seconds at rest that figure 12 counts CPU ticks over (the same with --quick:
# the figure is about what a viewer does when nothing happens).
REST_SECONDS = 20
# Before the rest: after the photo shows, the viewer finishes its start (a
# viewer's neighbours decode), then must have used no CPU for a while.
REST_SETTLE_SECONDS = 3.0


def cpu_ticks(pid):
    """utime + stime of `pid` in clock ticks (10 ms), or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
            return int(fields[11]) + int(fields[12])
    except OSError:
        return None


def at_rest(x, command, seconds, events=None, before_rest=None):
    """What `command` costs at rest: {"ticks": CPU ticks in `seconds`,
    "frames": fourway's `frame` lines meanwhile (with `events`, else None)},
    once it shows a photo, `before_rest()` returned and it went quiet; None
    when it showed nothing or exited."""
    wait_blank(x)
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.perf_counter() + FIRST_IMAGE_TIMEOUT
    while time.perf_counter() < deadline and process.poll() is None and not shows_photo(x.patch()):
        time.sleep(0.02)
    if process.poll() is not None or not shows_photo(x.patch()):
        stop(process)
        return None
    x.move(WIDTH // 2, HEIGHT // 2)
    if before_rest:
        before_rest()
    time.sleep(REST_SETTLE_SECONDS)
    wait_idle(process.pid, quiet=0.5)
    frames_before = len([e for e in read_events(events) if e.get("event") == "frame"]) if events else None
    ticks_before = cpu_ticks(process.pid)
    time.sleep(seconds)
    ticks_after = cpu_ticks(process.pid)
    frames = (len([e for e in read_events(events) if e.get("event") == "frame"]) - frames_before) if events else None
    alive = process.poll() is None
    stop(process)
    if not alive or ticks_before is None or ticks_after is None:
        return None
    return {"ticks": ticks_after - ticks_before, "frames": frames, "seconds": seconds}


def rest_costs(x, all_viewers, folder, work):
    """Figure 12: {label: at_rest(...)} for fourway (software renderer,
    --renderer gpu, the overview) and each peer."""
    fourway = all_viewers[0]
    events = os.path.join(work, "rest.jsonl")
    runs = {
        "fourway": (fourway.command(folder, events=events, extra=["--frame-times", "--renderer", "software"]),
                    None),
        "fourway --renderer gpu": (fourway.command(folder, events=events, extra=["--frame-times", "--renderer", "gpu"]),
                                   None),
        "fourway overview": (fourway.command(folder, events=events, extra=["--frame-times", "--renderer", "software"]),
                             lambda: (x.key("Tab"), time.sleep(1.0))),
    }
    for viewer in all_viewers[1:]:
        runs[viewer.name] = (viewer.command(folder), None)
    costs = {}
    for label, (command, before_rest) in runs.items():
        own = label.startswith("fourway")
        costs[label] = at_rest(x, command, REST_SECONDS, events=events if own else None, before_rest=before_rest)
        log(f"  {label}: {costs[label]}")
    return costs


# ---------------------------------------------------------------- figures 4, 6
def run_benchmarks(root, scratch, photo):
    """Runs the Benchmarks/ package; returns {name: {metric: p50}} from its
    text tables, per call ("*" rows are already divided by the scaling
    factor), times as "Time (wall clock) ns"."""
    # FOURWAY_INTERNAL_PRODUCTS: DecodeBenchmarks uses ImageDecoding, a product only then (Package.swift).
    env = dict(os.environ, FOURWAY_BENCH_JPEG=photo, FOURWAY_INTERNAL_PRODUCTS="1")
    command = ["swift", "package", "--scratch-path", scratch, "benchmark", "--no-progress"]
    log("running the Benchmarks/ package (" + " ".join(command) + ")")
    result = subprocess.run(command, cwd=os.path.join(root, "Benchmarks"), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        log("benchmarks failed:\n" + result.stdout[-3000:])
        return {}
    return parse_benchmark_tables(result.stdout)


TIME_UNITS_NS = {"ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
COUNT_UNITS = {"#": 1, "K": 1e3, "M": 1e6, "G": 1e9}


def parse_benchmark_tables(text):
    figures = {}
    lines = text.splitlines()
    name = None
    for i, line in enumerate(lines):
        if line.startswith("╒") and i > 0 and lines[i - 1].strip():
            name = lines[i - 1].strip()
            continue
        if name is None or not line.startswith("│") or line.startswith("│ Metric"):
            continue
        cells = [c.strip() for c in line.strip().strip("│").split("│")]
        if len(cells) < 4:
            continue
        label = cells[0].rstrip(" *")
        try:
            p50 = float(cells[3])
        except ValueError:
            continue
        unit = re.search(r"\(([^()]*)\)$", label)
        base = label[:unit.start()].strip() if unit else label
        if unit and unit.group(1) in TIME_UNITS_NS:
            figures.setdefault(name, {})[base + " ns"] = p50 * TIME_UNITS_NS[unit.group(1)]
        elif unit and unit.group(1) in COUNT_UNITS:
            figures.setdefault(name, {})[base] = p50 * COUNT_UNITS[unit.group(1)]
        else:
            figures.setdefault(name, {})[label] = p50
    return figures


# ---------------------------------------------------------------- table
def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value, unit="", digits=0):
    if value is None:
        return "—"
    return f"{value:.{digits}f}{unit}"


def ratio(peer, ours):
    if peer is None or ours is None or ours == 0:
        return "—"
    return f"{peer / ours:.1f}×"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fourway", required=True)
    parser.add_argument("--cache", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("--bench-scratch", required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--skip-engine", action="store_true")
    parser.add_argument("--only", default="", help="comma list of figures to run (1-14)")
    args = parser.parse_args()

    quick = args.quick
    only = {int(n) for n in args.only.split(",") if n} or {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}
    sizes = [100, 10000, 100000]
    runs = 3 if quick else 7
    flip_counts = {3: 15, 5: 20, 8: 30} if quick else {3: 30, 5: 50, 8: 80}
    memory_flips = 200
    memory_runs = 1 if quick else 3
    pacing_seconds = 10

    # Figure 12 alone needs only the folder of 10.
    corpus_sizes = ([] if only <= {12} else sizes) + [10] + ([MILLION] if 9 in only else [])
    photos, folders = make_corpora(args.cache, corpus_sizes)
    work = tempfile.mkdtemp(prefix="fourway-bench-")
    results = {"quick": quick, "size": [WIDTH, HEIGHT], "runs": runs, "photo": PHOTO_SIZE,
               "originals": len(photos)}
    server = Xvfb()
    all_viewers = viewers(args.fourway)
    try:
        if 1 in only:
            log("figure 1: first image")
            first = {}
            # fourway twice: a first visit (--no-cache: nothing remembered,
            # like every peer), and reopened, with the folder's first image
            # remembered from an unmeasured visit (FirstImageCache) in a
            # cache folder of the bench's own.
            reopened_env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))
            for count in sizes + [CAMERA]:
                for viewer in all_viewers:
                    extra = ["--no-cache"] if viewer.name == "fourway" else []
                    times, decoded = [], []
                    for _ in range(runs):
                        times.append(first_image(server.x, viewer, folders[count], work, extra,
                                                 until_line="first-frame" if viewer.name == "fourway" else None))
                        if viewer.name == "fourway":
                            # The decoded image's frame (a camera photo shows its thumbnail before).
                            lines = [e["t"] for e in read_events(os.path.join(work, "first.jsonl"))
                                     if e.get("event") == "first-frame"]
                            decoded.append(lines[0] if lines else None)
                    entry = {"median_s": median(times), "runs": times}
                    if decoded:
                        entry["first_frame_line_median_s"] = median(decoded)
                    first.setdefault(viewer.name, {})[str(count)] = entry
                    log(f"  {viewer.name} {count}: {fmt(median(times) and median(times) * 1000, ' ms')} {times}"
                        + (f" first-frame line {fmt(median(decoded) and median(decoded) * 1000, ' ms')}" if decoded else ""))
                if count == CAMERA:
                    continue
                fourway = all_viewers[0]
                first_image(server.x, fourway, folders[count], work, env=reopened_env)
                times = [first_image(server.x, fourway, folders[count], work, env=reopened_env) for _ in range(runs)]
                first.setdefault("fourway-reopened", {})[str(count)] = {"median_s": median(times), "runs": times}
                log(f"  fourway reopened {count}: {fmt(median(times) and median(times) * 1000, ' ms')} {times}")
            results["first_image"] = first
        if 2 in only:
            log("figure 2: flip readiness")
            readiness = {}
            for rate, flips in flip_counts.items():
                outcomes = [flip_readiness(server.x, args.fourway, folders[10000], rate, flips, work)
                            for _ in range(1 if quick else 3)]
                shares = [o["share"] for o in outcomes if o]
                readiness[str(rate)] = {"median_share": median(shares), "runs": outcomes}
                log(f"  {rate}/s: {shares}")
            results["flip_readiness"] = readiness
        if 3 in only:
            log("figure 3: frame pacing")
            pacing = frame_pacing(server.x, args.fourway, folders[10000], pacing_seconds, work)
            results["frame_pacing"] = pacing
            log(f"  {pacing}")
        if 5 in only:
            log("figure 5: memory")
            memory = {}
            for count in (10, 10000):
                for viewer in all_viewers:
                    values = [memory_after_flips(server.x, viewer, folders[count], count, memory_flips, 10, work)
                              for _ in range(memory_runs)]
                    memory.setdefault(viewer.name, {})[str(count)] = {"median_mb": median(values), "runs": values}
                    log(f"  {viewer.name} {count}: {values}")
            results["memory"] = memory
        if 7 in only:
            log("figure 7: big images")
            big = {}
            for name, folder in make_big_images(args.root, args.cache).items():
                for viewer in all_viewers:
                    outcome = big_image(server.x, viewer, folder)
                    big.setdefault(viewer.name, {})[name] = outcome
                    log(f"  {viewer.name} {name}: {outcome}")
            results["big_images"] = big
        if 8 in only:
            log("figure 8: formats")
            # The viewers of the format comparison: qimgv has no HEIC reader here.
            peers = [v for v in all_viewers if v.name in ("fourway", "feh", "sxiv", "imv")]
            results["formats"] = format_figure(server.x, peers, args.cache, photos[0], runs, work)
        if 9 in only:
            log("figure 9: a million files")
            million = million_files(server.x, args.fourway, folders[MILLION], args.root, 3 if quick else 5, work)
            results["million"] = million
            log(f"  {million}")
        if 10 in only:
            log("figure 10: peak RSS walking right, every layout")
            walks = {}
            for label, (command, key) in layout_walk_commands(args.fourway, folders[10000]).items():
                values = [peak_rss_walking(server.x, command, key, LAYOUT_WALK_STEPS, LAYOUT_WALK_RATE)
                          for _ in range(3 if quick else 5)]
                kept = [v for v in values if v is not None]
                walks[label] = {"median_mb": median(values), "runs": values,
                                "range_mb": [min(kept), max(kept)] if kept else None}
                log(f"  {label}: {values}")
            results["layout_walk"] = walks
        if 11 in only:
            log("figure 11: the keyboard step")
            out = os.path.join(work, "key-step.json")
            # fourway twice: its default slide, and --key-flip swap (the next image at once).
            subprocess.run([os.path.join(args.root, "Benchmarks", "viewers", "key-step-bench"), "--fourway", args.fourway,
                            "--fourway", f"{args.fourway}=fourway --key-flip swap=--key-flip swap",
                            "--peers", "feh,sxiv,imv,qimgv", "--steps", "5" if quick else "10",
                            "--cache", args.cache, "--json", out], check=True)
            with open(out) as file:
                results["key_step"] = json.load(file)
        if 12 in only:
            log(f"figure 12: {REST_SECONDS} s at rest")
            results["at_rest"] = rest_costs(server.x, all_viewers, folders[10], work)
        if 13 in only:
            log("figure 13: the first image of thumbnail-less JPEGs")
            results["thumbnailless"] = thumbnailless_figure(server.x, all_viewers, args.cache, runs, work)
        if 14 in only:
            log("figure 14: a 12 MP HEIC as heif-enc writes it, peak RSS per process")
            folder = heic_single_folder(args.cache)
            peaks = [decoder_peaks(server.x, args.fourway, folder, HEIC_SINGLE_STEPS) for _ in range(runs)]
            results["heic_single"] = {"runs": peaks}
            log(f"  {peaks}")
    finally:
        server.stop()
        log("event logs of the last runs kept in " + work)
    # --quick leaves the Benchmarks/ package out unless --only names figure 4 or 6.
    wants_engine = (4 in only or 6 in only) if args.only else not quick
    if wants_engine and not args.skip_engine:
        results["benchmarks"] = run_benchmarks(args.root, args.bench_scratch, photos[0])

    with open(args.out, "w") as file:
        json.dump(results, file, indent=2)
    print_table(results)


def print_table(results):
    names = ["fourway", "feh", "sxiv", "imv", "qimgv"]
    lines = []
    if "first_image" in results:
        first = results["first_image"]
        lines.append("1. First image, ms (median)      " + "".join(f"{n:>10}" for n in names)
                     + "   peers/fourway")
        for count in ("100", "10000", "100000", CAMERA):
            values = [first.get(n, {}).get(count, {}).get("median_s") for n in names]
            ours = values[0]
            label = f"{int(count):>7,} files" if count.isdigit() else "    100 camera photos"
            lines.append(f"   {label:<26}    "
                         + "".join(f"{fmt(v and v * 1000):>10}" for v in values)
                         + "   " + "  ".join(f"{n} {ratio(v, ours)}" for n, v in zip(names[1:], values[1:])))
        lines.append("   fourway's first-frame line (the decoded image), ms (median): "
                     + ", ".join(f"{c}: {fmt(first.get('fourway', {}).get(c, {}).get('first_frame_line_median_s') and first['fourway'][c]['first_frame_line_median_s'] * 1000)}"
                                 for c in ("100", "10000", "100000", CAMERA) if c in first.get("fourway", {})))
        if "fourway-reopened" in first:
            lines.append("   fourway reopened (its first image remembered), ms (median)")
            for count in ("100", "10000", "100000"):
                reopened = first["fourway-reopened"].get(count, {}).get("median_s")
                peers = [first.get(n, {}).get(count, {}).get("median_s") for n in names[1:]]
                lines.append(f"   {int(count):>7,} files                 {fmt(reopened and reopened * 1000):>10}"
                             + " " * 10 * (len(names) - 1) + "   "
                             + "  ".join(f"{n} {ratio(v, reopened)}" for n, v in zip(names[1:], peers)))
    if "flip_readiness" in results:
        lines.append("2. Flip readiness: flips shown as a placeholder (fourway, 10,000 files)")
        for rate, entry in results["flip_readiness"].items():
            share = entry["median_share"]
            runs = entry["runs"]
            detail = ", ".join(f"{r['placeholders']}/{r['flips']}" for r in runs if r)
            lines.append(f"   {rate} pages/s: {fmt(share and share * 100, ' %', 1) if share is not None else '—'}"
                         f"  ({detail})")
    if "frame_pacing" in results:
        lines.append("3. Frame pacing (fourway, budget 16.7 ms): interval p50/p99, work p50/p99, dropped")
        for kind in ("drag", "fling"):
            s = results["frame_pacing"][kind]
            lines.append(f"   {kind:<6} {fmt(s['interval_p50_ms'], '', 1)}/{fmt(s['interval_p99_ms'], ' ms', 1)}"
                         f"  work {fmt(s['work_p50_ms'], '', 2)}/{fmt(s['work_p99_ms'], ' ms', 2)}"
                         f"  dropped {s['dropped']} of {s['frames']} frames")
    bench = results.get("benchmarks", {})
    decode = {k: v for k, v in bench.items() if k.startswith("decode")}
    if decode:
        lines.append("4. Decode 12 MP JPEG to 1280x800, ms (p50)")
        wall = "Time (wall clock) ns"
        scaled = next((v.get(wall) for k, v in decode.items() if "scaled" in k), None)
        full = next((v.get(wall) for k, v in decode.items() if "full" in k), None)
        for k, v in decode.items():
            lines.append(f"   {k:<48} {fmt(v.get(wall) and v.get(wall) / 1e6, ' ms', 1)}")
        if scaled and full:
            lines.append(f"   full / scaled: {full / scaled:.1f}×")
    if "memory" in results:
        memory = results["memory"]
        lines.append("5. Peak RSS after 200 flips, MB   " + "".join(f"{n:>10}" for n in names)
                     + "   peers/fourway")
        for count in ("10", "10000"):
            values = [memory.get(n, {}).get(count, {}).get("median_mb") for n in names]
            lines.append(f"   {int(count):>7,} files                 "
                         + "".join(f"{fmt(v, '', 1):>10}" for v in values)
                         + "   " + "  ".join(f"{n} {ratio(v, values[0])}" for n, v in zip(names[1:], values[1:])))
        a = memory.get("fourway", {}).get("10", {}).get("median_mb")
        b = memory.get("fourway", {}).get("10000", {}).get("median_mb")
        if a and b:
            lines.append(f"   fourway 10,000 vs 10: {100 * (b - a) / a:+.1f} %")
    engine = {k: v for k, v in bench.items() if not k.startswith("decode")}
    if engine:
        lines.append("6. Engine (Benchmarks/, p50 per call)")
        for k, v in sorted(engine.items()):
            lines.append(f"   {k:<48} {fmt(v.get('Time (wall clock) ns'), ' ns', 0)}"
                         f"  mallocs {fmt(v.get('Malloc (total)'))}")
    if "big_images" in results:
        big = results["big_images"]
        lines.append("7. Big images: seconds to show / peak RSS MB" + "".join(f"{n:>16}" for n in names))
        for name, *_ in BIG_IMAGES:
            cells = []
            for n in names:
                o = big.get(n, {}).get(name)
                if not o:
                    cells.append(f"{'—':>16}")
                elif o["shown"]:
                    cells.append(f"{fmt(o['seconds'], '', 1) + ' s / ' + fmt(o['peak_rss_mb']):>16}")
                else:
                    cells.append(f"{o['note'] + ' / ' + fmt(o['peak_rss_mb']):>16}")
            lines.append(f"   {name:<40}" + "".join(cells))
    if "formats" in results:
        formats = results["formats"]
        shown = [n for n in names if n in formats]
        lines.append(f"8. One 12 MP photo, {FORMAT_COPIES} copies: first image ms (median)"
                     + "".join(f"{n:>10}" for n in shown) + "   fourway page-ready ms")
        for name in FORMAT_NAMES:
            values = [formats.get(n, {}).get(name, {}).get("median_s") for n in shown]
            ready = formats.get("fourway", {}).get(name, {}).get("page_ready_median_s")
            lines.append(f"   {name:<45}" + "".join(f"{fmt(v and v * 1000):>10}" for v in values)
                         + f"   {fmt(ready and ready * 1000):>10}")
        lines.append(f"   peak RSS after {FORMAT_STEPS} steps, MB" + " " * 21
                     + "".join(f"{'':>10}" for _ in shown))
        for name in FORMAT_NAMES:
            values = [formats.get(n, {}).get(name, {}).get("peak_rss_mb") for n in shown]
            lines.append(f"   {name:<45}" + "".join(f"{fmt(v):>10}" for v in values))
    if "million" in results:
        m = results["million"]
        first, line = m["first_image_median_s"], m["first_frame_median_s"]
        lines.append("9. A million files (fourway), medians")
        lines.append(f"   listing floor (getdents64)               {fmt(m['floor_ms'], ' ms')}")
        lines.append(f"   first image on screen / first-frame line {fmt(first and first * 1000, ' ms')}"
                     f" / {fmt(line and line * 1000, ' ms')}"
                     f"  ({first * 1000 / m['floor_ms']:.2f}× the floor)" if first else "")
        lines.append(f"   RSS once listed (peak)                   {fmt(m['listed_rss_mb'], ' MB')} ({fmt(m['listed_peak_mb'], ' MB')})")
        lines.append(f"   RSS after 200 flips (peak)               {fmt(m['flipped_rss_mb'], ' MB')} ({fmt(m['flipped_peak_mb'], ' MB')})")
    if "layout_walk" in results:
        lines.append(f"10. Peak RSS walking {LAYOUT_WALK_STEPS} steps right at {LAYOUT_WALK_RATE} keys/s, 10,000 files,"
                     " first visit, MB: median (range)")
        for label, entry in results["layout_walk"].items():
            low_high = entry.get("range_mb")
            span = f"({fmt(low_high[0], '', 1)}–{fmt(low_high[1], '', 1)})" if low_high else ""
            lines.append(f"   {label:<16}{fmt(entry['median_mb'], '', 1):>8}  {span}")
    if "key_step" in results:
        lines.append("11. Key -> next picture (median / p90 ms)   first change       200x200       480x300")
        for viewer, regions in results["key_step"].items():
            cells = [f"{fmt(r['median_ms'])} / {fmt(r['p90_ms'])}" for r in
                     (regions["first change"], regions["200x200"], regions["480x300"])]
            lines.append(f"   {viewer:<38}" + "".join(f"{c:>14}" for c in cells))
    if "at_rest" in results:
        lines.append(f"12. At rest for {REST_SECONDS} s showing one photo: CPU ticks (10 ms), frames drawn")
        for label, cost in results["at_rest"].items():
            if cost is None:
                lines.append(f"   {label:<26}{'showed nothing':>16}")
                continue
            frames = "—" if cost["frames"] is None else str(cost["frames"])
            lines.append(f"   {label:<26}{cost['ticks']:>8} ticks{frames:>8} frames")
    if "thumbnailless" in results:
        lines.append("13. First image of 12 MP JPEGs without a thumbnail, ms (median)"
                     + "".join(f"{n:>10}" for n in names) + "   fourway/feh")
        for label, entry in results["thumbnailless"].items():
            values = [entry.get(n, {}).get("median_s") for n in names]
            lines.append(f"   {label:<60}" + "".join(f"{fmt(v and v * 1000):>10}" for v in values)
                         + f"   {fmt(values[0] and values[1] and values[0] / values[1], '', 2):>8}")
        lines.append("   fourway's lines, ms (median): first-thumbnail (the sketch) / page-ready / first-frame")
        for label, entry in results["thumbnailless"].items():
            medians = entry.get("fourway", {}).get("lines_median_s", {})
            lines.append(f"   {label:<60}" + " / ".join(fmt(medians.get(line) and medians[line] * 1000)
                                                       for line in ("first-thumbnail", "page-ready", "first-frame")))
    if "heic_single" in results:
        runs = [r for r in results["heic_single"]["runs"] if r]
        lines.append(f"14. A 12 MP HEIC as heif-enc writes it, {HEIC_SINGLE_COPIES} copies, {HEIC_SINGLE_STEPS} steps:"
                     " peak RSS, MB (median of runs)")
        lines.append(f"   the browser                     {fmt(median([r['browser_mb'] for r in runs]), '', 1):>8}")
        lines.append(f"   its biggest decoder process     "
                     f"{fmt(median([max(r['decoders_mb'], default=None) for r in runs]), '', 1):>8}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
