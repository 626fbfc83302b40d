"""Pan: drag empty board to move the view (a left press no other tool took — on a token the
press is the drag's; Space is the window's End turn, so it does not pan)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent

from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools import BoardTool, board_tool


@board_tool
class PanTool(BoardTool):
    name, title = "pan", "Pan"
    button = Qt.MouseButton.LeftButton

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self._from: QPoint | None = None  # viewport pixels: the scene moves under them

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self._from = event.position().toPoint()
        self.changed()
        return True

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        if self._from is None:
            return False
        point = event.position().toPoint()
        delta, self._from = point - self._from, point
        if self.host is not None:
            self.host.scroll_by(delta.x(), delta.y())
        return True  # nothing else follows the mouse while the board moves

    def release(self, at: QPointF, event: QMouseEvent) -> bool:
        if self._from is None or event.button() != Qt.MouseButton.LeftButton:
            return False
        self.cancel()
        return True

    def cancel(self) -> None:
        self._from = None
        super().cancel()

    def cursor(self) -> Qt.CursorShape | None:
        return Qt.CursorShape.ClosedHandCursor if self._from is not None else None
