"""Draw the demo maps' background images from their cover polygons (no downloaded art).

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/draw_backgrounds.py
Writes maps/warehouse.png and maps/street.png; the images are committed.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QImage, QPainter, QPen, QPolygonF

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tactical.data.kinds import validate_document  # noqa: E402
from tactical.data.maps import MapFile  # noqa: E402
from tactical.data.yamlsafe import read_yaml  # noqa: E402

# Muted fills, so the board's own cover and token colours stay the loudest things on screen.
OBJECT_FILL = {
    "Office wall": "#5b5f66", "Building": "#3d3f45", "Shelving": "#6b5a45",
    "Crates": "#8a6d45", "Crate stack": "#7a5d38", "Pillar": "#6e7177",
    "Low concrete wall": "#8c8f94", "Cardboard boxes": "#a88f66", "Forklift": "#b59a2e",
    "Shipping container": "#4f6a7a", "Desk": "#6d5b4a", "Dumpster": "#3f5e45",
    "Lamp post": "#9a9a9a", "Parked car": "#5a6b8c", "Burnt-out car": "#4a4038",
    "Delivery van": "#7c7f86", "Bus shelter": "#7d95a0", "Jersey barrier": "#a3a39b",
}


def extent(map_file: MapFile) -> tuple[float, float]:
    """Map width and height in metres, from the grid (2 m hexes)."""
    grid = map_file.grid
    if grid.orientation.value == "flat":
        return grid.columns * math.sqrt(3) + 2, grid.rows * 2 + 3
    return grid.columns * 2 + 3, grid.rows * math.sqrt(3) + 2


def speckle(painter: QPainter, width: int, height: int, base: QColor, rng: random.Random,
            count: int) -> None:
    for _ in range(count):
        shade = base.lighter(rng.randint(90, 125)) if rng.random() < 0.5 else base.darker(
            rng.randint(105, 125))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(shade)
        r = rng.uniform(1, 4)
        painter.drawEllipse(QPointF(rng.uniform(0, width), rng.uniform(0, height)), r, r)


def draw(map_path: Path) -> Path:
    doc = read_yaml(map_path)
    map_file = validate_document(doc)
    assert isinstance(map_file, MapFile) and map_file.background is not None
    bg = map_file.background
    ppm = 1 / bg.metres_per_pixel
    width_m, height_m = extent(map_file)
    width, height = int(width_m * ppm), int(height_m * ppm)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    rng = random.Random(7)
    street = "street" in map_path.stem
    image.fill(QColor("#2b2d31" if street else "#77736b"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    speckle(painter, width, height, QColor("#2b2d31" if street else "#77736b"), rng, 6000)

    def px(x: float, y: float) -> QPointF:
        return QPointF((x - bg.offset_m[0]) * ppm, (y - bg.offset_m[1]) * ppm)

    if street:
        painter.fillRect(QRectF(px(-2, 3), px(62, 6.5)), QColor("#55575c"))  # pavement
        painter.fillRect(QRectF(px(-2, 30.5), px(62, 40)), QColor("#55575c"))
        pen = QPen(QColor("#c9b458"), 0.15 * ppm, Qt.PenStyle.CustomDashLine)
        pen.setDashPattern([10, 8])
        painter.setPen(pen)
        painter.drawLine(px(-2, 18.5), px(62, 18.5))  # centre line
        painter.setPen(QPen(QColor("#b8b8b0"), 0.12 * ppm))
        painter.drawLine(px(-2, 6.5), px(62, 6.5))
        painter.drawLine(px(-2, 30.5), px(62, 30.5))
    else:
        pen = QPen(QColor("#c9a93a"), 0.2 * ppm)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(px(2, 1), px(20, 27)))  # painted aisle lines
        painter.fillRect(QRectF(px(25, -1), px(41, 17)), QColor("#8b857a"))  # office floor
        # no floor slab joints: a square grid under the board's hex grid read as a second
        # grid to count by (issue 26)

    for cover in map_file.cover:
        fill = QColor(OBJECT_FILL.get(cover.label, "#777777"))
        polygon = QPolygonF([px(x, y) for x, y in cover.polygon])
        painter.setPen(QPen(fill.darker(150), 0.08 * ppm))
        painter.setBrush(QBrush(fill))
        painter.drawPolygon(polygon)
        if cover.label in ("Crates", "Crate stack"):  # plank lines
            painter.setPen(QPen(fill.darker(130), 0.05 * ppm))
            rect = polygon.boundingRect()
            step = 0.6 * ppm
            y = rect.top() + step
            while y < rect.bottom():
                painter.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
                y += step
    if street:  # lamp light pools
        for x in (6, 20, 34, 48):
            glow = QColor(255, 230, 150, 28)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(glow)
            painter.drawEllipse(px(x, 5.8), 5 * ppm, 5 * ppm)
    painter.end()
    out = map_path.with_name(bg.image)
    image.save(str(out), "PNG")
    return out


def main() -> None:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    for name in ("warehouse", "street"):
        print(draw(ROOT / "maps" / f"{name}.yaml"))
    del app


if __name__ == "__main__":
    main()
