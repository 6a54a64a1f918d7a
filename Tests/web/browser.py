#!/usr/bin/env python3
"""createPager in a real browser: the demo page (Examples/web) in headless Chromium,
driven over the DevTools protocol (cdp.py), each check on the screenshot's pixels and
on the DOM events the pager dispatches on its element.

    python3 Tests/web/browser.py WEB_DIR     # WEB_DIR: scripts/package-web's output

Input events carry scripted timestamps (the protocol's `timestamp`, which becomes the
DOM event's timeStamp), so speeds and quiet gaps are what the script says, however busy
the machine. Prints "N passed, N failed"; exits 1 on a failure.
"""
import functools
import http.server
import os
import sys
import tempfile
import threading
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bidi import Firefox, find_firefox  # noqa: E402
from cdp import Browser, ProtocolError, decode_png, find_chromium  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WIDTH, HEIGHT = 800, 600
# A pixel's channels may differ this much from the photo's colour (rounding, no scaling here).
COLOUR_TOLERANCE = 3
# Where a photo's own colour shows: a corner, away from the centred subject and the status line.
SAMPLE = (100, 100)
# How far the scripted input clock runs ahead of the real one at the start of a gesture, s.
CLOCK_LEAD = 0.5
# How long the at-rest check watches for frames and timers, s.
REST_SECONDS = 10
# Counts animation frames and timer callbacks in the page, from before its scripts run.
INSTRUMENT = """
window.counts = {raf: 0, timers: 0};
const raf = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) => raf((t) => { counts.raf++; callback(t); });
for (const name of ['setTimeout', 'setInterval']) {
    const original = window[name].bind(window);
    window[name] = (callback, ...rest) => original((...a) => { counts.timers++; callback(...a); }, ...rest);
}
"""
EVENT_NAMES = ["drag-began", "axis-locked", "page-will-change", "page-changed", "slots-recycled",
               "bounced", "interrupted", "settled", "zoom-changed", "pan-handed-over"]

passed = failed = 0


class CheckFailed(AssertionError):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def serve(web_dir, isolated=False):
    """The demo page at /Examples/web/ and the built module at /dist/web/, on a free loopback port.
    isolated: with the headers that make the page cross-origin isolated (finer performance.now())."""
    top = tempfile.mkdtemp(prefix="fourway-web-")
    os.makedirs(os.path.join(top, "Examples"))
    os.makedirs(os.path.join(top, "dist"))
    os.symlink(os.path.join(ROOT, "Examples", "web"), os.path.join(top, "Examples", "web"))
    os.symlink(os.path.abspath(web_dir), os.path.join(top, "dist", "web"))

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def end_headers(self):
            if isolated:
                self.send_header("Cross-Origin-Opener-Policy", "same-origin")
                self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
            super().end_headers()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=top))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/Examples/web/"


