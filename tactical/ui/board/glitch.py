"""A glitch called out on the board (issue 25 item 6): when an attack's test glitches (the
ruleset's `callouts`: Shadowrun's glitch and critical glitch), a vermillion pill "⚠ GLITCH"
or "⚠ CRITICAL GLITCH" over the roller's token, flashing as it appears, so the table sees
whose dice went wrong without reading the log. It stays until the turn passes or the attack
is undone (as the committed blast does); the GM's board only (an NPC's defence dice are the
GM's to tell)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

from tactical.encounter import events as ev
from tactical.encounter.model import EncounterState
from tactical.encounter.queries.change import Change, How
from tactical.geometry.layout import Layout, hex_to_point
from tactical.rules import registry
from tactical.rules.api import Callout
from tactical.ui.board.palette import TOKEN_RADIUS, Z

VERMILLION = "#D55E00"  # the Okabe-Ito vermillion the dock calls refusals and glitches in
PILL_PT = 12.0
FLASH_MS = 1500  # the pill blinks three times as it appears
GLITCH_Z = Z.LABELS + 2  # over the names: it is the loudest thing on the board for a moment


@dataclass(frozen=True, slots=True)
class Mark:
    """One call-out on one token: whose, and the words ("CRITICAL GLITCH")."""

    combatant: str
    words: str


def marks_after(change: Change | None, shown: tuple[Mark, ...],
                state: EncounterState) -> tuple[Mark, ...]:
    """The call-outs to draw after `change`: a glitched attack applied or redone, kept
    until the turn passes; gone with its undo."""
    if change is None:
        return shown
    attacks = [e for e in change.events if isinstance(e, ev.AttackResolved)]
    if change.how is How.UNDONE:
        return () if attacks or change.turn else shown
    if attacks:
        rules = registry.ruleset(state.ruleset)
        found: dict[str, Callout] = {}
        for e in attacks:
            for c in rules.callouts(e.result):
                who = e.attacker if c.roller == "attacker" else e.target
                # a critical glitch outshouts a plain one on the same token
                if who not in found or c.rank >= found[who].rank:
                    found[who] = c
        return tuple(Mark(cid, c.words) for cid, c in found.items())
    return () if change.turn else shown


class GlitchItem(QGraphicsObject):
    """A pill over a token, in screen pixels (it ignores the zoom), flashing when shown."""

    def __init__(self, words: str, font: QFont) -> None:
        super().__init__()
        self.words = f"⚠ {words}"
        self.setZValue(GLITCH_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self._font = QFont(font)
        self._font.setBold(True)
        self._font.setPointSizeF(PILL_PT)
        metrics = QFontMetricsF(self._font)
        w, h = metrics.horizontalAdvance(self.words) + 12, metrics.height() + 6
        self._rect = QRectF(-w / 2, -h, w, h)  # centred over the point, above it
        self._flash = QVariantAnimation()
        self._flash.setDuration(FLASH_MS)
        self._flash.setStartValue(0.0)
        self._flash.setEndValue(1.0)
        self._flash.setEasingCurve(QEasingCurve.Type.Linear)
        self._flash.valueChanged.connect(self._blink)
        self._flash.start()

    def _blink(self, t: float) -> None:
        # three blinks, then steady: full, faint, full ... (1.0 at the end)
        self.setOpacity(1.0 if int(t * 6) % 2 == 0 or t >= 1.0 else 0.25)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        path = QPainterPath()
        path.addRoundedRect(self._rect, 6, 6)
        painter.setPen(QPen(QColor("#000000"), 2))
        painter.setBrush(QColor(VERMILLION))
        painter.drawPath(path)
        painter.setPen(QColor("#FFFFFF"))
        painter.setFont(self._font)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.words)


class GlitchMarks:
    """The board's call-out pills, one per marked token, re-read at each sync."""

    def __init__(self, scene: QGraphicsScene, layout: Layout, font: QFont) -> None:
        self.scene = scene
        self.layout = layout
        self.font = font
        self.marks: tuple[Mark, ...] = ()
        self.items: dict[str, GlitchItem] = {}

    def sync(self, change: Change | None, state: EncounterState) -> None:
        marks = marks_after(change, self.marks, state)
        if marks != self.marks:
            for item in self.items.values():
                self.scene.removeItem(item)
            self.items = {}
            self.marks = marks
            for m in marks:
                item = GlitchItem(m.words, self.font)
                self.scene.addItem(item)
                self.items[m.combatant] = item
        for cid, item in self.items.items():  # over the token where it stands now
            c = state.combatants.get(cid)
            if c is None:
                item.hide()
                continue
            x, y = hex_to_point(self.layout, c.hex)
            item.setPos(QPointF(x, y - TOKEN_RADIUS - 0.3))
            item.show()
