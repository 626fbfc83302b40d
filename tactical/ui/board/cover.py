"""Cover polygons, drawn in spatial chunks (one item per CHUNK_M square of the map) that
paint cached paths per (class, height): high cover solid with a thick dark outline, low
cover hatched and translucent with a dashed outline. Tooltips come from the scene
(`BoardScene.helpEvent`), so 2,000 polygons cost a handful of items."""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.data.maps import CoverClass, MapFile
from tactical.ui.board.palette import COVER_COLOURS, Z, with_alpha
from tactical.ui.board.shapes import polygons_path

CHUNK_M = 48.0
DETAIL_PX_PER_M = 6.0  # below this: fills only


class _Style:
    def __init__(self, cover_class: CoverClass, high: bool) -> None:
        colour = QColor(COVER_COLOURS[cover_class])
        self.high = high
        self.hatch: QBrush | None = None
        self.inner: QPen | None = None
        if high:
            self.fill = QBrush(with_alpha(colour, 235))
            self.pen = QPen(QColor(10, 10, 10, 240), 4.0)
            self.inner = QPen(colour.lighter(150), 1.5)
            self.inner.setCosmetic(True)
        else:
            self.fill = QBrush(with_alpha(colour, 110))
            self.hatch = QBrush(with_alpha(colour, 255), Qt.BrushStyle.BDiagPattern)
            self.pen = QPen(with_alpha(colour, 255), 2.5, Qt.PenStyle.DashLine)
        self.pen.setCosmetic(True)
        self.pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        self.plain = QBrush(with_alpha(colour, 235 if high else 150))


_STYLES: dict[tuple[CoverClass, bool], _Style] = {}


def _style(cover_class: CoverClass, high: bool) -> _Style:
    """One set of pens and brushes per class and height, shared by every chunk (issue 13:
    built again for each chunk, they were a third of building the cover of a big map)."""
    found = _STYLES.get((cover_class, high))
    if found is None:
        found = _STYLES[(cover_class, high)] = _Style(cover_class, high)
    return found


class CoverChunk(QGraphicsItem):
    def __init__(self, groups: dict[tuple[CoverClass, bool], QPainterPath]) -> None:
        super().__init__()
        self.setZValue(Z.COVER)
        # Panning at one zoom repaints from a pixmap; a zoom redraws it once.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # Low cover first, then high, each weakest first: strong high cover stays on top.
        order = sorted(groups, key=lambda k: (k[1], k[0].rank))
        self._groups = [(path, _style(*key)) for key in order for path in [groups[key]]]
        rect = QRectF()
        for path, _unused in self._groups:
            rect = rect.united(path.boundingRect())
        self._rect = rect.adjusted(-0.3, -0.3, 0.3, 0.3)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        detail = option.levelOfDetailFromTransform(painter.worldTransform()) >= DETAIL_PX_PER_M
        if not detail:  # a few pixels each: flat fills, no antialiasing
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(Qt.PenStyle.NoPen)
            for path, style in self._groups:
                painter.setBrush(style.plain)
                painter.drawPath(path)
            return
        for path, style in self._groups:
            painter.setPen(style.pen)
            painter.setBrush(style.fill)
            painter.drawPath(path)
            if style.hatch is not None:
                painter.fillPath(path, style.hatch)
            if style.inner is not None:
                painter.strokePath(path, style.inner)


def cover_chunks(map_file: MapFile) -> list[CoverChunk]:
    polygons: dict[tuple[int, int], dict[tuple[CoverClass, bool],
                                          list[tuple[tuple[float, float], ...]]]] = \
        defaultdict(lambda: defaultdict(list))
    for cover in map_file.cover:
        xs = [p[0] for p in cover.polygon]
        ys = [p[1] for p in cover.polygon]
        key = (int((sum(xs) / len(xs)) // CHUNK_M), int((sum(ys) / len(ys)) // CHUNK_M))
        polygons[key][(cover.cover_class, cover.height == "high")].append(cover.polygon)
    # each group's polygons as one path, built in one go (issue 13: one path per polygon
    # added one by one was a tenth of opening a big map)
    return [CoverChunk({group: polygons_path(polys) for group, polys in groups.items()})
            for _key, groups in sorted(polygons.items())]
