"""The hex grid as a few tile items (TILE × TILE hexes each) painting one cached path, with
level of detail: thinner when small, nothing when a hex is a few pixels wide (STYLE: never
one item per hex; ARCHITECTURE: Performance shape).

Each tile holds ONE QPainterPath, streamed in from a numpy array of its edges: no Python
object per hex or per edge (issue 13: 512,000 QLineF wrappers on a 400 × 400 map made the
collector pause up to 300 ms in the middle of a drag, and building them took seconds)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.data.maps import Grid
from tactical.geometry.layout import Layout, axial_block, hex_centres, hex_edges
from tactical.ui.board.palette import GRID_LINE, Z
from tactical.ui.board.shapes import LINE_TO, MOVE_TO, stream_path

TILE = 20  # hexes per tile side
MIN_PX_PER_HEX = 9.0  # below this the grid is noise: skip it
THIN_PX_PER_HEX = 24.0

def lines_path(edges: np.ndarray) -> QPainterPath:
    """One path of separate segments (an (m, 4) array of x1, y1, x2, y2) built in C."""
    types = np.tile(np.array([MOVE_TO, LINE_TO], dtype=np.int32), len(edges))
    return stream_path(types, edges[:, [0, 2]].ravel(), edges[:, [1, 3]].ravel())


class GridTile(QGraphicsItem):
    """The edges of one block of hexes, each shared edge once, as one cached path."""

    def __init__(self, layout: Layout, axial: np.ndarray, metres_per_hex: float) -> None:
        super().__init__()
        self.setZValue(Z.GRID)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, False)
        # Panning at one zoom repaints from a pixmap; a zoom redraws it once.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.metres_per_hex = metres_per_hex
        self.axial = axial  # (n, 2) int array of the tile's hexes
        self._layout = layout
        self._path: QPainterPath | None = None  # built at the first paint that shows it
        size = layout.size
        centres = hex_centres(layout, axial)
        xs, ys = centres[:, 0], centres[:, 1]
        x0, y0 = float(xs.min()) - size, float(ys.min()) - size
        x1, y1 = float(xs.max()) + size, float(ys.max()) + size
        self._rect = QRectF(x0, y0, x1 - x0, y1 - y0).adjusted(-0.1, -0.1, 0.1, 0.1)
        self._pen = QPen(GRID_LINE, 2.0)
        self._pen.setCosmetic(True)
        self._thin = QPen(GRID_LINE, 1.0)
        self._thin.setCosmetic(True)

    @property
    def path(self) -> QPainterPath:
        """The tile's edges; built on first use (a map opened zoomed out builds none)."""
        if self._path is None:
            self._path = lines_path(hex_edges(self._layout, self.axial))
        return self._path

    @property
    def hexes(self) -> tuple[tuple[int, int], ...]:
        return tuple((int(q), int(r)) for q, r in self.axial)

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
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self.path)


def grid_tiles(grid: Grid, layout: Layout, metres_per_hex: float) -> list[GridTile]:
    """Tiles over the grid's offset rectangle (columns × rows), TILE × TILE hexes each."""
    return [GridTile(layout, axial_block(grid, range(c0, min(c0 + TILE, grid.columns)),
                                         range(r0, min(r0 + TILE, grid.rows))),
                     metres_per_hex)
            for c0 in range(0, grid.columns, TILE) for r0 in range(0, grid.rows, TILE)]
