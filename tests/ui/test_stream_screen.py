"""The players' screen reads on a stream (issue 28): the strip names whoever acts and
everyone after, condensed to fit; names stay within about three hexes; the GM's board
draws exactly the players' frame."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fights import fight
from PySide6.QtCore import QPointF, QRectF

from tactical.cli import main as tactical
from tactical.encounter.commands import EndTurn, GMMove
from tactical.encounter.queries.audience import Audience, AudienceFilter, default_settings
from tactical.ui.board.render import render_image
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.view import BoardView
from tactical.ui.player import hud
from tactical.ui.player.camera import CameraMode
from tactical.ui.player.window import PlayerWindow

GOLDEN = Path(__file__).parents[1] / "scenarios" / "warehouse_three_rounds.jsonl"
FAR = (2, 14)  # a free hex of the warehouse far from the guards
SIX = {"kicker", "vanya", "guard-shotgun", "guard-shield", "guard-office", "abomination"}


def players() -> AudienceFilter:
    return AudienceFilter(Audience.PLAYERS, default_settings(["runners", "corp"]))


def test_the_demos_manifest_at_720p_lists_all_six_with_the_acting_one(qapp, tmp_path):
    drawn: dict[str, object] = {}
    render_image(fight(), (1280, 720), audience=players(), manifest=drawn)
    strip = drawn["initiative"]
    assert isinstance(strip, dict)
    assert {e["id"] for e in strip["entries"]} == SIX and strip["more"] == 0
    assert [e["acting"] for e in strip["entries"]].count(True) == 1
    assert strip["entries"][0]["acting"]  # whose turn comes first
    assert "initials" in {e["form"] for e in strip["entries"]}  # condensed to fit
    width = drawn["label_width_hexes"]
    assert isinstance(width, float) and 0 < width <= 3.0  # three hexes at most


def test_tactical_render_lists_the_strip_in_the_manifest(qapp, tmp_path):
    listing = tmp_path / "p.json"
    assert tactical(["render", str(GOLDEN), "--audience", "players", "--size", "1280x720",
                     "--out", str(tmp_path / "p.png"), "--manifest", str(listing)]) == 0
    drawn = json.loads(listing.read_text(encoding="utf-8"))
    assert {e["id"] for e in drawn["initiative"]["entries"]} == SIX  # the fight is over
    assert not any(e["acting"] for e in drawn["initiative"]["entries"])
    assert drawn["rolls"] and all(isinstance(r, str) for r in drawn["rolls"])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (640, 360)])
def test_whoever_acts_is_on_the_strip_even_the_sixth(qapp, size):
    document = fight()
    seen = []
    for _turn in range(6):
        drawn: dict[str, object] = {}
        render_image(document, size, audience=players(), manifest=drawn)
        strip = drawn["initiative"]
        assert isinstance(strip, dict)
        acting = [e for e in strip["entries"] if e["acting"]]
        assert len(acting) == 1 and acting[0]["id"] == document.state.actor
        assert acting[0]["form"] == "name"  # the acting one keeps its name
        listed = {e["id"] for e in strip["entries"]}
        assert len(listed) + strip["more"] == 6
        if size[0] >= 1280:
            assert listed == SIX  # condensed, never cut off
        seen.append(document.state.actor)
        assert document.apply(EndTurn()) is not None
    assert len(set(seen)) >= 5


@pytest.mark.parametrize("size", [(1280, 720), (640, 360)])
def test_a_condensed_chip_reads_as_its_tokens_face(qapp, size):
    """Both guards are "GS" by their initials; their tokens read G1 and G2. A viewer finds
    whose turn it is by matching the strip's chip to the token, so the chip reads the same."""
    document = fight()
    condensed: dict[str, str] = {}
    for _turn in range(6):
        drawn: dict[str, object] = {}
        render_image(document, size, audience=players(), manifest=drawn)
        strip, tokens = drawn["initiative"], drawn["tokens"]
        assert isinstance(strip, dict) and isinstance(tokens, list)
        face = {t["id"]: t["initials"] for t in tokens}
        shown = [e for e in strip["entries"] if e["form"] == "initials"]
        for e in shown:
            assert e["shown"] == face[e["id"]], e
            condensed[e["id"]] = e["shown"]
        assert len({e["shown"] for e in shown}) == len({e["id"] for e in shown})
        assert document.apply(EndTurn()) is not None
    assert {"guard-shotgun", "guard-shield"} <= set(condensed)  # both were condensed
    assert condensed["guard-shotgun"] != condensed["guard-shield"]


