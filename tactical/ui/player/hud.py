"""What the players' screen paints over the board, in viewport pixels (issue 28): the
initiative strip, the last roll with its result first, the small roll history and the
reaction banner. What there is to paint comes from the Qt-free stream model
(tactical/encounter/queries/stream.py) through the players' audience filter; this only lays it out.

Sizes follow the window's height so a 720p stream reads like a 1080p one: the print is about
4 % of the height (28.8 px at 720), the roll's result 1.2 times that, the history 0.65 times
(never under 18 px at 1280 × 720)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

from tactical.encounter.queries.stream import Chip, condense
from tactical.ui.board.palette import CURRENT_ACTOR
from tactical.ui.fonts import load_app_font

PANEL = QColor(16, 17, 19, 235)
LATER = QColor(60, 60, 64)
ACTING_SCALE = 1.3  # the acting combatant's name, larger than the rest
HIT = QColor("#F0E442")  # Okabe–Ito yellow: a hit die, and the banner
GLITCH = QColor("#D55E00")  # vermillion, with its word: never colour alone
MIN_TEXT_PX = 18.0  # legible after a 720p downscale


def font_px(px: float, bold: bool = True) -> QFont:
    font = load_app_font()
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    return font


class StripLayout:
    """The strip's chips fitted to a width, with each chip's box (viewport pixels)."""

    def __init__(self, shown: dict[str, Any], left: float, top: float, width: float,
                 px: float) -> None:
        self.px = px
        self.height = px * 1.8
        self.normal, self.big = font_px(px), font_px(px * ACTING_SCALE)
        self._m = QFontMetricsF(self.normal)
        self._mb = QFontMetricsF(self.big)
        pad, gap = self.height * 0.5, self.height * 0.2
        self.chips = condense(shown, width - self.height * 0.6, self.measure, gap)
        self.boxes: list[QRectF] = []
        x = left + self.height * 0.3
        for chip in self.chips:
            w = self.measure(chip)
            h = self.height * (0.9 if chip.acting else 0.72)
            self.boxes.append(QRectF(x, top + (self.height - h) / 2, w, h))
            x += w + gap
        self._pad = pad

    def tag(self, chip: Chip) -> str:
        """A later pass's number on its chips (Shadowrun): "P2"."""
        return f"P{chip.pass_number}" if chip.later and chip.pass_number else ""

    def measure(self, chip: Chip) -> float:
        metrics = self._mb if chip.acting else self._m
        extra = self._m.horizontalAdvance(self.tag(chip)) * 0.7 + 6 if self.tag(chip) else 0.0
        return metrics.horizontalAdvance(chip.text) + self.height * 0.5 + extra

    def paint(self, painter: QPainter, colours: dict[str, QColor]) -> None:
        for chip, box in zip(self.chips, self.boxes, strict=True):
            painter.setFont(self.big if chip.acting else self.normal)
            if chip.form == "title" or chip.form == "more":
                painter.setPen(QColor("#FFFFFF"))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, chip.text)
                continue
            colour = colours.get(chip.id or "", QColor(LATER))
            if chip.later:
                colour = QColor(colour)
                colour.setAlpha(150)
            painter.setPen(QPen(CURRENT_ACTOR, 4) if chip.acting else Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(box, 6, 6)
            painter.setPen(QColor("#FFFFFF"))
            tag = self.tag(chip)
            text_box = box.adjusted(0, 0, -(self._m.horizontalAdvance(tag) * 0.7 + 6), 0) \
                if tag else box
            painter.drawText(text_box, Qt.AlignmentFlag.AlignCenter, chip.text)
            if tag:
                painter.setFont(font_px(self.px * 0.7))
                painter.drawText(box.adjusted(0, 2, -6, 0),
                                 Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, tag)


def covered(box: QRectF, avoid: Sequence[QRectF]) -> float:
    """How much of the rectangles in `avoid` (token names, tokens, a ping) `box` hides."""
    return sum(box.intersected(r).width() * box.intersected(r).height()
               for r in avoid if box.intersects(r))


def roll_place(width: float, height: float, vp: QRectF, px: float,
               avoid: Sequence[QRectF] = ()) -> QRectF:
    """Where the newest roll goes along the bottom: the centre, else the place nearest it
    that hides the least of `avoid` (a 720p grab had it over a name and the GM's ping)."""
    y = vp.bottom() - height - px * 0.6
    centre = vp.center().x() - width / 2
    lo, hi = vp.left() + px * 0.5, vp.right() - width - px * 0.5
    steps = 8
    xs = sorted({min(hi, max(lo, centre + (hi - lo) * k / (2 * steps)))
                 for k in range(-2 * steps, 2 * steps + 1)}, key=lambda x: abs(x - centre))
    return min((QRectF(x, y, width, height) for x in xs),
               key=lambda box: covered(box, avoid))  # min keeps the nearest of equals


def paint_roll(painter: QPainter, roll: dict[str, Any], vp: QRectF, px: float,
               avoid: Sequence[QRectF] = ()) -> QRectF:
    """The newest roll, result first, along the bottom (the centre unless it would hide a
    name, a token or a ping in `avoid`): the headline in large type over the names;
    Shadowrun's hits, ones and glitch as big glyphs and the dice as a small grid."""
    big, small = font_px(px * 1.2), font_px(max(MIN_TEXT_PX, px * 0.65), bold=False)
    mb, ms = QFontMetricsF(big), QFontMetricsF(small)
    who = f"{roll['attacker']} → {roll['target']}" if roll["target"] else roll["attacker"]
    headline = str(roll["headline"])
    glyphs = _glyphs(roll) if roll["family"] == "pool" and roll["detail"] == "full" else []
    if glyphs:
        headline = str(roll["outcome"])
    dice: Sequence[int] = roll.get("dice", ()) if roll["detail"] == "full" else ()
    cell = max(MIN_TEXT_PX, px * 0.7)
    per_row = 12
    rows = (len(dice) + per_row - 1) // per_row if roll["family"] == "pool" else 0
    glyph_w = sum(mb.horizontalAdvance(g) + px for g, _c in glyphs)
    width = max(mb.horizontalAdvance(headline), ms.horizontalAdvance(who), glyph_w,
                min(len(dice), per_row) * (cell + 3)) + px * 1.6
    height = ms.height() + mb.height() * (2 if glyphs else 1) + rows * (cell + 3) + px * 0.9
    box = roll_place(width, height, vp, px, avoid)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(PANEL)
    painter.drawRoundedRect(box, 10, 10)
    y = box.top() + px * 0.4
    painter.setPen(QColor("#DDDDDD"))
    painter.setFont(small)
    painter.drawText(QRectF(box.left(), y, width, ms.height()), Qt.AlignmentFlag.AlignCenter, who)
    y += ms.height()
    painter.setFont(big)
    painter.setPen(QColor("#FFFFFF"))
    painter.drawText(QRectF(box.left(), y, width, mb.height()), Qt.AlignmentFlag.AlignCenter,
                     headline)
    y += mb.height()
    if glyphs:
        x = box.center().x() - glyph_w / 2
        for text, colour in glyphs:
            w = mb.horizontalAdvance(text) + px * 0.6
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(QRectF(x, y, w, mb.height()), 8, 8)
            painter.setPen(QColor("#000000") if colour.lightness() > 140 else QColor("#FFFFFF"))
            painter.drawText(QRectF(x, y, w, mb.height()), Qt.AlignmentFlag.AlignCenter, text)
            x += w + px * 0.4
        y += mb.height() + px * 0.2
    if rows:
        _paint_dice(painter, dice, QPointF(box.center().x(), y), cell, per_row)
    return box


def _glyphs(roll: dict[str, Any]) -> list[tuple[str, QColor]]:
    hits, ones = roll.get("hits") or 0, roll.get("ones") or 0
    out = [(f"{hits} hit{'' if hits == 1 else 's'}", HIT),
           (f"{ones} one{'' if ones == 1 else 's'}", QColor("#BBBBBB"))]
    if roll.get("critical_glitch"):
        out.append(("✖ CRITICAL GLITCH", GLITCH))
    elif roll.get("glitch"):
        out.append(("⚠ GLITCH", GLITCH))
    return out


def _paint_dice(painter: QPainter, dice: Sequence[int], top_centre: QPointF, cell: float,
                per_row: int) -> None:
    """The dice as a grid of small squares: a hit (5, 6) yellow and filled, a one crossed."""
    font = font_px(cell * 0.7)
    painter.setFont(font)
    for i, face in enumerate(dice):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(dice) - row * per_row)
        x = top_centre.x() - in_row * (cell + 3) / 2 + col * (cell + 3)
        r = QRectF(x, top_centre.y() + row * (cell + 3), cell, cell)
        hit = face >= 5
        painter.setPen(QPen(QColor("#FFFFFF"), 1))
        painter.setBrush(HIT if hit else QColor(40, 40, 44))
        painter.drawRect(r)
        painter.setPen(QColor("#000000") if hit else QColor("#FFFFFF"))
        painter.drawText(r, Qt.AlignmentFlag.AlignCenter, str(face))
        if face == 1:
            painter.setPen(QPen(GLITCH, 2))
            painter.drawLine(r.topLeft(), r.bottomRight())


