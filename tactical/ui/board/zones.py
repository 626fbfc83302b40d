"""Translucent zones drawn from geometry: a selected token's range bands (one item per band,
labelled with its TN modifier), melee reach, and overwatch zones."""

from __future__ import annotations

import math
from collections.abc import Callable

import shapely
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from shapely.geometry.base import BaseGeometry

from tactical.ui.board.palette import Z, with_alpha
from tactical.ui.board.shapes import geometry_path


class ZoneItem(QGraphicsItem):
    """One zone: a translucent fill, a solid edge, and a `label` (drawn by a LabelItem)."""

    def __init__(self, kind: str, label: str, geom: BaseGeometry, colour: str | QColor,
                 alpha: int = 70, hatched: bool = False, z: float = Z.BANDS) -> None:
        super().__init__()
        self.kind = kind  # "band", "reach", "overwatch"
        self.label = label
        self.geom = geom
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # A zone changes only when it is rebuilt: blit it while a drag repaints the path
        # over it (issue 13: stroking the bands was most of a shotgun mover's drag step)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._path = geometry_path(geom)
        self._rect = self._path.boundingRect().adjusted(-0.2, -0.2, 0.2, 0.2)
        self._fill = QBrush(with_alpha(colour, alpha))
        self._hatch = QBrush(with_alpha(colour, 160), Qt.BrushStyle.FDiagPattern) \
            if hatched else None
        self._pen = QPen(with_alpha(colour, 230), 2.5)
        self._pen.setCosmetic(True)
        self.setToolTip(label)

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return self._path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.fillPath(self._path, self._fill)
        if self._hatch is not None:
            painter.fillPath(self._path, self._hatch)
        painter.strokePath(self._path, self._pen)


def label_point(geoms: list[BaseGeometry], centre: tuple[float, float],
                radii: list[float],
                covers: Callable[[tuple[float, float], int], bool] | None = None,
                ) -> tuple[float, float] | None:
    """One direction from `centre` along which every band's mid-radius point lies inside its
    band (labels then stack on one line, never on each other), and — among those — where
    `covers(point, k)` (label k at point would cover a token) is false for the most labels;
    None if there is none. Straight up is tried first, then ever further to each side."""
    best: tuple[int, int, float] | None = None
    for step in range(36):
        deg = -90 + (step + 1) // 2 * 10 * (1 if step % 2 else -1)
        a = math.radians(deg)
        points = [(centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)) for r in radii]
        hits = sum(bool(g.contains(shapely.Point(p)))
                   for g, p in zip(geoms, points, strict=True))
        clear = len(points) if covers is None else sum(
            not covers(p, k) for k, p in enumerate(points))
        if best is None or (hits, clear) > best[:2]:
            best = (hits, clear, a)
        if hits == len(geoms) and clear == len(points):
            break
    return None if best is None else (math.cos(best[2]), math.sin(best[2]))
