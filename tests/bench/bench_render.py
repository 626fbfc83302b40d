"""Board render benchmark (issue 6): a generated 200 × 200 hex map with 2,000 cover polygons
and 100 tokens, rendered offscreen at 1920 × 1080 through the view (QImage + view.render) at
zoom 1 (a hex 48 px across) and fully zoomed out, medians in milliseconds; side by side in
the same run, the same board with the grid drawn as one QGraphicsPolygonItem per hex.
Prints one JSON line. Targets: ≤ 8 ms at zoom 1, ≤ 16 ms zoomed out, ≥ 5× the naive grid
zoomed out. Run: make bench.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsPolygonItem

from tactical.core.dice import RandomDice
from tactical.data.library import LoadedMap, bundled_library
from tactical.data.maps import Cover, Grid, MapFile, Token
from tactical.geometry.layout import hex_corners, hex_to_point, layout_for
from tactical.ui.board import BoardScene, BoardView
from tactical.ui.board.palette import GRID_LINE
from tactical.ui.document import EncounterDocument

SEED = 6
SIZE = 200
WIDTH, HEIGHT = 1920, 1080
RUNS = 21
CLASSES = ("flimsy", "light", "medium", "tough", "reinforced", "impenetrable")


def generated_map() -> MapFile:
    rng = random.Random(SEED)
    grid = Grid(columns=SIZE, rows=SIZE, orientation="flat")
    layout = layout_for(grid)
    covers = []
    for i in range(2000):
        x, y = hex_to_point(layout, grid.axial_of(rng.randrange(SIZE), rng.randrange(SIZE)))
        w, h = rng.uniform(0.6, 4.0), rng.uniform(0.6, 4.0)
        x, y = x + 0.5, y + 0.5
        covers.append(Cover(id=f"c{i}", label="Crate", **{"class": rng.choice(CLASSES)},
                            height=rng.choice(("low", "high")),
                            polygon=((x, y), (x + w, y), (x + w, y + h), (x, y + h))))
    tokens, used = [], set()
    while len(tokens) < 100:
        h = grid.axial_of(rng.randrange(SIZE), rng.randrange(SIZE))
        if h in used:
            continue
        used.add(h)
        side = "runners" if len(tokens) % 2 else "corp"
        tokens.append(Token(id=f"t{len(tokens)}", side=side, hex=h,
                            character="kicker" if side == "runners" else "security-guard"))
    return MapFile(kind="map", name="Bench", grid=grid, cover=tuple(covers),
                   tokens=tuple(tokens))


def frame_ms(view: BoardView, image: QImage) -> float:
    times = []
    target = QRectF(0, 0, WIDTH, HEIGHT)
    source = view.viewport().rect()
    for _ in range(RUNS):
        painter = QPainter(image)
        painter.setRenderHints(view.renderHints())
        start = time.perf_counter()
        view.render(painter, target, source)
        painter.end()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def naive_grid(scene: BoardScene, grid: Grid) -> None:
    """The board's grid replaced by one polygon item per hex (what the tiles avoid)."""
    for tile in scene.grid_tiles:
        scene.removeItem(tile)
    pen = QPen(GRID_LINE, 2.0)
    pen.setCosmetic(True)
    layout = scene.layout
    for c in range(grid.columns):
        for r in range(grid.rows):
            corners = hex_corners(layout, grid.axial_of(c, r))
            item = QGraphicsPolygonItem(QPolygonF([QPointF(x, y) for x, y in corners]))
            item.setPen(pen)
            item.setZValue(-50)
            scene.addItem(item)


def make_view(document: EncounterDocument) -> BoardView:
    view = BoardView(BoardScene(document))
    view.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    view.resize(WIDTH, HEIGHT)
    view.show()
    return view


def test_render_benchmark(qapp) -> None:
    map_file = generated_map()
    loaded = LoadedMap(Path("bench.yaml"), map_file, bundled_library())
    document = EncounterDocument.for_map(loaded, RandomDice(SEED))
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#1b1c1f"))

    view = make_view(document)
    view.set_zoom(1.0)
    view.centerOn(view.board.map_rect.center())
    frame = frame_ms(view, image)
    view.zoom_to_fit()
    zoomed_out = frame_ms(view, image)
    hex_px = view.transform().m11() * 2.0

    naive = make_view(document)
    naive_grid(naive.board, map_file.grid)
    naive.zoom_to_fit()
    naive_out = frame_ms(naive, image)
    naive.set_zoom(1.0)
    naive.centerOn(naive.board.map_rect.center())
    naive_frame = frame_ms(naive, image)
    for v in (view, naive):
        v.close()
    print(json.dumps({
        "frame_ms": round(frame, 2),
        "frame_zoomed_out_ms": round(zoomed_out, 2),
        "naive_frame_ms": round(naive_frame, 2),
        "naive_zoomed_out_ms": round(naive_out, 2),
        "speedup_zoomed_out": round(naive_out / zoomed_out, 1),
        "hex_px_zoomed_out": round(hex_px, 2),
        "hexes": SIZE * SIZE, "cover": len(map_file.cover), "tokens": len(map_file.tokens),
        "size": f"{WIDTH}x{HEIGHT}", "runs": RUNS,
    }))
