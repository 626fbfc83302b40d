"""The players' view of the board: no input (nothing on it can change the fight or the GM's
selection), no legend, an initiative bar across the top in large print, and optionally a
plain key colour around the map for chroma keying (pixel-exact: no antialiased edge)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsView, QWidget

from tactical.encounter.events import AttackResolved
from tactical.encounter.queries.change import Change
from tactical.ui.board.palette import CURRENT_ACTOR, LABEL_HEIGHT
from tactical.ui.board.scene import BoardScene
from tactical.ui.fonts import load_app_font
from tactical.ui.player.camera import Box

KEY_MAGENTA = "#FF00FF"  # no token, cover or text colour is near it (green keys eat text)
LARGE_NAME_PX = 20.0  # token names at least this tall, large print (readable at 1280 × 720)
MAX_NAME_SCALE = 3.0
ROLL_MS = 8000  # the last roll stays this long
RULER_PX = 400  # the calibration ruler's length on the players' screen
_OWN_ROLL = re.compile(r"^[0-9+\-−= ]+$")  # "20+9+4 = 33": the roller's own dice and skill


@dataclass(frozen=True, slots=True)
class StreamLook:
    """How the players' screen looks: the initiative bar, its print size, the key colour."""

    initiative_bar: bool = True
    large_print: bool = True
    key: str | None = None  # a chroma-key colour around the map, or None (the board's own)
    last_roll: bool = True  # the last attack's result, briefly

    def bar_px(self, height: int) -> float:
        """Print size of the bar: readable at 1280 × 720 on a stream (about 4% of height)."""
        return max(14.0, height * (0.04 if self.large_print else 0.025))


def map_box(scene: BoardScene) -> Box:
    """The whole map with a margin of a hex or 3%, so edge names have room."""
    r = scene.map_rect
    m = max(2.0, 0.03 * max(r.width(), r.height()))
    return (r.left() - m, r.top() - m, r.width() + 2 * m, r.height() + 2 * m)


