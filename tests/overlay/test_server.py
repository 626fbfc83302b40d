"""The overlays' server answers only what a browser source needs: GET on its fixed routes,
from this computer (a Host that is not the loopback address is refused: DNS rebinding), no
file from disk, and live updates on an event stream."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from tactical.encounter.queries.audience import default_settings
from tactical.overlay.feed import TOPICS, Feed
from tactical.overlay.pages import POSITIONS, overlay_page, parse_look
from tactical.overlay.server import LOOPBACK, OverlayServer, PortInUse
from tests.overlay.served import event_data, feed_at, first_event, get, golden, serving

ROUTES = ("/", *(f"/{t}" for t in TOPICS))


@pytest.fixture(scope="module")
def view():
    return golden()


@pytest.fixture
def server(view):
    with serving(feed_at(view, None, default_settings(["runners", "corp"]))) as server:
        yield server


def test_each_route_serves_its_page_and_the_index_lists_them(server):
    for route in ROUTES:
        status, headers, _body = get(server, route)
        assert status == 200, route
        assert headers["Content-Type"].startswith("text/html")
        assert "default-src 'none'" in headers["Content-Security-Policy"]  # nothing external
    _s, _h, index = get(server, "/")
    for topic in TOPICS:
        assert f"http://127.0.0.1:{server.port}/{topic}".encode() in index
    page = get(server, "/roll")[2].decode()
    assert "33 vs TN 30" in page  # the current value is in the page itself
    assert "http" not in page.replace(f"http://127.0.0.1:{server.port}", "")  # no URL out


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS",
                                    "TRACE", "BREW"])
def test_only_get_is_answered(server, method):
    status, headers, body = get(server, "/roll", method)
    assert status == 405
    assert headers.get("Allow") == "GET"
    assert b"33 vs TN" not in body


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8728", "127.0.0.2",
                                  "localhost.evil.example", "192.168.1.10", ""])
def test_a_host_that_is_not_the_loopback_is_refused(server, host):
    status, _headers, body = get(server, "/roll", headers={"Host": host})
    assert status == 403
    assert b"TN" not in body


def test_the_loopback_names_are_answered_on_this_port_only(server):
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", "localhost"):
        assert get(server, "/party", headers={"Host": host})[0] == 200, host
    assert get(server, "/party", headers={"Host": f"127.0.0.1:{server.port + 1}"})[0] == 403


@pytest.mark.parametrize("path", ["/roll/", "/../pyproject.toml", "/assets/fonts/DejaVuSans.ttf",
                                  "/events", "/events/secret", "/initiative.html",
                                  "/%2e%2e/%2e%2e/etc/passwd", "/fonts/", "/favicon.ico"])
def test_a_path_outside_the_routes_is_404(server, path):
    status, _headers, body = get(server, path)
    assert status == 404
    assert b"root:" not in body and b"[project]" not in body


def test_scale_and_pos_are_checked_and_honoured(server):
    status, _h, body = get(server, "/initiative?scale=1.5&pos=bottom-right")
    assert status == 200
    assert b"--s:1.5;justify-content:flex-end;align-items:flex-end" in body
    for query in ("scale=9", "scale=abc", "scale=nan", "pos=middle", "colour=red"):
        status, _h, body = get(server, f"/initiative?{query}")
        assert status == 400, query
        assert b"scale" in body or b"pos" in body or b"parameter" in body
    assert set(POSITIONS) >= {"top", "bottom", "center", "top-left"}


def test_a_name_cannot_break_out_of_the_embedded_data():
    look = parse_look("party", "")
    page = overlay_page("party", look, json.dumps([{"name": "</script><script>alert(1)//"}]))
    assert "</script><script>alert" not in page
    assert page.count("</script>") == 2  # the data's and the script's own


def test_it_binds_the_loopback_address_only():
    server = OverlayServer(Feed(), 0)
    try:
        assert server.server_address[0] == LOOPBACK == "127.0.0.1"
    finally:
        server.server_close()


def test_a_port_in_use_is_a_clear_message():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(PortInUse, match=f"127.0.0.1:{port}.*another port"):
            OverlayServer(Feed(), port)


def test_an_event_stream_sends_the_value_then_each_update(view, server):
    raw = first_event(server, "initiative")
    assert b"text/event-stream" in raw
    first = json.loads(event_data(raw))
    assert first["title"] == "Round 3"
    got: list[bytes] = []

    def listen() -> None:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
            sock.sendall(b"GET /events/roll HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            data = b""
            while data.count(b"id: ") < 2:  # the value, then the update
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
            got.append(data)

    thread = threading.Thread(target=listen)
    thread.start()
    time.sleep(0.3)
    feed_at(view, 40, default_settings(["runners", "corp"]), server.feed)
    thread.join(5)
    assert got and got[0].count(b"id: ") == 2  # the value, then the update, nothing polled
    second = got[0].rsplit(b"id: ", 1)[1]
    assert b"data: " in second


def test_stopping_ends_the_streams_and_frees_the_port(view):
    feed = feed_at(view, None, default_settings(["runners", "corp"]))
    server = OverlayServer(feed, 0).start()
    port = server.port
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(b"GET /events/party HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        sock.recv(65536)
        server.stop()
        sock.settimeout(5)
        rest = b"".join(iter(lambda: sock.recv(65536), b""))  # the server closes it
        assert b"data:" not in rest or rest.endswith(b"\n\n")
    again = OverlayServer(Feed(), port)  # the port is free again
    again.server_close()
