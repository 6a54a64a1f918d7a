"""Headless Chromium driven over its DevTools protocol, with Python's standard library only.

Chromium runs with --remote-debugging-pipe: it reads JSON messages, each ended by a NUL
byte, on its fd 3 and writes its answers and events on fd 4. One page target is attached
(flattened session); `send` waits for the answer, `events` keeps what came unasked.

    with Browser.launch(width=800, height=600) as browser:
        browser.send("Page.navigate", url="http://127.0.0.1:8000/")
        value = browser.evaluate("1 + 1")
        png = browser.screenshot()

Used by Tests/web/browser.py and Benchmarks/web/bench.py.
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

# Seconds an answer may take before the call fails (the machine may be busy: generous).
ANSWER_TIMEOUT = 30.0


class ProtocolError(RuntimeError):
    pass


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    def __init__(self, process, to_browser, from_browser, profile):
        self.process = process
        self.to_browser = to_browser
        self.from_browser = from_browser
        self.profile = profile
        self.next_id = 0
        self.answers = {}
        self.events = []
        self.lock = threading.Condition()
        self.session = None
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    @classmethod
    def launch(cls, width=800, height=600, chromium=None, extra_args=()):
        chromium = chromium or find_chromium()
        if not chromium:
            raise ProtocolError("chromium not found (Debian: apt install chromium)")
        profile = tempfile.mkdtemp(prefix="fourway-chromium-")
        in_read, in_write = os.pipe()      # we write, Chromium reads on fd 3
        out_read, out_write = os.pipe()    # Chromium writes on fd 4, we read

        def child_fds():
            # Out of the way first: a pipe may already be fd 3 or 4, and dup2 onto itself
            # would leave its close-on-exec flag set.
            import fcntl
            high_in, high_out = fcntl.fcntl(in_read, fcntl.F_DUPFD, 100), fcntl.fcntl(out_write, fcntl.F_DUPFD, 100)
            os.dup2(high_in, 3)
            os.dup2(high_out, 4)

        args = [chromium, "--headless", "--remote-debugging-pipe", "--no-sandbox",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--mute-audio", "--use-gl=swiftshader", "--enable-unsafe-swiftshader",
                f"--window-size={width},{height}", f"--user-data-dir={profile}", *extra_args, "about:blank"]
        process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=open(os.environ.get("FOURWAY_CHROMIUM_LOG", os.devnull), "ab"), preexec_fn=child_fds,
                                   close_fds=False)   # closing would close fds 3 and 4 after child_fds
        os.close(in_read)
        os.close(out_write)
        browser = cls(process, os.fdopen(in_write, "wb", buffering=0), os.fdopen(out_read, "rb", buffering=0), profile)
        try:
            browser._attach(width, height)
        except BaseException:
            browser.close()
            raise
        return browser

    def _attach(self, width, height):
        targets = self.send("Target.getTargets", session=False)["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.send("Target.attachToTarget", session=False, targetId=page["targetId"], flatten=True)["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    def _read(self):
        buffer = b""
        while True:
            chunk = self.from_browser.read(65536)
            if not chunk:
                break
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                with self.lock:
                    if "id" in message:
                        self.answers[message["id"]] = message
                    else:
                        self.events.append(message)
                    self.lock.notify_all()
        with self.lock:
            self.lock.notify_all()

    def send(self, method, session=True, **params):
        with self.lock:
            self.next_id += 1
            ident = self.next_id
        message = {"id": ident, "method": method, "params": params}
        if session and self.session:
            message["sessionId"] = self.session
        self.to_browser.write(json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + ANSWER_TIMEOUT
        with self.lock:
            while ident not in self.answers:
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise ProtocolError(f"{method}: no answer from chromium")
                self.lock.wait(min(left, 0.5))
            answer = self.answers.pop(ident)
        if "error" in answer:
            raise ProtocolError(f"{method}: {answer['error'].get('message')}")
        return answer.get("result", {})

    def evaluate(self, expression, await_promise=True):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=await_promise)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise ProtocolError(f"in the page: {text}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=10.0, poll=0.05):
        """Evaluates `expression` until it is truthy; its value, or a ProtocolError."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise ProtocolError(f"timed out waiting for {expression}")
            time.sleep(poll)

    def screenshot(self):
        return base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"])

    def close(self):
        try:
            if self.process.poll() is None:
                try:
                    self.send("Browser.close", session=False)
                except ProtocolError:
                    pass
                try:
                    self.process.wait(5)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
        finally:
            for stream in (self.to_browser, self.from_browser):
                try:
                    stream.close()
                except OSError:
                    pass
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def decode_png(data):
    """A PNG's pixels (Pixels: .at(x, y) → (r, g, b)), decoded by ImageMagick's convert."""
    ppm = subprocess.run(["convert", "png:-", "-depth", "8", "ppm:-"], input=data, capture_output=True, check=True).stdout
    # "P6\nW H\n255\n" then the pixels (the header is ASCII, single spaces and newlines).
    magic, size, maxval, raw = ppm.split(b"\n", 3)
    width, height = map(int, size.split())
    return Pixels(width, height, raw)


class Pixels:
    def __init__(self, width, height, raw):
        self.width, self.height, self.raw = width, height, raw

    def at(self, x, y):
        i = (int(y) * self.width + int(x)) * 3
        return tuple(self.raw[i:i + 3])
