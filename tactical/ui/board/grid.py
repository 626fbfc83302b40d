"""The hex grid as a few tile items (TILE × TILE hexes each) painting one cached path, with
level of detail: thinner when small, nothing when a hex is a few pixels wide (STYLE: never
one item per hex; ARCHITECTURE: Performance shape)."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.core.types import Hex
from tactical.data.maps import Grid
from tactical.geometry.layout import Layout, hex_corners
from tactical.ui.board.palette import GRID_LINE, Z

TILE = 20  # hexes per tile side
MIN_PX_PER_HEX = 9.0  # below this the grid is noise: skip it
THIN_PX_PER_HEX = 24.0


class GridTile(QGraphicsItem):
    """The edges of one block of hexes, each shared edge once, as one cached path."""

    def __init__(self, layout: Layout, hexes: list[Hex], metres_per_hex: float) -> None:
        super().__init__()
        self.setZValue(Z.GRID)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, False)
        # Panning at one zoom repaints from a pixmap; a zoom redraws it once.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.metres_per_hex = metres_per_hex
        self.hexes = tuple(hexes)
        self._lines = _edge_lines(layout, hexes)
        self._rect = _bounds(self._lines).adjusted(-0.1, -0.1, 0.1, 0.1)
        self._pen = QPen(GRID_LINE, 2.0)
        self._pen.setCosmetic(True)
        self._thin = QPen(GRID_LINE, 1.0)
        self._thin.setCosmetic(True)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        px_per_hex = option.levelOfDetailFromTransform(painter.worldTransform()) \
            * self.metres_per_hex
        if px_per_hex < MIN_PX_PER_HEX:
            return
        # Thin straight lines: without antialiasing they cost a fraction and look the same.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(self._pen if px_per_hex >= THIN_PX_PER_HEX else self._thin)
        painter.drawLines(self._lines)


def _edge_lines(layout: Layout, hexes: list[Hex]) -> list[QLineF]:
    """Every edge of the hexes once (a shared edge is drawn by one hex only)."""
    seen: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    lines: list[QLineF] = []
    for h in hexes:
        corners = hex_corners(layout, h)
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            ka = (round(a[0] * 1000), round(a[1] * 1000))
            kb = (round(b[0] * 1000), round(b[1] * 1000))
            key = (ka, kb) if ka <= kb else (kb, ka)
            if key not in seen:
                seen.add(key)
                lines.append(QLineF(a[0], a[1], b[0], b[1]))
    return lines


def _bounds(lines: list[QLineF]) -> QRectF:
    xs = [v for line in lines for v in (line.x1(), line.x2())]
    ys = [v for line in lines for v in (line.y1(), line.y2())]
    return QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def grid_tiles(grid: Grid, layout: Layout, metres_per_hex: float) -> list[GridTile]:
    """Tiles over the grid's offset rectangle (columns × rows), TILE × TILE hexes each."""
    tiles: list[GridTile] = []
    for c0 in range(0, grid.columns, TILE):
        for r0 in range(0, grid.rows, TILE):
            hexes = [grid.axial_of(c, r) for c in range(c0, min(c0 + TILE, grid.columns))
                     for r in range(r0, min(r0 + TILE, grid.rows))]
            tiles.append(GridTile(layout, hexes, metres_per_hex))
    return tiles
