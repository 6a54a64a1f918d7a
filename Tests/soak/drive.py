#!/usr/bin/env python3
"""Soak driver for fourway: runs the browser on its own Xvfb (started by the
e2e harness, Tests/e2e/lib/harness.py, at --screen), drives it with random xdotool input for a number of minutes, samples
its RSS every second, watches for a crash (process gone), a hang (the window does
not answer a test key) and a pager left between pages, then prints a summary.

    drive.py --bin FOURWAY --folder DIR --minutes M --out OUTDIR [--seed N] [--screen WxHxD]

Called by scripts/soak, which installs, builds and makes the folder.
Writes OUTDIR/rss.csv (t_s,rss_kb,log_lines), OUTDIR/events.jsonl (the browser's
--events log), OUTDIR/stderr.txt, OUTDIR/inputs.log and OUTDIR/summary.txt.
Exit code 0 PASS, 1 FAIL, 2 could not start.
"""

import argparse
import collections
import hashlib
import json
import os
import random
import stat
import statistics
import subprocess
import sys
import threading
import time

sys.dont_write_bytecode = True   # no __pycache__ in the tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e", "lib"))
import harness  # noqa: E402  (start_xvfb, START_ATTEMPTS, DROPPED)

# Window size and its place on the (larger) screen: leaves room around it for
# releasing the button outside the window and for the other window.
WIN_W, WIN_H = 1200, 750
OTHER_GEOMETRY = "260x90+1300+850"

# Events the engine writes (the rest of the log is the browser's own lines,
# e.g. decode-error, which arrive whenever a decode finishes).
ENGINE_EVENTS = {"drag-began", "axis-locked", "page-will-change", "page-changed",
                 "slots-recycled", "bounced", "interrupted", "settled"}

# How long the window may take to answer a test key (s), and how many tries
# (each with a different key) before it counts as a hang.
PROBE_WAIT = 2.0
PROBE_TRIES = 3
# A probe every this many seconds of driving, plus one at the end.
PROBE_EVERY = 30.0
# Quiet time after the last input before "never left between pages" is judged.
SETTLE_WAIT = 2.0
# Files larger than this are compared by size and mtime, not hashed (bytes).
HASH_LIMIT = 256 << 20
# RSS growth goal after warm-up (fraction).
GROWTH_GOAL = 0.05


class EventLog:
    """Reads the --events file as it grows; keeps every parsed line."""

    def __init__(self, path):
        self.path = path
        self.events = []
        self.bad_lines = 0
        self._offset = 0
        self._partial = b""
        self._lock = threading.Lock()

    def refresh(self):
        with self._lock:
            try:
                with open(self.path, "rb") as f:
                    f.seek(self._offset)
                    data = f.read()
            except FileNotFoundError:
                return len(self.events)
            self._offset += len(data)
            data = self._partial + data
            lines = data.split(b"\n")
            self._partial = lines.pop()  # an unfinished last line waits for its end
            for line in lines:
                if not line.strip():
                    continue
                try:
                    self.events.append(json.loads(line))
                except ValueError:
                    self.bad_lines += 1
            return len(self.events)

    def since(self, index):
        self.refresh()
        return self.events[index:]

    def last_engine_event(self):
        self.refresh()
        for event in reversed(self.events):
            if event.get("event") in ENGINE_EVENTS:
                return event
        return None


