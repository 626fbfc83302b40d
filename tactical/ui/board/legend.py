"""The legend a GM reads off the projector: the ruleset's reactions, high and low cover, the
range bands, the token arcs. Painted by the view over the board in screen pixels
(BoardView.drawForeground)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPen

from tactical.data.maps import CoverClass
from tactical.geometry.params import Band
from tactical.ui.board.palette import (
    BAND_COLOURS,
    COVER_COLOURS,
    CURRENT_ACTOR,
    HEALTH,
    STAMINA,
    with_alpha,
)
from tactical.ui.fonts import load_app_font
from tactical.ui.rulesets import RulesetView


@dataclass(frozen=True, slots=True)
class Entry:
    text: str
    colour: str
    style: str  # "ring", "high", "low", "band"


def legend_entries(view: RulesetView) -> tuple[Entry, ...]:
    """The ruleset's reactions as rings (none under Shadowrun), cover, bands, and what the
    token arcs show (Health and Stamina, or the condition monitors)."""
    triggers = tuple(Entry(name, colour, "ring") for name, colour in view.reaction_looks.values())
    cover = (Entry("High cover (blocks sight)", COVER_COLOURS[CoverClass.REINFORCED], "high"),
             Entry("Low cover", COVER_COLOURS[CoverClass.MEDIUM], "low"))
    bands = tuple(Entry(f"{b.value.capitalize()} range", BAND_COLOURS[b], "band") for b in Band)
    left, right = view.arc_names()
    tokens = (Entry(f"{left} (left arc)", HEALTH.name(), "arc"),
              Entry(f"{right} (right arc)", STAMINA.name(), "arc"),
              Entry("Acting now", CURRENT_ACTOR.name(), "ring"))
    return (*triggers, *cover, *bands, *tokens)


class Legend:
    """Entries in a column, bottom-left, on a dark plate; `px` is the text height."""

    def __init__(self, view: RulesetView, px: float = 17.0) -> None:
        self.entries = legend_entries(view)
        self.visible = True
        self.font: QFont = load_app_font(10.0)
        self.font.setPixelSize(int(px))
        self.font.setBold(True)
        self._metrics = QFontMetricsF(self.font)
        self._image: QImage | None = None
        self._width: float | None = None

    def width(self) -> float:
        if self._width is None:  # the entries never change: measure them once
            line = self._metrics.height() * 1.35
            self._width = max(self._metrics.horizontalAdvance(e.text)
                              for e in self.entries) + line * 2.4
        return self._width

    def rect(self, viewport: QRectF) -> QRectF:
        line = self._metrics.height() * 1.35
        height = line * (len(self.entries) + 1.2)
        return QRectF(viewport.left() + 12, viewport.bottom() - height - 12, self.width(),
                      height)

    def paint(self, painter: QPainter, viewport: QRectF) -> None:
        """Drawn once into an image, then copied every frame."""
        if not self.visible:
            return
        box = self.rect(viewport)
        if self._image is None:
            image = QImage(int(box.width()) + 2, int(box.height()) + 2,
                           QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            inner = QPainter(image)
            self._paint(inner, QRectF(0, 0, box.width(), box.height()))
            inner.end()
            self._image = image
        painter.drawImage(box.topLeft(), self._image)

    def _paint(self, painter: QPainter, box: QRectF) -> None:
        line = self._metrics.height() * 1.35
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(255, 255, 255, 90), 1.5))
        painter.setBrush(QColor(15, 15, 18, 215))
        painter.drawRoundedRect(box, 8, 8)
        painter.setFont(self.font)
        y = box.top() + line * 0.6
        for entry in self.entries:
            swatch = QRectF(box.left() + line * 0.4, y + line * 0.12, line * 1.2, line * 0.76)
            colour = QColor(entry.colour)
            if entry.style == "ring":
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(colour, 4))
                r = swatch.height() / 2 - 1
                painter.drawEllipse(QPointF(swatch.center()), r, r)
            elif entry.style == "arc":
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(QColor(0, 0, 0), 7))
                r = swatch.height() / 2 + 1
                arc = QRectF(swatch.center().x() - r, swatch.center().y() - r, 2 * r, 2 * r)
                painter.drawArc(arc, 0, 180 * 16)
                painter.setPen(QPen(colour, 4))
                painter.drawArc(arc, 0, 180 * 16)
            elif entry.style == "high":
                painter.setPen(QPen(QColor(10, 10, 10), 3))
                painter.setBrush(colour)
                painter.drawRect(swatch)
            elif entry.style == "low":
                painter.setPen(QPen(colour.lighter(130), 2, Qt.PenStyle.DashLine))
                painter.setBrush(with_alpha(colour, 120))
                painter.drawRect(swatch)
                painter.fillRect(swatch, QBrush(colour.lighter(130), Qt.BrushStyle.BDiagPattern))
            else:
                painter.setPen(QPen(colour, 2))
                painter.setBrush(with_alpha(colour, 150))
                painter.drawRect(swatch)
            painter.setPen(QColor("#FFFFFF"))
            painter.drawText(QRectF(swatch.right() + line * 0.4, y, box.width(), line),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                             entry.text)
            y += line
        painter.restore()

    def paint_lines(self, painter: QPainter, box: QRectF, lines: list[tuple[str, str]]) -> None:
        """Wrapped coloured lines on the same dark plate, top-left (the drag in words)."""
        if box.height() < 40:
            return
        pad = 10.0
        inner = box.adjusted(pad, pad, -pad, -pad)
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        heights = [self._metrics.boundingRect(inner, int(flags), text).height() + 6
                   for text, _c in lines]
        used = min(sum(heights) + 2 * pad, box.height())
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(255, 255, 255, 90), 1.5))
        painter.setBrush(QColor(15, 15, 18, 215))
        painter.drawRoundedRect(QRectF(box.left(), box.top(), box.width(), used), 8, 8)
        painter.setFont(self.font)
        y = inner.top()
        for (text, colour), h in zip(lines, heights, strict=True):
            if y + h > box.bottom():
                break
            painter.setPen(QColor(colour))
            painter.drawText(QRectF(inner.left(), y, inner.width(), h), flags, text)
            y += h
        painter.restore()
