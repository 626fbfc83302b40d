"""A map's geometry, built once per map change: cover polygons with their class and height,
the map's bounds, tokens' hexes, and ONE spatial index (shapely STRtree) over the cover.

Everything is in metres (x right, y down, origin at the centre of hex (0, 0)).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from tactical.core.types import Hex
from tactical.data.maps import Cover, CoverClass, MapFile
from tactical.geometry.hexgrid import hex_range
from tactical.geometry.layout import Layout, hex_polygons, hex_to_point, layout_for

__all__ = ["MapGeometry", "OwnCover", "build_map_geometry"]


@dataclass(frozen=True, slots=True)
class OwnCover:
    """RULINGS Cover from the map: cover that the attacker's hex stands in or touches is
    ignored near the attacker; `clipped[i]` is cover i with that near part cut away."""

    indices: frozenset[int]
    clipped: dict[int, BaseGeometry]


@dataclass(frozen=True, slots=True)
class MapGeometry:
    layout: Layout
    bounds: tuple[float, float, float, float]  # minx, miny, maxx, maxy of the grid's hexes
    cover_ids: tuple[str, ...]  # the map's id, or "cover-<index>" when it has none
    cover_labels: tuple[str, ...]
    classes: tuple[CoverClass, ...]
    geoms: np.ndarray  # shapely polygons, prepared, in map order
    # Each cover shrunk by 1 µm, prepared: a ray meeting it surely crosses the cover's
    # interior, which spares the exact (slower) touch test for most rays.
    inner: np.ndarray
    high: np.ndarray  # bool per cover: high cover blocks sight
    rank: np.ndarray  # CoverClass.rank per cover
    tree: shapely.STRtree
    # High cover's boundary as segments (ax, ay, bx, by) and the cover each belongs to:
    # the visibility sweep reads these instead of walking geometries.
    edges: np.ndarray  # (n, 4) float
    edge_cover: np.ndarray  # (n,) int, non-decreasing
    edge_start: np.ndarray  # cover j's edges are edges[edge_start[j]:edge_start[j + 1]]
    # Where two high covers' boundaries cross (x, y) and the two covers: the visibility
    # sweep casts rays there too, since the nearest wall changes at those points.
    crossings: np.ndarray  # (n, 2) float
    crossing_covers: np.ndarray  # (n, 2) int, sorted by the first
    crossing_start: np.ndarray  # as edge_start, by the first cover
    tokens: dict[str, Hex]
    sides: dict[str, str]
    _own: dict[Hex, OwnCover] = field(default_factory=dict, compare=False, repr=False)

    @property
    def bounds_polygon(self) -> Polygon:
        return box(*self.bounds)

    def centre(self, h: Hex) -> tuple[float, float]:
        return hex_to_point(self.layout, h)

    def own_cover(self, h: Hex) -> OwnCover:
        """Cover touching hex `h`, and each such cover minus the exemption zone (the hex and
        its six neighbours), memoised per hex. docs/geometry.md explains the zone."""
        cached = self._own.get(h)
        if cached is not None:
            return cached
        own_hex = hex_polygons(self.layout, [h])[0]
        indices = self.tree.query(own_hex, predicate="intersects")
        clipped: dict[int, BaseGeometry] = {}
        if len(indices):
            zone = _exemption_zone(self.layout, h)
            for i in indices.tolist():
                try:
                    part = shapely.difference(self.geoms[i], zone)
                except shapely.errors.GEOSException:
                    part = shapely.difference(self.geoms[i].buffer(0), zone.buffer(0))
                shapely.prepare(part)
                clipped[int(i)] = part
        own = OwnCover(frozenset(clipped), clipped)
        if len(self._own) > 4096:  # a long session of drags: keep the memo bounded
            self._own.clear()
        self._own[h] = own
        return own


_ZONE_TURN = 1e-4


@lru_cache(maxsize=8)
def _zone_outline(layout: Layout) -> np.ndarray:
    """The outline of a hex and its six neighbours around (0, 0), as (n, 2) offsets."""
    disk = shapely.union_all(hex_polygons(layout, hex_range((0, 0), 1)), grid_size=1e-9)
    # Turned a hair (1e-4 rad, 0.2 mm at its rim) so that its corners, which are hex
    # corners, never sit exactly on a line between two hex centres: there, whether a ray
    # "crosses" the clipped wall would hinge on rounding.
    c, s = math.cos(_ZONE_TURN), math.sin(_ZONE_TURN)
    xy = np.asarray(shapely.get_coordinates(shapely.get_exterior_ring(disk)))
    return np.column_stack((xy[:, 0] * c - xy[:, 1] * s, xy[:, 0] * s + xy[:, 1] * c))


def _exemption_zone(layout: Layout, h: Hex) -> Polygon:
    zone: Polygon = shapely.polygons(_zone_outline(layout) + np.asarray(hex_to_point(layout, h)))
    return zone


def _polygon(points: tuple[tuple[float, float], ...]) -> BaseGeometry:
    poly: BaseGeometry = Polygon(points)
    if not poly.is_valid:  # a bow-tie drawn by hand: keep its area, drop the twist
        poly = shapely.make_valid(poly)
        parts = [g for g in getattr(poly, "geoms", [poly]) if g.geom_type in
                 ("Polygon", "MultiPolygon")]
        poly = shapely.union_all(parts) if parts else Polygon(points).buffer(0)
    return poly


def _polygons(covers: tuple[Cover, ...]) -> np.ndarray:
    """Every cover's polygon in one vectorised build; hand-drawn bow-ties repaired."""
    if not covers:
        return np.empty(0, dtype=object)
    coords = np.array([p for c in covers for p in (*c.polygon, c.polygon[0])], dtype=float)
    ring_of = np.repeat(np.arange(len(covers)), [len(c.polygon) + 1 for c in covers])
    geoms: np.ndarray = np.asarray(shapely.polygons(shapely.linearrings(coords,
                                                                        indices=ring_of)))
    for i in np.flatnonzero(~shapely.is_valid(geoms)).tolist():
        geoms[i] = _polygon(covers[i].polygon)
    return geoms


