"""Hexes ↔ metres (Red Blob's Orientation + Layout): flat-top versus pointy-top is data.

Metres: x right, y down, origin at the centre of hex (0, 0) (shared/ARCHITECTURE.md).
A hex is `metres_per_hex` (2 m) flat side to flat side, so its circumradius is 2/√3 m.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Polygon

from tactical.core.types import Hex
from tactical.data.maps import Grid, Point
from tactical.data.maps import Orientation as GridOrientation
from tactical.geometry.hexgrid import hex_distance, hex_line, hex_neighbours, hex_round

__all__ = [
    "FLAT",
    "POINTY",
    "Layout",
    "Orientation",
    "axial_block",
    "drag_hexes",
    "hex_corners",
    "hex_edges",
    "hex_polygon",
    "hex_to_point",
    "hexes_along",
    "layout_for",
    "point_to_fractional",
    "point_to_hex",
    "target_points",
]

SQRT3 = math.sqrt(3.0)
#: A point this close to the line between two hexes is on it (hexes_along): far below any
#: distance a GM could drag, far above float rounding at map coordinates.
EDGE_M = 1e-9


@dataclass(frozen=True, slots=True)
class Orientation:
    """Forward matrix (axial → unit pixels), its inverse, and the first corner's angle in
    sixths of a turn."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


POINTY = Orientation(SQRT3, SQRT3 / 2, 0.0, 3 / 2, SQRT3 / 3, -1 / 3, 0.0, 2 / 3, 0.5)
FLAT = Orientation(3 / 2, 0.0, SQRT3 / 2, SQRT3, 2 / 3, 0.0, -1 / 3, SQRT3 / 3, 0.0)


@dataclass(frozen=True, slots=True)
class Layout:
    orientation: Orientation
    size: float  # circumradius in metres (centre to corner)
    origin: Point = (0.0, 0.0)

    @property
    def corner_offsets(self) -> tuple[Point, ...]:
        return tuple((self.size * math.cos(math.tau * (self.orientation.start_angle + i) / 6),
                      self.size * math.sin(math.tau * (self.orientation.start_angle + i) / 6))
                     for i in range(6))


def layout_for(grid: Grid | GridOrientation, metres_per_hex: float = 2.0) -> Layout:
    """The layout of a map's grid: `metres_per_hex` is the flat-to-flat width."""
    kind = grid.orientation if isinstance(grid, Grid) else grid
    return Layout(FLAT if kind is GridOrientation.FLAT else POINTY, metres_per_hex / SQRT3)


def hex_to_point(layout: Layout, h: Hex) -> Point:
    o, q, r = layout.orientation, h[0], h[1]
    return ((o.f0 * q + o.f1 * r) * layout.size + layout.origin[0],
            (o.f2 * q + o.f3 * r) * layout.size + layout.origin[1])


def point_to_fractional(layout: Layout, p: Point) -> tuple[float, float]:
    o = layout.orientation
    x = (p[0] - layout.origin[0]) / layout.size
    y = (p[1] - layout.origin[1]) / layout.size
    return o.b0 * x + o.b1 * y, o.b2 * x + o.b3 * y


def point_to_hex(layout: Layout, p: Point) -> Hex:
    return hex_round(*point_to_fractional(layout, p))


def hex_corners(layout: Layout, h: Hex, scale: float = 1.0) -> tuple[Point, ...]:
    """The six corners, optionally pulled toward the centre (`scale` 0.9 = shrunk 10%)."""
    cx, cy = hex_to_point(layout, h)
    return tuple((cx + dx * scale, cy + dy * scale) for dx, dy in layout.corner_offsets)


def hex_polygon(layout: Layout, h: Hex) -> Polygon:
    return Polygon(hex_corners(layout, h))


