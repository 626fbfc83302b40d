"""The board as a GM uses it: bands of the selected token, a drag that shows who reacts
where, the drop that leaves those reactions pending, Esc, the status-bar text, layers."""

from __future__ import annotations

import pytest
import shapely
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tactical.encounter.commands import Move
from tactical.ui.board import LAYERS, BoardScene, BoardView, hover_text
from tactical.ui.board.palette import PATH_TOO_LONG
from tactical.ui.board.tools.drag import drag_summary
from tests import fights

APPROACH, CHARGE = fights.APPROACH, fights.CHARGE
warehouse = fights.warehouse


@pytest.fixture
def board(qtbot):
    document = warehouse()
    scene = BoardScene(document)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)
    view.zoom_to_fit()
    return document, scene, view


def at(view: BoardView, h: tuple[int, int]) -> QPoint:
    return view.mapFromScene(view.board.centre(h))


def mouse(view: BoardView, kind: QEvent.Type, point: QPoint,
          buttons: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    """A mouse event with the left button held (QTest.mouseMove drops the buttons)."""
    button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove \
        else Qt.MouseButton.LeftButton
    event = QMouseEvent(kind, QPointF(point), QPointF(view.viewport().mapToGlobal(point)),
                        button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def drag_through(view: BoardView, start: tuple[int, int], hexes, pin: bool = False) -> None:
    """Press on `start`, move over `hexes`; `pin`: Space at each (a waypoint per hex: the
    drag walks exactly these hexes, not the shortest path to the last, issue 26)."""
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at(view, start))
    for h in hexes:
        mouse(view, QEvent.Type.MouseMove, at(view, h))
        if pin:
            QTest.keyClick(view, Qt.Key.Key_Space)


def test_selecting_a_rifle_shows_its_bands_with_their_tn_modifiers(board, qtbot):
    document, scene, view = board
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at(view, (1, 12)))
    qtbot.waitUntil(lambda: document.selected == "vanya")
    labels = [item.label for item in scene.band_items()]
    assert labels[:3] == ["Close +0", "Short +0", "Medium +0"]
    assert "Long +5" in labels
    assert all(item.isVisible() for item in scene.band_items())
    # the bands stop at high cover: the office behind its reinforced wall is not in them
    assert not any(item.geom.contains(shapely.Point(32, 8))
                   for item in scene.band_items())
    # and they are labelled on the board
    assert {label.text for label in scene.zone_labels} >= {"Close +0", "Short +0"}


def test_selecting_a_melee_fighter_shows_its_reach(board, qtbot):
    document, scene, _view = board
    document.select("guard-shield")
    assert [(z.kind, z.label) for z in scene.zones] == [("reach", "Reach 2 m")]
    document.select(None)
    assert scene.zones == []


def test_drag_highlights_exactly_the_reactors_then_the_drop_leaves_them_pending(board, qtbot):
    document, scene, view = board
    drag_through(view, (7, 5), CHARGE, pin=True)
    tool = view.drag_tool
    qtbot.waitUntil(lambda: tool.dragging and tool.path[-1] == (11, 2))
    marks = {(m.reactor, m.kind, m.reaction.hex) for m in scene.overlay.reaction_marks}
    assert marks == {("guard-shotgun", "snapshot", (9, 2)),
                     ("guard-shield", "intercept", (10, 2))}
    assert all(m.isVisible() for m in scene.overlay.reaction_marks)
    # the path marks the hexes where they fire, and the token follows the cursor
    assert scene.overlay.path.hexes == ((7, 5), *CHARGE)
    assert scene.tokens["kicker"].pos() == scene.centre((11, 2))
    # the unaware Abomination could react but cannot: shown faintly, the reason in a tooltip
    faint = {m.reactor: m.toolTip() for m in scene.overlay.left_out_marks}
    assert "unaware" in faint["abomination"]
    assert "guard-office" not in faint  # simply out of range: not drawn at all
    mouse(view, QEvent.Type.MouseButtonRelease, at(view, (11, 2)), Qt.MouseButton.NoButton)
    qtbot.waitUntil(lambda: not tool.dragging)
    state = document.state
    assert [(p.reactor, p.kind, p.hex) for p in state.pending] == [
        ("guard-shotgun", "snapshot", (9, 2))]
    assert state.halted is not None and state.halted.remaining == ((10, 2), (11, 2))
    assert state.get("kicker").hex == (9, 2)
    assert scene.tokens["kicker"].pos() == scene.centre((9, 2))
    assert scene.overlay.reaction_marks == [] and not scene.overlay.path.isVisible()


