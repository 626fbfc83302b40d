"""Tokens: round counters in their side's colour with initials (or a portrait), two arcs the
ruleset gives a meaning (tactical/ui/rulesets/: Health and Stamina, or the condition
monitors' boxes left), condition and injury badges, the current actor ringed in yellow and
the selected token in white. Everything is re-read from the state in `sync`."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.encounter.model import Combatant, Condition
from tactical.encounter.queries.stream import initials
from tactical.ui.board.labels import LabelItem
from tactical.ui.board.palette import (
    CURRENT_ACTOR,
    HALO,
    HEALTH,
    INITIALS_HEIGHT,
    LABEL_HEIGHT,
    NAME_MAX_M,
    OKABE_ITO,
    SELECTED,
    STAMINA,
    TOKEN_RADIUS,
    Z,
)
from tactical.ui.board.shapes import draw_halo_text, stamp, text_path
from tactical.ui.rulesets import RulesetView

DETAIL_PX_PER_M = 8.0
BADGE_R = 0.48  # holds a BADGE_TEXT_M capital: ≥ 12 px type at zoom 1 (issue 14, defect 11)
BADGE_TEXT_M = 0.37  # capital height; the type is ~ 1/0.73 of it: 12.2 px at 24 px/m
ARC_WIDTH = 0.16

# (condition or pseudo-condition, badge text, colour): what a GM must see at a glance.
BADGES: tuple[tuple[str, str, str], ...] = (
    ("prone", "PR", "#9E9E9E"),
    ("pinned", "PIN", OKABE_ITO["orange"]),
    ("overwatch", "OW", OKABE_ITO["sky"]),
    ("unaware", "?", "#FFFFFF"),
    ("grappled", "GR", OKABE_ITO["purple"]),
    ("bleeding", "BL", "#C00000"),
    # Ch.6 l.46: the selected combatant has not detected this token (the GM's board only)
    ("undetected", "ND", OKABE_ITO["vermillion"]),
)
INJURY_COLOURS = {"light": "#F0E442", "moderate": "#E69F00", "serious": "#D55E00",
                  "critical": "#B00020", "lethal": "#000000"}


@dataclass(frozen=True, slots=True)
class TokenLook:
    """Everything a token shows, derived from the state (compared to skip repaints)."""

    name: str
    initials: str
    colour: str
    health_left: float  # 0..1, the left arc (RulesetView.token_arcs)
    stamina_left: float  # 0..1, the right arc
    badges: tuple[tuple[str, str], ...]  # (text, colour)
    current: bool
    selected: bool
    down: bool  # dead or unconscious
    tooltip: str
    bars: bool = True  # the two arcs; False: the audience may not read them (issue 16)
    dashed: bool = False  # a dashed ring where the arcs are: an enemy told apart by shape
    hurt_left: float | None = None  # what the players' screen counts (TokenArcs.hurt_left)


def look_of(view: RulesetView, c: Combatant, colour: QColor, current: bool, selected: bool,
            unique_initials: str | None = None, *, undetected: bool = False,
            side: str | None = None) -> TokenLook:
    flags = {cond.value for cond in c.conditions}
    if undetected:
        flags.add("undetected")
    if c.unaware:
        flags.add("unaware")
    if any(t.kind == "bleed" for t in c.timers):
        flags.add("bleeding")
    badges = [(text, col) for key, text, col in BADGES if key in flags]
    if c.injury:
        badges.insert(0, (c.injury[0].upper() + "!", INJURY_COLOURS.get(c.injury, "#FFFFFF")))
    conditions = sorted(flags) or ["none"]
    arcs = view.token_arcs(c, ", ".join(conditions), side)
    down = c.has(Condition.DEAD) or c.has(Condition.UNCONSCIOUS) or arcs.down
    return TokenLook(c.name, unique_initials or initials(c.name), colour.name(), arcs.left,
                     arcs.right, tuple(badges), current, selected, down, arcs.tooltip,
                     hurt_left=arcs.hurt_left)


class TokenItem(QGraphicsItem):
    """One combatant's counter; `sync(combatant, look, centre)` is its only way to change."""

    def __init__(self, token_id: str, portrait: QPixmap | None = None) -> None:
        super().__init__()
        self.token_id = token_id
        self.setZValue(Z.TOKENS)
        self.setAcceptHoverEvents(False)
        # A token changes only when the state does; between changes, blit it (measured:
        # tokens were a third of a frame at zoom 1)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.look: TokenLook | None = None
        self._portrait = portrait  # square, bounded (ui/board/portraits.py)
        r = TOKEN_RADIUS + ARC_WIDTH + 0.25
        w = max(r, BADGE_R * 4.2)
        self._rect = QRectF(-w, -r - BADGE_R, 2 * w, 2 * r + BADGE_R)
        self._disc = QPainterPath()
        self._disc.addEllipse(QPointF(0, 0), TOKEN_RADIUS, TOKEN_RADIUS)
        self._initials = QPainterPath()
        self._badges: list[tuple[QPainterPath, QColor, QPointF]] = []
        self.name_label = LabelItem("", LABEL_HEIGHT)
        self.name_label.set_max_width(NAME_MAX_M)  # the tooltip has the full name
        # while the GM drags it (ui/board/drag.py): drawn from a stamp, not cached by Qt
        self.moving = False

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return self._disc

    def sync(self, look: TokenLook, centre: tuple[float, float]) -> None:
        self.setPos(*centre)
        if look == self.look:
            return
        if self.look is None or look.initials != self.look.initials:
            self._initials = text_path(look.initials, INITIALS_HEIGHT)
        if self.look is None or look.badges != self.look.badges:
            self._badges = _badge_paths(look.badges)
        self.look = look
        self.name_label.set_text(look.name)
        self.setToolTip(look.tooltip)
        self.setOpacity(0.55 if look.down else 1.0)
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        look = self.look
        if look is None:
            return
        if self.moving:  # dragged: one raster per look and zoom, blitted at whole pixels
            half = max(self._rect.right(), -self._rect.top(), self._rect.bottom())
            stamp(painter, ("token", self.token_id, look), half, self._draw)
        else:
            self._draw(painter)

    def _draw(self, painter: QPainter) -> None:
        look = self.look
        assert look is not None
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        colour = QColor(look.colour)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if look.current:
            painter.setPen(QPen(CURRENT_ACTOR, 0.22))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), TOKEN_RADIUS + ARC_WIDTH + 0.16,
                                TOKEN_RADIUS + ARC_WIDTH + 0.16)
        painter.setPen(QPen(HALO, 0.08))
        painter.setBrush(colour)
        painter.drawPath(self._disc)
        if lod < DETAIL_PX_PER_M:
            return
        if self._portrait is not None and not self._portrait.isNull():
            painter.save()
            painter.setClipPath(self._disc)
            d = TOKEN_RADIUS * 2 - 0.16
            painter.drawPixmap(QRectF(-d / 2, -d / 2, d, d), self._portrait,
                               QRectF(self._portrait.rect()))
            painter.restore()
        else:
            draw_halo_text(painter, self._initials, 0.12)
        if look.bars:
            _draw_arc(painter, look.health_left, HEALTH, left=True)
            _draw_arc(painter, look.stamina_left, STAMINA, left=False)
        elif look.dashed:
            _draw_dashed_ring(painter)
        if look.selected:
            pen = QPen(SELECTED, 0.1, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            r = TOKEN_RADIUS + ARC_WIDTH + 0.05
            painter.drawEllipse(QPointF(0, 0), r, r)
        for path, badge_colour, centre in self._badges:
            painter.setPen(QPen(HALO, 0.06))
            painter.setBrush(badge_colour)
            painter.drawEllipse(centre, BADGE_R, BADGE_R)
            text = QColor("#000000") if badge_colour.lightness() > 140 else QColor("#FFFFFF")
            painter.fillPath(path, text)


def _draw_arc(painter: QPainter, share: float, colour: QColor, *, left: bool) -> None:
    """Half a ring beside the disc, filling up from the bottom: Health on the left, Stamina
    on the right; the dark track shows what is lost."""
    r = TOKEN_RADIUS + ARC_WIDTH / 2
    rect = QRectF(-r, -r, 2 * r, 2 * r)
    sign = -1 if left else 1  # Qt angles: 1/16 degree, counter-clockwise from 3 o'clock
    start = (270 + sign * 6) * 16  # 6° gap at the bottom between the two arcs
    span = sign * 168 * 16
    painter.setBrush(Qt.BrushStyle.NoBrush)
    track = QPen(QColor(0, 0, 0, 210), ARC_WIDTH + 0.06)
    track.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(track)
    painter.drawArc(rect, start, span)
    if share <= 0:
        return
    pen = QPen(colour, ARC_WIDTH)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    painter.drawArc(rect, start, int(span * min(1.0, share)))


def _draw_dashed_ring(painter: QPainter) -> None:
    """Issue 16: an enemy on the players' screen, told from a player character (solid
    arcs) by its dashes as well as its colour."""
    r = TOKEN_RADIUS + ARC_WIDTH / 2
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(QColor(0, 0, 0, 210), ARC_WIDTH + 0.06))
    painter.drawEllipse(QPointF(0, 0), r, r)
    pen = QPen(QColor("#FFFFFF"), ARC_WIDTH, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
    pen.setDashPattern([1.2, 1.0])
    painter.setPen(pen)
    painter.drawEllipse(QPointF(0, 0), r, r)


def _badge_paths(badges: tuple[tuple[str, str], ...]) -> list[tuple[QPainterPath, QColor,
                                                                     QPointF]]:
    """Badges in a row across the top of the counter, centred."""
    out: list[tuple[QPainterPath, QColor, QPointF]] = []
    shown = badges[:4]
    gap = BADGE_R * 2.05
    y = -TOKEN_RADIUS - 0.02
    for i, (text, colour) in enumerate(shown):
        centre = QPointF((i - (len(shown) - 1) / 2) * gap, y)
        height = BADGE_TEXT_M
        out.append((text_path(text, height, (centre.x(), centre.y())), QColor(colour), centre))
    return out
