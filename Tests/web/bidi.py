"""Headless Firefox driven over WebDriver BiDi (built into Firefox; no geckodriver), with Python's
standard library only: Firefox listens with --remote-debugging-port on a WebSocket, and a small
client here speaks it (RFC 6455, text frames). Used by Tests/web/browser.py for Firefox ESR.

    with Firefox.launch(width=800, height=600) as browser:
        browser.navigate("http://127.0.0.1:8000/")
        browser.evaluate("1 + 1")
"""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time

from cdp import ANSWER_TIMEOUT, ProtocolError


def find_firefox():
    for name in ("firefox-esr", "firefox"):
        path = shutil.which(name)
        if path:
            return path
    return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebSocket:
    def __init__(self, host, port, path):
        self.sock = socket.create_connection((host, port), timeout=ANSWER_TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ProtocolError("firefox closed the WebSocket handshake")
            response += chunk
        status = response.split(b"\r\n", 1)[0]
        if b" 101 " not in status:
            raise ProtocolError(f"WebSocket handshake refused: {status!r}")
        self.pending = response.split(b"\r\n\r\n", 1)[1]
        self.sock.settimeout(None)

    def _exactly(self, count):
        while len(self.pending) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.pending += chunk
        data, self.pending = self.pending[:count], self.pending[count:]
        return data

    def send_frame(self, opcode, payload):
        header = bytes([0x80 | opcode])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", length)
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def send_text(self, text):
        self.send_frame(1, text.encode())

    def receive_text(self):
        """The next text message; None when the connection closes."""
        message = b""
        while True:
            try:
                first, second = self._exactly(2)
            except EOFError:
                return None
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._exactly(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._exactly(8))[0]
            mask = self._exactly(4) if second & 0x80 else None
            payload = self._exactly(length)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 8:
                return None
            if opcode == 9:
                self.send_frame(10, payload)
                continue
            if opcode in (0, 1):
                message += payload
                if first & 0x80:
                    return message.decode()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Firefox:
    def __init__(self, process, ws, profile):
        self.process, self.ws, self.profile = process, ws, profile
        self.next_id = 0
        self.answers = {}
        self.lock = threading.Condition()
        self.context = None
        threading.Thread(target=self._read, daemon=True).start()

    @classmethod
    def launch(cls, width=800, height=600, firefox=None):
        firefox = firefox or find_firefox()
        if not firefox:
            raise ProtocolError("firefox not found (Debian: apt install firefox-esr)")
        profile = tempfile.mkdtemp(prefix="fourway-firefox-")
        # No first-run pages, no updates or telemetry, no network but loopback.
        with open(os.path.join(profile, "user.js"), "w") as prefs:
            for name, value in (("browser.shell.checkDefaultBrowser", "false"), ("app.update.enabled", "false"),
                                ("datareporting.policy.dataSubmissionEnabled", "false"),
                                ("toolkit.telemetry.enabled", "false"), ("network.proxy.type", "0"),
                                ("browser.startup.homepage_override.mstone", '"ignore"')):
                prefs.write(f'user_pref("{name}", {value});\n')
        port = free_port()
        process = subprocess.Popen([firefox, "--headless", f"--remote-debugging-port={port}", "--profile", profile,
                                    "--no-remote", f"--width={width}", f"--height={height}", "about:blank"],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while True:
            try:
                ws = WebSocket("127.0.0.1", port, "/session")
                break
            except (OSError, ProtocolError):
                if time.monotonic() > deadline or process.poll() is not None:
                    process.kill()
                    shutil.rmtree(profile, ignore_errors=True)
                    raise ProtocolError("firefox did not open its WebDriver BiDi port")
                time.sleep(0.2)
        browser = cls(process, ws, profile)
        try:
            browser.send("session.new", capabilities={})
            browser.context = browser.send("browsingContext.getTree")["contexts"][0]["context"]
            browser.set_viewport(width, height)
        except BaseException:
            browser.close()
            raise
        return browser

    def _read(self):
        while True:
            text = self.ws.receive_text()
            if text is None:
                break
            message = json.loads(text)
            with self.lock:
                if "id" in message:
                    self.answers[message["id"]] = message
                    self.lock.notify_all()
        with self.lock:
            self.lock.notify_all()

    def send(self, method, **params):
        with self.lock:
            self.next_id += 1
            ident = self.next_id
        self.ws.send_text(json.dumps({"id": ident, "method": method, "params": params}))
        deadline = time.monotonic() + ANSWER_TIMEOUT
        with self.lock:
            while ident not in self.answers:
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise ProtocolError(f"{method}: no answer from firefox")
                self.lock.wait(min(left, 0.5))
            answer = self.answers.pop(ident)
        if answer.get("type") == "error":
            raise ProtocolError(f"{method}: {answer.get('error')}: {answer.get('message')}")
        return answer.get("result", {})

    def set_viewport(self, width, height):
        self.send("browsingContext.setViewport", context=self.context, viewport={"width": width, "height": height})

    def navigate(self, url):
        self.send("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def evaluate(self, expression, await_promise=True):
        # Through JSON: BiDi's own serialisation of values is verbose.
        result = self.send("script.evaluate", expression=f"(async () => JSON.stringify(await ({expression})))()",
                           target={"context": self.context}, awaitPromise=True)
        if result.get("type") == "exception":
            raise ProtocolError(f"in the page: {result['exceptionDetails'].get('text')}")
        value = result["result"].get("value")
        return None if value is None else json.loads(value)

    def wait_for(self, expression, timeout=10.0, poll=0.05):
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise ProtocolError(f"timed out waiting for {expression}")
            time.sleep(poll)

    def actions(self, *sources):
        self.send("input.performActions", context=self.context, actions=list(sources))

    def screenshot(self):
        return base64.b64decode(self.send("browsingContext.captureScreenshot", context=self.context)["data"])

    def close(self):
        try:
            try:
                self.send("browser.close")
            except (ProtocolError, OSError):
                pass
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        finally:
            self.ws.close()
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