def frame_matches(window: PlayerWindow) -> None:
    """The GM's frame is the players' map area below the strip, to the pixel."""
    view = window.view
    vp = view.viewport().rect().adjusted(0, round(view.bar_height()), 0, 0)
    seen = view.mapToScene(vp).boundingRect()
    assert window.frame is not None
    frame = window.frame.rect()
    tolerance = 1.5 / view.transform().m11()  # a pixel and a half
    for a, b in ((frame.left(), seen.left()), (frame.top(), seen.top()),
                 (frame.right(), seen.right()), (frame.bottom(), seen.bottom())):
        assert abs(a - b) <= tolerance, (frame, seen)
    # and it is not the whole viewport: the strip hides the top of the map
    whole = view.mapToScene(view.viewport().rect()).boundingRect()
    assert frame.top() > whole.top()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("mode", [CameraMode.FOLLOW, CameraMode.AUTO])
def test_the_gm_board_shows_exactly_the_players_frame(qtbot, size, mode):
    document = fight()
    gm = BoardView(BoardScene(document))
    qtbot.addWidget(gm)
    gm.resize(1000, 700)
    gm.show()
    gm.zoom_to_fit()
    window = PlayerWindow(document, default_settings(["runners", "corp"]), gm_view=gm)
    qtbot.addWidget(window)
    window.animation_ms = 0
    window.resize(*size)
    window.place(None, False)
    qtbot.waitExposed(window)
    window.set_mode(mode)
    frame_matches(window)
    assert document.apply(EndTurn()) is not None  # the camera moves (auto) or stays
    frame_matches(window)  # the frame moved with it, nothing asked again
    gm.set_zoom(gm.zoom * 1.5)  # the GM zooms in: a followed frame follows
    frame_matches(window)
    if mode is CameraMode.FOLLOW:  # and it is the GM's view now, not the tokens'
        gm_rect = gm.mapToScene(gm.viewport().rect()).boundingRect()
        assert abs(window.frame.rect().center().x() - gm_rect.center().x()) < 0.5
    window.close()


def test_the_players_screen_opens_on_the_tokens_not_the_whole_map(qtbot):
    settings = default_settings(["runners", "corp"])
    for far in ("kicker", "vanya", "guard-office", "abomination"):  # two guards remain
        settings = settings.with_hidden(far, True)
    window = PlayerWindow(fight(), settings)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.place(None, False)
    qtbot.waitExposed(window)
    shown = QRectF(*window.view.visible_box())
    assert set(window.scene.tokens) == {"guard-shotgun", "guard-shield"}
    for cid, token in window.scene.tokens.items():
        assert shown.contains(token.pos()), cid  # every token players see is on screen
    assert shown.height() <= 17  # the two with two hexes around, not the map's 33 m
    assert window.view.transform().m11() * 2.0 >= 70  # a hex 70 px across at 720p
    window.close()


