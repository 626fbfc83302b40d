"""Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
NUL-terminated JSON on file descriptors 3 and 4), with the standard library only: load a
page at an exact viewport size, read its text, wait for an update, take a screenshot with
a transparent default background."""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         "--hide-scrollbars", "--mute-audio", "--remote-debugging-pipe")


def find() -> str | None:
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def high(*fds: int) -> tuple[int, ...]:
    """The descriptors moved above 9, so the shell's 3<&N 4>&M cannot overwrite one with
    the other (pytest's capture can leave 3 and 4 to a new pipe)."""
    moved = tuple(fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in fds)
    for fd in fds:
        os.close(fd)
    return moved


class Chromium:
    def __init__(self, binary: str, timeout: float = 20.0) -> None:
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="tactical-chromium-")
        to_chrome_r, self._to_chrome = high(*os.pipe())
        self._from_chrome, from_chrome_w = high(*os.pipe())
        # bash (dash reads one-digit descriptors only) puts the two pipe ends on the
        # descriptors Chromium reads and writes
        script = f'exec "$0" "$@" 3<&{to_chrome_r} 4>&{from_chrome_w}'
        self.proc = subprocess.Popen(
            ["bash", "-c", script, binary, *FLAGS, f"--user-data-dir={self.profile}",
             "about:blank"], pass_fds=(to_chrome_r, from_chrome_w),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._next = 0
        self._replies: dict[int, queue.Queue[dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        self.page("Page.enable")
        self.page("Emulation.setDefaultBackgroundColorOverride",
                  color={"r": 0, "g": 0, "b": 0, "a": 0})

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_chrome, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    with self._lock:
                        box = self._replies.get(message["id"])
                    if box is not None:
                        box.put(message)
                else:
                    self.events.put(message)

    def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        with self._lock:
            self._next += 1
            number = self._next
            box: queue.Queue[dict[str, Any]] = queue.Queue()
            self._replies[number] = box
        message: dict[str, Any] = {"id": number, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        reply = box.get(timeout=self.timeout)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return dict(reply.get("result", {}))

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        return self.send(method, self.session, **params)

    def open(self, url: str, width: int, height: int) -> None:
        """Load `url` in a `width` × `height` viewport, its fonts loaded."""
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=False)
        while not self.events.empty():
            self.events.get_nowait()
        self.page("Page.navigate", url=url)
        deadline = time.monotonic() + self.timeout
        while True:
            event = self.events.get(timeout=max(0.01, deadline - time.monotonic()))
            if event.get("method") == "Page.loadEventFired":
                break
        self.evaluate("document.fonts.ready.then(() => true)")

    def evaluate(self, expression: str) -> Any:
        result = self.page("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def text(self) -> str:
        return str(self.evaluate("document.body.innerText"))

    def wait_for_text(self, words: str, limit: float) -> float | None:
        """Seconds until the page's text holds `words` (None: not within `limit`)."""
        t0 = time.monotonic()
        while time.monotonic() - t0 < limit:
            if words in self.text():
                return time.monotonic() - t0
            time.sleep(0.02)
        return None

    def box(self, selector: str) -> tuple[float, float, float, float] | None:
        """The viewport rectangle (x, y, w, h) of the first element `selector` matches."""
        found = self.evaluate(f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                              " if (!e) return null; const r = e.getBoundingClientRect();"
                              " return [r.x, r.y, r.width, r.height]; })()")
        return None if found is None else (found[0], found[1], found[2], found[3])

    def screenshot(self, path: Path | None = None) -> bytes:
        png = base64.b64decode(self.page("Page.captureScreenshot", format="png")["data"])
        if path is not None:
            path.write_bytes(png)
        return png

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, OSError, queue.Empty):
            self.send("Browser.close")
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        for fd in (self._to_chrome, self._from_chrome):
            with contextlib.suppress(OSError):
                os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)