def history_box(width: float, height: float, vp: QRectF, px: float, top: float,
                avoid: Sequence[QRectF], block: Sequence[QRectF] = ()) -> QRectF:
    """Where the history goes: bottom right, else the first other corner (under the strip at
    the top) that covers no token name, else the one that covers the least of them; never
    over a box of `block` (the newest roll shown large, the reaction's banner) where a
    corner is clear of them. Seen at 1920x1080: a fixed bottom-right box hid a guard's name;
    at 1280x720 it lay over the large result's last words, then under the banner."""
    gap = px * 0.5
    left, right = vp.left() + gap, vp.right() - width - gap
    low, high = vp.bottom() - height - px * 0.6, top + gap
    corners = [QRectF(x, y, width, height)
               for x, y in ((right, low), (left, low), (right, high), (left, high))]

    def over_block(box: QRectF) -> bool:
        return any(box.intersects(b) for b in block)

    # min keeps the first of equals: bottom right
    return min(corners, key=lambda box: (over_block(box), covered(box, avoid)))


def paint_history(painter: QPainter, older: Sequence[dict[str, Any]], vp: QRectF,
                  px: float, top: float = 0.0,
                  avoid: Sequence[QRectF] = (), block: Sequence[QRectF] = ()) -> QRectF | None:
    """The few results before the newest, small (newest on top), in a corner that leaves the
    token names in `avoid` (viewport pixels) readable; returns where it was drawn."""
    if not older:
        return None
    font = font_px(max(MIN_TEXT_PX, px * 0.65), bold=False)
    metrics = QFontMetricsF(font)
    lines = [f"{r['attacker']}: {r['headline']}" for r in older]
    width = max(metrics.horizontalAdvance(t) for t in lines) + px
    height = metrics.height() * len(lines) + px * 0.5
    box = history_box(width, height, vp, px, top, avoid, block)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(PANEL)
    painter.drawRoundedRect(box, 8, 8)
    painter.setFont(font)
    painter.setPen(QColor("#E0E0E0"))
    y = box.top() + px * 0.25
    for text in lines:
        painter.drawText(QRectF(box.left() + px * 0.5, y, width, metrics.height()),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
        y += metrics.height()
    return box


def paint_banner(painter: QPainter, text: str, vp: QRectF, top: float, px: float) -> QRectF:
    """A reaction that fired, named in a yellow band under the strip."""
    font = font_px(px * 1.1)
    metrics = QFontMetricsF(font)
    width, height = metrics.horizontalAdvance(text) + px * 1.5, metrics.height() + px * 0.6
    box = QRectF(vp.center().x() - width / 2, top + px * 0.5, width, height)
    painter.setPen(QPen(QColor("#000000"), 3))
    painter.setBrush(HIT)
    painter.drawRoundedRect(box, 10, 10)
    painter.setFont(font)
    painter.setPen(QColor("#000000"))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    return box