class Soak:
    def __init__(self, args):
        self.args = args
        self.rng = random.Random(args.seed)
        self.out = args.out
        self.log = EventLog(os.path.join(self.out, "events.jsonl"))
        self.inputs = collections.Counter()
        self.failures = []
        self.findings = []
        self.rss = []  # (t, kb)
        self.app = None
        self.other = None
        self.wid = None
        self.other_wid = None
        self.gone_at = None
        self.stop_sampling = threading.Event()
        self.input_log = open(os.path.join(self.out, "inputs.log"), "w")
        self.started = None
        self.probes = 0

    # ------------------------------------------------------------ X helpers
    def xdo(self, *args, timeout=30):
        """Runs one xdotool command; a timeout is a finding (the X server or the
        client stopped answering), not an exception."""
        try:
            result = subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True,
                                    timeout=timeout)
            return result.stdout
        except subprocess.TimeoutExpired:
            self.findings.append(f"xdotool {' '.join(map(str, args[:4]))} … timed out after {timeout} s")
            return ""

    def note(self, kind, detail=""):
        self.inputs[kind] += 1
        t = time.monotonic() - self.started if self.started else 0
        self.input_log.write(f"{t:.3f} {kind} {detail}\n")

    def alive(self):
        return self.app is not None and self.app.poll() is None

    def focus_app(self):
        self.xdo("windowfocus", "--sync", self.wid, timeout=5)

    # ------------------------------------------------------------ start / stop
    def start(self):
        # Xvfb resets when its last client leaves and drops a client that
        # connects meanwhile: such a start is tried again (Tests/e2e/lib/harness.py).
        stderr_path = os.path.join(self.out, "stderr.txt")
        for attempt in range(1, harness.START_ATTEMPTS + 1):
            with open(stderr_path, "w") as stderr:
                self.app = subprocess.Popen([self.args.bin, "--size", f"{WIN_W}x{WIN_H}", "--events",
                                             self.log.path, self.args.folder],
                                            stdout=subprocess.DEVNULL, stderr=stderr)
            if self.wait_window() or self.alive() or harness.DROPPED not in tail(stderr_path):
                break
            if attempt < harness.START_ATTEMPTS:
                print("soak: Xvfb was resetting as fourway connected; starting it again", file=sys.stderr)
        if not self.alive():
            print(f"soak: fourway exited at start with code {self.app.returncode}", file=sys.stderr)
            return False
        if self.wid is None:
            print("soak: no fourway window with a first frame within 30 s", file=sys.stderr)
            return False
        self.xdo("windowmove", "--sync", self.wid, 0, 0, timeout=5)
        self.start_other()
        self.focus_app()
        time.sleep(0.3)
        return True

    def wait_window(self):
        """Whether the window with a first frame appears (self.wid) within 30 s,
        False at once when the process ends."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if not self.alive():
                return False
            out = self.xdo("search", "--pid", self.app.pid, "--name", "^fourway", timeout=5).split()
            if out and any(e.get("event") == "first-frame" for e in self.log.since(0)):
                self.wid = out[0]
                return True
            time.sleep(0.1)
        return False

    def start_other(self):
        """Another window to move the focus to in the middle of a drag."""
        if self.other is not None and self.other.poll() is None and self.other_wid:
            return
        self.other = subprocess.Popen(["xmessage", "-geometry", OTHER_GEOMETRY, "-name", "fourway-soak-other",
                                       "another window"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.other_wid = None
        for _ in range(50):
            # xmessage sets no _NET_WM_PID; find it by the resource name it was given.
            out = self.xdo("search", "--classname", "fourway-soak-other", timeout=5).split()
            if out:
                self.other_wid = out[0]
                return
            time.sleep(0.1)

    def sampler(self):
        """Every second: VmRSS and the log's length into rss.csv; notices the
        process going away."""
        path = os.path.join(self.out, "rss.csv")
        with open(path, "w") as csv:
            csv.write("t_s,rss_kb,log_lines\n")
            next_tick = time.monotonic()
            while not self.stop_sampling.is_set():
                t = time.monotonic() - self.started
                kb = None
                try:
                    with open(f"/proc/{self.app.pid}/status") as f:
                        for line in f:
                            if line.startswith("VmRSS:"):
                                kb = int(line.split()[1])
                except OSError:
                    pass
                if kb is None or not self.alive():
                    if self.gone_at is None:
                        self.gone_at = t
                    break
                lines = self.log.refresh()
                self.rss.append((t, kb))
                csv.write(f"{t:.1f},{kb},{lines}\n")
                csv.flush()
                next_tick += 1.0
                self.stop_sampling.wait(max(0.0, next_tick - time.monotonic()))

    # ------------------------------------------------------------ inputs
    def point(self, margin=60):
        return (self.rng.randint(margin, WIN_W - margin), self.rng.randint(margin, WIN_H - margin))

    def direction(self):
        """Mostly along an axis (that is what a person does), sometimes diagonal
        or any angle (the axis lock must sort it out)."""
        r = self.rng.random()
        if r < 0.7:
            return self.rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        if r < 0.85:
            return (self.rng.choice([-1, 1]) * 0.7, self.rng.choice([-1, 1]) * 0.7)
        import math
        a = self.rng.uniform(0, 2 * math.pi)
        return (math.cos(a), math.sin(a))

    def path_args(self, x0, y0, dx, dy, length, steps, pause, clamp=True):
        args = []
        for i in range(1, steps + 1):
            x = int(x0 + dx * length * i / steps)
            y = int(y0 + dy * length * i / steps)
            if clamp:
                x = min(max(x, 2), WIN_W - 3)
                y = min(max(y, 2), WIN_H - 3)
            args += ["sleep", f"{pause:.3f}", "mousemove", "--window", self.wid, x, y]
        return args

    def drag(self):
        x0, y0 = self.point()
        dx, dy = self.direction()
        length = self.rng.choice([self.rng.uniform(5, 40), self.rng.uniform(40, 400), self.rng.uniform(300, 1100)])
        steps = self.rng.randint(2, 30)
        pause = self.rng.uniform(0.004, 0.04)
        hold = self.rng.choice([0, 0, self.rng.uniform(0.05, 0.5)])
        self.note("drag", f"from {x0},{y0} dir {dx:.2f},{dy:.2f} len {length:.0f} steps {steps} pause {pause:.3f} hold {hold:.2f}")
        self.xdo("mousemove", "--window", self.wid, x0, y0, "mousedown", 1,
                 *self.path_args(x0, y0, dx, dy, length, steps, pause), "sleep", f"{hold:.3f}", "mouseup", 1)

    def fling(self, kind="fling"):
        x0, y0 = self.point(200)
        dx, dy = self.direction()
        length = self.rng.uniform(60, 300)
        steps = self.rng.randint(2, 4)
        pause = self.rng.uniform(0.005, 0.015)
        self.note(kind, f"from {x0},{y0} dir {dx:.2f},{dy:.2f} len {length:.0f}")
        self.xdo("mousemove", "--window", self.wid, x0, y0, "mousedown", 1,
                 *self.path_args(x0, y0, dx, dy, length, steps, pause), "mouseup", 1)

    def fling_series(self):
        """Quick flings one after the other: catching moving pages, rapid paging."""
        for _ in range(self.rng.randint(2, 6)):
            self.fling("fling-in-series")
            time.sleep(self.rng.uniform(0, 0.12))

    def wheel(self):
        button = self.rng.choice([4, 5, 6, 7])
        self.note("wheel-click", f"button {button}")
        self.xdo("mousemove", "--window", self.wid, *self.point(), "click", button)

    def wheel_burst(self):
        button = self.rng.choice([4, 5, 6, 7])
        count = self.rng.randint(2, 25)
        delay = self.rng.randint(4, 60)  # ms; under 35 ms reads as a touchpad
        self.note("wheel-burst", f"button {button} x{count} every {delay} ms")
        self.xdo("mousemove", "--window", self.wid, *self.point(), "click", "--repeat", count, "--delay", delay, button)

    KEYS = ["Left", "Right", "Up", "Down", "h", "j", "k", "l", "Home", "End", "Prior", "Next",
            "ctrl+Home", "ctrl+End", "i", "question"]

    def key(self):
        key = self.rng.choice(self.KEYS)
        self.note("key", key)
        self.xdo("key", key)

    def key_burst(self):
        keys = [self.rng.choice(self.KEYS[:12]) for _ in range(self.rng.randint(2, 10))]
        delay = self.rng.randint(20, 150)
        self.note("key-burst", f"{' '.join(keys)} every {delay} ms")
        self.xdo("key", "--delay", delay, *keys)

    def focus_change_mid_drag(self):
        if not self.other_wid:
            self.start_other()
        if not self.other_wid:
            return
        x0, y0 = self.point(200)
        dx, dy = self.direction()
        self.note("focus-change-mid-drag", f"from {x0},{y0} dir {dx:.2f},{dy:.2f}")
        self.xdo("mousemove", "--window", self.wid, x0, y0, "mousedown", 1,
                 *self.path_args(x0, y0, dx, dy, self.rng.uniform(30, 300), self.rng.randint(2, 8), 0.03))
        self.xdo("windowfocus", self.other_wid, timeout=5)
        time.sleep(self.rng.uniform(0.05, 0.4))
        # Moving on and releasing while the other window has the focus.
        self.xdo(*self.path_args(x0, y0, -dx, -dy, self.rng.uniform(0, 200), self.rng.randint(1, 4), 0.02),
                 "sleep", "0.05", "mouseup", 1)
        time.sleep(self.rng.uniform(0, 0.3))
        self.focus_app()

    def release_outside(self):
        """A drag that leaves the window and lets go out there."""
        x0, y0 = self.point(100)
        side = self.rng.choice(["right", "bottom"])
        x1, y1 = (WIN_W + self.rng.randint(20, 300), y0) if side == "right" else (x0, WIN_H + self.rng.randint(20, 200))
        steps = self.rng.randint(3, 20)
        args = []
        for i in range(1, steps + 1):
            args += ["sleep", "0.02", "mousemove", "--window", self.wid,
                     x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps]
        self.note("release-outside", f"from {x0},{y0} to {x1},{y1}")
        self.xdo("mousemove", "--window", self.wid, x0, y0, "mousedown", 1, *args, "sleep", "0.05", "mouseup", 1)

    def second_button_mid_drag(self):
        x0, y0 = self.point(200)
        dx, dy = self.direction()
        self.note("second-button-mid-drag", f"from {x0},{y0}")
        self.xdo("mousemove", "--window", self.wid, x0, y0, "mousedown", 1,
                 *self.path_args(x0, y0, dx, dy, self.rng.uniform(30, 300), 4, 0.03),
                 "sleep", "0.03", "mousedown", 3, "sleep", "0.03", "mouseup", 3, "sleep", "0.03", "mouseup", 1)

    ACTIONS = [  # (weight, method name)
        (22, "drag"), (14, "fling"), (5, "fling_series"), (12, "wheel"), (6, "wheel_burst"),
        (16, "key"), (5, "key_burst"), (5, "focus_change_mid_drag"), (5, "release_outside"),
        (3, "second_button_mid_drag"),
    ]

    def random_action(self):
        total = sum(w for w, _ in self.ACTIONS)
        r = self.rng.uniform(0, total)
        for weight, name in self.ACTIONS:
            r -= weight
            if r <= 0:
                getattr(self, name)()
                return
        getattr(self, self.ACTIONS[-1][1])()

    def pause_between(self):
        r = self.rng.random()
        if r < 0.3:
            return  # straight on: inputs landing on moving pages
        time.sleep(self.rng.uniform(0.02, 0.3) if r < 0.8 else self.rng.uniform(0.3, 1.2))

    # ------------------------------------------------------------ checks
    def quiet_and_settled(self, label):
        """After SETTLE_WAIT s without input the last engine event must be
        `settled`; keeps waiting up to 5 s more while the log still moves."""
        time.sleep(SETTLE_WAIT)
        deadline = time.monotonic() + 5
        while True:
            last = self.log.last_engine_event()
            if last is not None and last.get("event") == "settled":
                return True
            if time.monotonic() > deadline:
                self.failures.append(f"{label}: left between pages: {SETTLE_WAIT} s+ after the last input "
                                     f"the last engine event is {json.dumps(last)}")
                return False
            time.sleep(0.2)

    def probe(self, label):
        """The window must answer a flip key with page-will-change or bounced
        within PROBE_WAIT s (a key that flips on a disabled axis does neither, so
        several keys are tried)."""
        self.probes += 1
        self.focus_app()
        keys = self.rng.sample(["Right", "Left", "Down", "Up"], 4)
        for key in keys[:PROBE_TRIES]:
            mark = self.log.refresh()
            self.xdo("key", key)
            deadline = time.monotonic() + PROBE_WAIT
            while time.monotonic() < deadline:
                if any(e.get("event") in ("page-will-change", "bounced") for e in self.log.since(mark)):
                    self.note("probe-key", key)
                    return True
                time.sleep(0.05)
            self.note("probe-key", f"{key} (no answer)")
        if self.alive():
            self.failures.append(f"{label}: hang: {PROBE_TRIES} flip keys got neither page-will-change nor "
                                 f"bounced within {PROBE_WAIT} s each")
        return False

    # ------------------------------------------------------------ the run
    def run(self):
        self.started = time.monotonic()
        if not self.start():
            return 2
        before = digest_files(self.args.folder)
        sampler = threading.Thread(target=self.sampler, daemon=True)
        sampler.start()
        duration = self.args.minutes * 60
        next_probe = PROBE_EVERY
        drive_start = time.monotonic()
        while time.monotonic() - drive_start < duration and self.alive():
            self.random_action()
            self.pause_between()
            if time.monotonic() - drive_start >= next_probe and self.alive():
                next_probe += PROBE_EVERY
                self.xdo("mouseup", 1)  # nothing may stay pressed while it is judged
                self.focus_app()
                self.quiet_and_settled(f"check at {time.monotonic() - self.started:.0f} s")
                self.probe(f"probe at {time.monotonic() - self.started:.0f} s")
        driven = time.monotonic() - drive_start
        if self.alive():
            self.xdo("mouseup", 1)
            self.focus_app()
            self.quiet_and_settled("end of input")
            self.probe("final probe")
            self.quiet_and_settled("after the final probe")
        self.stop_sampling.set()
        sampler.join(timeout=5)

        crashed = not self.alive()
        exit_code = None
        if crashed:
            exit_code = self.app.returncode
            self.failures.append(f"crash: fourway exited with code {exit_code} at ~{self.gone_at or driven:.0f} s "
                                 f"(stderr tail: {tail(os.path.join(self.out, 'stderr.txt'))!r})")
        else:
            self.focus_app()
            self.xdo("key", "q")
            try:
                exit_code = self.app.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.failures.append("did not quit within 15 s of q")
                self.app.kill()
                exit_code = self.app.wait()
            if exit_code != 0:
                self.failures.append(f"quit with exit code {exit_code}")
        if self.other is not None and self.other.poll() is None:
            self.other.terminate()
            self.other.wait()
        after = digest_files(self.args.folder)
        if before != after:
            changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
            self.failures.append(f"files changed during the session: {changed[:5]}")
        self.input_log.close()
        return self.summary(driven, exit_code, len(before))

    def summary(self, driven, exit_code, files):
        events = self.log.since(0)
        kinds = collections.Counter(e.get("event") for e in events)
        pages = set()
        for e in events:
            if e.get("event") == "settled" and e.get("page") is not None:
                pages.add(tuple(e["page"]))
            if e.get("event") == "page-changed":
                pages.add(tuple(e["to"]))
        interruptions = collections.Counter(e.get("reason") for e in events if e.get("event") == "interrupted")
        gallery = next((e for e in events if e.get("event") == "gallery"), {})
        decode_errors = {e.get("file") for e in events if e.get("event") == "decode-error"}
        lines = []
        say = lines.append
        say(f"soak: {self.args.minutes:g} min requested, {driven:.0f} s of input, folder {self.args.folder} "
            f"({files} readable files; gallery {json.dumps({k: gallery.get(k) for k in ('images', 'pages', 'layout')})})")
        say(f"inputs: {sum(v for k, v in self.inputs.items() if k != 'probe-key')} "
            f"({', '.join(f'{k} {v}' for k, v in self.inputs.most_common())})")
        say(f"engine events: {sum(kinds[k] for k in ENGINE_EVENTS)} "
            f"({', '.join(f'{k} {kinds[k]}' for k in sorted(ENGINE_EVENTS))}); log lines {len(events)}, "
            f"unparsable {self.log.bad_lines}")
        say(f"pages visited: {len(pages)} distinct; page changes {kinds['page-changed']}; "
            f"decode errors: {len(decode_errors)} files")
        say(f"interruptions: {sum(interruptions.values())} "
            f"({', '.join(f'{k} {v}' for k, v in interruptions.most_common()) or 'none'})")
        stderr_lines = tail(os.path.join(self.out, "stderr.txt"), size=1 << 24).splitlines()
        say(f"stderr: {len(stderr_lines)} lines, {sum('gesture interrupted' in l for l in stderr_lines)} of them "
            f"interruptions, {sum(l.startswith('fourway: /') for l in stderr_lines)} naming a bad file")
        say(f"probes: {self.probes} (flip key answered within {PROBE_WAIT:g} s, else a hang)")
        growth = None
        if self.rss:
            kbs = [kb for _, kb in self.rss]
            say(f"RSS: {len(kbs)} samples; min {kbs and min(kbs) / 1024:.1f} MB, median "
                f"{statistics.median(kbs) / 1024:.1f} MB, max {max(kbs) / 1024:.1f} MB")
            # Warm-up: the first minute (a quarter of a run shorter than 4 minutes).
            # Compare the median of the minute after it with the median of the last minute.
            total = self.rss[-1][0]
            warm = 60.0 if total >= 240 else total / 4
            window = min(60.0, total / 4)
            first = [kb for t, kb in self.rss if warm <= t < warm + window]
            last = [kb for t, kb in self.rss if t >= total - window]
            if first and last:
                m1, m2 = statistics.median(first), statistics.median(last)
                growth = (m2 - m1) / m1
                say(f"RSS growth after warm-up: median {m1 / 1024:.1f} MB over {warm:.0f}–{warm + window:.0f} s -> "
                    f"median {m2 / 1024:.1f} MB over the last {window:.0f} s: {growth * 100:+.1f}% "
                    f"(goal < {GROWTH_GOAL * 100:.0f}%)")
                per_minute = []
                for start in range(0, int(total) + 1, 60):
                    chunk = [kb for t, kb in self.rss if start <= t < start + 60]
                    if chunk:
                        per_minute.append(f"{statistics.median(chunk) / 1024:.1f}")
                say(f"RSS median per minute (MB): {' '.join(per_minute)}")
                if growth >= GROWTH_GOAL:
                    self.failures.append(f"RSS grew {growth * 100:.1f}% after warm-up (goal < {GROWTH_GOAL * 100:.0f}%)")
            else:
                say("RSS growth: too few samples to judge")
        else:
            self.failures.append("no RSS samples")
        say(f"exit code: {exit_code}")
        for finding in self.findings:
            say(f"finding: {finding}")
        for failure in self.failures:
            say(f"FAIL: {failure}")
        say(f"output: {self.out} (rss.csv, events.jsonl, stderr.txt, inputs.log, summary.txt)")
        say("PASS" if not self.failures else "FAIL")
        text = "\n".join(lines) + "\n"
        sys.stdout.write(text)
        with open(os.path.join(self.out, "summary.txt"), "w") as f:
            f.write(text)
        return 0 if not self.failures else 1


def digest_files(folder):
    """SHA-256 of every regular file it can read (no symlinks followed, FIFOs
    and unreadable files skipped), to prove the session wrote nothing."""
    digests = {}
    for directory, dirs, names in os.walk(folder):
        for name in names:
            path = os.path.join(directory, name)
            try:
                info = os.lstat(path)
                if not stat.S_ISREG(info.st_mode):
                    continue
                if info.st_size > HASH_LIMIT:  # e.g. a huge sparse file: size and mtime say enough
                    digests[path] = f"size {info.st_size} mtime {info.st_mtime_ns}"
                    continue
                h = hashlib.sha256()
                with open(path, "rb") as f:
                    for block in iter(lambda: f.read(1 << 20), b""):
                        h.update(block)
                digests[path] = h.hexdigest()
            except OSError:
                continue
    return digests


def tail(path, size=400):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - size))
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--minutes", type=float, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=None)
    # Larger than the 1200x750 window: room to let go outside it and for another window.
    parser.add_argument("--screen", default="1600x1000x24")
    args = parser.parse_args()
    xvfb = harness.start_xvfb(args.screen, range(69, 39, -1), log=os.path.join(args.out, "xvfb.log"))
    if xvfb is None:
        print("soak: no Xvfb started on a free display between :40 and :69", file=sys.stderr)
        sys.exit(2)
    print(f"soak: Xvfb on {os.environ['DISPLAY']}; driving fourway for {args.minutes} min", file=sys.stderr, flush=True)
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1 << 31)
    print(f"soak: seed {args.seed} (--seed {args.seed} repeats the same input choices)", flush=True)
    soak = Soak(args)
    try:
        code = soak.run()
    finally:
        if soak.app is not None and soak.app.poll() is None:
            soak.app.kill()
        if soak.other is not None and soak.other.poll() is None:
            soak.other.kill()
        harness.stop_xvfb(xvfb)
    sys.exit(code)


if __name__ == "__main__":
    main()
