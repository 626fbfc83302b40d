"""The board's tools (issue 22): the view hands every gesture to the active tool, Esc cancels
it, its words reach the status bar, and a new tool is one module in ui/board/tools/ —
proved here with a throwaway ping tool written as that module and found by the registry."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QPointF, QSettings, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tactical.core.dice import ScriptedDice
from tactical.core.paths import demo_map
from tactical.encounter.commands import EndTurn
from tactical.ui.board import BoardScene, BoardView
from tactical.ui.board import tools as board_tools
from tactical.ui.board.tools import BoardTool, board_tool
from tactical.ui.main_window import MainWindow
from tests.ui.test_board import at, mouse, warehouse
from tests.ui.test_gm_hands import choose, in_combat, token_menu

# The recipe's one module, as a GM's new tool would be written (docs/architecture.md,
# "Recipe: add a board tool"): P starts it, the mark follows the mouse, a click pings the
# hex, Esc ends; a token's menu starts it on the token.
PING = '''
"""Ping: P (or a token's menu), the mark follows the mouse, a click pings the hex."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QMouseEvent, QPainter
from PySide6.QtWidgets import QGraphicsView

from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools import BoardTool, StartedBy, board_tool


@board_tool
class PingTool(BoardTool):
    name, title = "ping", "Ping"
    shortcut = Qt.Key.Key_P
    token_menu = "Ping this token"

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.mark: QPointF | None = None
        self.token: str | None = None
        self.pinged: list[tuple[int, int]] = []

    def start(self, at: QPointF, token: str | None, by: StartedBy) -> None:
        self.mark, self.token = at, token
        self.redraw()

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.mark = at
        self.redraw()
        return True

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        self.mark = at
        self.redraw()
        return False

    def release(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.pinged.append(self.scene.hex_at(at))
        self.changed()
        return True

    def cancel(self) -> None:
        self.mark = None
        super().cancel()
        self.redraw()

    @property
    def busy(self) -> bool:
        return self.mark is not None

    def status(self) -> str:
        last = f"pinged {self.pinged[-1][0]},{self.pinged[-1][1]}; " if self.pinged else ""
        return f"Ping: {last}click a hex (Esc ends)"

    def cursor(self) -> Qt.CursorShape | None:
        return Qt.CursorShape.PointingHandCursor

    def paint(self, painter: QPainter, view: QGraphicsView) -> None:
        if self.mark is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor("#FF00FF")))
            painter.drawEllipse(QPointF(view.mapFromScene(self.mark)), 12, 12)
