"""The overlays' HTTP server: the standard library's ThreadingHTTPServer bound to 127.0.0.1
(never another address), on its own threads, so the pages stay live while the GM's windows
are covered or minimised.

It answers GET on fixed routes only (405 for any other method, 404 for any other path),
refuses a Host header that is not the loopback address (a page on another site that
rebinds its name to 127.0.0.1 cannot read it), reads no file from disk after it starts (the
two bundled fonts are read once, bounded) and sends nothing it did not get from the feed:
every byte of a page or an event went through the players' audience filter (payload.py)."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from tactical.core.paths import assets_dir
from tactical.data.reading import read_bounded
from tactical.overlay.feed import TOPICS, Feed
from tactical.overlay.pages import BadQuery, index_page, overlay_page, parse_look

LOOPBACK = "127.0.0.1"
HOST_NAMES = ("127.0.0.1", "localhost")
MAX_STREAMS = 32  # server-sent-event streams at once (a scene has 4; a few browsers)
KEEP_ALIVE_S = 15.0  # a comment line so a proxy or OBS keeps the stream open
FONT_LIMIT = 4 * 1024 * 1024
FONTS = {"/fonts/sans.ttf": "DejaVuSans.ttf", "/fonts/sans-bold.ttf": "DejaVuSans-Bold.ttf"}
CSP = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
       "font-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; "
       "form-action 'none'; frame-ancestors 'none'")


class PortInUse(OSError):
    """The port is taken: the message names it and what to do."""


def load_fonts() -> dict[str, bytes]:
    """The bundled fonts the pages use, read once when the server starts."""
    return {route: read_bounded(assets_dir() / "fonts" / name, FONT_LIMIT, "font")
            for route, name in FONTS.items()}


class OverlayServer(ThreadingHTTPServer):
    daemon_threads = True  # a stream never keeps the app from quitting
    allow_reuse_address = True

    def __init__(self, feed: Feed, port: int = 0) -> None:
        self.feed = feed
        self.fonts = load_fonts()
        self.streams = 0
        self.streams_lock = threading.Lock()
        try:
            super().__init__((LOOPBACK, port), Handler)
        except OSError as error:
            raise PortInUse(f"cannot serve the overlays on 127.0.0.1:{port} ({error.strerror}"
                            "): choose another port") from None
        self.thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        return f"http://{LOOPBACK}:{self.port}/"

    def start(self) -> OverlayServer:
        self.thread = threading.Thread(target=self.serve_forever, name="overlays",
                                       kwargs={"poll_interval": 0.25}, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        """Ends the streams, stops serving and frees the port."""
        self.feed.close()
        if self.thread is not None:
            self.shutdown()
            self.thread.join(5)
        self.server_close()

    def server_bind(self) -> None:
        assert self.server_address[0] == LOOPBACK  # only loopback, whatever a caller asks
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().server_bind()


class Handler(BaseHTTPRequestHandler):
    server: OverlayServer
    server_version = "Tactical-overlays"
    sys_version = ""
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the GM's terminal is not a web log

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        if self.command != "GET":
            self._plain(405, "Only GET: the overlays are read, never written.\n",
                        {"Allow": "GET"})
            return False
        if not self._loopback_host():
            self._plain(403, "Refused: the Host must be 127.0.0.1 or localhost "
                        "(the overlays answer only this computer).\n")
            return False
        return True

    def _loopback_host(self) -> bool:
        host = self.headers.get("Host", "")
        name, colon, port = host.rpartition(":") if ":" in host else (host, "", "")
        if name.lower() not in HOST_NAMES:
            return False
        return not colon or port == str(self.server.port)

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        path = parts.path
        if path == "/":
            self._send(200, "text/html; charset=utf-8", index_page(self.server.port).encode())
        elif path.lstrip("/") in TOPICS:
            topic = path.lstrip("/")
            try:
                look = parse_look(topic, parts.query)
            except BadQuery as error:
                self._plain(400, f"{path}: {error}\n")
                return
            page = overlay_page(topic, look, self.server.feed.get(topic).json)
            self._send(200, "text/html; charset=utf-8", page.encode())
        elif path.startswith("/events/") and path[len("/events/"):] in TOPICS:
            self._stream(path[len("/events/"):])
        elif path in self.server.fonts:
            self._send(200, "font/ttf", self.server.fonts[path],
                       {"Cache-Control": "max-age=86400"})
        else:
            self._plain(404, f"{path}: no such overlay; the list is at /\n")

    # --- answers

    def _send(self, code: int, kind: str, body: bytes,
              extra: dict[str, str] | None = None) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self._common(extra)
        self.end_headers()
        self.wfile.write(body)

    def _plain(self, code: int, text: str, extra: dict[str, str] | None = None) -> None:
        self.close_connection = True
        self._send(code, "text/plain; charset=utf-8", text.encode(), extra)

    def _common(self, extra: dict[str, str] | None) -> None:
        headers = {"Cache-Control": "no-store", "Content-Security-Policy": CSP,
                   "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
                   **(extra or {})}
        for name, value in headers.items():
            self.send_header(name, value)

    def _stream(self, topic: str) -> None:
        """Server-sent events: the current value at once, then each new one as it comes."""
        with self.server.streams_lock:
            if self.server.streams >= MAX_STREAMS:
                self._plain(503, "Too many overlay streams open at once.\n",
                            {"Retry-After": "5"})
                return
            self.server.streams += 1
        try:
            self.close_connection = True
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self._common({"Connection": "close"})
            self.end_headers()
            feed = self.server.feed
            item = feed.get(topic)
            self._event(item.version, item.json, retry=True)
            version = item.version
            while not feed.closed:
                found = feed.wait(topic, version, KEEP_ALIVE_S)
                if found is None:
                    if feed.closed:
                        break
                    self.wfile.write(b": still here\n\n")
                else:
                    self._event(found.version, found.json)
                    version = found.version
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser source closed or reloaded
        finally:
            with self.server.streams_lock:
                self.server.streams -= 1

    def _event(self, version: int, data: str, retry: bool = False) -> None:
        head = "retry: 1000\n" if retry else ""
        lines = "".join(f"data: {line}\n" for line in data.split("\n"))
        self.wfile.write(f"{head}id: {version}\n{lines}\n".encode())
        self.wfile.flush()