class Page:
    """The demo page in the browser, freshly loaded for each check."""

    def __init__(self, browser, url):
        self.browser = browser
        self.url = url
        self.clock = time.time()   # the scripted input clock, s since the epoch
        self.instrumented = False

    def load(self, width=WIDTH, height=HEIGHT, reduced_motion=False):
        b = self.browser
        b.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        b.send("Emulation.setEmulatedMedia", features=[
            {"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"}])
        if not self.instrumented:
            # Before the page's own scripts: frames and timer callbacks counted from the start.
            b.send("Page.addScriptToEvaluateOnNewDocument", source=INSTRUMENT)
            self.instrumented = True
        b.send("Page.navigate", url=self.url)
        b.wait_for("document.documentElement?.dataset.ready === 'true' && !!window.fourway")
        # The DOM events, as the page's own listeners would see them; and counted frames and timers.
        b.evaluate("""(() => {
            window.seen = [];
            const element = document.getElementById('pager');
            for (const name of %s) element.addEventListener(name, (e) => seen.push({name, detail: e.detail}));
        })()""" % EVENT_NAMES)
        self.resync()

    def resync(self):
        """Puts the scripted clock ahead of the real one: a frame's time, which is real, never
        passes the next event's stamp (the pager's clock does not go back, and stamps behind
        it would all read as one instant)."""
        self.clock = max(self.clock, time.time() + CLOCK_LEAD)

    def tick(self, seconds):
        """Moves the scripted input clock on; the stamp for the next event."""
        self.clock += seconds
        return self.clock

    def mouse(self, kind, x, y, dt=0.016, **more):
        self.browser.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                          buttons=1 if kind != "mouseReleased" else 0, clickCount=1 if kind != "mouseMoved" else 0,
                          timestamp=self.tick(dt), **more)

    def drag(self, start, end, steps, dt=0.016):
        (x0, y0), (x1, y1) = start, end
        self.mouse("mousePressed", x0, y0)
        for i in range(1, steps + 1):
            self.mouse("mouseMoved", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, dt)
        self.mouse("mouseReleased", x1, y1, dt)

    def touch(self, kind, points, dt=0.016):
        self.browser.send("Input.dispatchTouchEvent", type=kind, timestamp=self.tick(dt),
                          touchPoints=[{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)])

    def wheel(self, dx, dy, dt=0.016, modifiers=0):
        self.browser.send("Input.dispatchMouseEvent", type="mouseWheel", x=WIDTH / 2, y=HEIGHT / 2,
                          deltaX=dx, deltaY=dy, modifiers=modifiers, timestamp=self.tick(dt))

    def swipe(self, count, dx, dy, dt=0.016):
        """A trackpad swipe: `count` wheel events of (dx, dy), `dt` apart."""
        for _ in range(count):
            self.wheel(dx, dy, dt)

    def key(self, key, code):
        for kind in ("rawKeyDown", "keyUp"):
            self.browser.send("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=code_of(key),
                              timestamp=self.tick(0.016))

    def settle(self):
        """Waits until the pager rests, checks that it said so; the current page."""
        self.browser.wait_for("fourway.view.pager.isSettled")
        self.resync()
        # The engine's events are dispatched in the frame that settles it: no wait for them.
        expect(self.browser.evaluate("seen.some((e) => e.name === 'settled')"),
               f"at rest without a settled event (events: {self.names()})")
        return self.browser.evaluate("fourway.view.pager.currentPage")

    def events(self):
        return self.browser.evaluate("seen")

    def names(self):
        return [e["name"] for e in self.events() if e["name"] != "slots-recycled"]

    def pixels(self):
        return decode_png(self.browser.screenshot())

    def colour(self, h, v):
        return tuple(self.browser.evaluate(f"fourway.photoColour({h}, {v})"))

    def expect_photo(self, h, v, at=SAMPLE, pixels=None):
        pixels = pixels or self.pixels()
        got, want = pixels.at(*at), self.colour(h, v)
        expect(all(abs(a - b) <= COLOUR_TOLERANCE for a, b in zip(got, want)),
               f"pixel {at} is {got}, photo ({h}, {v}) is {want}")


