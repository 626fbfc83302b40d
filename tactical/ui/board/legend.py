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
    style: str  # "ring", "high", "low", "band", "ramp"
    ramp: tuple[str, ...] = ()  # "ramp": the colours, weakest first


def legend_entries(view: RulesetView) -> tuple[Entry, ...]:
    """The ruleset's reactions as rings (none under Shadowrun), cover, bands, and what the
    token arcs show (Health and Stamina, or the condition monitors)."""
    triggers = tuple(Entry(name, colour, "ring") for name, colour in view.reaction_looks.values())
    # issue 26: a high cover is filled in its class's colour ("high, medium": the medium
    # brown), so the legend shows the whole ramp, not one brown for each height
    cover = (Entry("High cover (blocks sight)", COVER_COLOURS[CoverClass.REINFORCED], "high"),
             Entry("Low cover", COVER_COLOURS[CoverClass.MEDIUM], "low"),
             Entry("Cover: weak → strong", COVER_COLOURS[CoverClass.MEDIUM], "ramp",
                   tuple(COVER_COLOURS[c] for c in CoverClass)))
    bands = tuple(Entry(f"{b.value.capitalize()} range", BAND_COLOURS[b], "band") for b in Band)
    left, right = view.arc_names()
    tokens = (Entry(f"{left} (left arc)", HEALTH.name(), "arc"),
              Entry(f"{right} (right arc)", STAMINA.name(), "arc"),
              Entry("Acting now", CURRENT_ACTOR.name(), "ring"))
    return (*triggers, *cover, *bands, *tokens)


COMPACT_BELOW_PX = 800  # a viewport lower than this (a 720p stream) gets the compact legend
COMPACT_PX = 13.0  # still ≥ 12 px on a projector (issue 14)


