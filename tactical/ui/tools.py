"""The one tool interface of the GM's board and the map editor: a tool owns a gesture (move a
token, pan, measure, aim, draw cover, calibrate…) and the view only hands it the events
(Tiled's tools; STYLE "Tools own gestures"). Points are scene coordinates, metres on the map.

Each handler answers whether the event was the tool's: the board asks its active tools
from the top down and stops at the first that takes it (a ruler held over a drag lets the
drag have the left button). What a tool shows is asked of it, never pushed: `paint` (over
the board, in viewport pixels), `cursor` and `status` (the status bar's words).
"""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter
from PySide6.QtWidgets import QGraphicsView


class Tool:
    """A gesture handler; the default takes nothing, draws nothing and says nothing."""

    name: ClassVar[str] = "tool"
    title: ClassVar[str] = "Tool"
    tip: ClassVar[str] = ""

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        return False

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        return False

    def release(self, at: QPointF, event: QMouseEvent) -> bool:
        return False

    def double_click(self, at: QPointF, event: QMouseEvent) -> bool:
        return self.press(at, event)

    def key(self, event: QKeyEvent) -> bool:
        return False

    def key_release(self, event: QKeyEvent) -> bool:
        return False

    def claims(self, event: QKeyEvent) -> bool:
        """Whether this key is the tool's now, ahead of the window's shortcuts."""
        return False

    def cancel(self) -> None:
        """Esc, or another tool was picked: drop what is half done."""
        return

    def paint(self, painter: QPainter, view: QGraphicsView) -> None:
        """Draw over the board; the painter is in `view`'s viewport pixels."""
        return

    def cursor(self) -> Qt.CursorShape | None:
        """The viewport's cursor while the tool is active (None: the view's own)."""
        return None

    def status(self) -> str:
        """What the status bar says while the tool is active ("" for nothing)."""
        return ""