def test_the_gm_chooses_the_rolls_players_see_from_the_menu(qtbot, tmp_path):
    from fights import INITIATIVE, start
    from PySide6.QtCore import QSettings

    from tactical.core.paths import demo_map
    from tactical.encounter.commands import Attack
    from tactical.encounter.queries.audience import RollPolicy
    from tactical.ui.main_window import MainWindow

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(demo_map())
    document = window.document
    assert document is not None
    start(document, {**INITIATIVE, "vanya": 40, "guard-shotgun": 35})
    assert document.apply(Attack("vanya", "guard-shotgun")) is not None  # a player's roll
    assert document.apply(EndTurn()) is not None
    assert document.apply(Attack("guard-shotgun", "vanya")) is not None  # an NPC's
    screen = window.player_screen
    players = screen.open()
    assert players is not None
    everyone = players.view.shown_rolls
    assert {r["detail"] for r in everyone} == {"full", "outcome"}
    screen.set_roll_policy(RollPolicy.PLAYERS)
    assert {r["detail"] for r in players.view.shown_rolls} == {"full"}
    screen.set_roll_policy(RollPolicy.NONE)
    assert players.view.shown_rolls == []
    screen.choose_last_roll(True)  # the GM shows this one anyway
    assert [r["number"] for r in players.view.shown_rolls] == [everyone[0]["number"]]
    assert settings.value("player_view/rolls") == "none"  # remembered
    screen.set_roll_policy(RollPolicy.ALL)
    screen.choose_last_roll(False)
    assert everyone[0]["number"] not in [r["number"] for r in players.view.shown_rolls]
    window.close()


