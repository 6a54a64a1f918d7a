#!/usr/bin/env python3
"""Writes the replay scripts in this folder (Tests/replay/*.jsonl).

The committed .jsonl files are the test inputs; this only documents how they
were made and regenerates them after an edit:  python3 Tests/replay/generate.py
What each script must produce is checked in check.py.
"""
import json
import os

os.chdir(os.path.dirname(os.path.abspath(__file__)))

def line(**kw):
    d = {"t": round(kw.pop("t"), 6)}
    for k, v in kw.items():
        d[k.replace("_", "-")] = v
    return json.dumps(d, separators=(",", ":"))

def drag(t0, start, delta, duration, steps, hold=0.0, up=True):
    """A pointer drag from start by delta over duration, in steps moves, optionally held still before up."""
    out = [line(t=t0, down=list(start))]
    for i in range(1, steps + 1):
        f = i / steps
        out.append(line(t=t0 + duration * f, move=[round(start[0] + delta[0] * f, 3), round(start[1] + delta[1] * f, 3)]))
    end = [round(start[0] + delta[0], 3), round(start[1] + delta[1], 3)]
    if up:
        out.append(line(t=t0 + duration + hold, up=end))
    return out

cases = {}
cases["slow-drag-returns"] = drag(0, (640, 400), (-480, 3), 0.96, 60, hold=0.3)
cases["slow-drag-past-half"] = drag(0, (1000, 400), (-800, -5), 1.2, 75, hold=0.3)
cases["fling-left"] = drag(0, (900, 400), (-120, 2), 0.048, 6)
cases["fling-up"] = drag(0, (640, 600), (3, -150), 0.06, 6)
cases["fling-right-small"] = drag(0, (300, 400), (60, 0), 0.03, 3)
cases["edge-drag"] = drag(0, (200, 400), (600, 0), 0.6, 40, hold=0.2)
cases["edge-fling"] = drag(0, (200, 400), (150, 0), 0.05, 5)
# five quick flings in a row, each catching the previous animation
rapid = []
for k in range(5):
    rapid += drag(k * 0.12, (900, 400), (-100, 0), 0.04, 4)
cases["rapid-flings"] = rapid
cases["rapid-flips"] = [line(t=k * 0.05, flip="right") for k in range(5)]
cases["interrupt-past-half"] = drag(0, (1100, 400), (-700, 0), 0.5, 30, up=False) + [line(t=0.6, interrupt="focus-lost")]
cases["interrupt-before-half"] = drag(0, (640, 400), (0, -300), 0.4, 20, up=False) + [line(t=0.45, interrupt="second-pointer")]
# a fast touchpad swipe of 600 units (1.5 pages: it holds at the next one) with no end event
sc = []
for i in range(20):
    sc.append(line(t=i * 0.01, scroll=[-30, 0.5]))
cases["scroll-no-end"] = sc
# a slow vertical scroll (about 200 touchpad units/s), ended by the touchpad before the quiet gap
cases["scroll-slow-end"] = [line(t=i * 0.025, scroll=[0.2, -5]) for i in range(10)] + [line(t=0.25, scroll_end=True)]
# a fast vertical scroll up (content moves down), ended explicitly
cases["scroll-fast-end"] = [line(t=i * 0.01, scroll=[0, 25]) for i in range(8)] + [line(t=0.08, scroll_end=True)]
cases["go-far-and-back"] = [line(t=0, go=[3, -2]), line(t=1.5, go=[0, 0], animated=False)]
cases["bounds-shrink"] = [line(t=0, bounds=[3, None]), line(t=0.5, flip="right")]
cases["bounds-grow"] = [line(t=0, flip="right"), line(t=0.5, bounds=[None, None]), line(t=0.6, flip="right")]
cases["flip-resize"] = [line(t=0, flip="down"), line(t=0.08, resize=[1024, 768])]
cases["flip-at-edge"] = [line(t=0, flip="right"), line(t=0.6, flip="right")]
cases["disabled-axis"] = drag(0, (640, 400), (10, -200), 0.2, 10) + [line(t=0.5, flip="down")]
cases["held-pointer"] = [line(t=0, down=[640, 400]), line(t=0.1, move=[600, 400])]
# Caught at 12 ms: under half a page of the key flip's ease-out (it passes half at 16 ms).
cases["catch-and-hold"] = [line(t=0, flip="right"), line(t=0.012, down=[640, 400]), line(t=0.4, up=[640, 400])]
# zoom hand-over: a page 2x zoomed (the pan's limit is 640 px), one slow drag left that
# pans to the image's edge and goes on 760 px into the pager, held, released
cases["zoom-pan-hand-over"] = [line(t=0, zoom_content=[1280, 800, 3]), line(t=0, zoom=2, animated=False)] + \
    drag(0.1, (1250, 400), (-1416, 0), 1.0, 59, hold=0.3)
# malformed scripts: what ran before the bad line is printed, then the error
cases["error-time-backwards"] = [line(t=0, flip="right"), line(t=0.5, flip="down"), line(t=0.4, flip="left")]
cases["error-unknown-key"] = [line(t=0, flip="right"), '{"t":0.1,"flip":"left","speed":3}']
for name, lines in cases.items():
    open(f"{name}.jsonl", "w").write("\n".join(lines) + "\n")
