"""The ruler (issue 14): metres and hexes from one hex centre to another, and the band of
the selected combatant's ready weapon at that distance. Held: the middle button or M (it
goes when they lift); "Measure from here" on a hex: the end follows the mouse until the
next click."""

from __future__ import annotations

from math import hypot

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
)
from PySide6.QtWidgets import QGraphicsView

from tactical.geometry.bands import band_at, weapon_range
from tactical.geometry.hexgrid import hex_distance
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools import BoardTool, StartedBy, board_tool


@board_tool
class RulerTool(BoardTool):
    name, title = "ruler", "Ruler"
    button = Qt.MouseButton.MiddleButton
    shortcut = Qt.Key.Key_M
    hex_menu = "Measure from here"

    def __init__(self, scene: BoardScene) -> None:
        super().__init__(scene)
        self.line: tuple[QPointF, QPointF] | None = None  # scene points (metres)
        self.follows = False  # "Measure from here": the end follows the mouse

    def start(self, at: QPointF, token: str | None, by: StartedBy) -> None:
        start = self.scene.centre(self.scene.hex_at(at))
        self.line = (start, start)
        self.follows = by is StartedBy.MENU
        self.redraw()

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() == self.button:  # measure again from here
            self.start(at, None, StartedBy.BUTTON)
            return True
        if event.button() == Qt.MouseButton.LeftButton and self.follows:
            self.cancel()  # a click ends "Measure from here"
            return True
        return False  # held: the left button is still the drag's or the aim's

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        if self.line is not None and (self.follows or event.buttons() & self.button):
            self.line = (self.line[0], at)
            self.redraw()
        return False

    def release(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() == self.button and not self.follows:
            self.cancel()
            return True
        return False

    def key_release(self, event: QKeyEvent) -> bool:
        if event.key() == self.shortcut and not event.isAutoRepeat():
            self.cancel()
            return True
        return False

    def cancel(self) -> None:
        self.line = None
        self.follows = False
        super().cancel()
        self.redraw()

    @property
    def busy(self) -> bool:
        return self.line is not None

    def text(self) -> str:
        """"8 m (4 hexes) — Short for the Pistol": the selected combatant's ready weapon."""
        if self.line is None:
            return ""
        a, b = (self.scene.hex_at(p) for p in self.line)
        document = self.scene.document
        step = document.oracle.params.metres_per_hex
        hexes = hex_distance(a, b)
        metres = hexes * step
        text = f"{metres:g} m ({hexes} hex{'es' if hexes != 1 else ''})"
        selected = document.selected
        c = document.state.combatants.get(selected) if selected else None
        weapons = document.loaded.library.weapons
        if c is not None and c.weapon in weapons:
            weapon = weapon_range(weapons[c.weapon or ""], document.oracle.params)
            if weapon is not None:
                span = band_at(metres, weapon, document.oracle.params)
                band = span.band.value.capitalize() if span else "Out of range"
                text += f" — {band} for {c.name}'s {weapon.name}"
            else:
                text += f" — {c.name}'s {weapons[c.weapon or ''].name} is a melee weapon"
        return text

    def paint(self, painter: QPainter, view: QGraphicsView) -> None:
        if self.line is None:
            return
        a, b = (QPointF(view.mapFromScene(p)) for p in self.line)
        pen = QPen(QColor("#FFD166"), 3, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(a, b)
        painter.setBrush(QBrush(QColor("#FFD166")))
        painter.drawEllipse(a, 4, 4)
        text = self.text()
        font = QFont(view.font())
        font.setPixelSize(18)
        font.setBold(True)
        painter.setFont(font)
        box = QFontMetricsF(font).boundingRect(text).adjusted(-8, -4, 8, 4)
        length = hypot(b.x() - a.x(), b.y() - a.y())
        box.moveTopLeft(b + QPointF(14, -box.height() - 6 if length else 14))
        room = QRectF(view.viewport().rect()).adjusted(4, 4, -4, -4)  # keep it on screen
        box.moveLeft(max(room.left(), min(box.left(), room.right() - box.width())))
        box.moveTop(max(room.top(), min(box.top(), room.bottom() - box.height())))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(20, 20, 28, 220)))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
