"""Shapely geometry and text as QPainterPaths (built once in `sync`, never in `paint`)."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence

import numpy as np
import shapely
from PySide6.QtCore import QByteArray, QDataStream, QPointF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTransform,
)
from shapely.geometry.base import BaseGeometry

from tactical.ui.board.palette import HALO, TEXT
from tactical.ui.fonts import load_app_font

_BASE_PX = 100.0  # text is laid out at 100 px and scaled down to metres: crisp glyph paths


#: QDataStream's QPainterPath: int32 count, then (int32 type, f64 x, f64 y) per element,
#: then int32 fill rule (0: odd-even); big-endian, Qt's default stream byte order.
_ELEMENT = np.dtype([("type", ">i4"), ("x", ">f8"), ("y", ">f8")])
MOVE_TO, LINE_TO = 0, 1


def stream_path(types: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> QPainterPath:
    """A path from arrays of element types and coordinates, built in C: no Python object
    per point (issue 13)."""
    elements = np.empty(len(types), dtype=_ELEMENT)
    elements["type"], elements["x"], elements["y"] = types, xs, ys
    data = (np.array([len(elements)], ">i4").tobytes() + elements.tobytes()
            + np.array([0], ">i4").tobytes())
    path = QPainterPath()
    stream = QDataStream(QByteArray(data))
    stream >> path
    return path


def polygons_path(polygons: Sequence[Sequence[tuple[float, float]]]) -> QPainterPath:
    """Closed polygons in one path (as addPolygon + closeSubpath each, odd-even fill)."""
    if not polygons:
        return QPainterPath()
    points = np.array([p for poly in polygons for p in (*poly, poly[0])], dtype=float)
    types = np.full(len(points), LINE_TO, dtype=np.int32)
    starts = np.cumsum([0] + [len(poly) + 1 for poly in polygons[:-1]])
    types[starts] = MOVE_TO
    return stream_path(types, points[:, 0], points[:, 1])


def polygon_path(points: Sequence[tuple[float, float]]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    path.closeSubpath()
    return path


def geometry_path(geom: BaseGeometry | None) -> QPainterPath:
    """Every polygon of `geom` (holes included, odd-even fill)."""
    path = QPainterPath()
    path.setFillRule(path.fillRule().OddEvenFill)
    if geom is None or geom.is_empty:
        return path
    for part in _polygons(geom):
        for ring in (part.exterior, *part.interiors):
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring.coords]))
            path.closeSubpath()
    return path


def _polygons(geom: BaseGeometry) -> Iterable[shapely.Polygon]:
    if geom.geom_type == "Polygon":
        yield geom  # type: ignore[misc]
    elif hasattr(geom, "geoms"):
        for g in geom.geoms:
            yield from _polygons(g)


def bold_font() -> QFont:
    font = load_app_font(10.0)
    font.setBold(True)
    font.setPixelSize(int(_BASE_PX))
    return font


def text_path(text: str, height_m: float, centre: tuple[float, float] = (0.0, 0.0),
              font: QFont | None = None) -> QPainterPath:
    """`text` as a path whose capital height is about `height_m`, centred on `centre`.
    In the app's font, each text and size is laid out once (issue 13: 400 tokens named
    "Ganger" laid out the same glyphs 800 times when a map opened); a copy is returned (a
    QPainterPath copy shares its data until written), so the caller may change it."""
    if font is not None:
        return _text_path(text, height_m, centre, font)
    key = (text, height_m, centre)
    found = _TEXT_PATHS.get(key)
    if found is None:
        if len(_TEXT_PATHS) >= _TEXT_PATHS_MAX:
            _TEXT_PATHS.clear()
        found = _TEXT_PATHS[key] = _text_path(text, height_m, centre, None)
    return QPainterPath(found)


_TEXT_PATHS: dict[tuple[str, float, tuple[float, float]], QPainterPath] = {}
_TEXT_PATHS_MAX = 4096


def _text_path(text: str, height_m: float, centre: tuple[float, float],
               font: QFont | None) -> QPainterPath:
    raw = QPainterPath()
    raw.addText(0.0, 0.0, font or bold_font(), text)
    box = raw.boundingRect()
    scale = height_m / (_BASE_PX * 0.73)
    transform = QTransform()
    transform.translate(centre[0], centre[1])
    transform.scale(scale, scale)
    transform.translate(-box.center().x(), -box.center().y())
    return transform.map(raw)


def draw_halo_text(painter: QPainter, path: QPainterPath, halo_m: float,
                   colour: QColor = TEXT) -> None:
    """Text with a dark outline, legible over any background."""
    pen = QPen(HALO, halo_m)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.strokePath(path, pen)
    painter.fillPath(path, colour)


# --- stamps: small drawings that many items repeat (a reaction's ring in its trigger's
# colour), rasterised once per look and zoom, then blitted at whole device pixels. An
# antialiased thick ring costs ~0.3 ms to draw, and a drag step that shows new reactions
# drew several (issue 13).

STAMPS_KEPT = 256

_STAMPS: OrderedDict[tuple[Hashable, ...], tuple[QImage, QPointF]] = OrderedDict()


def stamp(painter: QPainter, key: Hashable, half_m: float,
          draw: Callable[[QPainter], None]) -> None:
    """`draw` paints in metres around the origin, within `half_m` of it; the same `key`
    must always draw the same. Rotated or sheared painters get `draw` itself."""
    world = painter.worldTransform()
    if world.type().value > QTransform.TransformationType.TxScale.value:
        draw(painter)
        return
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    sx, sy = world.m11(), world.m22()
    full = (key, half_m, sx, sy, ratio)
    found = _STAMPS.get(full)
    if found is None:
        kx, ky = sx * ratio, sy * ratio
        width = max(1, math.ceil(2 * half_m * abs(kx)) + 2)
        height = max(1, math.ceil(2 * half_m * abs(ky)) + 2)
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        origin = QPointF(width / 2, height / 2)
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.translate(origin)
        p.scale(kx, ky)
        draw(p)
        p.end()
        image.setDevicePixelRatio(ratio)
        found = _STAMPS[full] = (image, origin)
        if len(_STAMPS) > STAMPS_KEPT:
            _STAMPS.popitem(last=False)
    else:
        _STAMPS.move_to_end(full)
    image, origin = found
    at = world.map(QPointF(0.0, 0.0)) - origin / ratio
    painter.save()
    painter.setWorldTransform(QTransform())
    painter.drawImage(QPointF(round(at.x() * ratio) / ratio, round(at.y() * ratio) / ratio),
                      image)
    painter.restore()
