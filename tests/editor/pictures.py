"""A picture with a known hex grid drawn on it, as a GM's scanned map would have."""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF

PX_PER_M = 25.0  # a 2 m hex is 50 px flat side to flat side
ORIGIN = (37.0, 29.0)  # the pixel at hex (0, 0)'s centre
S3 = math.sqrt(3.0)


def centre_px(q: int, r: int, orientation: str = "flat") -> tuple[float, float]:
    x, y = (S3 * q, q + 2 * r) if orientation == "flat" else (2 * q + r, S3 * r)
    return ORIGIN[0] + x * PX_PER_M, ORIGIN[1] + y * PX_PER_M


def hex_picture(path: Path, orientation: str = "flat", size: tuple[int, int] = (600, 400)
                ) -> Path:
    image = QImage(size[0], size[1], QImage.Format.Format_RGB32)
    image.fill(QColor("#6b6459"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#d8d0c0"), 2))
    radius = 2 / S3 * PX_PER_M  # centre to corner
    start = 0.0 if orientation == "flat" else 30.0
    for q in range(-12, 24):
        for r in range(-24, 24):
            cx, cy = centre_px(q, r, orientation)
            if -60 < cx < size[0] + 60 and -60 < cy < size[1] + 60:
                painter.drawPolygon(QPolygonF([QPointF(
                    cx + radius * math.cos(math.radians(start + 60 * i)),
                    cy + radius * math.sin(math.radians(start + 60 * i))) for i in range(6)]))
                painter.drawEllipse(QPointF(cx, cy), 2, 2)
    painter.end()
    assert image.save(str(path))
    return path
