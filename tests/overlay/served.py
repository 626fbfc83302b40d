"""A fight's overlays served for a test: the golden fight read at any point, its topics
built through the players' filter, a real server on a free loopback port."""

from __future__ import annotations

import http.client
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tactical.encounter.queries.audience import Audience, AudienceFilter, AudienceSettings
from tactical.encounter.store.files import LogView, read
from tactical.overlay.feed import Feed
from tactical.overlay.follow import publish
from tactical.overlay.payload import Payload
from tactical.overlay.server import OverlayServer

GOLDEN = Path(__file__).parents[1] / "scenarios" / "warehouse_three_rounds.jsonl"


def golden() -> LogView:
    return read(GOLDEN)


def players(settings: AudienceSettings) -> AudienceFilter:
    return AudienceFilter(Audience.PLAYERS, settings)


def feed_at(view: LogView, count: int | None, settings: AudienceSettings,
            feed: Feed | None = None, payload: Payload | None = None) -> Feed:
    """The feed of the golden fight after its first `count` events in effect."""
    feed = feed or Feed()
    events = view.events if count is None else view.events[:count]
    publish(feed, payload or Payload(), view.state_at(count), events, settings)
    return feed


@contextmanager
def serving(feed: Feed) -> Iterator[OverlayServer]:
    server = OverlayServer(feed, 0).start()
    try:
        yield server
    finally:
        server.stop()


def get(server: OverlayServer, path: str, method: str = "GET",
        headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    try:
        conn.request(method, path, headers=headers or {})
        answer = conn.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        conn.close()


def first_event(server: OverlayServer, topic: str) -> bytes:
    """The bytes of an event stream up to its first event (the current value)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(f"GET /events/{topic} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n"
                     .encode())
        data = b""
        while b"\n\n" not in data.split(b"\r\n\r\n", 1)[-1] or b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        return data


def event_data(raw: bytes) -> str:
    body = raw.split(b"\r\n\r\n", 1)[1].decode()
    return "\n".join(line[6:] for line in body.splitlines() if line.startswith("data: "))


Json = Any