def test_triggers_are_recomputed_only_when_the_hex_changes(board, qtbot):
    _document, scene, view = board
    drag_through(view, (7, 5), [(7, 4)])
    tool = view.drag_tool
    qtbot.waitUntil(lambda: tool.dragging)
    count = tool.evaluations
    inside = view.mapFromScene(scene.centre((7, 4)) + QPointF(0.3, 0.2))
    mouse(view, QEvent.Type.MouseMove, inside)
    mouse(view, QEvent.Type.MouseMove, at(view, (7, 4)))
    assert tool.evaluations == count
    mouse(view, QEvent.Type.MouseMove, at(view, (8, 3)))
    assert tool.evaluations == count + 1
    # going back along the path shortens it
    mouse(view, QEvent.Type.MouseMove, at(view, (7, 4)))
    assert tool.path == [(7, 5), (7, 4)]


def test_escape_cancels_the_drag_and_restores_everything(board, qtbot):
    document, scene, view = board
    before = document.state
    drag_through(view, (7, 5), CHARGE, pin=True)
    qtbot.waitUntil(lambda: len(scene.overlay.reaction_marks) == 2)
    QTest.keyClick(view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not view.drag_tool.dragging)
    assert scene.overlay.reaction_marks == [] and scene.overlay.left_out_marks == []
    assert not scene.overlay.path.isVisible()
    assert scene.tokens["kicker"].pos() == scene.centre((7, 5))
    mouse(view, QEvent.Type.MouseButtonRelease, at(view, (11, 2)), Qt.MouseButton.NoButton)
    assert document.state is before


def test_a_drop_before_combat_places_the_token_as_a_gm_move(qtbot):
    """Issue 14: before combat the GM places tokens freely (a GMMove, logged as such)."""
    document = fights.document()
    scene = BoardScene(document)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    qtbot.waitExposed(view)
    view.zoom_to_fit()
    drag_through(view, (2, 8), [(3, 7), (4, 7)])
    assert drag_summary(view.drag_tool)[0][0].startswith("GM move: Kicker 4 m")
    with qtbot.waitSignal(document.changed) as changed:
        mouse(view, QEvent.Type.MouseButtonRelease, at(view, (4, 7)), Qt.MouseButton.NoButton)
    assert [type(e).__name__ for e in changed.args[0].events] == ["TokenPlaced"]
    assert changed.args[0].moved == {"kicker"}
    assert scene.tokens["kicker"].pos() == scene.centre((4, 7))
    assert document.state.get("kicker").hex == (4, 7)


def test_a_drop_with_nothing_legal_says_why_on_the_board(board, qtbot):
    document, scene, view = board
    document.apply(Move("kicker", CHARGE[:1]))  # the last Move spent
    before = document.state
    drag_through(view, (7, 4), [(8, 3)])
    mouse(view, QEvent.Type.MouseButtonRelease, at(view, (8, 3)), Qt.MouseButton.NoButton)
    assert document.state is before
    assert scene.tokens["kicker"].pos() == scene.centre((7, 4))
    note = drag_summary(view.drag_tool)
    assert note and note[0][0].startswith("Nothing moved: 0 m of movement left")


def test_an_overlong_drop_moves_the_legal_part(board, qtbot):
    document, _scene, view = board
    drag_through(view, (7, 5), [*CHARGE, (12, 1), (13, 1)], pin=True)
    tool = view.drag_tool
    qtbot.waitUntil(lambda: tool.path[-1] == (13, 1))
    # the summary lists only the reactions within the 10 m the drop will walk
    kinds = [text.split(":")[0] for text, _c in drag_summary(tool)[1:-1]]  # [-1]: the way
    assert kinds == ["Snapshot", "Intercept"]
    mouse(view, QEvent.Type.MouseButtonRelease, at(view, (13, 1)), Qt.MouseButton.NoButton)
    assert [p.reactor for p in document.state.pending] == ["guard-shotgun"]
    assert document.state.halted is not None
    assert document.state.halted.remaining == CHARGE[3:]  # 5 hexes walked (10 m), not 7


