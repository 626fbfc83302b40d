"""The players' view of the board: no input (nothing on it can change the fight or the GM's
selection), no legend, an initiative bar across the top in large print, and optionally a
plain key colour around the map for chroma keying (pixel-exact: no antialiased edge)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QResizeEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from tactical.encounter.events import AttackResolved
from tactical.encounter.queries import stream
from tactical.encounter.queries.change import Change, How
from tactical.ui.board.labels import LabelItem, words_apart
from tactical.ui.board.palette import LABEL_HEIGHT, NAME_MAX_M
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.shapes import text_path
from tactical.ui.fonts import load_app_font
from tactical.ui.player import hud
from tactical.ui.player.camera import Box, bounding

KEY_MAGENTA = "#FF00FF"  # no token, cover or text colour is near it (green keys eat text)
LARGE_NAME_PX = 20.0  # token names at least this tall, large print (readable at 1280 × 720)
# names in proportion to the tokens (issue 28): at most 1.6 times the board's, a name's
# label under half the token's width tall (18 px at 720p when the tokens fill the screen)
MAX_NAME_SCALE = 1.6
ROLL_MS = 8000  # the last roll stays this long, large
BANNER_MS = 4000  # a reaction's banner
RULER_PX = 400  # the calibration ruler's length on the players' screen


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


def opening_box(scene: BoardScene) -> Box:
    """Where the players' screen opens (issue 28): the tokens it draws with two hexes of
    margin, not the whole map (a big map drawn whole made 12-20 px tokens at 720p)."""
    points = [(t.pos().x(), t.pos().y()) for t in scene.tokens.values() if t.isVisible()]
    return bounding(points) or map_box(scene)


class PlayerView(QGraphicsView):
    """Signals: `resized()` once the viewport has its new size (the window's own resize
    comes before its layout resizes the view: a box shown then was fitted to the old size,
    issue 28's map drawn at 420 × 340 px in a 1280 × 720 window)."""

    resized = Signal()

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
        self.roll_text = ""  # the newest roll's headline while it is shown large
        self.banner_text = ""
        self.ruler = False  # the calibration ruler across the middle
        self.shown_strip: dict[str, Any] = {}
        self.shown_rolls: list[dict[str, Any]] = []
        self.history_rect: QRectF | None = None  # where the roll history was last drawn
        self.roll_rect: QRectF | None = None  # where the newest roll was last drawn large
        self.banner_rect: QRectF | None = None  # and the reaction's banner
        self._roll_timer = QTimer(self)
        self._roll_timer.setSingleShot(True)
        self._roll_timer.timeout.connect(self._clear_roll)
        self._banner_timer = QTimer(self)
        self._banner_timer.setSingleShot(True)
        self._banner_timer.timeout.connect(self._clear_banner)
        scene.document.changed.connect(self._after_change)
        self.refresh()

    def drawn_ids(self) -> set[str]:
        """The tokens this screen draws (not hidden, not in the dark)."""
        return {cid for cid, t in self.board.tokens.items() if t.isVisible()}

    def refresh(self, rolls: bool = True) -> None:
        """What the strip and the roll history show, from the stream model."""
        document, drawn = self.board.document, self.drawn_ids()
        self.shown_strip = stream.strip(document.state, self.board.audience, drawn)
        if rolls:
            self.shown_rolls = stream.rolls(document.state,
                                            document.encounter.history.effective_events(),
                                            self.board.audience, drawn)

    def _after_change(self, change: Change) -> None:
        self._large_print()
        rolled = any(isinstance(e, stream.ROLLS) for e in change.events)
        self.refresh(rolls=rolled or change.roster or change.how is not How.APPLIED)
        fresh = [e for e in change.new_events if isinstance(e, stream.ROLLS)]
        if fresh and self.look.last_roll and self.shown_rolls:
            newest = self.shown_rolls[0]
            if newest["number"] == stream.roll_count(
                    self.board.document.encounter.history.effective_events()):
                self.roll_text = str(newest["headline"])
                self._roll_timer.start(ROLL_MS)
        document = self.board.document
        kinds = document.oracle.reaction_kinds(document.state)
        for event in fresh:
            banner = stream.banner_of(event, document.state, self.board.audience, kinds)
            if banner is not None and isinstance(event, AttackResolved) and \
                    {event.attacker, event.target} <= self.drawn_ids():
                self.banner_text = str(banner["text"])
                self._banner_timer.start(BANNER_MS)
        self.viewport().update()

    def _clear_roll(self) -> None:
        self.roll_text = ""
        self.viewport().update()

    def _clear_banner(self) -> None:
        self.banner_text = ""
        self.viewport().update()

    def _large_print(self) -> None:
        """Token names scaled up towards LARGE_NAME_PX on screen, but in proportion to the
        tokens (never taller than half a token) and never wider than about three hexes
        (then shortened with "…"); the scene re-places them."""
        px_per_m = self.transform().m11()
        k = 1.0
        if self.look.large_print and px_per_m > 0:
            k = max(1.0, min(MAX_NAME_SCALE, LARGE_NAME_PX / (LABEL_HEIGHT * px_per_m)))
        rescaled = False
        for token in self.board.tokens.values():
            if token.name_label.scale() != k:
                token.name_label.setScale(k)
                rescaled = True
            token.name_label.set_max_width(NAME_MAX_M / k)
            if k > 1.0:
                token.name_label.setOpacity(1.0)
        if self._names_apart() or rescaled:  # else the scene's sync placed them already
            self.board.arrange_labels()

    def _names_apart(self) -> bool:
        """Two names shortened alike ("Guard (sh…" twice, seen in a 720p grab) keep the
        words that tell them apart: "Gu… (shotgun)", "Gu… (shield)". True if a name's
        text changed."""
        alike: dict[str, list[LabelItem]] = {}
        for token in self.board.tokens.values():
            label = token.name_label
            if token.isVisible() and label.text != label.full_text:
                alike.setdefault(label.text.partition(" · ")[0], []).append(label)
        changed = False
        for labels in alike.values():
            names = [label.full_text.partition(" · ")[0] for label in labels]
            if len(set(names)) < 2:
                continue
            keeps = words_apart(names)
            for label, name in zip(labels, names, strict=True):
                before = label.text
                label.set_keep(keeps[name])
                changed |= label.text != before
        return changed

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

    def viewportEvent(self, event: QEvent) -> bool:
        """No tooltip pops up on the players' screen (a stream or a projector the GM's
        mouse crosses): it is for looking only; the GM reads them on the GM's board."""
        if event.type() == QEvent.Type.ToolTip:
            event.ignore()
            return True
        return super().viewportEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()

    def visible_box(self) -> Box:
        """The part of the map the players see: the viewport below the strip (the GM's
        board draws exactly this as the players' frame)."""
        vp = self.viewport().rect().adjusted(0, round(self.bar_height()), 0, 0)
        rect = self.mapToScene(vp).boundingRect()
        return (rect.left(), rect.top(), rect.width(), rect.height())

    def widest_name_hexes(self) -> float:
        """The widest token name drawn (its coarse state after it not counted), in hexes
        (issue 28: about three at most)."""
        hex_m = self.board.document.oracle.params.metres_per_hex
        widths = [text_path(t.name_label.text.partition(" · ")[0], LABEL_HEIGHT)
                  .boundingRect().width() * t.name_label.scale()
                  for t in self.board.tokens.values()
                  if t.isVisible() and t.name_label.isVisible() and t.name_label.text]
        return round(max(widths, default=0.0) / hex_m, 2)

    def name_rects(self) -> list[QRectF]:
        """Every token name drawn, in viewport pixels (what the history box must not hide)."""
        return [QRectF(self.mapFromScene(t.name_label.sceneBoundingRect()).boundingRect())
                for t in self.board.tokens.values()
                if t.isVisible() and t.name_label.isVisible() and t.name_label.opacity() > 0
                and t.name_label.text]

    def token_rects(self) -> list[QRectF]:
        """Every token drawn and the GM's ping while it shows, in viewport pixels (what the
        newest roll, shown large, should not hide)."""
        rects = [t.sceneBoundingRect() for t in self.board.tokens.values() if t.isVisible()]
        ping = self.board.ping_item
        if ping.isVisible():  # its ring, not the fading pulse around it
            r = ping.radius * 1.15
            rects.append(QRectF(ping.pos().x() - r, ping.pos().y() - r, 2 * r, 2 * r))
        return [QRectF(self.mapFromScene(rect).boundingRect()) for rect in rects]

    # --- painted over the board, in viewport pixels

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        painter.save()
        to_viewport = self.viewportTransform().inverted()[0]
        painter.setWorldTransform(to_viewport * painter.worldTransform())
        if self.look.key is not None:
            self._paint_key(painter, QColor(self.look.key))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        vp = QRectF(self.viewport().rect())
        px = self.look.bar_px(self.viewport().height())
        if self.look.initiative_bar:
            self._paint_bar(painter)
        self.banner_rect = banner = hud.paint_banner(
            painter, self.banner_text, vp, self.bar_height(), px) if self.banner_text else None
        if self.look.last_roll and self.shown_rolls:
            newest_large = bool(self.roll_text)
            names = self.name_rects()
            self.roll_rect = hud.paint_roll(painter, self.shown_rolls[0], vp, px,
                                            [*names, *self.token_rects()]) \
                if newest_large else None
            top = banner.bottom() if banner is not None else \
                self.bar_height() if self.look.initiative_bar else 0.0
            self.history_rect = hud.paint_history(  # the top corners under the banner
                painter, self.shown_rolls[1 if newest_large else 0:], vp, px, top, names,
                [b for b in (self.roll_rect, banner) if b is not None])
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

    def strip_layout(self) -> hud.StripLayout:
        """The strip as it is drawn at this window's size (the manifest lists it)."""
        vp = QRectF(self.viewport().rect())
        return hud.StripLayout(self.shown_strip, vp.left(), vp.top(), vp.width(),
                               self.look.bar_px(self.viewport().height()))

    def strip_manifest(self) -> dict[str, Any]:
        return stream.strip_manifest(self.strip_layout().chips)

    def _paint_bar(self, painter: QPainter) -> None:
        """Whose turn, across the top: the acting one first and largest, then the next
        ones, condensed to initials and "+N" when they do not fit (stream.condense)."""
        vp = QRectF(self.viewport().rect())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.fillRect(QRectF(vp.left(), vp.top(), vp.width(), self.bar_height()),
                         QColor(16, 17, 19))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        colours = {cid: QColor(t.look.colour) for cid, t in self.board.tokens.items()
                   if t.look is not None}
        self.strip_layout().paint(painter, colours)
