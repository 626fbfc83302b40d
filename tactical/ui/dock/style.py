"""The dock's look: Okabe–Ito colours (colour-blind safe, readable on light and dark
themes), font sizes legible on a projector, and small shared widgets (pips, bars)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QLabel, QSizePolicy, QWidget

# Okabe & Ito (2008). Each accent reads on both a light and a dark background.
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
GREEN = "#009E73"  # bluish green
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"  # reddish purple
GREY = "#8C8C8C"

BASE_PT = 11.0  # the dock's text
BIG_PT = 20.0  # the key numbers: TN, hit chance
TITLE_PT = 12.5

SIDE_COLOURS = (SKY_BLUE, ORANGE, GREEN, PURPLE, YELLOW, VERMILLION)


def font(base: QFont, points: float, bold: bool = False) -> QFont:
    f = QFont(base)
    f.setPointSizeF(points)
    f.setBold(bold)
    return f


def title(text: str, parent: QWidget | None = None) -> QLabel:
    label = QLabel(text, parent)
    label.setFont(font(label.font(), TITLE_PT, bold=True))
    return label


def big(text: str = "", parent: QWidget | None = None) -> QLabel:
    label = QLabel(text, parent)
    label.setFont(font(label.font(), BIG_PT, bold=True))
    return label


def wrap(label: QLabel) -> QLabel:
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
    return label


def tint(widget: QWidget, colour: str, bold: bool = False) -> QWidget:
    """Colour a label's text through its palette (a style sheet would reset its font)."""
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor(colour))
    palette.setColor(QPalette.ColorRole.Text, QColor(colour))
    widget.setPalette(palette)
    if bold:
        widget.setFont(font(widget.font(), BASE_PT, bold=True))
    return widget


def rule() -> QFrame:
    """A horizontal line between sections."""
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


def luminance(colour: str | QColor) -> float:
    """WCAG 2 relative luminance of a colour."""
    c = QColor(colour)

    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(
        c.blueF())


