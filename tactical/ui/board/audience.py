"""The board's side of the audience filter (tactical/encounter/queries/audience.py decides; this
turns the decision into a token's look and draws the fog; what a scene drew is listed by
tactical/ui/board/manifest.py)."""

from __future__ import annotations

from dataclasses import replace

import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.core.types import Hex
from tactical.encounter.model import Combatant
from tactical.encounter.queries.audience import AudienceFilter, Detail
from tactical.encounter.queries.fog import FogOfWar, FogView
from tactical.geometry.layout import hex_corners
from tactical.ui.board.shapes import geometry_path
from tactical.ui.board.tokens import BADGES, TokenLook

_BADGE_KEYS = {text: key for key, text, _colour in BADGES}
FOG_Z = -19.0  # over cover, zones and bands; under the path, marks and tokens (palette.Z)
FOG_COLOUR = QColor("#1b1c1f")  # the scene's background: unseen is simply not there
EXPLORED_ALPHA = 150  # seen before: dimmed, not hidden


def filtered_look(audience: AudienceFilter, look: TokenLook, c: Combatant) -> TokenLook | None:
    """`look` as `audience` may see it; None when the token is not shown at all."""
    if audience.gm:  # the GM's board: today's look, at no cost
        return look
    share = look.health_left if look.hurt_left is None else look.hurt_left
    shown = audience.token(c, share, look.down)
    if shown is None:
        return None
    badges = look.badges if shown.badges is None else tuple(
        (text, colour) for text, colour in look.badges
        if _BADGE_KEYS.get(text) in shown.badges or (shown.injury and text.endswith("!")))
    if shown.detail is Detail.BARS:
        return replace(look, badges=badges, selected=False, tooltip=look.name,
                       dashed=not audience.is_player_side(c))
    name = f"{look.name} · {shown.coarse}" if shown.coarse else look.name
    return replace(look, name=name, badges=badges, selected=False, bars=False, dashed=True,
                   health_left=0.0, stamina_left=0.0, down=shown.coarse == "down",
                   tooltip=name)


class FogItem(QGraphicsItem):
    """Fog over what players never saw, dimmed over what they saw before: the sight
    polygons painted one by one into a mask over the map (no geometric union: see
    encounter/queries/fog.py), outside the map plain fog. Redrawn only when the hexes change."""

    MAX_PX = 2048  # the mask's longest side; soft edges are fine for fog

    def __init__(self, rect: QRectF, map_rect: QRectF) -> None:
        super().__init__()
        self.setZValue(FOG_Z)
        self._rect = QRectF(rect)  # the whole scene: cover drawn past the grid is fogged too
        self._map = QRectF(map_rect)
        self._scale = min(16.0, self.MAX_PX / max(map_rect.width(), map_rect.height(), 1e-6))
        self._mask = QImage()
        self._paths: dict[Hex, QPainterPath] = {}
        self._outside = QPainterPath()
        self._outside.addRect(self._rect)
        inner = QPainterPath()
        inner.addRect(self._map)
        self._outside = self._outside.subtracted(inner)
        self.view: FogView | None = None

    def forget(self) -> None:
        """The walls changed: the sight drawn per hex is drawn again at the next view."""
        self._paths.clear()
        self.view = None

    def set_view(self, view: FogView) -> None:
        if view == self.view:
            return
        self.view = view
        fog = view.fog
        w = max(1, round(self._map.width() * self._scale))
        h = max(1, round(self._map.height() * self._scale))
        mask = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
        mask.fill(FOG_COLOUR)
        painter = QPainter(mask)
        # smooth edges on maps of an ordinary size; on a huge one they cost a second a move
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, self._scale >= 16.0)
        painter.scale(self._scale, self._scale)
        painter.translate(-self._map.left(), -self._map.top())
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.setPen(Qt.PenStyle.NoPen)
        dim = QColor(FOG_COLOUR)
        dim.setAlpha(EXPLORED_ALPHA)
        layout = fog.geometry.layout
        for brush, hexes in ((dim, view.seen - view.seeing), (QColor(0, 0, 0, 0), view.seeing)):
            painter.setBrush(brush)
            for cell in hexes:
                painter.drawPath(self._path(cell, fog))
        painter.setBrush(QColor(0, 0, 0, 0))
        for cell in view.revealed:
            painter.drawPolygon(QPolygonF([QPointF(*p) for p in hex_corners(layout, cell)]))
        painter.setBrush(FOG_COLOUR)
        for cell in view.concealed:
            painter.drawPolygon(QPolygonF([QPointF(*p) for p in hex_corners(layout, cell)]))
        painter.end()
        self._mask = mask
        self.update()

    def _path(self, cell: Hex, fog: FogOfWar) -> QPainterPath:
        found = self._paths.get(cell)
        if found is None:
            # within half a mask pixel: the sweep's many vertices cost time, not detail
            simple = shapely.simplify(fog.sight(cell), 0.5 / self._scale,
                                      preserve_topology=False)
            found = self._paths[cell] = geometry_path(simple)
        return found

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.fillPath(self._outside, QBrush(FOG_COLOUR))
        if not self._mask.isNull():
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            painter.drawImage(self._map, self._mask)
