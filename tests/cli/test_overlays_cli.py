"""`tactical overlays MAP_OR_LOG [--port P]`: the overlays served headless for a log that is
followed as it grows (the GM's app appends; a streaming PC reads), or for a map's setup."""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import threading
from pathlib import Path

from tactical.cli import main as tactical
from tactical.cli import overlays
from tactical.core.paths import demo_map, maps_dir
from tests.overlay.served import GOLDEN


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fetch(port: int, path: str) -> str:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", path)
    return conn.getresponse().read().decode()


def embedded(page: str) -> object:
    start = page.index('type="application/json">') + len('type="application/json">')
    return json.loads(page[start:page.index("</script>", start)])


def serve(source: Path, port: int, *extra: str) -> tuple[threading.Thread, threading.Event]:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="tool")
    overlays.add_parser(sub)
    args = parser.parse_args(["overlays", str(source), "--port", str(port), *extra])
    ready, stop = threading.Event(), threading.Event()
    thread = threading.Thread(target=overlays.run, args=(args, ready, stop), daemon=True)
    thread.start()
    assert ready.wait(20)
    return thread, stop


def test_a_log_is_followed_as_it_grows(tmp_path):
    lines = GOLDEN.read_bytes().splitlines(keepends=True)
    shutil.copytree(maps_dir(), tmp_path / "maps")  # the golden log names ../../maps/…
    (tmp_path / "a" / "b").mkdir(parents=True)
    log = tmp_path / "a" / "b" / "fight.jsonl"
    cut = next(i for i, line in enumerate(lines) if b"AttackResolved" in line)
    log.write_bytes(b"".join(lines[:cut]))  # the fight before its first roll
    port = free_port()
    thread, stop = serve(log, port)
    try:
        assert embedded(fetch(port, "/roll")) == {"last": None, "history": []}
        with log.open("ab") as f:  # the GM's app appends the rest
            f.write(b"".join(lines[cut:]))
        import time

        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            last = embedded(fetch(port, "/roll"))["last"]  # type: ignore[index]
            if last is not None and last["headline"] == "33 vs TN 30 — Marginal hit":
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the grown log never reached the overlays")
        assert "Guard (shield)" in fetch(port, "/party")
    finally:
        stop.set()
        thread.join(10)


def test_a_map_serves_its_setup_and_hide_keeps_a_token_off(tmp_path):
    port = free_port()
    thread, stop = serve(demo_map(), port, "--hide", "guard-shield")
    try:
        party = embedded(fetch(port, "/party"))
        assert {"Kicker", "Vanya"} <= {e["name"] for e in party}  # type: ignore[union-attr]
        assert "Guard (shield)" not in fetch(port, "/party")
        assert "Guard (shield)" not in fetch(port, "/initiative")
    finally:
        stop.set()
        thread.join(10)


def test_bad_input_is_a_message_not_a_traceback(tmp_path, capsys):
    assert tactical(["overlays", str(tmp_path / "nope.jsonl")]) == 1
    assert "no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a log\n", encoding="utf-8")
    assert tactical(["overlays", str(bad), "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert "bad.jsonl" in err and "Traceback" not in err
    assert tactical(["overlays", str(GOLDEN), "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err