def test_an_overlong_drag_is_shown_as_such(board, qtbot):
    document, scene, view = board
    tool = view.drag_tool
    tool.begin("kicker")  # one Move left this turn (by downgrading the Major): 10 m
    tool.step_to([*CHARGE, (12, 1), (13, 1)])
    assert tool.limit_m == 10.0
    assert scene.overlay.path.allowed == 5 and len(scene.overlay.path.hexes) == 8
    assert tool.report is not None
    assert drag_summary(tool)[0][0] == ("Kicker moves 14 m of 10 m — too far: the drop stops "
                                        "at the limit")
    tool.cancel()
    # with the Move spent, nothing is left
    document.apply(Move("kicker", CHARGE[:1]))
    tool.begin("kicker")
    assert tool.limit_m == 0.0
    tool.cancel()


def test_hovered_hex_signal_and_status_text(board, qtbot):
    document, _scene, view = board
    document.select("guard-shotgun")
    with qtbot.waitSignal(view.hex_hovered) as hovered:
        mouse(view, QEvent.Type.MouseMove, at(view, (9, 2)), Qt.MouseButton.NoButton)
    assert hovered.args == [(9, 2)]
    text = hover_text(document, (9, 2))
    assert text == ("Hex 9,2 · 10 m from Guard (shotgun) · full cover (Crate stack, tough) · "
                    "Short +0 (Shotgun)")
    assert hover_text(document, (40, 40)).endswith("off the map")


def test_tokens_show_the_current_actor_and_their_health(board):
    _document, scene, _view = board
    kicker = scene.tokens["kicker"].look
    assert kicker is not None and kicker.current and not scene.tokens["vanya"].look.current
    assert "Health 40/40" in scene.tokens["kicker"].toolTip()
    unaware = scene.tokens["abomination"].look
    assert ("?", "#FFFFFF") in unaware.badges
    # two guards would both be "GS": the board tells them apart
    assert scene.tokens["guard-shotgun"].look.initials != \
        scene.tokens["guard-shield"].look.initials


def test_layers_toggle(board):
    _document, scene, _view = board
    assert LAYERS == ("grid", "cover", "bands", "triggers", "tokens")
    scene.set_layer_visible("grid", False)
    assert not any(t.isVisible() for t in scene.grid_tiles)
    assert scene.toggle_layer("grid") is True
    assert all(t.isVisible() for t in scene.grid_tiles)
    scene.set_layer_visible("tokens", False)
    assert not scene.tokens["kicker"].isVisible()


def test_cover_tooltip_names_class_height_and_pt_dr(board):
    _document, scene, _view = board
    text = scene.tooltip_at(QPointF(16.6, 5.0))  # the shelving
    assert text.startswith("Shelving — medium (high: blocks sight)")
    assert "PT 20 / DR 40" in text


def test_a_hex_the_move_cannot_enter_is_shown_during_the_drag(board, qtbot):
    _document, scene, view = board
    drag_through(view, (7, 5), ((8, 4), (9, 3)))  # (9, 3) lies inside the crate stack
    tool = view.drag_tool
    qtbot.waitUntil(lambda: tool.dragging and tool.path[-1] == (9, 3))
    assert tool.blocked == (2, "9,3: inside Crate stack")
    assert scene.overlay.path.allowed == 1  # red dashes from the hex it cannot enter
    assert ("Cannot enter 9,3: inside Crate stack", PATH_TOO_LONG.name()) in drag_summary(tool)
    view.cancel_drag()


def test_dragging_a_token_out_of_turn_says_so_and_offers_the_gm_move(board):
    document, _scene, view = board
    before = document.state
    drag_through(view, (1, 12), [(2, 11)])
    mouse(view, QEvent.Type.MouseButtonRelease, at(view, (2, 11)), Qt.MouseButton.NoButton)
    assert document.state is before
    assert drag_summary(view.drag_tool) == [
        ("Nothing moved: it is not Vanya's turn (Shift-drag: a GM move)", PATH_TOO_LONG.name())]
