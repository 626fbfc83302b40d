"""Several tokens chosen at once (issue 26): Ctrl-click adds or takes away a token, a
Ctrl-drag on the board draws a rubber band round the tokens to choose. A GM move (before
combat, or a Shift-drag) of one of them moves them all by the same hex offset: the group
keeps its formation, in one undoable command (`GMMoveGroup`).

A resident board tool (tactical/ui/board/tools/): asked before the drag, it takes only a
press with Ctrl held (and the band it starts); it draws dashed rings over the chosen tokens
in viewport pixels, so no scene item changes when the group does."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QGraphicsView

from tactical.geometry.layout import hex_to_point
from tactical.ui.board.palette import TOKEN_RADIUS
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools import BoardTool, board_tool

RING = QColor("#FFD166")  # the ruler's yellow: the GM's hand, not a side's colour


@board_tool
class TokenGroup(BoardTool):
    """The ids chosen (in the order chosen) and the rubber band being drawn (scene
    metres: its first corner and the mouse)."""

    name, title = "group", "Choose several tokens"
    resident = True

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.document = scene.document
        self._ids: list[str] = []
        self.band: tuple[QPointF, QPointF] | None = None

    @property
    def ids(self) -> tuple[str, ...]:
        """The chosen tokens still on the board."""
        here = self.document.state.combatants
        return tuple(cid for cid in self._ids if cid in here)

    def toggle(self, cid: str) -> None:
        """Ctrl-click: the token in or out; the selected token joins first, so a click then
        a Ctrl-click chooses both."""
        selected = self.document.selected
        if not self._ids and selected and selected != cid \
                and selected in self.document.state.combatants:
            self._ids.append(selected)
        if cid in self._ids:
            self._ids.remove(cid)
        else:
            self._ids.append(cid)

    def clear(self) -> None:
        self._ids = []
        self.band = None

    def moves_with(self, cid: str) -> tuple[str, ...]:
        """Who a GM move of `cid` moves: the whole group if it is in it, else itself."""
        ids = self.ids
        return ids if cid in ids and len(ids) > 1 else (cid,)

    # --- the rubber band

    def start_band(self, at: QPointF) -> None:
        self.band = (at, at)

    def stretch_band(self, to: QPointF) -> None:
        if self.band is not None:
            self.band = (self.band[0], to)

    def end_band(self) -> None:
        """The tokens whose centres the band holds join the group."""
        if self.band is None:
            return
        rect = QRectF(*self.band).normalized()
        self.band = None
        for c in self.document.state:
            if rect.contains(QPointF(*hex_to_point(self.scene.layout, c.hex))) \
                    and c.id not in self._ids and c.id in self.scene.tokens \
                    and self.scene.tokens[c.id].isVisible():
                self._ids.append(c.id)

    # --- the tool's events (before the drag's)

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            token = self.scene.token_at(at)
            if token is not None:
                self.toggle(token)
            else:
                self.start_band(at)
            self.redraw()
            return True
        if self._ids and self.scene.token_at(at) not in self.ids:
            self.clear()  # a token outside the group, or the board: the group is let go
            self.redraw()
        return False

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        if self.band is not None:
            self.stretch_band(at)
            self.redraw()
            return True
        if len(self.ids) > 1 and event.buttons() & Qt.MouseButton.LeftButton:
            self.redraw()  # the rings follow the tokens a GM move carries along
        return False

    def release(self, at: QPointF, event: QMouseEvent) -> bool:
        if self.band is not None and event.button() == Qt.MouseButton.LeftButton:
            self.stretch_band(at)
            self.end_band()
            self.redraw()
            return True
        return False

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape and self._ids and not self.band:
            self.clear()
            self.redraw()
            return True
        return False

    @property
    def busy(self) -> bool:
        return self.band is not None

    def cancel(self) -> None:
        self.band = None
        self.redraw()

    # --- drawing, over the board (viewport pixels)

    def paint(self, painter: QPainter, view: QGraphicsView) -> None:
        if self.ids or self.band is not None:
            self.draw(painter, lambda p: QPointF(view.mapFromScene(p)))

    def draw(self, painter: QPainter, to_viewport: Callable[[QPointF], QPointF]) -> None:
        """Dashed rings round the chosen tokens, and the band being drawn."""
        painter.save()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for cid in self.ids:
            token = self.scene.tokens.get(cid)
            if token is None or not token.isVisible():
                continue
            centre = to_viewport(token.pos())
            r = max(6.0, to_viewport(token.pos() + QPointF(TOKEN_RADIUS + 0.2, 0)).x()
                    - centre.x())
            painter.setPen(QPen(QColor(0, 0, 0, 200), 5))
            painter.drawEllipse(centre, r, r)
            painter.setPen(QPen(RING, 3, Qt.PenStyle.DashLine))
            painter.drawEllipse(centre, r, r)
        if self.band is not None:
            a, b = (to_viewport(p) for p in self.band)
            painter.setPen(QPen(RING, 1.5, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(255, 209, 102, 40))
            painter.drawRect(QRectF(a, b).normalized())
        painter.restore()
