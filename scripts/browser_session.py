"""Drives one headless Chromium page through the DevTools protocol over a pipe, for
scripts/browser-test.py: load a page, press keys and click as a reader does, read the page's
state, take screenshots.

Chromium's `--remote-debugging-pipe` reads commands on file descriptor 3 and writes replies
and events on 4, each a JSON message ended by a NUL byte; so no port, no websocket and no
package beyond Python's own library are needed.
"""

import base64
import fcntl
import json
import os
import select
import subprocess
import time


class BrowserError(Exception):
    """The browser did not answer, or answered with an error."""


class BrowserSession:
    """One Chromium process with one page, driven as a reader would drive it.

    Every exception the page's script throws, every console message it writes and every
    request it makes (other than for its own file) is kept in `problems`, for the test to
    fail on.
    """

    def __init__(self, chromium, flags, profile, size, timeout=60):
        self.timeout = timeout
        self.problems = []
        self._next_id = 0
        self._buffer = b""
        self._events = []
        commands_read, self._commands = os.pipe()
        self._replies, replies_write = os.pipe()
        # Above 4, so that the child's dup2 onto 3 and 4 never meets itself (a dup2 of a
        # descriptor onto itself would leave it closed on exec).
        commands_read, replies_write = (self._moved_up(commands_read), self._moved_up(replies_write))

        def wire_pipes():
            # Chromium expects the pipe on 3 and 4; os.dup2 makes them inheritable.
            os.dup2(commands_read, 3)
            os.dup2(replies_write, 4)

        self.process = subprocess.Popen(
            [chromium] + flags + [
                "--remote-debugging-pipe", "--user-data-dir=" + profile, "--window-size=%d,%d" % size,
                "about:blank",
            ],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=wire_pipes,
        )
        os.close(commands_read)
        os.close(replies_write)
        target = self._command("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = self._command("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ["Page.enable", "Runtime.enable", "Network.enable"]:
            self.command(domain)
        self.resize(size)

    @staticmethod
    def _moved_up(descriptor):
        moved = fcntl.fcntl(descriptor, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(descriptor)
        return moved

    def close(self):
        try:
            self._command("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for descriptor in (self._commands, self._replies):
            try:
                os.close(descriptor)
            except OSError:
                pass

    # -- What a test does

    def open(self, url):
        """Loads `url` afresh (even when only its fragment differs from the page shown) and
        waits for its load event, after which its script has run."""
        for address in ["about:blank", url]:
            self._events = []
            self.command("Page.navigate", {"url": address})
            self._wait_for_event("Page.loadEventFired")

    def resize(self, size):
        self.command("Emulation.setDeviceMetricsOverride",
                     {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})

    def evaluate(self, expression):
        """The value of the JavaScript `expression` in the page."""
        result = self.command("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise BrowserError("%s threw: %s" % (expression, result["exceptionDetails"].get("text")))
        return result["result"].get("value")

    def press(self, key, code=None, key_code=0):
        """Presses and releases `key` (`ArrowRight`, `Home`, ` `) on the focused element."""
        details = {"key": key, "code": code or key, "windowsVirtualKeyCode": key_code}
        if key == " ":
            details["text"] = " "
        self.command("Input.dispatchKeyEvent", dict(details, type="keyDown"))
        self.command("Input.dispatchKeyEvent", dict(details, type="keyUp"))

    def click(self, selector):
        """Clicks the middle of the first element `selector` finds, as a mouse would."""
        box = self.evaluate(
            "(function () { var r = document.querySelector(%s).getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()" % json.dumps(selector))
        for kind in ["mousePressed", "mouseReleased"]:
            self.command("Input.dispatchMouseEvent",
                         {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1})

    def wait(self, seconds):
        """Lets the page run for `seconds`, keeping what it reports."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self._read_message(deadline)

    def screenshot(self, path):
        data = self.command("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    # -- The protocol

    def command(self, method, params=None):
        """Sends `method` to the page's session and returns its result."""
        return self._command(method, params, session=True)

    def _command(self, method, params=None, session=False):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self._session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply is None:
                raise BrowserError("%s: no answer in %d s" % (method, self.timeout))
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError("%s: %s" % (method, reply["error"].get("message")))
                return reply.get("result", {})

    def _wait_for_event(self, method):
        deadline = time.monotonic() + self.timeout
        while not any(event["method"] == method for event in self._events):
            if self._read_message(deadline) is None:
                raise BrowserError("no %s in %d s" % (method, self.timeout))

    def _read_message(self, deadline):
        """The next message, or `None` when `deadline` passed first; keeps events and problems."""
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                if self.process.poll() is not None:
                    raise BrowserError("chromium exited with %d" % self.process.returncode)
                return None
            ready, _, _ = select.select([self._replies], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._replies, 1 << 20)
            if not chunk:
                raise BrowserError("chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(raw)
        if "method" in message:
            self._events.append(message)
            params = message.get("params", {})
            if message["method"] == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                self.problems.append("exception: %s %s" % (
                    details.get("text"), details.get("exception", {}).get("description", "")))
            elif message["method"] == "Network.requestWillBeSent":
                url = params.get("request", {}).get("url", "")
                if not url.startswith(("file:", "about:")):
                    self.problems.append("the page made a request: %s" % url)
            elif message["method"] == "Runtime.consoleAPICalled":
                self.problems.append("console.%s: %s" % (
                    params.get("type"), " ".join(str(a.get("value", a.get("description"))) for a in params.get("args", []))))
        return message