def axial_block(grid: Grid, columns: range, rows: range) -> np.ndarray:
    """The axial (q, r) of every hex in a block of offset columns × rows, as an (n, 2)
    int array (Grid.axial_of, vectorised)."""
    cc, rr = np.meshgrid(np.arange(columns.start, columns.stop),
                         np.arange(rows.start, rows.stop), indexing="ij")
    c, r = cc.ravel(), rr.ravel()
    if grid.orientation is GridOrientation.FLAT:
        return np.stack([c, r - (c - (c & 1)) // 2], axis=1)
    return np.stack([c - (r - (r & 1)) // 2, r], axis=1)


def hex_centres(layout: Layout, axial: np.ndarray) -> np.ndarray:
    """hex_to_point over an (n, 2) axial array: an (n, 2) array of centres, in metres."""
    o, size = layout.orientation, layout.size
    q, r = axial[:, 0].astype(float), axial[:, 1].astype(float)
    return np.column_stack(((o.f0 * q + o.f1 * r) * size + layout.origin[0],
                            (o.f2 * q + o.f3 * r) * size + layout.origin[1]))


def hex_edges(layout: Layout, axial: np.ndarray) -> np.ndarray:
    """Every edge of the hexes (an (n, 2) axial array) once, a shared edge by one hex only:
    an (m, 4) array of x1, y1, x2, y2 in metres (the grid drawn with no Python per hex)."""
    offsets = np.array(layout.corner_offsets)  # (6, 2)
    corners = hex_centres(layout, axial)[:, None, :] + offsets[None, :, :]  # (n, 6, 2)
    a, b = corners, np.roll(corners, -1, axis=1)
    edges = np.concatenate([a, b], axis=2).reshape(-1, 4)
    # an edge is known by its midpoint (mm, packed in one integer: a 1-D unique is fast)
    mid = np.round((edges[:, :2] + edges[:, 2:]) * 500).astype(np.int64)
    key = (mid[:, 0] << 32) + mid[:, 1]
    _keys, first = np.unique(key, return_index=True)
    result: np.ndarray = edges[np.sort(first)]
    return result


def hex_polygons(layout: Layout, hexes: Sequence[Hex]) -> np.ndarray:
    """Many hex polygons at once (a numpy array of shapely geometries)."""
    if not hexes:
        return np.empty(0, dtype=object)
    centres = np.array([hex_to_point(layout, h) for h in hexes])
    offsets = np.array(layout.corner_offsets)
    polygons: np.ndarray = np.asarray(shapely.polygons(centres[:, None, :]
                                                       + offsets[None, :, :]))
    return polygons


@lru_cache(maxsize=32)
def _target_offsets(layout: Layout, shrink: float) -> np.ndarray:
    offsets = np.zeros((7, 2))
    offsets[1:] = np.array(layout.corner_offsets) * (1.0 - shrink)
    offsets.flags.writeable = False
    return offsets


def target_points(layout: Layout, h: Hex, shrink: float) -> np.ndarray:
    """RULINGS Cover from the map: the centre and the six corners shrunk toward it, (7, 2)."""
    return _target_offsets(layout, shrink) + hex_to_point(layout, h)


def hexes_along(layout: Layout, a: Point, b: Point) -> tuple[Hex, ...]:
    """The hexes the segment a→b passes through in order, each a neighbour of the last.

    Hexes are the Voronoi cells of their centres, so the segment leaves hex h into
    neighbour n where it crosses the bisector of their centres; walk from the start hex,
    each time taking the neighbour whose bisector is crossed first. Exactly over a corner
    (a tie) the earlier direction wins, so a corner never becomes a diagonal jump.

    "Already on the bisector" is judged by distance (EDGE_M), not by the segment's
    parameter: a segment running along an edge, a hair inside the other hex, crosses at
    t ≈ 0 with a rounding error that dividing by a tiny slope blows past any fixed
    tolerance in t — the walk then stayed in a hex the segment had left (0.74 m of a 40 m
    drag along a pointy grid's vertical edge uncovered)."""
    h, goal = point_to_hex(layout, a), point_to_hex(layout, b)
    out, seen = [h], {h}
    dx, dy = b[0] - a[0], b[1] - a[1]
    t_now = 0.0
    limit = 4 * (hex_distance(h, goal) + 2)
    # f below is |p-c_h|² - |p-c_n|² = 2·|e|·(signed distance of p past the bisector)
    on_edge = 2.0 * SQRT3 * layout.size * EDGE_M  # |e|: centre to centre
    while h != goal and len(out) < limit:
        cx, cy = hex_to_point(layout, h)
        best_t, best = math.inf, h
        for n in hex_neighbours(h):
            nx, ny = hex_to_point(layout, n)
            # f(t) = |p-c_h|² - |p-c_n|², positive once p is nearer n's centre.
            ex, ey = nx - cx, ny - cy
            slope = 2.0 * (dx * ex + dy * ey)
            if slope <= 0.0 or n in seen:  # a straight line never comes back
                continue
            f0 = 2.0 * ((a[0] - cx) * ex + (a[1] - cy) * ey) - (ex * ex + ey * ey)
            t = t_now if f0 + slope * t_now >= -on_edge else -f0 / slope
            if t < best_t - 1e-12:
                best_t, best = t, n
        if best == h or best_t > 1.0 + 1e-12:  # the segment ends inside h
            break
        t_now, h = max(t_now, best_t), best
        out.append(h)
        seen.add(h)
    if out[-1] != goal:  # b lies on an edge: rounding chose the other side
        out.extend(hex_line(out[-1], goal)[1:])
    return tuple(out)


def drag_hexes(layout: Layout, points: Iterable[Point]) -> tuple[Hex, ...]:
    """The hexes a free-hand drag through `points` passes, consecutive hexes neighbours."""
    out: list[Hex] = []
    previous: Point | None = None
    for p in points:
        if previous is None:
            out.append(point_to_hex(layout, p))
        else:
            out.extend(hexes_along(layout, previous, p)[1:])
        previous = p
    return tuple(out)
