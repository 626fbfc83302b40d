"""Small drawings that many items repeat (a reaction's ring in its trigger's colour):
rasterised once per look and zoom, then blitted at whole device pixels. An antialiased
thick ring costs ~0.3 ms to draw and a drag step that shows new reactions drew several
(issue 13)."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage, QPainter, QTransform

KEPT = 256

_IMAGES: OrderedDict[tuple[Hashable, ...], tuple[QImage, QPointF]] = OrderedDict()


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
    found = _IMAGES.get(full)
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
        found = _IMAGES[full] = (image, origin)
        if len(_IMAGES) > KEPT:
            _IMAGES.popitem(last=False)
    else:
        _IMAGES.move_to_end(full)
    image, origin = found
    at = world.map(QPointF(0.0, 0.0)) - origin / ratio
    painter.save()
    painter.setWorldTransform(QTransform())
    painter.drawImage(QPointF(round(at.x() * ratio) / ratio, round(at.y() * ratio) / ratio),
                      image)
    painter.restore()