'''
MAGENTA = QColor("#FF00FF")
PING_MODULE = f"{board_tools.__name__}.ping"


@pytest.fixture
def ping(tmp_path, monkeypatch) -> Iterator[None]:
    """The ping module dropped into the tools package (a folder added to its path, so the
    tree stays as it is): the registry must find it with nothing else changed."""
    monkeypatch.setattr(board_tools, "_REGISTRY", board_tools.registered())  # the real ones
    (tmp_path / "ping.py").write_text(PING, encoding="utf-8")
    monkeypatch.setattr(board_tools, "__path__", [*board_tools.__path__, str(tmp_path)])
    monkeypatch.setattr(board_tools, "_found", False)
    yield
    sys.modules.pop(PING_MODULE, None)


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


def drawn(view: BoardView, h: tuple[int, int]) -> QColor:
    return view.viewport().grab().toImage().pixelColor(at(view, h))


def test_a_new_tool_is_one_module_the_board_finds_and_hands_every_gesture_to(ping, board,
                                                                            qtbot):
    document, _scene, view = board
    assert "ping" in view.tools.by_name  # found: no other file names it
    said: list[str] = []
    view.status_changed.connect(said.append)
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_P)
    tool = view.tools.by_name["ping"]
    assert view.tools.active[-1] is tool
    assert said == ["Ping: click a hex (Esc ends)"]
    assert view.viewport().cursor().shape() == Qt.CursorShape.PointingHandCursor
    # the mark follows the mouse, drawn over the board
    mouse(view, QEvent.Type.MouseMove, at(view, (4, 7)), Qt.MouseButton.NoButton)
    assert drawn(view, (4, 7)) == MAGENTA
    # a press on Kicker is the ping's, not the drag's: nothing selected, nothing dragged
    kicker = document.state.get("kicker").hex
    mouse(view, QEvent.Type.MouseButtonPress, at(view, kicker))
    mouse(view, QEvent.Type.MouseButtonRelease, at(view, kicker), Qt.MouseButton.NoButton)
    assert document.selected is None and not view.drag_tool.dragging
    assert tool.pinged == [kicker]  # type: ignore[attr-defined]
    assert said[-1] == f"Ping: pinged {kicker[0]},{kicker[1]}; click a hex (Esc ends)"
    assert drawn(view, kicker) == MAGENTA
    # Esc cancels it: nothing drawn, no words, the view's own cursor
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert tool not in view.tools.active and view.tools.idle
    assert said[-1] == ""
    assert drawn(view, kicker) != MAGENTA
    assert view.viewport().cursor().shape() == Qt.CursorShape.ArrowCursor
    # and the board is the drag's again
    mouse(view, QEvent.Type.MouseButtonPress, at(view, kicker))
    assert document.selected == "kicker"


def test_a_tool_starts_from_a_tokens_menu_and_its_words_reach_the_status_bar(ping, qtbot,
                                                                           tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.resize(1600, 900)
    win.show()
    qtbot.waitExposed(win)
    assert win.open_path(demo_map())
    win.document.encounter.dice = ScriptedDice(d10=[5] * 60, d6=[3] * 120)
    win.zoom_to_fit()
    in_combat(win)
    choose(token_menu(win, "vanya"), "Ping this token")
    tool = win.view.tools.by_name["ping"]
    assert tool.token == "vanya"  # type: ignore[attr-defined]
    assert tool.mark == win.scene.centre(win.document.state.get("vanya").hex)  # type: ignore
    assert win.statusBar().currentMessage() == "Ping: click a hex (Esc ends)"
    QTest.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.statusBar().currentMessage() == ""
    # the Overwatch aim says where to click in the status bar until Esc
    win.document.apply(EndTurn())  # Vanya's turn, with her rifle
    choose(token_menu(win, "vanya"), "Declare Overwatch", "On a sector… (click where to watch)")
    assert win.view.picking
    assert win.statusBar().currentMessage() == "Click where Vanya watches (Esc cancels)"
    QTest.keyClick(win.view, Qt.Key.Key_Escape)
    assert not win.view.picking and win.statusBar().currentMessage() == ""
    win.close()


def test_esc_cancels_the_drag_under_a_held_ruler_then_the_ruler(board, qtbot):
    document, _scene, view = board
    kicker = document.state.get("kicker").hex
    view.setFocus()
    mouse(view, QEvent.Type.MouseButtonPress, at(view, kicker))
    mouse(view, QEvent.Type.MouseMove, at(view, (8, 4)))
    assert view.drag_tool.dragging
    QTest.keyPress(view, Qt.Key.Key_M)  # hold M: the ruler over the drag
    assert view.ruler is not None
    mouse(view, QEvent.Type.MouseMove, at(view, (8, 3)))  # the drag still follows
    assert view.drag_tool.path[-1] == (8, 3)
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert not view.drag_tool.dragging and view.ruler is not None
    assert document.state.get("kicker").hex == kicker
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert view.ruler is None and view.tools.idle


def test_a_press_on_empty_board_selects_nothing_and_pans(board, qtbot):
    document, scene, view = board
    document.select("kicker")
    empty = (6, 9)
    assert scene.token_at(scene.centre(empty)) is None
    before = view.mapToScene(view.viewport().rect().center())
    mouse(view, QEvent.Type.MouseButtonPress, at(view, empty))
    assert document.selected is None
    assert view.viewport().cursor().shape() == Qt.CursorShape.ClosedHandCursor
    start = at(view, empty)
    mouse(view, QEvent.Type.MouseMove, start + QPointF(-100, 0).toPoint())
    after = view.mapToScene(view.viewport().rect().center())
    assert after.x() - before.x() == pytest.approx(100 / view.transform().m11(),
                                                   abs=2 / view.transform().m11())
    mouse(view, QEvent.Type.MouseButtonRelease, start, Qt.MouseButton.NoButton)
    assert view.tools.idle
    assert view.viewport().cursor().shape() == Qt.CursorShape.ArrowCursor


def test_two_tools_cannot_take_the_same_key(monkeypatch):
    monkeypatch.setattr(board_tools, "_REGISTRY", board_tools.registered())

    class Other(BoardTool):
        name = "other"
        shortcut = Qt.Key.Key_M  # the ruler's

    with pytest.raises(ValueError, match="RulerTool and Other have the same shortcut"):
        board_tool(Other)


def test_a_tool_may_take_space_from_the_windows_end_turn_while_it_is_active(
        monkeypatch, qtbot, tmp_path):
    """A waypoint during a drag will be Space, which is the window's End turn: a tool that
    claims the key gets it while it is active, and the window has it back after."""
    monkeypatch.setattr(board_tools, "_REGISTRY", board_tools.registered())

    @board_tool
    class Waypoint(BoardTool):
        name = "waypoint"
        spaces = 0

        def key(self, event: QKeyEvent) -> bool:
            if event.key() != Qt.Key.Key_Space:
                return False
            self.spaces += 1
            return True

        def claims(self, event: QKeyEvent) -> bool:
            return event.key() == Qt.Key.Key_Space

        @property
        def busy(self) -> bool:
            return True

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.resize(1600, 900)
    win.show()
    qtbot.waitExposed(win)
    assert win.open_path(demo_map())
    in_combat(win)
    win.activateWindow()
    win.view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is win.view)  # shortcuts work
    tool = win.view.tools.use("waypoint", QPointF(0, 0))
    QTest.keyClick(win.view, Qt.Key.Key_Space)
    assert tool.spaces == 1 and win.document.state.actor == "kicker"  # type: ignore
    QTest.keyClick(win.view, Qt.Key.Key_Escape)
    QTest.keyClick(win.view, Qt.Key.Key_Space)  # End turn again
    assert tool.spaces == 1 and win.document.state.actor != "kicker"  # type: ignore
    win.close()
