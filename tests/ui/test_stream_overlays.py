"""View ▸ Stream overlays in the window (issue 28): off by default, the port shown and
changeable, a taken port said plainly; what the overlays show follows each command and the
GM's choices for the players' screen (a hidden token leaves them at once), and a token in
the dark on the players' screen is not on the overlays either."""

from __future__ import annotations

import json
import socket

from tactical.encounter import commands as cmd
from tests.overlay.served import get
from tests.windows import open_window


def names(overlays, topic="party"):
    value = json.loads(overlays.feed.get(topic).json)
    entries = value["entries"] if topic == "initiative" else value
    return {e["name"] for e in entries}


def test_off_by_default_and_the_port_is_shown_and_changeable(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    overlays = window.stream_overlays
    assert not overlays.action.isChecked() and overlays.server is None
    assert "http://127.0.0.1:8728/" in overlays.action.text()
    overlays.set_port(18931)
    assert overlays.settings.store.value("stream_overlays/port") in (18931, "18931")
    assert "http://127.0.0.1:18931/" in overlays.action.text()
    assert "18931" in overlays.port_action.text()


def test_a_taken_port_unchecks_the_action_and_names_the_port(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    overlays = window.stream_overlays
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert not overlays.start(port=port)
    assert not overlays.action.isChecked() and overlays.server is None
    assert f"127.0.0.1:{port}" in window.statusBar().currentMessage()


def test_the_overlays_follow_each_command_and_the_gms_choices(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    overlays = window.stream_overlays
    document = window.document
    try:
        assert overlays.start(port=0)
        assert overlays.action.isChecked()
        assert get(overlays.server, "/party")[0] == 200
        assert "Guard (shield)" in names(overlays)
        for cid, value in {"kicker": 30, "guard-office": 40}.items():
            document.apply(cmd.SetInitiative(cid, value))
        document.apply(cmd.StartCombat())
        qtbot.waitUntil(lambda: '"acting":true' in overlays.feed.get("initiative").json)
        acting = [e["name"] for e in json.loads(overlays.feed.get("initiative").json)["entries"]
                  if e["acting"]]
        assert acting == ["Guard (office)"]
        document.apply(cmd.ApplyDamage("abomination", 6))
        qtbot.waitUntil(lambda: '"state":"hurt"' in overlays.feed.get("party").json)
        assert '"6"' not in overlays.feed.get("party").json
        # the GM hides a token from the players: it leaves the overlays with no command
        document.select("guard-shield")
        window.player_screen.hide_selected(True)
        qtbot.waitUntil(lambda: "Guard (shield)" not in names(overlays))
        assert "Guard (shield)" not in names(overlays, "initiative")
        assert "Guard (shield)" not in get(overlays.server, "/initiative")[2].decode()
        assert overlays.push_ms  # what each push cost the GUI thread (the bench reads it)
    finally:
        overlays.stop()
    assert overlays.server is None and not overlays.action.isChecked()


def test_with_fog_a_token_in_the_dark_is_not_on_the_overlays(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    overlays, screen = window.stream_overlays, window.player_screen
    try:
        assert overlays.start(port=0)
        screen.fog_action.setChecked(True)  # the players' window closed: players' side only
        qtbot.waitUntil(lambda: "Guard (office)" not in names(overlays))
        assert {"Kicker", "Vanya"} <= names(overlays)
        screen.action.setChecked(True)  # the players' window open: what it draws
        players = screen.window
        assert players is not None
        drawn = {players.scene.document.state.get(cid).name
                 for cid, t in players.scene.tokens.items() if t.isVisible()}
        qtbot.waitUntil(lambda: names(overlays) == drawn)
        screen.action.setChecked(False)
        screen.fog_action.setChecked(False)
        qtbot.waitUntil(lambda: "Guard (office)" in names(overlays))
    finally:
        overlays.stop()
        screen.action.setChecked(False)


def test_the_overlays_keep_updating_with_the_windows_minimised(qtbot, tmp_path):
    """OBS reads the overlays while the GM's window and the players' are minimised (or
    covered): nothing they serve waits for a window to paint."""
    window = open_window(qtbot, tmp_path)
    overlays, screen = window.stream_overlays, window.player_screen
    document = window.document
    try:
        assert overlays.start(port=0)
        players = screen.open()
        assert players is not None
        for cid, value in {"kicker": 30, "vanya": 22, "guard-office": 40}.items():
            document.apply(cmd.SetInitiative(cid, value))
        document.apply(cmd.StartCombat())
        players.showMinimized()
        window.showMinimized()
        qtbot.waitUntil(lambda: window.isMinimized() and players.isMinimized())
        window._apply(cmd.EndTurn())  # the GM's End turn from the keyboard
        qtbot.waitUntil(lambda: '"acting":true' in overlays.feed.get("initiative").json
                        and acting(overlays) == ["Kicker"])
        page = get(overlays.server, "/initiative")[2].decode()
        assert '"name":"Kicker"' in page.replace(" ", "")
    finally:
        overlays.stop()
        screen.action.setChecked(False)


def acting(overlays) -> list[str]:
    value = json.loads(overlays.feed.get("initiative").json)
    return [e["name"] for e in value["entries"] if e["acting"]]