class PlayerView(QGraphicsView):
    def __init__(self, scene: BoardScene, look: StreamLook | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = scene  # keeps the scene alive
        self.setScene(scene)
        self.look = look or StreamLook()
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setInteractive(False)  # players' screen: looking only
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setMinimumSize(160, 90)
        self.fixed_px_per_m: float | None = None  # physical scale: zoom locked
        self.roll_text = ""
        self.ruler = False  # the calibration ruler across the middle
        self._roll_timer = QTimer(self)
        self._roll_timer.setSingleShot(True)
        self._roll_timer.timeout.connect(self._clear_roll)
        scene.document.changed.connect(self._after_change)

    def _after_change(self, change: Change) -> None:
        self._large_print()
        for event in change.new_events:  # an undo or a redo shows no roll again
            if isinstance(event, AttackResolved) and self.look.last_roll:
                text = self.roll_of(event)
                if text:
                    self.roll_text = text
                    self._roll_timer.start(ROLL_MS)
        self.viewport().update()

    def roll_of(self, event: AttackResolved) -> str:
        """What players may read of an attack: who, whom, hit or miss; the roller's own
        numbers only when a player character rolled (an NPC's skill, the TN that shows an
        NPC's defence, armor and damage stay the GM's). Nothing if either is not drawn."""
        shown = self.board.tokens
        if event.attacker not in shown or event.target not in shown:
            return ""
        state = self.board.document.state
        attacker, target = state.get(event.attacker), state.get(event.target)
        text = f"{attacker.name} → {target.name}: {'hit' if event.hit else 'miss'}"
        if self.board.audience.is_player_side(attacker):
            numbers = event.summary.split(": ", 1)[-1].split(" vs ", 1)[0]
            if " vs " in event.summary and _OWN_ROLL.match(numbers):
                text += f" ({numbers.strip()})"
        return text

    def _clear_roll(self) -> None:
        self.roll_text = ""
        self.viewport().update()

    def _large_print(self) -> None:
        """Token names scaled up to LARGE_NAME_PX on screen (the scene re-places them)."""
        px_per_m = self.transform().m11()
        k = 1.0
        if self.look.large_print and px_per_m > 0:
            k = max(1.0, min(MAX_NAME_SCALE, LARGE_NAME_PX / (LABEL_HEIGHT * px_per_m)))
        rescaled = False
        for token in self.board.tokens.values():
            if token.name_label.scale() != k:
                token.name_label.setScale(k)
                rescaled = True
            if k > 1.0:
                token.name_label.setOpacity(1.0)
        if rescaled:  # else the scene's own sync placed them at these sizes already
            self.board.arrange_labels()

    # --- the camera

    def bar_height(self) -> float:
        if not self.look.initiative_bar:
            return 0.0
        return self.look.bar_px(self.viewport().height()) * 1.8

    def show_box(self, box: Box) -> None:
        """Look at `box` (metres), below the initiative bar; at the physical scale only
        centre on it (the zoom is locked)."""
        left, top, width, height = box
        vp = QRectF(self.viewport().rect())
        free = vp.adjusted(0, self.bar_height(), 0, 0)
        if self.fixed_px_per_m is not None:
            scale = self.fixed_px_per_m
        else:
            scale = min(free.width() / max(width, 1e-6), free.height() / max(height, 1e-6))
        self.resetTransform()
        self.scale(scale, scale)
        shift = (free.center() - vp.center()) / scale
        self.centerOn(QRectF(left, top, width, height).center() - shift)
        self.board.set_detail(scale)
        self._large_print()

    def visible_box(self) -> Box:
        rect = self.mapToScene(self.viewport().rect()).boundingRect()
        return (rect.left(), rect.top(), rect.width(), rect.height())

    # --- painted over the board, in viewport pixels

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        painter.save()
        to_viewport = self.viewportTransform().inverted()[0]
        painter.setWorldTransform(to_viewport * painter.worldTransform())
        if self.look.key is not None:
            self._paint_key(painter, QColor(self.look.key))
        if self.look.initiative_bar:
            self._paint_bar(painter)
        if self.roll_text:
            self._paint_roll(painter)
        if self.ruler:
            self._paint_ruler(painter)
        painter.restore()

    def _paint_ruler(self, painter: QPainter) -> None:
        """A bar exactly RULER_PX long with end ticks: the GM measures it on the screen."""
        vp = self.viewport().rect()
        x0, y = vp.center().x() - RULER_PX // 2, vp.center().y()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.fillRect(QRect(x0 - 20, y - 50, RULER_PX + 40, 100), QColor(255, 255, 255))
        painter.fillRect(QRect(x0, y - 2, RULER_PX, 4), QColor(0, 0, 0))
        for x in (x0, x0 + RULER_PX - 1):
            painter.fillRect(QRect(x, y - 30, 1, 60), QColor(0, 0, 0))
        font = load_app_font()
        font.setPixelSize(16)
        painter.setFont(font)
        painter.setPen(QColor(0, 0, 0))
        painter.drawText(QRect(x0, y + 8, RULER_PX, 40), Qt.AlignmentFlag.AlignCenter,
                         "measure between the two ticks")

    def _paint_roll(self, painter: QPainter) -> None:
        font = load_app_font()
        font.setPixelSize(round(self.look.bar_px(self.viewport().height())))
        font.setBold(True)
        painter.setFont(font)
        width = QFontMetricsF(font).horizontalAdvance(self.roll_text) + 40
        vp = QRectF(self.viewport().rect())
        height = font.pixelSize() * 1.8
        box = QRectF(vp.center().x() - width / 2, vp.bottom() - height * 1.4, width, height)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(16, 17, 19, 235))
        painter.drawRoundedRect(box, 8, 8)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.roll_text)

    def _paint_key(self, painter: QPainter, key: QColor) -> None:
        """The key colour everywhere off the board, edges on whole pixels, no antialiasing:
        a keyer sees one exact colour, never a blend of it with the board."""
        # around the map and its margin (names at the edge stay on the board's own dark)
        m = self.mapFromScene(QRectF(*map_box(self.board))).boundingRect()
        vp = self.viewport().rect()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for r in (QRect(vp.left(), vp.top(), vp.width(), max(0, m.top() - vp.top())),
                  QRect(vp.left(), m.bottom() + 1, vp.width(), max(0, vp.bottom() - m.bottom())),
                  QRect(vp.left(), m.top(), max(0, m.left() - vp.left()), m.height()),
                  QRect(m.right() + 1, m.top(), max(0, vp.right() - m.right()), m.height())):
            if r.width() > 0 and r.height() > 0:
                painter.fillRect(r, key)

    def _paint_bar(self, painter: QPainter) -> None:
        """Who acts, in order, across the top: only tokens the players' screen draws."""
        state = self.board.document.state
        shown = set(self.board.tokens)
        order = [cid for cid in state.order if cid in shown] or \
            [c.id for c in state if c.id in shown]
        vp = QRectF(self.viewport().rect())
        height = self.bar_height()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.fillRect(QRectF(vp.left(), vp.top(), vp.width(), height), QColor(16, 17, 19))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        font = load_app_font()
        font.setPixelSize(round(self.look.bar_px(self.viewport().height())))
        font.setBold(True)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        x = vp.left() + height * 0.3
        label = f"Round {state.round}" if state.round else "Setup"
        for i, text in enumerate([label, *(state.get(cid).name for cid in order)]):
            width = metrics.horizontalAdvance(text) + height * 0.5
            box = QRectF(x, vp.top() + height * 0.12, width, height * 0.76)
            if box.right() > vp.right():
                break
            acting = i > 0 and order[i - 1] == state.actor
            token = self.board.tokens.get(order[i - 1]) if i > 0 else None
            colour = QColor(token.look.colour) if token and token.look else QColor(60, 60, 64)
            painter.setPen(QPen(CURRENT_ACTOR, 4) if acting else Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(box, 6, 6)
            painter.setPen(QColor("#FFFFFF"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            x = box.right() + height * 0.2
