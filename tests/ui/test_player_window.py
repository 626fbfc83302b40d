"""The players' window (issue 16): opening on a second screen (a virtual one: offscreen Qt
has a single screen, so the placement takes screens as data), the three camera modes, the
GM's frame of the players' camera, and the physical scale."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QSettings

from tactical.core.paths import demo_map
from tactical.encounter.commands import EndTurn, Move
from tactical.encounter.queries.audience import default_settings
from tactical.ui.board import BoardScene, BoardView
from tactical.ui.main_window import MainWindow
from tactical.ui.player import window as player_window
from tactical.ui.player.camera import (
    CameraMode,
    HexSize,
    ScreenInfo,
    choose_screen,
    physical_px_per_metre,
    ppi_from_diagonal,
    ppi_from_ruler,
)
from tactical.ui.player.window import PlayerWindow
from tests import fights

LAPTOP = ScreenInfo("eDP-1", (0, 0, 1920, 1080))
PROJECTOR = ScreenInfo("HDMI-1", (1920, 0, 1280, 720))
TV = ScreenInfo("HDMI-2", (3200, 0, 3840, 2160))
fight = fights.fight


@pytest.fixture
def gm_and_players(qtbot):
    document = fight()
    gm = BoardView(BoardScene(document))
    qtbot.addWidget(gm)
    gm.resize(1200, 800)
    gm.show()
    gm.zoom_to_fit()
    players = PlayerWindow(document, default_settings(["runners", "corp"]), gm)
    qtbot.addWidget(players)
    players.animation_ms = 0
    players.place(None, False)
    qtbot.waitExposed(players)
    yield document, gm, players
    players.close()
    gm.close()


def test_the_screen_is_the_remembered_one_else_not_the_gms():
    assert choose_screen([LAPTOP, PROJECTOR, TV], "HDMI-2", "eDP-1") == TV
    assert choose_screen([LAPTOP, PROJECTOR], "HDMI-2", "eDP-1") == PROJECTOR  # unplugged
    assert choose_screen([PROJECTOR, LAPTOP], None, "HDMI-1") == LAPTOP
    assert choose_screen([LAPTOP], None, "eDP-1") == LAPTOP  # one screen: a window there
    assert choose_screen([], None, None) is None


def test_the_window_opens_on_a_second_virtual_screen(qtbot):
    document = fight()
    players = PlayerWindow(document, default_settings(["runners"]))
    qtbot.addWidget(players)
    players.place(PROJECTOR, False)  # a plain window on the projector (to capture)
    qtbot.waitExposed(players)
    assert players.placed_on == PROJECTOR
    assert players.geometry().x() >= PROJECTOR.geometry[0]
    players.place(PROJECTOR, True)
    qtbot.waitUntil(players.isFullScreen)
    players.close()


def test_one_click_remembers_the_screen_for_next_time(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(player_window, "screens", lambda: [LAPTOP, PROJECTOR, TV])
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(demo_map())
    screen = window.player_screen
    assert screen.action in window.toolbar.actions()
    screen.place(TV, False)  # the menu's one click
    assert screen.window is not None and screen.window.placed_on == TV
    assert settings.value("player_view/screen") == "HDMI-2"
    screen.action.setChecked(False)
    assert screen.window is None
    screen.action.setChecked(True)  # reopened: on the TV again
    assert screen.window is not None and screen.window.placed_on == TV
    window.close()
    assert screen.window is None  # closing the GM's window closes the players'


def test_follow_mode_shows_what_the_gm_view_shows_and_the_gm_sees_the_frame(gm_and_players):
    _document, gm, players = gm_and_players
    players.set_mode(CameraMode.FOLLOW)
    gm.set_zoom(2.0)
    gm.centerOn(gm.board.centre((12, 4)))
    gm_rect = gm.mapToScene(gm.viewport().rect()).boundingRect()
    box = players.view.visible_box()
    # the players' view holds the GM's whole view (the aspect ratios differ)
    assert box[0] <= gm_rect.left() + 0.1 and box[1] <= gm_rect.top() + 0.1
    assert box[0] + box[2] >= gm_rect.right() - 0.1
    assert box[1] + box[3] >= gm_rect.bottom() - 0.1
    assert players.frame is not None
    frame = players.frame.rect()
    assert abs(frame.center().x() - gm_rect.center().x()) < 0.5
    assert players.frame.scene() is gm.board  # drawn on the GM's board


def test_locked_mode_never_moves(gm_and_players):
    document, gm, players = gm_and_players
    players.set_mode(CameraMode.LOCKED)
    before = players.view.visible_box()
    gm.set_zoom(3.0)
    gm.centerOn(gm.board.centre((20, 4)))
    assert document.apply(Move("kicker", ((3, 7), (4, 7)))) is not None
    assert players.view.visible_box() == pytest.approx(before)


def test_auto_frame_follows_the_acting_combatant_and_the_player_characters(gm_and_players,
                                                                           qtbot):
    document, _gm, players = gm_and_players
    players.animation_ms = 300
    players.set_mode(CameraMode.AUTO)
    for _ in range(2):  # Kicker and Vanya pass: the shotgun guard acts
        assert document.apply(EndTurn()) is not None
    assert document.state.actor == "guard-shotgun"
    target = players.auto_box()
    qtbot.waitUntil(lambda: players.box == pytest.approx(target), timeout=10000)  # a busy CI
    box = players.view.visible_box()
    for cid in ("kicker", "vanya", "guard-shotgun"):
        p = players.scene.centre(document.state.get(cid).hex)
        assert box[0] < p.x() < box[0] + box[2] and box[1] < p.y() < box[1] + box[3], cid
    far = players.scene.centre(document.state.get("guard-office").hex)
    assert not (box[0] < far.x() < box[0] + box[2] and box[1] < far.y() < box[1] + box[3])


def test_scale_calibration_draws_one_hex_per_inch_and_locks_the_zoom(gm_and_players):
    document, gm, players = gm_and_players
    assert ppi_from_diagonal(1920, 1080, 27.0) == pytest.approx(81.59, abs=0.01)
    assert ppi_from_ruler(400, 101.6) == pytest.approx(100.0)
    with pytest.raises(ValueError):
        ppi_from_diagonal(1920, 1080, 0)
    metres = document.oracle.params.metres_per_hex
    players.set_mode(CameraMode.FOLLOW)
    players.set_physical_scale(96.0, HexSize.INCH)
    a = players.view.mapFromScene(QPointF(0, 0))
    b = players.view.mapFromScene(QPointF(metres, 0))
    assert math.dist((a.x(), a.y()), (b.x(), b.y())) == pytest.approx(96, abs=1.5)
    gm.set_zoom(0.5)  # the GM zooms out: the players' zoom stays locked
    assert players.view.transform().m11() == pytest.approx(96 / metres)
    assert physical_px_per_metre(96, HexSize.MM25, metres) == pytest.approx(
        96 * 25 / 25.4 / metres)
    players.set_physical_scale(None)
    assert players.view.transform().m11() != pytest.approx(96 / metres)


def test_the_key_background_is_one_exact_colour_with_no_blended_edge(qapp):
    from tactical.encounter.queries.audience import Audience, AudienceFilter
    from tactical.ui.board.render import render_image

    document = fight()
    audience = AudienceFilter(Audience.PLAYERS, default_settings(["runners", "corp"]))
    image = render_image(document, (1280, 720), audience=audience, key="#FF00FF")
    key = blended = 0
    for y in range(0, 720, 3):
        for x in range(1280):
            c = image.pixelColor(x, y)
            r, g, b = c.red(), c.green(), c.blue()
            if (r, g, b) == (255, 0, 255):
                key += 1
            elif r - g > 60 and b - g > 60:  # magenta mixed into the board: a keyer's halo
                blended += 1
    assert key > 20000  # the margins around the map are keyed ...
    assert blended == 0  # ... with no antialiased fringe
    assert image.pixelColor(640, 360).name() != "#ff00ff"  # and the map itself is not


def test_large_print_names_and_enemies_told_apart_by_shape(qtbot):
    document = fight()
    players = PlayerWindow(document, default_settings(["runners", "corp"]))
    qtbot.addWidget(players)
    players.resize(1280, 720)
    players.place(None, False)
    qtbot.waitExposed(players)
    players.set_mode(CameraMode.LOCKED)
    px_per_m = players.view.transform().m11()
    for cid, token in players.scene.tokens.items():
        label = token.name_label
        if label.isVisible():
            height_px = label.sceneBoundingRect().height() * px_per_m
            assert height_px >= 18, (cid, height_px)  # readable on a 720p stream
        look = token.look
        assert look is not None
        enemy = document.state.get(cid).side != "runners"
        assert look.dashed == enemy and look.bars != enemy
    players.close()


def test_the_gm_reveals_and_hides_fog_by_hand(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(demo_map())
    screen = window.player_screen
    screen.fog_action.setChecked(True)
    players = screen.open()
    assert players is not None and players.scene.fog is not None
    assert "guard-shield" not in players.scene.tokens  # behind the crates, in the dark
    where = window.document.state.get("guard-shield").hex
    screen.fog_by_hand(True, at=where)
    assert "guard-shield" in players.scene.tokens
    screen.fog_by_hand(False, at=where)
    assert "guard-shield" not in players.scene.tokens
    assert settings.value("player_view/fog/Warehouse_7__Tacoma_docks") == "1"  # per map
    window.close()
    again = MainWindow(settings=settings)  # the next session: fog on for this map
    qtbot.addWidget(again)
    assert again.open_path(demo_map())
    assert again.player_screen.fog_action.isChecked()
    again.close()


def test_closing_the_players_window_unticks_view_player_view(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(demo_map())
    screen = window.player_screen
    screen.action.trigger()  # the toolbar button
    players = screen.window
    assert players is not None and screen.action.isChecked()
    players.close()  # its own close button
    assert screen.window is None and not screen.action.isChecked()
    screen.action.trigger()
    assert screen.window is not None  # opens again
    window.close()


def test_calibrating_from_the_diagonal_or_a_measured_ruler(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(player_window, "screens", lambda: [LAPTOP, PROJECTOR])
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(demo_map())
    screen = window.player_screen
    screen.place(PROJECTOR, False)
    players = screen.window
    assert players is not None
    metres = window.document.oracle.params.metres_per_hex
    screen.set_diagonal(20.0)  # a 1280 × 720 projector image 20 inches across
    ppi = ppi_from_diagonal(1280, 720, 20.0)
    assert players.view.transform().m11() == pytest.approx(ppi / metres)
    screen.set_ruler_mm(127.0)  # the 400 px ruler measured 5 inches: 80 px per inch
    assert players.view.transform().m11() == pytest.approx(80 / metres)
    assert float(settings.value("player_view/ruler_ppi")) == pytest.approx(80)
    window.close()


def test_a_players_window_deleted_unclosed_leaves_the_gms_view_alone(qtbot):
    """The GM's view outlives the players' window (closing the app deletes it without a
    close): a zoom or a scroll after that must not reach into its deleted scene."""
    from PySide6.QtCore import QCoreApplication, QEvent

    document = fight()
    gm = BoardView(BoardScene(document))
    qtbot.addWidget(gm)
    gm.resize(1000, 700)
    gm.show()
    gm.zoom_to_fit()
    players = PlayerWindow(document, default_settings(["runners", "corp"]), gm)
    players.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gm.set_zoom(gm.zoom * 1.5)  # raised "Internal C++ object already deleted" in a slot
    gm.zoom_to_fit()
    gm.close()