def contrast(a: str | QColor, b: str | QColor) -> float:
    """WCAG 2 contrast ratio (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


READABLE = 4.5  # WCAG AA for body text


def readable(colour: str, background: str | QColor) -> str:
    """`colour`, darkened on a light background (lightened on a dark one) in steps of
    its own hue until its text reads at 4.5:1 (issue 26: the log's grey and Okabe–Ito
    lines were 2.2–3.4:1 on white)."""
    c = QColor(colour)
    dark_ground = luminance(background) < 0.18
    for _ in range(40):
        if contrast(c, background) >= READABLE:
            break
        c = c.lighter(108) if dark_ground else c.darker(108)
    return str(c.name())


def side_colour(sides: list[str], side: str) -> str:
    index = sides.index(side) if side in sides else len(sides)
    return SIDE_COLOURS[index % len(SIDE_COLOURS)]


def percent(p: float) -> str:
    """Odds for a GM: "62.5%", "<0.1%", "0%", "100%"."""
    if p <= 0.0:
        return "0%"
    if p >= 1.0 - 1e-12:
        return "100%"
    if p < 0.001:
        return "<0.1%"
    return f"{p * 100:.1f}%"


class Pips(QWidget):
    """A row of pips: `left` filled, `spent` hollow, `bonus` of the filled/hollow ones drawn
    with a ring (tier bonus actions). Colour by meaning, shape by state (not colour alone)."""

    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colour = QColor(colour)
        self.left = 0
        self.spent = 0
        self.bonus = 0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_counts(self, left: int, spent: int, bonus: int = 0) -> None:
        self.left, self.spent, self.bonus = max(0, left), max(0, spent), max(0, bonus)
        self.updateGeometry()
        self.update()

    def _diameter(self) -> int:
        return max(14, self.fontMetrics().height())

    def sizeHint(self) -> QSize:
        d = self._diameter()
        count = max(1, self.left + self.spent)
        return QSize(count * (d + 6) + 2, d + 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        d = self._diameter()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        total = self.left + self.spent
        for i in range(total):
            rect = QRectF(2 + i * (d + 6), 2, d, d)
            filled = i < self.left
            # a darker rim keeps light colours (yellow) visible on a light background
            painter.setPen(QPen(self.colour.darker(150), 1.5))
            painter.setBrush(self.colour if filled else Qt.BrushStyle.NoBrush)
            if i >= total - self.bonus:  # a tier bonus: a diamond instead of a disc
                painter.save()
                painter.translate(rect.center())
                painter.rotate(45)
                side = d * 0.72
                painter.drawRect(QRectF(-side / 2, -side / 2, side, side))
                painter.restore()
            else:
                painter.drawEllipse(rect)
        painter.end()


class Bar(QWidget):
    """A labelled meter (Health left, Fatigue taken), with the numbers written on it."""

    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colour = QColor(colour)
        self.fraction = 0.0
        self.text = ""
        self.marks: tuple[float, ...] = ()
        self.setMinimumHeight(self.fontMetrics().height() + 8)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_value(self, fraction: float, text: str, marks: tuple[float, ...] = ()) -> None:
        self.fraction = min(1.0, max(0.0, fraction))
        self.text = text
        self.marks = marks
        self.setToolTip(text)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(200, self.fontMetrics().height() + 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        painter.setPen(QPen(self.palette().mid().color(), 1.0))
        painter.setBrush(self.palette().base())
        painter.drawRoundedRect(r, 4, 4)
        fill = QRectF(r.left(), r.top(), r.width() * self.fraction, r.height())
        colour = QColor(self.colour)
        colour.setAlpha(170)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(fill, 4, 4)
        painter.setPen(QPen(self.palette().text().color(), 1.0, Qt.PenStyle.DashLine))
        for mark in self.marks:
            x = r.left() + r.width() * min(1.0, mark)
            painter.drawLine(int(x), int(r.top()), int(x), int(r.bottom()))
        painter.setPen(self.palette().text().color())
        painter.drawText(r.adjusted(6, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter, self.text)
        painter.end()


class Boxes(QWidget):
    """A Shadowrun condition monitor: `size` boxes in groups of three (a wound modifier per
    group), the `marked` ones filled; `overflow` boxes past the end drawn crossed."""

    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colour = QColor(colour)
        self.boxes = 0
        self.marked = 0
        self.overflow = 0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_boxes(self, marked: int, size: int, overflow: int = 0) -> None:
        self.marked, self.boxes, self.overflow = max(0, marked), max(0, size), max(0, overflow)
        self.updateGeometry()
        self.update()

    def _side(self) -> int:
        return max(12, self.fontMetrics().height() - 2)

    def _x(self, i: int) -> float:
        side = self._side()
        return 2 + i * (side + 2) + (i // 3) * 4

    def sizeHint(self) -> QSize:
        count = max(1, self.boxes + self.overflow)
        return QSize(int(self._x(count)) + 2, self._side() + 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        side = self._side()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rim = QPen(self.palette().text().color(), 1.2)
        for i in range(self.boxes + self.overflow):
            rect = QRectF(self._x(i), 2, side, side)
            painter.setPen(rim)
            over = i >= self.boxes
            painter.setBrush(self.colour if i < self.marked and not over
                             else Qt.BrushStyle.NoBrush)
            painter.drawRect(rect)
            if over:  # overflow: a cross in vermillion
                painter.setPen(QPen(QColor(VERMILLION), 2.0))
                painter.drawLine(rect.topLeft(), rect.bottomRight())
                painter.drawLine(rect.topRight(), rect.bottomLeft())
        painter.end()


# A plain scroll bar: the Fusion style repaints its gradient groove at 3–4 ms for a bar the
# dock's height (measured, offscreen raster), and the dock's bar repaints after every undo
# or command that shows or hides a row (issue 13: undo within 20 ms). Flat, with a handle
# dark enough to find on a projector.
FLAT_SCROLLBAR = """
QScrollBar:vertical { width: 14px; background: palette(window); margin: 0; }
QScrollBar::handle:vertical { background: palette(dark); min-height: 32px;
                              border-radius: 4px; margin: 2px; }
QScrollBar::handle:vertical:hover { background: palette(shadow); }
QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical { height: 0; }
QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical { background: none; }
"""


def flat_scrollbar(area: QAbstractScrollArea) -> None:
    area.verticalScrollBar().setStyleSheet(FLAT_SCROLLBAR)
