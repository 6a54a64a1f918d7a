"""Frames drawn at rest, counted: what Tests/e2e/idle and Tests/e2e/idle-gpu
share. fourway runs with --frame-times, so every presented frame writes a
`frame` line (pages and overview alike); App.rest waits until the window
has gone quiet (no frame for QUIET s: the decodes are done), then checks
that a rest of REST s draws none.

    import at_rest
    app = at_rest.App("software", WORK, "--renderer", "software", at_rest.photos(WORK))
    if app.started:
        app.rest("after the first image")   # a PASS or a FAIL
        app.flip()
        app.rest("after a flip")

A rest in which a decode arrived (a loaded machine finishing the prefetch
late) is taken again, so the counts do not depend on a quiet machine. The
CPU ticks the process used during each rest (utime + stime from
/proc/PID/stat, 10 ms each) are printed for information only, never
checked: tests do not assert on CPU or wall-clock time.
"""
import os
import subprocess
import time

import harness
from harness import CONVERT, FONT, check

# Seconds of rest over which frames are counted.
REST = 4.0
# The window is quiet once no frame came for this long (decodes done, the
# motion drawn to its end); waited for at most QUIET_LIMIT s, after which
# the rest is counted anyway (and shows whatever still draws).
QUIET = 1.0
QUIET_LIMIT = 15.0
# A rest during which a decode arrived (a loaded machine finishing the
# prefetch late) was no rest: it is taken again, until this many seconds
# have passed; the last one taken is checked whatever came in it.
REST_LIMIT = 60.0
# Lines that say a decode arrived: a frame may follow them.
ARRIVALS = ("page-ready", "placeholder-shown", "first-thumbnail", "thumbnails-shown", "sharp-region",
            "animation-frame")
# How long a notice stays and fades (Sources/Browser/Drawing/Notices.swift).
NOTICE_DURATION, NOTICE_FADE = 2.5, 0.5


def photos(work):
    """WORK/photos: six numbered gradients, 960x600 (a 3x2 grid)."""
    folder = os.path.join(work, "photos")
    os.makedirs(folder)
    colours = ["firebrick", "seagreen", "steelblue", "gold", "orchid", "sienna"]
    batch = [subprocess.Popen([CONVERT, "-size", "960x600", f"gradient:{colour}-white", "-font", FONT, "-gravity",
                               "center", "-pointsize", "120", "-fill", "black", "-annotate", "+0+0", str(n + 1),
                               os.path.join(folder, f"img{n + 1}.jpg")])
             for n, colour in enumerate(colours)]
    for process in batch:
        process.wait()
    return folder


class App(harness.App):
    """fourway with --frame-times, its cache in WORK/cache, its log out of
    Tests/e2e/out (where the other suites keep theirs)."""

    def __init__(self, name, work, *arguments, start_check=True):
        environment = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"))
        super().__init__(name, "--frame-times", *arguments, env=environment, start_check=start_check,
                         keep_log=False)

    def frames(self, since=0):
        return self.kinds("frame", since)

    def wait_quiet(self):
        """Waits until no frame came for QUIET s (at most QUIET_LIMIT s)."""
        end = time.time() + QUIET_LIMIT
        count, since = len(self.frames()), time.time()
        while time.time() < end and self.alive():
            time.sleep(0.1)
            now = len(self.frames())
            if now != count:
                count, since = now, time.time()
            elif time.time() - since >= QUIET:
                return

    def rest(self, what):
        """Waits for quiet, then checks that REST s at rest draw no frame.
        A rest in which a decode arrived (a loaded machine's late prefetch)
        is taken again, until REST_LIMIT s have passed: a frame at rest
        with nothing arriving still fails at once."""
        end = time.monotonic() + REST_LIMIT
        while True:
            self.wait_quiet()
            m, ticks = self.mark(), harness.cpu_ticks(self.process.pid)
            time.sleep(REST)
            arrived = [e for e in self.events()[m:] if e.get("event") in ARRIVALS]
            if not arrived or time.monotonic() > end or not self.alive():
                break
            print(f"   ({self.name}, {what}: {len(arrived)} decodes arrived during the rest; taken again)", flush=True)
        # A frame the window system asked for (a late expose on a loaded X
        # server: "why":"window") is not fourway drawing by itself; shown, not counted.
        asked = [f for f in self.frames(m) if f.get("why") == "window"]
        drawn = [f for f in self.frames(m) if f.get("why") != "window"]
        used = harness.cpu_ticks(self.process.pid)
        info = f"{used - ticks} CPU ticks" if used is not None and ticks is not None else "CPU ticks unknown"
        print(f"   ({self.name}, {what}: {len(drawn)} frames ({[f.get('why') for f in drawn]}),"
              f" {len(asked)} asked for by the window system, {info} in {REST:g} s at rest)", flush=True)
        check(self.alive() and not drawn, f"{self.name}: no frame in {REST:g} s at rest {what}",
              f"{len(drawn)} frames")

    def flip(self):
        m = self.mark()
        self.key("Right")
        settled = self.wait_for("settled", m)
        check(settled is not None and settled["page"] == [1, 0], f"{self.name}: Right flips to (1, 0)", str(settled))