def _shrunk(geoms: np.ndarray) -> np.ndarray:
    inner = shapely.buffer(geoms, -1e-6, quad_segs=1, join_style="mitre")
    shapely.prepare(inner)
    return inner


def _segments(geoms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    if len(geoms) == 0:
        return np.empty((0, 4)), np.empty(0, dtype=np.intp)
    rings, ring_owner = shapely.get_rings(geoms, return_index=True)
    coords, point_ring = shapely.get_coordinates(rings, return_index=True)
    same = point_ring[1:] == point_ring[:-1]
    segs = np.hstack((coords[:-1][same], coords[1:][same]))
    return segs, ring_owner[point_ring[:-1][same]]


def boundary_crossings(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points where the boundaries of geometries a[i] and b[i] meet, and the pair index."""
    if len(a) == 0:
        return np.empty((0, 2)), np.empty(0, dtype=np.intp)
    meet = shapely.intersection(shapely.boundary(a), shapely.boundary(b))
    return shapely.get_coordinates(meet, return_index=True)


def _crossings(geoms: np.ndarray, high: np.ndarray,
               tree: shapely.STRtree) -> tuple[np.ndarray, np.ndarray]:
    tall = np.flatnonzero(high)
    if len(tall) == 0:
        return np.empty((0, 2)), np.empty((0, 2), dtype=np.intp)
    left, right = tree.query(geoms[tall], predicate="intersects")
    left = tall[left]
    keep = high[right] & (left < right)
    left, right = left[keep], right[keep]
    points, pair = boundary_crossings(geoms[left], geoms[right])
    order = np.argsort(left[pair], kind="stable")
    return points[order], np.column_stack((left[pair], right[pair]))[order].astype(np.intp)


def _grid_bounds(map_file: MapFile, layout: Layout) -> tuple[float, float, float, float]:
    grid = map_file.grid
    border = {grid.axial_of(c, r) for c in range(grid.columns) for r in (0, grid.rows - 1)}
    border |= {grid.axial_of(c, r) for c in (0, grid.columns - 1) for r in range(grid.rows)}
    xs, ys = zip(*(hex_to_point(layout, h) for h in border), strict=True)
    s = layout.size
    return min(xs) - s, min(ys) - s, max(xs) + s, max(ys) + s


def build_map_geometry(map_file: MapFile, metres_per_hex: float = 2.0) -> MapGeometry:
    layout = layout_for(map_file.grid, metres_per_hex)
    covers = map_file.cover
    geoms = _polygons(covers)
    shapely.prepare(geoms)
    high = np.array([c.height == "high" for c in covers], dtype=bool)
    tree = shapely.STRtree(geoms)
    edges, owner = _segments(geoms[high]) if len(geoms) else _segments(geoms)
    edge_cover = np.flatnonzero(high)[owner] if len(owner) else owner
    crossings, crossing_covers = _crossings(geoms, high, tree)
    return MapGeometry(
        layout=layout,
        bounds=_grid_bounds(map_file, layout),
        cover_ids=tuple(c.id or f"cover-{i}" for i, c in enumerate(covers)),
        cover_labels=tuple(c.label for c in covers),
        classes=tuple(c.cover_class for c in covers),
        geoms=geoms,
        inner=_shrunk(geoms),
        high=high,
        rank=np.array([c.cover_class.rank for c in covers], dtype=np.int16),
        tree=tree,
        edges=edges,
        edge_cover=edge_cover.astype(np.intp),
        edge_start=np.searchsorted(edge_cover, np.arange(len(covers) + 1)),
        crossings=crossings,
        crossing_covers=crossing_covers,
        crossing_start=np.searchsorted(crossing_covers[:, 0], np.arange(len(covers) + 1)),
        tokens={t.id: t.hex for t in map_file.tokens},
        sides={t.id: t.side for t in map_file.tokens},
    )
