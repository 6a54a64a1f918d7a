#!/usr/bin/env python3
"""The pager on the web, measured in headless Chromium (Tests/web/cdp.py drives it). Not a test:
it prints numbers.

    scripts/package-web --output /tmp/web && python3 Benchmarks/web/bench.py /tmp/web

1. The engine's work per frame while dragging, in the page: 10,000 frames of a drag back and
   forth across the page (pointerMoved, advance, slots, the events drained), each frame timed
   alone with performance.now() (the page is cross-origin isolated, so its clock is fine-grained:
   5 µs steps in Chromium); median and p99, µs; and timed 100 frames at a time, for a
   per-frame figure finer than the clock's step. Also the whole frame of createPager's own
   handler (the engine plus the style writes), and the mean of each from the total time.
2. A real drag through the DevTools protocol's mouse events, 60 moves a second for 3 s, with the
   CPU throttled 4× (Emulation.setCPUThrottlingRate): the intervals between animation frames
   (p50, p95, ms; the goal is p95 ≤ 16.7 ms) and the pager's work in each frame.
"""
import json
import os
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "web"))
from browser import Page, serve, WIDTH, HEIGHT  # noqa: E402
from cdp import Browser  # noqa: E402

FRAMES = 10_000
BATCH = 100     # frames timed together, for a per-frame mean finer than the clock's step
THROTTLE = 4
DRAG_SECONDS = 3.0
MOVE_INTERVAL = 1 / 60

ENGINE_LOOP = """(() => {
    const { engine } = fourway;
    const pager = engine.create({ width: %(w)d, height: %(h)d, horizontalPages: 50, verticalPages: 5 });
    const times = new Float64Array(%(n)d);
    const batches = [];                             // ms per frame, timed over %(b)d frames at once
    let t = 0, x = 700, batchStart = performance.now();
    pager.pointerDown(x, 300, t);
    for (let i = 0; i < %(n)d; i++) {
        t += 1 / 60;
        x = 400 + 300 * Math.sin(i / 40);          // back and forth across the page, never released
        const start = performance.now();
        pager.pointerMoved(x, 300, t);
        pager.advance(t);
        pager.slots();
        while (pager.pollEvent()) {}
        const end = performance.now();
        times[i] = end - start;
        if ((i + 1) %% %(b)d === 0) { batches.push((end - batchStart) / %(b)d); batchStart = performance.now(); }
    }
    pager.pointerUp(x, 300, t);
    pager.destroy();
    return [Array.from(times), batches];
})()"""

# createPager's own handlers: a pointermove as the browser delivers it, then the frame.
HANDLER_LOOP = """(() => {
    const element = document.getElementById('pager');
    const times = new Float64Array(%(n)d);
    const at = (x) => ({ clientX: x, clientY: 300, pointerId: 7, pointerType: 'mouse', button: 0, bubbles: true });
    element.dispatchEvent(new PointerEvent('pointerdown', at(700)));
    for (let i = 0; i < %(n)d; i++) {
        const x = 400 + 300 * Math.sin(i / 40);
        const start = performance.now();
        element.dispatchEvent(new PointerEvent('pointermove', at(x)));
        times[i] = performance.now() - start;
    }
    element.dispatchEvent(new PointerEvent('pointerup', at(700)));
    return Array.from(times);
})()"""

FRAME_PROBE = """(() => {
    window.frameTimes = [];
    window.frameWork = [];
    const view = fourway.view;
    const pager = view.pager;
    const advance = pager.advance.bind(pager);
    const raf = window.requestAnimationFrame;
    // Every animation frame while the probe runs (its own loop), and the pager's work in its frames.
    const loop = (t) => { frameTimes.push(t); if (window.probing) raf(loop); };
    window.probing = true;
    raf(loop);
    pager.advance = (time) => { const s = performance.now(); advance(time); frameWork.push(performance.now() - s); };
})()"""


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def summary(name, values_ms, unit="µs", scale=1000):
    v = [x * scale for x in values_ms]
    return (f"{name}: median {percentile(v, 50):.1f} {unit}, p99 {percentile(v, 99):.1f} {unit}, "
            f"mean {sum(v) / len(v):.2f} {unit}, max {max(v):.1f} {unit} over {len(v)} frames")


def main():
    if len(sys.argv) != 2:
        print("usage: Benchmarks/web/bench.py WEB_DIR (scripts/package-web's output)", file=sys.stderr)
        return 2
    server, url = serve(sys.argv[1], isolated=True)
    results = {}
    try:
        with Browser.launch(WIDTH, HEIGHT) as browser:
            page = Page(browser, url)
            page.load()
            isolated = browser.evaluate("crossOriginIsolated")
            print(f"chromium {browser.send('Browser.getVersion', session=False)['product']}, "
                  f"cross-origin isolated: {isolated}")
            engine, batches = browser.evaluate(ENGINE_LOOP % {"w": WIDTH, "h": HEIGHT, "n": FRAMES, "b": BATCH})
            step = browser.evaluate("(() => { let a = performance.now(), b; while ((b = performance.now()) === a); return b - a; })()")
            print(f"performance.now() step: {step * 1000:.1f} µs (a frame under one step reads 0)")
            print(summary("engine per drag frame (pointerMoved + advance + slots + events)", engine))
            print(f"  the same, timed {BATCH} frames at a time: per frame median "
                  f"{percentile(batches, 50) * 1000:.2f} µs, p99 {percentile(batches, 99) * 1000:.2f} µs "
                  f"over {len(batches)} batches")
            handler = browser.evaluate(HANDLER_LOOP % {"n": FRAMES})
            print(summary("createPager's pointermove handler (engine + style writes)", handler))
            results["engine_us"] = {"median": percentile(engine, 50) * 1000, "p99": percentile(engine, 99) * 1000}
            results["handler_us"] = {"median": percentile(handler, 50) * 1000, "p99": percentile(handler, 99) * 1000}

            page.load()
            browser.send("Emulation.setCPUThrottlingRate", rate=THROTTLE)
            browser.evaluate(FRAME_PROBE)
            page.mouse("mousePressed", 700, 300, dt=0)
            start = time.monotonic()
            i = 0
            while time.monotonic() - start < DRAG_SECONDS:
                i += 1
                x = 400 + 300 * __import__("math").cos(i / 20)
                browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=300, button="left", buttons=1)
                time.sleep(MOVE_INTERVAL)
            browser.send("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=300, button="left", buttons=0)
            browser.evaluate("window.probing = false")
            frames = browser.evaluate("frameTimes")
            work = browser.evaluate("frameWork")
            browser.send("Emulation.setCPUThrottlingRate", rate=1)
            intervals = [b - a for a, b in zip(frames, frames[1:])]
            print(f"drag at {THROTTLE}x CPU throttling, {i} moves over {DRAG_SECONDS:.0f} s: "
                  f"frame interval p50 {percentile(intervals, 50):.1f} ms, p95 {percentile(intervals, 95):.1f} ms, "
                  f"max {max(intervals):.1f} ms over {len(intervals)} intervals "
                  f"({sum(1 for v in intervals if v <= 16.7) / len(intervals):.0%} at or under 16.7 ms)")
            print(summary(f"  pager.advance per frame at {THROTTLE}x", work))
            results["throttled_frame_ms"] = {"p50": percentile(intervals, 50), "p95": percentile(intervals, 95),
                                             "frames": len(intervals)}
    finally:
        server.shutdown()
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
