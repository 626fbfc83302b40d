"""A ping (issue 28): the GM points at a hex and both screens show a large ring pulsing there
for a few seconds. Sized in hexes, not pixels (as large on a projector as on the GM's
laptop), and told by shape and motion, not only colour: a thick white ring edged in black,
four ticks pointing in, and a second ring that keeps growing out of it and fading.

A ping changes nothing in the fight and is never logged: the document only passes it on
(`EncounterDocument.ping`), and each board draws its own `PingItem`."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from tactical.core.types import Hex

PING_MS = 4000  # how long a ping shows
PING_HEXES = 1.5  # its ring's radius, in hexes
PULSES = 4  # the growing ring goes out this many times
# Over the tokens (palette.Z.TOKENS = 30) and a dragged one (40), under the labels (50): a ring
# pinged on a token must not hide the name the players read (real-X grab, 1280x720).
PING_Z = 45


@dataclass(frozen=True, slots=True)
class Ping:
    """The GM pointed at `hex`; with `look`, the players' camera goes there too."""

    hex: Hex
    look: bool = False


class PingItem(QGraphicsObject):
    """The ring at one hex, pulsing for PING_MS, then hidden until pinged again."""

    def __init__(self, hex_m: float) -> None:
        super().__init__()
        self.setZValue(PING_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.radius = PING_HEXES * hex_m
        self.hex: Hex | None = None
        self.phase = 0.0  # 0 … 1 over the ping's life
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.setDuration(PING_MS)
        self._animation.valueChanged.connect(self._step)
        self._animation.finished.connect(self.hide)
        self.hide()

    def ping(self, at: QPointF, hex_: Hex) -> None:
        self.hex = hex_
        self.setPos(at)
        self.phase = 0.0
        self.show()
        self._animation.stop()
        self._animation.start()

    def _step(self, value: object) -> None:
        self.phase = float(value)  # type: ignore[arg-type]
        self.update()

    def boundingRect(self) -> QRectF:
        r = self.radius * 1.9
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.radius
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        fade = 1.0 - max(0.0, self.phase - 0.8) / 0.2  # the last fifth fades out
        # the pulse: a ring growing from r to 1.8 r, fading as it goes, PULSES times
        t = (self.phase * PULSES) % 1.0
        pulse = QColor(255, 255, 255, round(220 * (1.0 - t) * fade))
        painter.setPen(QPen(pulse, r * 0.12))
        painter.drawEllipse(QPointF(0, 0), r * (1.0 + 0.8 * t), r * (1.0 + 0.8 * t))
        # the ring itself: black under white, readable on any map and any side colour
        for colour, width in ((QColor(0, 0, 0, round(230 * fade)), r * 0.26),
                              (QColor(255, 255, 255, round(255 * fade)), r * 0.14)):
            painter.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
            painter.drawEllipse(QPointF(0, 0), r, r)
            for k in range(4):  # four ticks pointing in: a shape, not only a colour
                a = math.pi / 4 + k * math.pi / 2
                painter.drawLine(QPointF(math.cos(a) * r * 0.55, math.sin(a) * r * 0.55),
                                 QPointF(math.cos(a) * r * 0.95, math.sin(a) * r * 0.95))
