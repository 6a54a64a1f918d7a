#!/usr/bin/env python3
"""End-to-end checks of pager-replay: runs the real binary on the scripts in
this folder and asserts on the key events (pages reached, edges bounced,
interruptions, settling), on error lines and exit codes, and on the output
format. Not golden files: tuning the engine's numbers must not break these.

    python3 Tests/replay/check.py PATH/TO/pager-replay

Every script *.jsonl here must have a case below (a script without one fails
the run), so nothing is silently unchecked.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# Generous bound for one pager-replay run, s: a run takes milliseconds.
RUN_TIMEOUT = 60
# pager-replay steps at most this long after the last input, s (its documented cap).
STEPPING_CAP = 60
# Key order of every event line, as documented in docs/pager-replay.md.
EVENT_KEYS = {
    "drag-began": ["t", "event"],
    "axis-locked": ["t", "event", "axis"],
    "page-will-change": ["t", "event", "from", "to"],
    "page-changed": ["t", "event", "from", "to"],
    "slots-recycled": ["t", "event", "slots"],
    "bounced": ["t", "event", "edge"],
    "interrupted": ["t", "event", "reason", "page"],
    "settled": ["t", "event", "page"],
    "zoom-changed": ["t", "event", "scale", "fit"],
    "pan-handed-over": ["t", "event", "axis", "direction"],
}
PHASES = {"idle", "pressed", "dragging-h", "dragging-v", "dragging-none",
          "scrolling-h", "scrolling-v", "scrolling-none", "animating", "settling"}
# A number printed with more decimals than the format allows (times: 6, px: 3), or an exponent.
TOO_PRECISE_TIME = re.compile(r'"t":-?\d+\.\d{7,}')
EXPONENT = re.compile(r'\d[eE][-+]?\d')


class CheckFailed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


class Run:
    """One run of pager-replay: exit code, stdout lines parsed, stderr."""

    def __init__(self, binary, args, script_text):
        result = subprocess.run([binary, *args], input=script_text, capture_output=True,
                                text=True, timeout=RUN_TIMEOUT)
        self.code = result.returncode
        self.stdout = result.stdout
        self.stderr = result.stderr
        self.lines = result.stdout.splitlines()
        self.records = []
        for number, line in enumerate(self.lines, 1):
            try:
                self.records.append(json.loads(line))
            except json.JSONDecodeError:
                raise CheckFailed(f"output line {number} is not JSON: {line!r}")
        self.events = [r for r in self.records if "event" in r]
        self.frames = [r for r in self.records if "frame" in r]

    def kinds(self):
        return [e["event"] for e in self.events]

    def of(self, kind):
        return [e for e in self.events if e["event"] == kind]

    def pages_changed(self):
        return [e["to"] for e in self.of("page-changed")]

    def last_event(self):
        expect(self.events, "no events at all")
        return self.events[-1]


def script_path(name):
    return os.path.join(HERE, name + ".jsonl")


def read_script(name):
    with open(script_path(name)) as f:
        return f.read()


# ---------------------------------------------------------------- generic checks

def check_format(run, start):
    """Every line: JSON object, documented key order, rounded numbers, time never
    going back; page changes chain from the start page; promises kept."""
    expect(run.code == 0, f"exit code {run.code}, stderr: {run.stderr.strip()}")
    expect(run.stderr == "", f"unexpected stderr: {run.stderr.strip()}")
    last_time = None
    for line, record in zip(run.lines, run.records):
        expect(not EXPONENT.search(line), f"number with an exponent: {line}")
        expect(not TOO_PRECISE_TIME.search(line), f"time not rounded to microseconds: {line}")
        keys = list(record.keys())
        if "frame" in record:
            expect(keys == ["t", "frame"], f"frame line keys {keys}")
            frame = record["frame"]
            expect(list(frame.keys()) == ["page", "offset", "phase"], f"frame keys {list(frame.keys())}")
            expect(frame["phase"] in PHASES, f"unknown phase {frame['phase']}")
            for value in frame["offset"]:
                expect(round(value, 3) == value, f"offset not rounded to 0.001 px: {line}")
        else:
            kind = record.get("event")
            expect(kind in EVENT_KEYS, f"unknown event line: {line}")
            expect(keys == EVENT_KEYS[kind], f"{kind} keys {keys}, expected {EVENT_KEYS[kind]}")
            if kind == "slots-recycled":
                ids = [slot["id"] for slot in record["slots"]]
                expect(len(set(ids)) == len(ids) and all(0 <= i <= 8 for i in ids), f"bad slot ids {ids}")
                for slot in record["slots"]:
                    expect(list(slot.keys()) == ["id", "page"], f"slot keys {list(slot.keys())}")
        time = record["t"]
        expect(last_time is None or time >= last_time, f"time goes back: {line}")
        last_time = time
    # Page changes chain from the start page; settled names the page it is on;
    # every drag-began and every interrupted is eventually followed by settled.
    current = list(start)
    pending = None
    for event in run.events:
        if event["event"] == "page-changed":
            expect(event["from"] == current, f"page-changed from {event['from']}, but the page was {current}")
            current = event["to"]
        elif event["event"] in ("drag-began", "interrupted"):
            pending = event
        elif event["event"] == "settled":
            pending = None
            expect(event["page"] == current, f"settled on {event['page']}, but the page is {current}")
    return pending


def check_frames_agree(plain, framed):
    """--frames adds frame lines and changes nothing else; frames step forward."""
    expect(framed.events == plain.events, "events differ with --frames")
    times = [f["t"] for f in framed.frames]
    expect(all(b > a for a, b in zip(times, times[1:])), "frame times do not increase")
    if plain.events and plain.last_event()["event"] == "settled" and framed.frames:
        last = framed.frames[-1]["frame"]
        expect(last["phase"] == "idle" and last["offset"] == [0, 0],
               f"last frame is not at rest: {last}")
        expect(last["page"] == plain.last_event()["page"], "last frame is not on the settled page")


# ---------------------------------------------------------------- the cases

CASES = {}


def case(name, *args, start=(0, 0), settles=True):
    """Registers the checks for script NAME.jsonl, run with ARGS."""
    def register(check):
        CASES[name] = (list(args), start, settles, check)
        return check
    return register


@case("slow-drag-returns")
def _(run, framed):
    # 480 of 1280 px, held still before release: no fling, under half a page.
    expect(run.kinds()[:2] == ["drag-began", "axis-locked"], f"start {run.kinds()[:2]}")
    expect(run.of("axis-locked")[0]["axis"] == "h", "not locked horizontally")
    expect(run.pages_changed() == [], f"changed pages {run.pages_changed()}")
    expect(run.of("page-will-change") == [], "decided to change page")
    expect(run.last_event()["page"] == [0, 0], "did not settle on [0,0]")
    # The content followed the finger (about -464 px after the 16 px slop) while dragging.
    dragging = [f["frame"]["offset"][0] for f in framed.frames if f["frame"]["phase"] == "dragging-h"]
    expect(dragging and -480 <= min(dragging) <= -440, f"drag offset {min(dragging or [0])}")


@case("slow-drag-past-half")
def _(run, framed):
    # 800 of 1280 px held still: the position alone passes half a page.
    expect(run.pages_changed() == [[1, 0]], f"changed pages {run.pages_changed()}")
    will = run.of("page-will-change")
    up_time = 1.5
    expect(len(will) == 1 and will[0]["to"] == [1, 0] and will[0]["t"] == up_time,
           f"page-will-change {will}")
    recycled = run.of("slots-recycled")
    expect(len(recycled) == 1 and sorted(s["page"] for s in recycled[0]["slots"]) == [[2, -1], [2, 0], [2, 1]],
           f"recycled {recycled}")
    expect(run.last_event() == {"t": run.last_event()["t"], "event": "settled", "page": [1, 0]}, "not settled on [1,0]")


@case("fling-left")
def _(run, framed):
    # 120 px in 48 ms (2500 px/s): a fling, far below half a page.
    expect(run.pages_changed() == [[1, 0]], f"changed pages {run.pages_changed()}")
    expect(run.last_event()["page"] == [1, 0], "did not settle on [1,0]")


@case("fling-right-small")
def _(run, framed):
    # Content dragged right 60 px quickly brings the page on the left.
    expect(run.pages_changed() == [[-1, 0]], f"changed pages {run.pages_changed()}")
    ids = sorted(s["id"] for s in run.of("slots-recycled")[0]["slots"])
    expect(len(ids) == 3, f"recycled {ids}")


@case("fling-up")
def _(run, framed):
    # Content flung up brings v+1; locked vertically despite some sideways motion.
    expect(run.of("axis-locked")[0]["axis"] == "v", "not locked vertically")
    expect(run.pages_changed() == [[0, 1]], f"changed pages {run.pages_changed()}")
    expect(all(f["frame"]["offset"][0] == 0 for f in framed.frames), "moved horizontally")


@case("edge-drag", "--h-pages", "3")
def _(run, framed):
    # Dragging the first page right pulls past the left edge: rubber band, then bounce back.
    bounced = run.of("bounced")
    expect([b["edge"] for b in bounced] == ["left"], f"bounced {bounced}")
    expect(bounced[0]["t"] == 0.8, f"bounced at {bounced[0]['t']}, not at the release (0.8)")
    expect(run.pages_changed() == [] and run.of("page-will-change") == [], "changed page at an edge")
    expect(run.last_event()["page"] == [0, 0], "did not settle on [0,0]")
    pulled = max(f["frame"]["offset"][0] for f in framed.frames)
    # The finger travelled about 585 px past the slop; the band shows clearly less, and not nothing.
    expect(50 < pulled < 0.6 * 585, f"rubber band showed {pulled} px")


@case("edge-fling", "--h-pages", "3")
def _(run, framed):
    # A fling into the edge bounces and never flips.
    expect([b["edge"] for b in run.of("bounced")] == ["left"], f"bounced {run.of('bounced')}")
    expect(run.pages_changed() == [], f"changed pages {run.pages_changed()}")
    expect(run.last_event()["page"] == [0, 0], "did not settle on [0,0]")


@case("rapid-flings")
def _(run, framed):
    # Five flings, each catching the previous animation: five pages, none lost.
    expect(run.kinds().count("drag-began") == 5, f"drags {run.kinds().count('drag-began')}")
    expect(run.pages_changed() == [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]], f"changed pages {run.pages_changed()}")
    expect(run.kinds().count("settled") == 1, "settled between flings")
    expect(run.last_event()["page"] == [5, 0], "did not settle on [5,0]")


@case("rapid-flips")
def _(run, framed):
    # Five arrow presses 50 ms apart: five pages in order, one settled at the end.
    expect(run.pages_changed() == [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]], f"changed pages {run.pages_changed()}")
    expect(run.kinds().count("settled") == 1, "settled between flips")
    expect(run.last_event()["page"] == [5, 0], "did not settle on [5,0]")
    expect(run.of("bounced") == [], "bounced on an infinite axis")


@case("interrupt-past-half", settles=True)
def _(run, framed):
    # Focus lost while dragged 70% of a page: reported, then settles on the nearest page.
    interrupted = run.of("interrupted")
    expect(len(interrupted) == 1 and interrupted[0]["reason"] == "focus-lost" and interrupted[0]["page"] == [1, 0]
           and interrupted[0]["t"] == 0.6, f"interrupted {interrupted}")
    expect(run.pages_changed() == [[1, 0]], f"changed pages {run.pages_changed()}")
    expect(run.last_event()["page"] == [1, 0], "did not settle on [1,0]")


@case("interrupt-before-half")
def _(run, framed):
    # A second finger while dragged 35% up: back to the page it started on.
    interrupted = run.of("interrupted")
    expect(len(interrupted) == 1 and interrupted[0]["reason"] == "second-pointer"
           and interrupted[0]["page"] == [0, 0], f"interrupted {interrupted}")
    expect(run.pages_changed() == [], f"changed pages {run.pages_changed()}")
    expect(run.last_event()["page"] == [0, 0], "did not settle on [0,0]")


@case("scroll-no-end")
def _(run, framed):
    # A touchpad swipe (600 touchpad units, 1.5 pages at 400 a page, in 0.2 s) whose end
    # event never comes. It reaches [1,0] at 400 units and holds there (one page per
    # swipe); the quiet gap ends it on [1,0] with no further page decision.
    expect(run.kinds()[:2] == ["drag-began", "axis-locked"], f"start {run.kinds()[:2]}")
    last_scroll = 0.19
    changed = run.of("page-changed")
    expect([e["to"] for e in changed] == [[1, 0]], f"changed pages {run.pages_changed()}")
    expect(changed[0]["t"] <= last_scroll, f"reached [1,0] at {changed[0]['t']}, not during the swipe")
    expect(run.of("page-will-change") == [], f"page-will-change {run.of('page-will-change')}")
    settled = run.last_event()
    expect(settled["event"] == "settled" and settled["page"] == [1, 0], f"last event {settled}")
    expect(last_scroll + 0.1 <= settled["t"] <= last_scroll + 0.25,
           f"settled at {settled['t']}, not after a quiet gap of about 0.15 s")
    expect(any(f["frame"]["phase"] == "scrolling-h" for f in framed.frames), "never in phase scrolling-h")


@case("scroll-slow-end")
def _(run, framed):
    # 50 touchpad units (a sixth of a page at 300 a page) of slow vertical scrolling,
    # ended by the touchpad: returns.
    expect(run.of("axis-locked")[0]["axis"] == "v", "not locked vertically")
    expect(run.pages_changed() == [], f"changed pages {run.pages_changed()}")
    expect(run.last_event()["page"] == [0, 0], "did not settle on [0,0]")


@case("scroll-fast-end")
def _(run, framed):
    # 200 touchpad units of content moving down in 80 ms (2.5 units/ms): flips to the page above.
    expect(run.of("page-will-change")[0]["t"] == 0.08, "did not decide at the scroll end")
    expect(run.pages_changed() == [[0, -1]], f"changed pages {run.pages_changed()}")


@case("go-far-and-back")
def _(run, framed):
    # go [3,-2] animated lands there; go [0,0] not animated jumps back at once.
    expect(run.pages_changed()[-2:] == [[3, -2], [0, 0]], f"changed pages {run.pages_changed()}")
    expect(run.of("settled")[0]["page"] == [3, -2], "did not settle on [3,-2]")
    jump = [e for e in run.events if e["t"] == 1.5]
    expect([e["event"] for e in jump] == ["page-changed", "slots-recycled", "settled"], f"jump events {jump}")
    expect(jump[2]["page"] == [0, 0], f"the jump settled on {jump[2]}")
    expect(len(jump[1]["slots"]) == 9, "a far jump must give all nine slots new pages")
    last = framed.frames[-1]
    expect(last["frame"] == {"page": [0, 0], "offset": [0, 0], "phase": "idle"} and last["t"] > 1.5,
           f"last frame {last}")


@case("bounds-shrink", "--start", "5,1", start=(5, 1))
def _(run, framed):
    # The bounds shrink under the page: clamped at once, the column beyond the edge empty.
    first = run.events[0]
    expect(first["event"] == "page-changed" and first["to"] == [2, 1] and first["t"] == 0, f"first {first}")
    slots = run.of("slots-recycled")[0]["slots"]
    expect(sum(1 for s in slots if s["page"] is None) == 3, f"slots {slots}")
    expect([b["edge"] for b in run.of("bounced")] == ["right"], "the flip past the new edge did not bounce")
    expect(run.last_event()["page"] == [2, 1], "did not settle on [2,1]")


@case("bounds-grow", "--h-pages", "1")
def _(run, framed):
    # One page: a flip bounces; the axis becomes infinite: the same flip moves.
    expect([b["edge"] for b in run.of("bounced")] == ["right"], f"bounced {run.of('bounced')}")
    expect(run.pages_changed() == [[1, 0]], f"changed pages {run.pages_changed()}")
    grown = [e for e in run.of("slots-recycled") if e["t"] == 0.5]
    expect(grown and len(grown[0]["slots"]) == 6, f"slots after growing {grown}")


@case("flip-resize")
def _(run, framed):
    # Resized to 1024x768 mid-flip: still lands on [0,1], offsets in the new size.
    expect(run.pages_changed() == [[0, 1]], f"changed pages {run.pages_changed()}")
    after = [f["frame"]["offset"][1] for f in framed.frames if f["t"] > 0.08]
    expect(after and all(-768 <= y <= 0 for y in after), f"offsets after resize {after[:3]}")


@case("overshoot-edges", "--h-pages", "3", "--overshoot", "right,top,bottom")
def _(run, framed):
    # The left edge does not overshoot: the pull past it stops dead, the 200 px back
    # move the content at once, and the flip left into it at 2 s does nothing at all.
    expect(run.of("bounced") == [], f"bounced {run.of('bounced')}")
    offsets = [f["frame"]["offset"][0] for f in framed.frames]
    expect(max(offsets) == 0, f"content pulled {max(offsets)} px past the left edge")
    expect(min(offsets) == -200, f"the way back moved the content {min(offsets)} px, not -200")
    expect(run.pages_changed() == [], f"changed pages {run.pages_changed()}")
    expect(all(e["t"] < 2 for e in run.events), "the flip into the edge made an event")
    expect(run.last_event() == {"t": 1.5, "event": "settled", "page": [0, 0]}, f"last {run.last_event()}")


@case("long-swipes", "--long-swipes", "--max-swipe-pages", "3")
def _(run, framed):
    # A hard fling (600 px in 60 ms) travels as far as its projection reaches, capped
    # at 3 pages: one decision, then a landing and a recycle for every page passed.
    will = run.of("page-will-change")
    expect([w["to"] for w in will] == [[3, 0]], f"page-will-change {will}")
    expect(run.pages_changed() == [[1, 0], [2, 0], [3, 0]], f"changed pages {run.pages_changed()}")
    expect(len(run.of("slots-recycled")) == 3, f"recycled {len(run.of('slots-recycled'))} times")
    expect(run.of("bounced") == [], "bounced")
    expect(run.last_event()["page"] == [3, 0], "did not settle on [3,0]")


@case("ragged-rows", "--v-pages", "3", "--row-lengths", "5,2,8")
def _(run, framed):
    # From (4,0) down into the 2-page row lands on its last page (1,1); a flip right
    # there bounces off the row's end; down into the 8-page row keeps the column; right moves on.
    expect(run.pages_changed() == [[4, 0], [1, 1], [1, 2], [2, 2]], f"changed pages {run.pages_changed()}")
    expect([w["to"] for w in run.of("page-will-change")] == [[1, 1], [1, 2], [2, 2]],
           f"page-will-change {run.of('page-will-change')}")
    expect([b["edge"] for b in run.of("bounced")] == ["right"], f"bounced {run.of('bounced')}")
    # No slot ever shows a page past its row's end.
    lengths = [5, 2, 8]
    for recycled in run.of("slots-recycled"):
        for slot in recycled["slots"]:
            page = slot["page"]
            expect(page is None or 0 <= page[0] < lengths[page[1]], f"slot {slot['id']} shows {page}")
    expect(run.last_event()["page"] == [2, 2], "did not settle on [2,2]")


@case("spacing", "--spacing", "300")
def _(run, framed):
    # Pages 1280 px wide, 300 px apart: the pitch is 1580 px. A slow drag held
    # at about 684 px passes half a page but not half the pitch, so it returns;
    # the flip then travels a whole pitch, into the gap, before landing.
    dragging = [f["frame"]["offset"][0] for f in framed.frames if f["frame"]["phase"] == "dragging-h"]
    expect(dragging and 640 < -min(dragging) < 790, f"drag offset {min(dragging or [0])}")
    expect(run.pages_changed() == [[1, 0]], f"changed pages {run.pages_changed()}")
    expect(run.of("page-will-change")[0]["t"] == 3, "the drag decided to change page")
    before_landing = [f["frame"]["offset"][0] for f in framed.frames if f["frame"]["page"] == [0, 0]]
    # (<=: the key flip's ease-out prints its last frames within 0.001 px of the pitch.)
    expect(-1580 <= min(before_landing) < -1500, f"the flip travelled {-min(before_landing)} px")
    expect(run.last_event()["page"] == [1, 0], "did not settle on [1,0]")


@case("reversed", "--h-pages", "3", "--reversed", "h")
def _(run, framed):
    # Right to left: page 0's open edge is on the right of the screen. A fling of
    # the content left (towards h-1) bounces there; a flip left shows page 1;
    # the same fling from page 1 brings page 0 back.
    expect([b["edge"] for b in run.of("bounced")] == ["right"], f"bounced {run.of('bounced')}")
    expect(run.pages_changed() == [[1, 0], [0, 0]], f"changed pages {run.pages_changed()}")
    flip = [f["frame"]["offset"][0] for f in framed.frames if 2 <= f["t"] < 2.3]
    expect(flip and min(flip) >= 0 and max(flip) > 0, "the flip left did not move the content right")
    recycled = run.of("slots-recycled")[0]["slots"]
    expect(sorted(s["page"][0] for s in recycled) == [2, 2, 2], f"recycled {recycled}")
    expect(run.last_event()["page"] == [0, 0], "did not settle on [0,0]")


@case("flip-at-edge", "--h-pages", "2")
def _(run, framed):
    # The second flip right meets the right edge: bounce, stay on [1,0].
    expect(run.pages_changed() == [[1, 0]], f"changed pages {run.pages_changed()}")
    expect([b["edge"] for b in run.of("bounced")] == ["right"], f"bounced {run.of('bounced')}")
    expect([e["page"] for e in run.of("settled")] == [[1, 0], [1, 0]], f"settled {run.of('settled')}")


@case("disabled-axis", "--v-pages", "0")
def _(run, framed):
    # A vertical drag and a flip down on a disabled axis move nothing.
    expect(run.of("axis-locked") == [], "locked an axis")
    expect(run.kinds() == ["drag-began", "settled"], f"events {run.kinds()}")
    expect(all(f["frame"]["offset"] == [0, 0] for f in framed.frames), "moved")


@case("held-pointer", settles=False)
def _(run, framed):
    # A pointer held down forever: pager-replay gives up after its cap and exits 0.
    expect(run.kinds() == ["drag-began", "axis-locked"], f"events {run.kinds()}")
    last = framed.frames[-1]
    expect(last["frame"]["phase"] == "dragging-h", f"last frame {last}")
    expect(STEPPING_CAP - 1 < last["t"] <= 0.1 + STEPPING_CAP, f"stepped until {last['t']}")


@case("catch-and-hold")
def _(run, framed):
    # A flip caught early and released without moving settles back by position.
    expect(run.kinds()[:3] == ["page-will-change", "drag-began", "axis-locked"], f"events {run.kinds()}")
    expect(run.of("drag-began")[0]["t"] == 0.012, "the catch did not begin a drag at once")
    expect(run.pages_changed() == [], f"changed pages {run.pages_changed()}")
    # Caught where it was: the first frame after the catch shows the offset it had just before.
    before = [f for f in framed.frames if f["t"] < 0.012][-1]["frame"]["offset"][0]
    after = [f for f in framed.frames if f["t"] > 0.012][0]["frame"]["offset"][0]
    expect(before < 0 and abs(after - before) < 20, f"jumped from {before} to {after} when caught")


@case("zoom-pan-hand-over")
def _(run, framed):
    # Zoomed: the pan reaches the image's edge, the rest of the same drag moves the pager.
    kinds = run.kinds()
    expect(run.of("zoom-changed")[0]["scale"] == 2 and run.of("zoom-changed")[0]["fit"] is False,
           f"first zoom-changed {run.of('zoom-changed')[:1]}")
    handed = run.of("pan-handed-over")
    expect(len(handed) == 1 and handed[0]["axis"] == "h" and handed[0]["direction"] == "right",
           f"pan-handed-over {handed}")
    expect(kinds.index("drag-began") < kinds.index("pan-handed-over") < kinds.index("page-changed"),
           f"order {kinds}")
    expect(run.pages_changed() == [[1, 0]], f"changed pages {run.pages_changed()}")
    landed = kinds.index("page-changed")
    expect(run.of("zoom-changed")[-1]["fit"] is True and kinds.index("zoom-changed", landed) > landed,
           "the new page is not shown fitted")
    expect(run.last_event()["page"] == [1, 0], "did not settle on [1,0]")
    # No jump at the hand-over: the pager starts from 0 and follows the finger.
    dragging = [f["frame"]["offset"][0] for f in framed.frames if f["frame"]["phase"] == "dragging-h"]
    expect(dragging and -30 < dragging[0] <= 0, f"the pager jumped to {dragging[:1]} at the hand-over")


def error_case(name, line_number, message, events_before):
    def check(binary):
        run = Run(binary, [script_path(name)], None)
        expect(run.code == 2, f"exit code {run.code}")
        expected = f"pager-replay: line {line_number}: {message}\n"
        expect(run.stderr == expected, f"stderr {run.stderr!r}, expected {expected!r}")
        expect(run.kinds() == events_before, f"events before the error {run.kinds()}")
    return check


ERROR_SCRIPTS = {
    "error-time-backwards": error_case(
        "error-time-backwards", 3, '"t" goes backwards: 0.4 is before the previous line\'s 0.5',
        # line 1's flip lands before line 2's flip starts; nothing of line 3 runs
        ["page-will-change", "page-changed", "slots-recycled", "settled", "page-will-change"]),
    "error-unknown-key": error_case(
        "error-unknown-key", 2, 'unknown key "speed"', ["page-will-change"]),
}

# Malformed lines fed on standard input: (script, line number, message).
BAD_LINES = [
    ('{"t":0,"flip":"right"}\nnot json\n', 2, "not valid JSON"),
    ('[1,2]\n', 1, "expected a JSON object, one input per line"),
    ('{"down":[1,2]}\n', 1, 'missing "t" (seconds)'),
    ('{"t":"0","down":[1,2]}\n', 1, '"t" must be a number of seconds, not "0"'),
    ('{"t":null,"down":[1,2]}\n', 1, '"t" must be a number of seconds, not null'),
    ('{"t":0}\n', 1, "no input: expected one of down, move, up, interrupt, scroll, scroll-end, flip, go, resize, bounds, zoom, zoom-content"),
    ('{"t":0,"down":[1,2],"up":[1,2]}\n', 1, 'more than one input: "down" and "up"'),
    ('{"t":0,"down":[1]}\n', 1, '"down" must be [x,y], two numbers, not [1]'),
    ('{"t":0,"move":[1,true]}\n', 1, '"move" must be [x,y], two numbers, not [1,true]'),
    ('{"t":0,"scroll":"left"}\n', 1, '"scroll" must be [dx,dy], two numbers, not "left"'),
    ('{"t":0,"interrupt":"bored"}\n', 1,
     'unknown interrupt reason "bored" (expected one of focus-lost, window-hidden, second-pointer, released-outside, escape, host)'),
    ('{"t":0,"flip":"sideways"}\n', 1, 'unknown flip direction "sideways" (expected one of left, right, up, down)'),
    ('{"t":0,"scroll-end":false}\n', 1, '"scroll-end" must be true, not false'),
    ('{"t":0,"go":[1.5,0]}\n', 1, '"go" must be [h,v], two whole numbers, not [1.5,0]'),
    ('{"t":0,"go":[1,0],"animated":1}\n', 1, '"animated" must be true or false, not 1'),
    ('{"t":0,"flip":"up","animated":false}\n', 1, '"animated" only goes with "go" or "zoom"'),
    ('{"t":0,"flip":"up","at":[1,2]}\n', 1, '"at" only goes with "zoom"'),
    ('{"t":0,"zoom":0}\n', 1, '"zoom" must be a scale above 0 (1 = fit), not 0'),
    ('{"t":0,"zoom-content":[10,10]}\n', 1, '"zoom-content" must be [width,height,pixelScale], three numbers above 0, not [10,10]'),
    ('{"t":0,"resize":[0,768]}\n', 1, '"resize" must be [width,height] above 0, not [0,768]'),
    ('{"t":0,"bounds":[null,-2]}\n', 1,
     '"bounds" must be [h,v], each null (infinite) or a page count >= 0, not [null,-2]'),
    # blank lines are skipped but still counted
    ('{"t":0,"flip":"right"}\n\n{"t":1,"flip":"left","x":1}\n', 3, 'unknown key "x"'),
]

# Bad flags: ArgumentParser's error on stderr, a non-zero exit, nothing on stdout.
BAD_FLAGS = [
    ["--width", "0"], ["--height", "-5"], ["--fps", "0"], ["--fps", "abc"],
    ["--h-pages", "x"], ["--v-pages", "-1"], ["--start", "1"], ["--start", "a,b"],
    ["--frobnicate"], [os.path.join(HERE, "no-such-script.jsonl")],
    ["--overshoot", "up"], ["--overshoot", "left,,top"], ["--max-swipe-pages", "0"],
    ["--row-lengths", "5,2"], ["--spacing", "-1"], ["--spacing", "inf"],
    ["--reversed", "x"], ["--reversed", "vh"], ["--v-pages", "2", "--row-lengths", "5,0"],
]

# Good flags that must be accepted (with a script on stdin).
GOOD_FLAGS = [
    ["--start", "-3,2"], ["--start=-3,2"], ["--h-pages", "inf", "--v-pages", "0"],
    ["--width", "1024", "--height", "768", "--fps", "60"], ["--frames"],
    ["--overshoot", "none"], ["--overshoot", "all"], ["--overshoot", "bottom,left"],
    ["--long-swipes"], ["--long-swipes", "--max-swipe-pages", "1"],
    ["--v-pages", "2", "--row-lengths", "3,1"], ["--spacing", "12.5"], ["--reversed", "hv"],
]


def main():
    if len(sys.argv) != 2:
        print("usage: check.py PATH/TO/pager-replay", file=sys.stderr)
        return 2
    binary = sys.argv[1]
    if not os.access(binary, os.X_OK):
        print(f"check.py: {binary} is not an executable", file=sys.stderr)
        return 2
    passed = failed = 0

    def report(name, check):
        nonlocal passed, failed
        try:
            check()
            passed += 1
            print(f"ok   {name}")
        except (CheckFailed, subprocess.TimeoutExpired) as error:
            failed += 1
            print(f"FAIL {name}: {error}")

    scripts = sorted(f[:-len(".jsonl")] for f in os.listdir(HERE) if f.endswith(".jsonl"))
    for name in scripts:
        if name in ERROR_SCRIPTS:
            report(name, lambda name=name: ERROR_SCRIPTS[name](binary))
            continue
        if name not in CASES:
            report(name, lambda name=name: expect(False, "script has no case in check.py"))
            continue
        args, start, settles, check = CASES[name]

        def run_case(name=name, args=args, start=start, settles=settles, check=check):
            text = read_script(name)
            plain = Run(binary, [*args, script_path(name)], None)
            pending = check_format(plain, start)
            if settles:
                expect(pending is None, f"{pending and pending['event']} at {pending and pending['t']} never followed by settled")
                expect(plain.last_event()["event"] == "settled", f"last event {plain.last_event()}")
            again = Run(binary, [*args, script_path(name)], None)
            expect(again.stdout == plain.stdout, "two runs of the same script differ")
            piped = Run(binary, args, text)
            expect(piped.stdout == plain.stdout, "standard input gives other output than the file")
            framed = Run(binary, [*args, "--frames", script_path(name)], None)
            check_format(framed, start)
            check_frames_agree(plain, framed)
            check(plain, framed)
        report(name, run_case)

    for number, (text, line_number, message) in enumerate(BAD_LINES, 1):
        def bad_line(text=text, line_number=line_number, message=message):
            run = Run(binary, [], text)
            expect(run.code == 2, f"exit code {run.code} for {text!r}")
            expected = f"pager-replay: line {line_number}: {message}\n"
            expect(run.stderr == expected, f"stderr {run.stderr!r}, expected {expected!r}")
        report(f"bad line {number}: {text.strip().splitlines()[-1]}", bad_line)

    for flags in BAD_FLAGS:
        def bad_flags(flags=flags):
            run = Run(binary, flags, '{"t":0,"flip":"right"}\n')
            expect(run.code != 0, f"exit code 0 for {flags}")
            expect(run.stdout == "", f"printed {run.stdout!r}")
            expect(run.stderr.startswith("Error:"), f"stderr {run.stderr!r}")
        report(f"bad flags {' '.join(flags)}", bad_flags)

    for flags in GOOD_FLAGS:
        def good_flags(flags=flags):
            run = Run(binary, flags, '{"t":0,"flip":"right"}\n')
            expect(run.code == 0 and run.stderr == "", f"exit {run.code}, stderr {run.stderr!r}")
            expect("page-will-change" in run.kinds(), f"events {run.kinds()}")
        report(f"flags {' '.join(flags)}", good_flags)

    def empty_script():
        run = Run(binary, [], "")
        expect(run.code == 0 and run.stdout == "" and run.stderr == "", "an empty script must print nothing")
    report("empty script", empty_script)

    def negative_times():
        # Host clocks may start anywhere; only the order of times matters.
        run = Run(binary, [], '{"t":-5,"flip":"right"}\n{"t":-4,"flip":"left"}\n')
        expect(run.code == 0, f"exit code {run.code}: {run.stderr}")
        expect(run.pages_changed() == [[1, 0], [0, 0]], f"changed pages {run.pages_changed()}")
        expect(run.events[0]["t"] == -5, f"first event {run.events[0]}")
    report("negative times", negative_times)

    def crlf_script():
        run = Run(binary, [], '{"t":0,"flip":"down"}\r\n{"t":1,"flip":"up"}\r\n')
        expect(run.code == 0, f"exit code {run.code}: {run.stderr}")
        expect(run.pages_changed() == [[0, 1], [0, 0]], f"changed pages {run.pages_changed()}")
    report("CRLF line ends", crlf_script)

    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
