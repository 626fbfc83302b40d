"""Pings (issue 28): the GM holds G and a ring pulses at that hex on the GM's board and the
players' screen; Shift+G brings the players' camera; the ring is sized in hexes."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QCursor
from PySide6.QtTest import QTest

from tactical.encounter.queries.audience import default_settings
from tactical.ui.board import BoardScene, BoardView
from tactical.ui.board.manifest import manifest
from tactical.ui.board.ping import PING_HEXES, PING_MS
from tactical.ui.player.camera import CameraMode
from tactical.ui.player.window import PlayerWindow
from tests import windows
from tests.ui.test_board import at, mouse, warehouse
from tests.ui.test_gm_hands import choose, in_combat, token_menu


def boards(qtbot):
    document = warehouse()
    view = BoardView(BoardScene(document))
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)
    view.zoom_to_fit()
    players = PlayerWindow(document, default_settings(["runners", "corp"]))
    qtbot.addWidget(players)
    players.animation_ms = 0
    players.resize(1280, 720)
    players.place(None, False)
    qtbot.waitExposed(players)
    players.set_mode(CameraMode.LOCKED)
    return document, view, players


def hover(view: BoardView, h: tuple[int, int]) -> None:
    """The mouse over hex `h` (the key's tool starts where the cursor is)."""
    point = at(view, h)
    QCursor.setPos(view.viewport().mapToGlobal(point))
    mouse(view, QEvent.Type.MouseMove, point, Qt.MouseButton.NoButton)


def pings(scene: BoardScene) -> list[list[int]]:
    return manifest(scene)["pings"]


def test_holding_g_pings_the_hex_on_both_screens_and_follows_the_mouse(qtbot):
    document, view, players = boards(qtbot)
    view.setFocus()
    hover(view, (8, 4))
    box = players.box
    QTest.keyPress(view, Qt.Key.Key_G)
    assert pings(view.board) == [[8, 4]] and pings(players.scene) == [[8, 4]]
    mouse(view, QEvent.Type.MouseMove, at(view, (12, 6)), Qt.MouseButton.NoButton)
    assert pings(view.board) == [[12, 6]] and pings(players.scene) == [[12, 6]]
    QTest.keyRelease(view, Qt.Key.Key_G)
    assert view.tools.idle  # the tool is done, the ring pulses on
    assert pings(players.scene) == [[12, 6]]
    assert players.box == box  # a plain ping leaves the players' camera where it was
    # sized in hexes: the same ring at any zoom
    hex_m = document.oracle.params.metres_per_hex
    assert players.scene.ping_item.radius == view.board.ping_item.radius == PING_HEXES * hex_m
    # drawn: white and black on the ring's circle on the players' screen
    centre = players.view.mapFromScene(players.scene.centre((12, 6)))
    r_px = PING_HEXES * hex_m * players.view.transform().m11()
    image = players.view.viewport().grab().toImage()
    points = [QPointF(centre.x() + dx * r_px, centre.y() + dy * r_px)
              for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    # a name stays on top of the ring (the test below): only the points no label covers
    names = [players.view.mapFromScene(t.name_label.sceneBoundingRect()).boundingRect()
             for t in players.scene.tokens.values() if t.name_label.isVisible()]
    clear = [p for p in points if not any(n.contains(p.toPoint()) for n in names)]
    assert len(clear) >= 2
    on_ring = [image.pixelColor(round(p.x()), round(p.y())) for p in clear]
    assert all(c.lightness() > 200 for c in on_ring), [c.name() for c in on_ring]
    qtbot.waitUntil(lambda: not players.scene.ping_item.isVisible(), timeout=PING_MS + 3000)
    assert pings(view.board) == [] and pings(players.scene) == []  # a few seconds, then gone


def test_shift_g_brings_the_players_camera_to_the_ping(qtbot):
    _document, view, players = boards(qtbot)
    view.setFocus()
    far = (20, 4)
    hover(view, far)
    players.show_box((0.0, 0.0, 16.0, 16.0))  # the players look at the other corner
    seen = QRectF(*players.view.visible_box())
    assert not seen.contains(players.scene.centre(far))
    QTest.keyPress(view, Qt.Key.Key_G, Qt.KeyboardModifier.ShiftModifier)
    QTest.keyRelease(view, Qt.Key.Key_G, Qt.KeyboardModifier.ShiftModifier)
    seen = QRectF(*players.view.visible_box())
    centre = players.scene.centre(far)
    assert seen.contains(centre)
    assert abs(seen.center().x() - centre.x()) < 0.5  # centred on it, the zoom kept
    assert abs(players.box[2] - 16.0) < 1e-6


def test_a_tokens_menu_points_it_out_to_the_players(qtbot, tmp_path):
    win = windows.open_window(qtbot, tmp_path)
    in_combat(win)
    players = win.player_screen.open()
    assert players is not None
    choose(token_menu(win, "vanya"), "Point this out to the players")
    vanya = list(win.document.state.get("vanya").hex)
    assert pings(win.view.board) == [vanya] and pings(players.scene) == [vanya]
    assert win.view.tools.idle
    players.close()
    windows.close(win)


def test_the_players_window_shows_a_ping_that_was_never_logged(qtbot):
    document, view, players = boards(qtbot)
    before = len(list(document.encounter.history.effective_events()))
    view.tools.use("beacon", QPointF(view.board.centre((9, 2))))
    view.tools.escape()
    assert pings(players.scene) == [[9, 2]]
    assert len(list(document.encounter.history.effective_events())) == before



def test_a_ring_pinged_on_a_token_leaves_its_name_readable_on_both_screens(qtbot, tmp_path):
    """Seen in a real X session: the pulsing ring was drawn over the pinged token's name."""
    win = windows.open_window(qtbot, tmp_path)
    in_combat(win)
    players = win.player_screen.open()
    assert players is not None
    choose(token_menu(win, "vanya"), "Point this out to the players")
    for scene in (win.view.board, players.scene):
        ring, vanya = scene.ping_item, scene.tokens["vanya"]
        assert ring.isVisible() and ring.parentItem() is None
        name = vanya.name_label
        assert name.isVisible() and name.parentItem() is None
        assert ring.sceneBoundingRect().intersects(name.sceneBoundingRect())
        # what is drawn where the name is, top first: the name, then the ring, then the disc
        here = scene.items(name.sceneBoundingRect().center())
        stack = [i for i in here if i in (ring, name, vanya)]
        assert stack.index(name) < stack.index(ring), "the ring hides the token's name"
        assert ring.zValue() > vanya.zValue()  # still over the token disc
    players.close()
    windows.close(win)
