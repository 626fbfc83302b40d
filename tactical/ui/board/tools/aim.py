"""Aim: the next left click on the board goes to a menu action (Dash, Charge, Sprint,
Dismount, the Overwatch sector), with what the click would make drawn under the mouse (the
watched sector); Esc cancels. Started by `BoardView.pick_point`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QMouseEvent, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsView

from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools import BoardTool, Line, StartedBy, board_tool

Shape = Callable[[QPointF], Sequence[tuple[float, float]]]  # a polygon in metres


@board_tool
class AimTool(BoardTool):
    name, title = "aim", "Aim"

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.prompt = ""
        self.then: Callable[[QPointF], None] | None = None
        self.shape: Shape | None = None
        self.words = ""  # the status bar's
        self._mouse: QPointF | None = None

    def aim(self, prompt: str, then: Callable[[QPointF], None], shape: Shape | None = None,
            status: str = "") -> None:
        """What the next `use("aim")` waits for."""
        self.prompt, self.then, self.shape, self.words = prompt, then, shape, status

    def start(self, at: QPointF, token: str | None, by: StartedBy) -> None:
        self._mouse = at
        self.redraw()

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton or self.then is None:
            return False
        then = self.then
        self.cancel()
        then(at)
        return True

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        self._mouse = at
        if self.shape is not None:
            self.redraw()
        return False

    def cancel(self) -> None:
        self.prompt, self.then, self.shape, self.words = "", None, None, ""
        super().cancel()
        self.redraw()

    @property
    def busy(self) -> bool:
        return self.then is not None

    def lines(self) -> list[Line]:
        return [(self.prompt + " (Esc cancels)", "#FFFFFF")] if self.prompt else []

    def cursor(self) -> Qt.CursorShape | None:
        return Qt.CursorShape.CrossCursor if self.then is not None else None

    def status(self) -> str:
        return self.words

    def paint(self, painter: QPainter, view: QGraphicsView) -> None:
        if self.shape is None or self._mouse is None:
            return
        polygon = QPolygonF([QPointF(view.mapFromScene(QPointF(x, y)))
                             for x, y in self.shape(self._mouse)])
        painter.setPen(QPen(QColor("#56B4E9"), 2, Qt.PenStyle.DashLine))
        painter.setBrush(QBrush(QColor(86, 180, 233, 50)))
        painter.drawPolygon(polygon)
