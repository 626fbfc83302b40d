"""The players' screen draws no enemy the party has not detected (play-test at 1080p: the
GM marked Guard (office) hidden, the log said Kicker and Vanya had not detected him, and the
players' window still drew his counter, "Guard (of… · unhurt", and his "GO" chip)."""

from __future__ import annotations

from tactical.ui.main_window import MainWindow
from tests import fights
from tests.ui.test_gm_hands import choose, token_menu
from tests.windows import close, open_window


def players_see(window: MainWindow) -> tuple[set[str], set[str]]:
    players = window.player_screen.window
    assert players is not None
    players.view.refresh()
    tokens = {cid for cid, t in players.scene.tokens.items() if t.isVisible()}
    return tokens, {e["id"] for e in players.view.shown_strip["entries"]}


def test_an_enemy_the_party_has_not_detected_is_not_on_the_players_screen(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, size=(1920, 1080))
    doc = fights.start(window.document)
    players = window.player_screen.open()
    assert players is not None
    players.animation_ms = 0
    qtbot.waitExposed(players)
    tokens, strip = players_see(window)
    assert "guard-office" in tokens and "guard-office" in strip
    choose(token_menu(window, "guard-office"), "Mark hidden")
    assert doc.state.get("guard-office").hidden
    tokens, strip = players_see(window)
    assert "guard-office" not in tokens and "guard-office" not in strip
    assert {"kicker", "vanya", "guard-shotgun"} <= tokens  # the others stay
    assert "guard-office" in window.scene.tokens  # the GM's board still has him
    assert "kicker" in strip
    window.action_map["undo"].trigger()  # the GM takes the mark back: he is seen again
    assert not doc.state.get("guard-office").hidden
    tokens, strip = players_see(window)
    assert "guard-office" in tokens and "guard-office" in strip
    players.close()
    close(window)