class Legend:
    """Entries on a dark plate docked to an edge of the viewport: a column at the left or
    right (bottom corner), a strip of columns along the top or bottom; "auto" is the left
    column on a wide view, the bottom strip on a narrow one. `px` is the text height; a low
    viewport gets the compact size."""

    def __init__(self, view: RulesetView, px: float = 17.0) -> None:
        self.entries = legend_entries(view)
        self.visible = True
        self.edge = "auto"
        self._px = px
        self.font: QFont = load_app_font(10.0)
        self._size = 0.0
        self._set_px(px)
        self._image: QImage | None = None
        self._image_key: tuple[object, ...] = ()
        self._cells: dict[float, float] = {}
        # the summary's layout for the last few (box, lines): a drag step asks for it to
        # find what to repaint, then its paint asks again
        self._layouts: dict[tuple[object, ...], tuple[list[tuple[str, str]], list[float],
                                                      float]] = {}

    def _set_px(self, px: float) -> None:
        if px != self._size:
            self._size = px
            self.font.setPixelSize(int(px))
            self.font.setBold(True)
            self._metrics = QFontMetricsF(self.font)

    def fit(self, viewport: QRectF) -> None:
        """Pick the text size for `viewport` (compact below COMPACT_BELOW_PX)."""
        self._set_px(COMPACT_PX if viewport.height() < COMPACT_BELOW_PX else self._px)

    def side(self, viewport: QRectF) -> str:
        if self.edge != "auto":
            return self.edge
        return "left" if viewport.width() >= 1100 else "bottom"

    def _line(self) -> float:
        return self._metrics.height() * 1.35

    def _cell(self) -> float:
        # the entries never change: measure them once per text size (a drag repaints often)
        found = self._cells.get(self._size)
        if found is None:
            found = self._cells[self._size] = max(
                self._metrics.horizontalAdvance(e.text) for e in self.entries) + \
                self._line() * 2.4
        return found

    def columns(self, viewport: QRectF) -> int:
        if self.side(viewport) in ("left", "right"):
            return 1
        return max(1, min(len(self.entries), int((viewport.width() - 24) // self._cell())))

    def width(self, viewport: QRectF | None = None) -> float:
        if viewport is not None:
            self.fit(viewport)
            return self._cell() * self.columns(viewport)
        return self._cell()

    def rect(self, viewport: QRectF) -> QRectF:
        self.fit(viewport)
        line = self._line()
        columns = self.columns(viewport)
        rows = -(-len(self.entries) // columns)
        width, height = self._cell() * columns, line * (rows + 1.2)
        side = self.side(viewport)
        left = viewport.right() - width - 12 if side == "right" else viewport.left() + 12
        top = viewport.top() + 12 if side == "top" else viewport.bottom() - height - 12
        return QRectF(left, top, width, height)

    def paint(self, painter: QPainter, viewport: QRectF) -> None:
        """Drawn once into an image (per size and layout), then copied every frame."""
        if not self.visible:
            return
        box = self.rect(viewport)
        key = (self._size, self.columns(viewport), box.width(), box.height())
        if self._image is None or key != self._image_key:
            image = QImage(int(box.width()) + 2, int(box.height()) + 2,
                           QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            inner = QPainter(image)
            self._paint(inner, QRectF(0, 0, box.width(), box.height()),
                        self.columns(viewport))
            inner.end()
            self._image = image
            self._image_key = key
        painter.drawImage(box.topLeft(), self._image)

    def _paint(self, painter: QPainter, box: QRectF, columns: int = 1) -> None:
        line = self._metrics.height() * 1.35
        rows = -(-len(self.entries) // columns)
        cell = box.width() / columns
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(255, 255, 255, 90), 1.5))
        painter.setBrush(QColor(15, 15, 18, 215))
        painter.drawRoundedRect(box, 8, 8)
        painter.setFont(self.font)
        for i, entry in enumerate(self.entries):
            y = box.top() + line * 0.6 + (i % rows) * line
            x = box.left() + (i // rows) * cell
            swatch = QRectF(x + line * 0.4, y + line * 0.12, line * 1.2, line * 0.76)
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
            elif entry.style == "ramp":  # one stripe per cover class, weakest first
                stripe = swatch.width() / len(entry.ramp)
                for k, shade in enumerate(entry.ramp):
                    painter.fillRect(QRectF(swatch.left() + k * stripe, swatch.top(), stripe,
                                            swatch.height()), QColor(shade))
                painter.setPen(QPen(QColor(10, 10, 10), 1))
                painter.setBrush(Qt.BrushStyle.NoBrush)
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
            painter.drawText(QRectF(swatch.right() + line * 0.4, y, cell, line),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                             entry.text)
        painter.restore()

    def lines_rect(self, box: QRectF, lines: list[tuple[str, str]]) -> QRectF:
        """Where `paint_lines` draws `lines` in `box` (empty: nowhere)."""
        if box.height() < 40 or not lines:
            return QRectF()
        return QRectF(box.left(), box.top(), box.width(), self._layout(box, lines)[2])

    def line_pieces(self, box: QRectF, lines: list[tuple[str, str]]
                    ) -> list[tuple[object, QRectF]]:
        """What `paint_lines` draws, as strips of the plate across its width: the top edge,
        each line, the bottom edge, each with what it shows (the same key: the same
        pixels). A drag step repaints only the strips whose key changed (its first line,
        the metres, changes every step; the plate is 400 pixels high with reactions)."""
        if box.height() < 40 or not lines:
            return []
        pad = 10.0
        shown, heights, used = self._layout(box, lines)
        left, width = box.left(), box.width()
        pieces: list[tuple[object, QRectF]] = [(("top", width), QRectF(left, box.top(), width,
                                                                      pad))]
        y = box.top() + pad
        for line, h in zip(shown, heights, strict=True):
            pieces.append((("line", line, width), QRectF(left, y, width, h)))
            y += h
        bottom = box.top() + used
        pieces.append((("bottom", width), QRectF(left, min(y, bottom - pad), width,
                                                 bottom - min(y, bottom - pad))))
        return pieces

    def _layout(self, box: QRectF, lines: list[tuple[str, str]]
                ) -> tuple[list[tuple[str, str]], list[float], float]:
        key = (box.left(), box.top(), box.width(), box.height(), self._size, tuple(lines))
        found = self._layouts.get(key)
        if found is None:
            if len(self._layouts) >= 8:
                self._layouts.clear()
            found = self._layouts[key] = self._lay_out(box, lines)
        return found

    def _lay_out(self, box: QRectF, lines: list[tuple[str, str]]
                 ) -> tuple[list[tuple[str, str]], list[float], float]:
        pad = 10.0
        inner = box.adjusted(pad, pad, -pad, -pad)
        heights = [self._metrics.boundingRect(inner, int(_WRAPPED), text).height() + 6
                   for text, _c in lines]
        shown = fitting(heights, inner.height())
        if shown < len(lines):  # what does not fit is counted, never silently dropped
            more = f"+{len(lines) - shown} more"
            lines = [*lines[:shown], (more, "#FFFFFF")]
            heights = [*heights[:shown], self._metrics.height() + 6]
        return lines, heights, min(sum(heights) + 2 * pad, box.height())

    def paint_lines(self, painter: QPainter, box: QRectF, lines: list[tuple[str, str]],
                    exposed: QRectF | None = None) -> None:
        """Wrapped coloured lines on a dark plate, top-left (the drag in words); with
        `exposed`, only the lines that reach into it (a drag step repaints a strip)."""
        if box.height() < 40:
            return
        pad = 10.0
        inner = box.adjusted(pad, pad, -pad, -pad)
        flags = _WRAPPED
        lines, heights, used = self._layout(box, lines)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(255, 255, 255, 90), 1.5))
        painter.setBrush(PLATE)
        painter.drawRoundedRect(QRectF(box.left(), box.top(), box.width(), used), 8, 8)
        painter.setFont(self.font)
        y = inner.top()
        for (text, colour), h in zip(lines, heights, strict=True):
            if exposed is None or (y < exposed.bottom() and y + h > exposed.top()):
                painter.setPen(QColor(colour))
                painter.drawText(QRectF(inner.left(), y, inner.width(), h), flags, text)
            y += h
        painter.restore()


#: The words' plate: opaque (BoardWords, issue 26: no board is painted under it).
PLATE = QColor(15, 15, 18)
_WRAPPED = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def fitting(heights: list[float], room: float, more_line: float = 30.0) -> int:
    """How many lines of `heights` to show in `room`: all if they fit, else as many as leave
    room for a "+N more" line."""
    if sum(heights) <= room:
        return len(heights)
    used, shown = more_line, 0
    for h in heights:
        if used + h > room:
            break
        used += h
        shown += 1
    return shown
