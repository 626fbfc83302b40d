"""Where a click snaps to: hex centres, corners and edge midpoints (issue 15, Tiled's
snapping), the nearest within a radius; pure geometry, no Qt."""

from __future__ import annotations

import math

from tactical.data.maps import Grid
from tactical.geometry.hexgrid import hex_neighbours
from tactical.geometry.layout import hex_corners, hex_to_point, layout_for, point_to_hex

Point = tuple[float, float]


def snap_points(grid: Grid, p: Point) -> list[Point]:
    """The centre, corners and edge midpoints of the hex under `p` and its neighbours."""
    layout = layout_for(grid)
    h = point_to_hex(layout, p)
    out: list[Point] = []
    for cell in (h, *hex_neighbours(h)):
        corners = hex_corners(layout, cell)
        out.append(hex_to_point(layout, cell))
        out.extend(corners)
        out.extend(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                   for a, b in zip(corners, corners[1:] + corners[:1], strict=True))
    return out


def snap(grid: Grid, p: Point, radius: float) -> Point | None:
    """The snap point nearest `p` within `radius` metres, rounded to 1 cm; None if none."""
    best = min(snap_points(grid, p), key=lambda s: math.dist(s, p))
    if math.dist(best, p) > radius:
        return None
    return round(best[0], 2) + 0.0, round(best[1], 2) + 0.0