def test_a_roll_reads_at_720p_result_first_with_shadowrun_glyphs(qapp):
    from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter

    from tactical.ui.player import hud
    from tactical.ui.player.view import StreamLook

    px = StreamLook().bar_px(720)
    assert QFontMetricsF(hud.font_px(px * 1.2)).capHeight() >= 18  # the result's capitals
    assert hud.font_px(max(hud.MIN_TEXT_PX, px * 0.65)).pixelSize() >= 18  # the history's
    roll = {"number": 3, "attacker": "Wombat", "target": "Cutter", "family": "pool",
            "detail": "full", "hit": True, "outcome": "Hit", "hits": 4, "ones": 3,
            "glitch": True, "critical_glitch": False, "dice": [6, 5, 1, 1, 1, 2, 5, 6],
            "headline": "4 hits · 3 ones — Hit · GLITCH"}
    image = QImage(1280, 720, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    box = hud.paint_roll(painter, roll, QRectF(0, 0, 1280, 720), px)
    painter.end()
    assert box.bottom() <= 720 and box.height() >= 3 * px  # names, result, glyphs, dice
    colours = {image.pixelColor(x, y).name() for x in range(int(box.left()), int(box.right()))
               for y in range(int(box.top()), int(box.bottom()), 3)}
    assert hud.HIT.name() in colours and hud.GLITCH.name() in colours  # the glyphs' pills


def test_the_roll_history_moves_off_a_name_it_would_hide(qtbot):
    """Seen at 1920x1080: the history box, fixed bottom right, hid a guard's name."""
    window = PlayerWindow(fight(), default_settings(["runners", "corp"]))
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.place(None, False)
    qtbot.waitExposed(window)
    view = window.view
    view.shown_rolls = [{"attacker": "Guard with a very long name", "headline": "12 vs TN 15"}] * 3
    names = view.name_rects()
    assert names
    vp = QRectF(view.viewport().rect())
    bottom_right = hud.history_box(400, 90, vp, 30, 40, [])
    # a name where the box would go: it goes to another corner, clear of every name
    moved = hud.history_box(400, 90, vp, 30, 40, [*names, bottom_right.adjusted(50, 20, -50, -20)])
    assert moved != bottom_right
    assert not any(moved.intersects(n) for n in names)
    # in the window: drawn where it hides no name the players read
    view.viewport().grab()
    assert view.history_rect is not None
    assert not any(view.history_rect.intersects(n) for n in view.name_rects())
    window.close()


def test_a_plain_check_shows_large_on_the_players_window(qtbot):
    """Issue 28: "no way to show a plain check". Kicker's Use a Skill comes up on the
    players' screen as a roll does, result first, and goes into the history."""
    from tactical.encounter.commands import Attack, UseSkill

    document = fight()
    window = PlayerWindow(document, default_settings(["runners", "corp"]))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    assert window.view.roll_text == ""
    assert document.apply(UseSkill("kicker", "athletics", tn=15)) is not None
    assert window.view.roll_text.startswith("Athletics: ")
    assert " vs TN 15 — " in window.view.roll_text
    assert window.view.shown_rolls[0]["attacker"] == "Kicker"
    assert document.apply(EndTurn()) is not None
    assert document.apply(Attack("vanya", "guard-shotgun")) is not None
    # the check is in the history now, which keeps off the large result (a real-X grab at
    # 1280x720 had the history over the result's last words)
    assert window.view.shown_rolls[1]["headline"].startswith("Athletics: ")
    window.view.viewport().grab()
    large, history = window.view.roll_rect, window.view.history_rect
    assert large is not None and history is not None
    assert not large.intersects(history)
    window.close()


def test_following_the_gm_the_players_screen_opens_on_the_tokens_not_the_whole_map(qtbot,
                                                                                  tmp_path):
    """Through the window, as a GM opens it (Follow my view, the default): the GM's board
    is fitted to the whole map, which is nothing the GM looked at; the players' screen
    opens on the tokens they see. Once the GM zooms or pans, it shows the GM's view; Fit
    brings back the tokens; a token leaving the frame brings the camera with it."""
    from tests.windows import open_window

    window = open_window(qtbot, tmp_path, (1280, 720))
    screen, gm = window.player_screen, window.view
    assert gm is not None and gm.fitted
    screen._fill_menu()
    settings = screen.audience
    assert settings is not None
    for far in ("kicker", "vanya", "guard-office", "abomination"):  # two guards remain
        settings = settings.with_hidden(far, True)
    screen.audience = settings
    players = screen.open()
    assert players is not None and players.mode is CameraMode.FOLLOW
    players.animation_ms = 0
    players.resize(1280, 720)
    qtbot.waitExposed(players)

    def seen() -> QRectF:
        return QRectF(*players.view.visible_box())

    assert set(players.scene.tokens) == {"guard-shotgun", "guard-shield"}
    assert all(seen().contains(t.pos()) for t in players.scene.tokens.values())
    assert seen().height() <= 17  # the two with two hexes around, not the map's 33 m
    gm.set_zoom(gm.zoom * 1.5)  # the GM looks somewhere: the players follow
    gm_rect = gm.mapToScene(gm.viewport().rect()).boundingRect()
    assert abs(seen().center().x() - gm_rect.center().x()) < 0.5
    gm.zoom_to_fit()  # Fit: the tokens again
    assert seen().height() <= 17
    document = window.document
    assert document is not None
    assert document.apply(GMMove("guard-shield", FAR)) is not None  # far off, by hand
    shield = players.scene.tokens["guard-shield"].pos()
    assert seen().contains(shield)
    players.close()
    window.close()


def test_two_names_shortened_alike_keep_the_words_that_tell_them_apart(qtbot):
    """Seen in a 720p grab of the whole warehouse: both guards read "Guard (sh… · unhurt".
    Shortened, each keeps what tells it apart, within the same three hexes."""
    from tactical.ui.player.view import map_box

    window = PlayerWindow(fight(), default_settings(["runners", "corp"]))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.place(None, False)
    qtbot.waitExposed(window)
    window.show_box(map_box(window.scene))  # the whole map: names at their largest scale
    labels = {cid: t.name_label for cid, t in window.scene.tokens.items()}
    shotgun, shield = labels["guard-shotgun"].text, labels["guard-shield"].text
    assert shotgun != shield
    assert "(shotgun)" in shotgun and "(shield)" in shield
    assert shotgun.endswith("· unhurt")  # the coarse state stays whole after the name
    shown = [label.text for label in labels.values()]
    assert len(set(shown)) == len(shown)
    assert window.view.widest_name_hexes() <= 3.0
    window.close()


def test_the_large_roll_and_the_history_hide_no_name_token_ping_or_banner(qtbot):
    """A real-X grab at 1280x720: Kicker charged, the shotgun guard's Snapshot fired (its
    banner up), Kicker hit the shield guard (the result large), the GM pinged near the
    bottom centre. The result sat over the ping and a name; the history, moved off the
    result, went under the banner. Each now takes the place that hides nothing."""
    from fights import APPROACH, CHARGE

    from tactical.encounter.commands import Attack, DeclineReaction, Move, React
    from tactical.ui.board.ping import Ping

    document = fight(moves=(Move("kicker", APPROACH),))
    window = PlayerWindow(document, default_settings(["runners", "corp"]))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.place(None, False)
    qtbot.waitExposed(window)
    assert document.apply(Move("kicker", CHARGE)) is not None
    assert document.apply(React("guard-shotgun")) is not None
    for offer in document.state.pending:
        assert document.apply(DeclineReaction(offer=offer.id)) is not None
    assert document.apply(Attack("kicker", "guard-shield")) is not None
    view = window.view
    vp = QRectF(view.viewport().rect())
    px = view.look.bar_px(720)
    # the ping where the result goes when nothing is in the way: the bottom centre
    centre = QPointF(vp.center().x(), vp.bottom() - px * 2.5)
    document.pinged.emit(Ping(window.scene.hex_at(view.mapToScene(centre.toPoint()))))
    view.viewport().grab()
    roll, history, banner = view.roll_rect, view.history_rect, view.banner_rect
    assert roll is not None and history is not None and banner is not None
    for hidden in (*view.name_rects(), *view.token_rects()):
        assert not roll.intersects(hidden), (roll, hidden)
    assert not history.intersects(roll) and not history.intersects(banner)
    assert not any(history.intersects(n) for n in view.name_rects())
    window.close()


def test_a_ping_that_brought_the_camera_keeps_it_there_until_the_gm_looks_elsewhere(qtbot,
                                                                                    tmp_path):
    """Shift+G, the GM's board fitted: the players' camera goes to the ping and stays there
    through the next commands (it is the GM's word just now), not pulled back to the tokens
    the first time one moves; the GM's next zoom hands it back to Follow my view."""
    from tactical.ui.board.ping import Ping
    from tests.windows import open_window

    window = open_window(qtbot, tmp_path, (1280, 720))
    gm, document = window.view, window.document
    assert gm is not None and document is not None and gm.fitted
    players = window.player_screen.open()
    assert players is not None
    players.animation_ms = 0
    players.resize(1280, 720)
    qtbot.waitExposed(players)
    players.show_box((0.0, 0.0, 12.0, 12.0))  # a close look: most tokens out of frame
    corner = (1, 1)
    document.pinged.emit(Ping(corner, look=True))
    spot = players.scene.centre(corner)
    assert QRectF(*players.view.visible_box()).contains(spot)
    assert document.apply(GMMove("guard-shield", FAR)) is not None  # a token moves
    assert QRectF(*players.view.visible_box()).contains(spot)  # still where the GM pointed
    gm.set_zoom(gm.zoom * 1.5)  # the GM looks elsewhere: following again
    gm_rect = gm.mapToScene(gm.viewport().rect()).boundingRect()
    assert abs(QRectF(*players.view.visible_box()).center().x() - gm_rect.center().x()) < 0.5
    players.close()
    window.close()


def test_no_tooltip_pops_up_on_the_players_screen(qtbot):
    """The GM's mouse crossing the players' window (a projector, a captured window) shows
    no tooltip on the stream, not even a token's name: the GM's board has them."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    window = PlayerWindow(fight(), default_settings(["runners", "corp"]))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.place(None, False)
    qtbot.waitExposed(window)
    viewport = window.view.viewport()
    for token in window.scene.tokens.values():
        for item in (token, token.name_label):
            at = window.view.mapFromScene(item.sceneBoundingRect().center())
            QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, at,
                                                        viewport.mapToGlobal(at)))
            assert QToolTip.text() == "", token.token_id
    window.close()