class FirefoxPage(Page):
    """The same page in Firefox over WebDriver BiDi (bidi.py). Input goes through
    input.performActions, whose pauses are real time: no scripted stamps there."""

    KEYS = {"ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015"}

    def load(self, width=WIDTH, height=HEIGHT, reduced_motion=False):
        b = self.browser
        if not self.instrumented:
            b.send("script.addPreloadScript", functionDeclaration=f"() => {{ {INSTRUMENT} }}")
            self.instrumented = True
        b.set_viewport(width, height)
        b.navigate(self.url)
        b.wait_for("document.documentElement?.dataset.ready === 'true' && !!window.fourway")
        b.evaluate("""(() => {
            window.seen = [];
            const element = document.getElementById('pager');
            for (const name of %s) element.addEventListener(name, (e) => seen.push({name, detail: e.detail}));
            element.focus();
        })()""" % EVENT_NAMES)
        self.pointer_down = {}

    def mouse(self, kind, x, y, dt=0.016, **more):
        steps = [{"type": "pause", "duration": int(dt * 1000)}, {"type": "pointerMove", "x": int(x), "y": int(y), "duration": 0}]
        if kind == "mousePressed":
            steps.append({"type": "pointerDown", "button": 0})
        elif kind == "mouseReleased":
            steps.append({"type": "pointerUp", "button": 0})
        self.browser.actions({"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": steps})

    def touch(self, kind, points, dt=0.016):
        steps = [{"type": "pause", "duration": int(dt * 1000)}]
        if points:
            x, y = points[0]
            steps.append({"type": "pointerMove", "x": int(x), "y": int(y), "duration": 0})
        if kind == "touchStart":
            steps.append({"type": "pointerDown", "button": 0})
        elif kind == "touchEnd":
            steps.append({"type": "pointerUp", "button": 0})
        self.browser.actions({"type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"}, "actions": steps})

    def wheel(self, dx, dy, dt=0.016, modifiers=0):
        self.swipe(1, dx, dy, dt)

    def swipe(self, count, dx, dy, dt=0.016):
        """One performActions for the whole swipe: its pauses are Firefox's own. A command per
        event let the round trips stretch the gaps on a busy machine (a fast swipe of six
        events once read as slow and did not fling)."""
        step = [{"type": "pause", "duration": int(dt * 1000)},
                {"type": "scroll", "x": WIDTH // 2, "y": HEIGHT // 2, "deltaX": int(dx), "deltaY": int(dy)}]
        self.browser.actions({"type": "wheel", "id": "wheel", "actions": step * count})

    def key(self, key, code):
        value = self.KEYS[key]
        self.browser.actions({"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]})


def code_of(key):
    return {"ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40}.get(key, 0)


def changed_to(page, h, v):
    return any(e["name"] == "page-changed" and e["detail"]["to"] == [h, v] for e in page.events())


# ------------------------------------------------------------------------ checks

def check_mouse_drag(page):
    page.mouse("mousePressed", 600, 300)
    for i in range(1, 11):
        page.mouse("mouseMoved", 600 - 30 * i, 300, dt=0.05)
    # Held 300 px left: the photo and the next one share the screen, split where the finger is.
    pixels = page.pixels()
    page.expect_photo(0, 0, at=(100, 100), pixels=pixels)
    page.expect_photo(1, 0, at=(700, 100), pixels=pixels)
    for i in range(1, 6):
        page.mouse("mouseMoved", 300 - 30 * i, 300, dt=0.05)   # slow: the distance decides
    page.mouse("mouseReleased", 150, 300, dt=0.05)
    expect(page.settle() == [1, 0], "a mouse drag of more than half a page left did not show the next photo")
    expect(changed_to(page, 1, 0) and "drag-began" in page.names(), f"events {page.names()}")
    page.expect_photo(1, 0)


def check_touch_drag(page):
    page.touch("touchStart", [(400, 500)])
    for i in range(1, 16):
        page.touch("touchMove", [(400, 500 - 26 * i)], dt=0.05)
    page.touch("touchEnd", [])
    expect(page.settle() == [0, 1], "a touch drag up did not show the next album")
    expect(changed_to(page, 0, 1), f"events {page.names()}")
    page.expect_photo(0, 1)


def check_fling(page):
    page.drag((500, 300), (380, 300), steps=3, dt=0.016)   # 120 px: far below half a page, but fast
    expect(page.settle() == [1, 0], "a short fast drag did not fling to the next photo")
    page.expect_photo(1, 0)


def check_trackpad_slow(page):
    page.swipe(32, 10, 0, dt=0.03)   # 320 units, 333 units/s: the distance decides
    expect(page.settle() == [1, 0], "a slow trackpad swipe of 0.8 page did not show the next photo")
    expect(changed_to(page, 1, 0), f"events {page.names()}")
    page.expect_photo(1, 0)


def check_trackpad_fast(page):
    page.swipe(6, 0, 20, dt=0.016)  # 120 units, 0.4 page, at 1250 units/s: a fling
    expect(page.settle() == [0, 1], "a fast trackpad swipe did not fling to the next album")
    page.expect_photo(0, 1)


def check_trackpad_momentum_tail(page):
    for _ in range(4):
        page.wheel(40, 0, dt=0.016)  # 160 units at 2500 units/s: a fling
    # The lift: the pager lets go of the swipe after its quiet gap (on its own clock).
    page.browser.wait_for("!fourway.view.pager.phase.startsWith('scrolling')")
    # The browser's momentum, 0.2 s after the fingers by the events' stamps, from their speed
    # down: two pages' worth (about 740 units), decaying; were it scrolled, a page more.
    delta, first = 38.0, True
    while delta >= 1:
        page.wheel(round(delta), 0, dt=0.2 if first else 0.016)
        delta, first = delta * 0.95, False
    expect(page.settle() == [1, 0], "the momentum tail after a swipe moved the pager again")
    expect(sum(e["name"] == "page-changed" for e in page.events()) == 1, f"events {page.names()}")
    page.expect_photo(1, 0)


def check_wheel_notch(page):
    page.wheel(0, 100, dt=0.5)       # Chromium's mouse notch: 100 px at once, wheelDelta 120
    expect(page.settle() == [0, 1], "a wheel notch did not flip one album down")
    page.wheel(0, 100, dt=0.5)
    expect(page.settle() == [0, 2], "a second notch did not flip one more album")
    # A line-mode wheel (Firefox's mouse), as a DOM event: one notch, one photo.
    page.browser.evaluate("document.getElementById('pager').dispatchEvent(new WheelEvent('wheel', "
                          "{deltaMode: 1, deltaX: 3, cancelable: true}))")
    expect(page.settle() == [1, 2], "a line-mode notch did not flip right")
    page.expect_photo(1, 2)


def check_ctrl_wheel_zoom(page):
    at = (240, 300)                  # beside the subject at fit; inside it at 2× around the centre
    page.expect_photo(0, 0, at=at)
    page.wheel(0, -80, dt=0.5, modifiers=2)   # Ctrl: a pinch out, e^0.8 ≈ 2.2×
    page.settle()
    expect(page.browser.evaluate("fourway.view.pager.isZoomed"), "Ctrl+wheel did not zoom")
    expect(any(e["name"] == "zoom-changed" and e["detail"]["scale"] > 2 for e in page.events()),
           f"no zoom-changed event above 2×: {page.events()}")
    got = page.pixels().at(*at)
    expect(max(got) < 60, f"at 2.2× the subject should cover {at}, it shows {got}")
    expect(page.browser.evaluate("fourway.view.pager.currentPage") == [0, 0], "the zoom changed the page")


def check_arrow_keys(page):
    page.key("ArrowDown", "ArrowDown")
    expect(page.settle() == [0, 1], "ArrowDown did not show the next album")
    page.key("ArrowRight", "ArrowRight")
    expect(page.settle() == [1, 1], "ArrowRight did not show the next photo")
    page.expect_photo(1, 1)


def check_interrupted_drag(page):
    page.touch("touchStart", [(600, 300)])
    for i in range(1, 8):
        page.touch("touchMove", [(600 - 30 * i, 300)], dt=0.016)
    page.touch("touchCancel", [])    # the browser took the touch: pointercancel
    expect(page.settle() == [0, 0], "a cancelled drag did not settle back on its photo")
    interrupted = [e for e in page.events() if e["name"] == "interrupted"]
    expect(interrupted and interrupted[0]["detail"]["reason"] == "host", f"events {page.events()}")
    page.expect_photo(0, 0)


def check_second_touch(page):
    page.touch("touchStart", [(600, 300)])
    page.touch("touchMove", [(500, 300)])
    page.touch("touchStart", [(500, 300), (300, 300)])
    page.touch("touchEnd", [])
    page.settle()
    interrupted = [e for e in page.events() if e["name"] == "interrupted"]
    expect(interrupted and interrupted[0]["detail"]["reason"] == "second-pointer", f"events {page.names()}")
    page.expect_photo(0, 0)


def check_resize_mid_animation(page):
    page.key("ArrowRight", "ArrowRight")
    page.browser.send("Emulation.setDeviceMetricsOverride", width=500, height=400, deviceScaleFactor=1, mobile=False)
    expect(page.settle() == [1, 0], "the resize lost the page")
    try:
        page.browser.wait_for("fourway.view.pager.pageSize.x === 500 && fourway.view.pager.isSettled", timeout=3)
    except ProtocolError:
        raise CheckFailed(f"the pager's page is {page.browser.evaluate('fourway.view.pager.pageSize')} after a resize to 500×400")
    pixels = page.pixels()
    expect((pixels.width, pixels.height) == (500, 400), f"screenshot {pixels.width}×{pixels.height}")
    for at in ((20, 20), (480, 20), (20, 340), (480, 340)):   # the corners, above the status line
        page.expect_photo(1, 0, at=at, pixels=pixels)


def check_hidden_interrupts(page):
    page.mouse("mousePressed", 600, 300)
    page.mouse("mouseMoved", 400, 300)
    page.browser.evaluate("Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
                          "document.dispatchEvent(new Event('visibilitychange'))")
    page.settle()
    interrupted = [e for e in page.events() if e["name"] == "interrupted"]
    expect(interrupted and interrupted[0]["detail"]["reason"] == "window-hidden", f"events {page.names()}")


def check_at_rest(page):
    # A positive control first: while it moves, frames are counted.
    page.key("ArrowRight", "ArrowRight")
    page.settle()
    moving = page.browser.evaluate("counts.raf")
    expect(moving > 0, "no animation frame counted during a flip: the instrumentation is broken")
    page.browser.evaluate("(counts.raf = 0, counts.timers = 0)")
    # Ten seconds at rest. Counted, not timed: any frame or timer callback in them is a failure.
    time.sleep(REST_SECONDS)
    counts = page.browser.evaluate("counts")
    expect(counts["raf"] == 0 and counts["timers"] == 0,
           f"at rest for {REST_SECONDS} s: {counts['raf']} animation frames, {counts['timers']} timer callbacks")


def check_reduced_motion(page):
    page.load(reduced_motion=True)
    page.key("ArrowRight", "ArrowRight")
    expect(page.browser.evaluate("fourway.view.pager.currentPage") == [1, 0], "no jump")
    page.expect_photo(1, 0)
    expect(page.browser.evaluate("counts.raf") <= 1, "reduced motion still animated the flip")


CHECKS = [check_mouse_drag, check_touch_drag, check_fling, check_trackpad_slow, check_trackpad_fast,
          check_trackpad_momentum_tail, check_wheel_notch, check_ctrl_wheel_zoom, check_arrow_keys,
          check_interrupted_drag, check_second_touch, check_resize_mid_animation, check_hidden_interrupts,
          check_reduced_motion, check_at_rest]


# The checks that run in Firefox too: those whose input WebDriver BiDi can make with real-time
# pauses (no scripted stamps: no momentum tail or fling there; no pointercancel; no media emulation).
FIREFOX_CHECKS = [check_mouse_drag, check_touch_drag, check_trackpad_slow, check_trackpad_fast,
                  check_arrow_keys, check_at_rest]


def run_checks(label, page, checks, only):
    global passed, failed
    for check in checks:
        name = check.__name__.removeprefix("check_").replace("_", " ")
        if only and name not in only.split(","):
            continue
        try:
            page.load()
            check(page)
            passed += 1
            print(f"ok   {label}: {name}")
        except Exception as error:   # a check's failure, or the browser's
            failed += 1
            detail = str(error) if isinstance(error, (CheckFailed, ProtocolError)) else traceback.format_exc(limit=2)
            print(f"FAIL {label}: {name}: {detail}")


def main():
    global passed, failed
    if len(sys.argv) != 2:
        print("usage: Tests/web/browser.py WEB_DIR", file=sys.stderr)
        return 2
    if not find_chromium():
        print("browser: chromium not found (Debian: chromium; scripts/lib/install-deps installs it)", file=sys.stderr)
        return 1
    only = os.environ.get("FOURWAY_BROWSER_CHECKS", "")
    server, url = serve(sys.argv[1])
    try:
        with Browser.launch(WIDTH, HEIGHT) as browser:
            run_checks("chromium", Page(browser, url), CHECKS, only)
        if os.environ.get("FOURWAY_BROWSER_FIREFOX", "1") != "0":
            if find_firefox():
                with Firefox.launch(WIDTH, HEIGHT) as browser:
                    run_checks("firefox", FirefoxPage(browser, url), FIREFOX_CHECKS, only)
            else:
                print("skip firefox: firefox-esr not installed (Debian: firefox-esr)")
    finally:
        server.shutdown()
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
