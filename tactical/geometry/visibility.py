"""What a hex can see past high cover, and the zones drawn from it: range bands, melee reach,
an overwatch sector or polygon, each clipped to what is seen.

The visibility polygon is the region that the hex *centre* sees (rays stop at high cover's
boundary; low cover never blocks). It is built by an angular sweep in numpy: rays toward
every high-cover corner (just either side of it) plus a fine ring of rays, each stopped at
the first cover edge it crosses. A target hex is in line of sight when any of its seven
RULINGS target points lies in that polygon (`visible_hexes`) — the same answer as the ray
test in sight.py, at the cost of a point-in-polygon test.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np
import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from tactical.core.types import Hex
from tactical.geometry.bands import BandSpan, WeaponRange, band_spans
from tactical.geometry.hexgrid import hex_range, hex_ring
from tactical.geometry.layout import hex_polygons, hex_to_point, target_points
from tactical.geometry.mapgeom import MapGeometry, _segments, boundary_crossings
from tactical.geometry.params import GeometryParams

__all__ = ["BandZone", "HexZone", "Sector", "band_polygons", "hex_disk_polygon",
           "overwatch_zone", "reach_zone", "sector_polygon", "visibility_polygon",
           "visible_hexes"]

_SIDE = 1e-6  # radians either side of a corner: the ray that slips past it
_ARC_TOLERANCE = 0.01  # metres: the ring of rays sags at most this much between rays


@dataclass(frozen=True, slots=True)
class Sector:
    """An overwatch sector: centre line `direction_deg` (0° = +x, 90° = +y, i.e. down the
    map, clockwise on screen), `width_deg` wide, out to `range_m`."""

    direction_deg: float
    width_deg: float
    range_m: float


@dataclass(frozen=True, slots=True)
class HexZone:
    hexes: frozenset[Hex]
    polygon: BaseGeometry


@dataclass(frozen=True, slots=True)
class BandZone:
    span: BandSpan
    polygon: BaseGeometry


def _gather(start: np.ndarray, items: np.ndarray) -> np.ndarray:
    """The row indices of `items` in a table grouped by item (rows start[i]:start[i + 1])."""
    first, counts = start[items], start[items + 1] - start[items]
    total = int(counts.sum())
    return np.repeat(first - np.cumsum(counts) + counts, counts) + np.arange(total)


def _edges_near(mg: MapGeometry, origin: Hex, centre: tuple[float, float],
                radius: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """High cover's segments within `radius`, own cover replaced by its clipped part, nearest
    first, with their distances from the centre; and the points where near high covers'
    boundaries cross."""
    if len(mg.edges) == 0:
        return np.empty((0, 4)), np.empty(0), np.empty((0, 2))
    ox, oy = centre
    near = mg.tree.query(shapely.box(ox - radius, oy - radius, ox + radius, oy + radius))
    near = near[mg.high[near]]
    own = mg.own_cover(origin)
    chosen = np.zeros(len(mg.geoms), dtype=bool)
    chosen[near] = True
    for j in own.indices:
        chosen[j] = False
    covers = np.flatnonzero(chosen)
    parts = [mg.edges[_gather(mg.edge_start, covers)]]
    rows = _gather(mg.crossing_start, covers)
    cross = [mg.crossings[rows[chosen[mg.crossing_covers[rows, 1]]]]]
    own_high = [own.clipped[j] for j in own.indices if mg.high[j] and not own.clipped[j].is_empty]
    if own_high:
        # Crossings of the clipped own cover with the other near high cover.
        others = mg.geoms[chosen]
        for part in own_high:
            touching = others[shapely.intersects(others, part)]
            if len(touching):
                cross.append(boundary_crossings(np.full(len(touching), part, dtype=object),
                                                touching)[0])
        # A clipped wall may fall apart into several polygons (or none).
        pieces = shapely.get_parts(np.array(own_high, dtype=object))
        pieces = pieces[shapely.get_type_id(pieces) == 3]
        if len(pieces):
            parts.append(_segments(pieces)[0])
    segs = np.vstack(parts)
    # Drop segments wholly outside the circle (distance from the centre to the segment).
    a, b = segs[:, :2] - centre, segs[:, 2:] - centre
    e = b - a
    length2 = np.einsum("ij,ij->i", e, e)
    t = np.clip(-np.einsum("ij,ij->i", a, e) / np.where(length2 > 0, length2, 1.0), 0.0, 1.0)
    closest = a + e * t[:, None]
    near2 = np.einsum("ij,ij->i", closest, closest)
    keep = near2 <= radius * radius
    order = np.argsort(near2[keep], kind="stable")
    return segs[keep][order], np.sqrt(near2[keep][order]), np.vstack(cross)


def _sweep(centre: tuple[float, float], segs: np.ndarray, near: np.ndarray,
           crossings: np.ndarray, radius: float) -> np.ndarray:
    """The visibility boundary: (n, 2) points in angle order. Segments come nearest first,
    in growing batches; a ray already stopped nearer than a batch is not tested against it,
    so hidden cover costs little."""
    ox, oy = centre
    arc_step = 2.0 * math.acos(max(-1.0, 1.0 - _ARC_TOLERANCE / radius))
    arc = np.linspace(-math.pi, math.pi, max(64, math.ceil(math.tau / arc_step)),
                      endpoint=False)
    if len(segs) == 0:
        return np.column_stack((ox + np.cos(arc) * radius, oy + np.sin(arc) * radius))
    ax, ay = segs[:, 0] - ox, segs[:, 1] - oy
    bx, by = segs[:, 2] - ox, segs[:, 3] - oy
    ta, tb = np.arctan2(ay, ax), np.arctan2(by, bx)
    # Critical angles, where the nearest wall may change: corners, crossings of two walls,
    # and walls leaving the circle. Between two of them the boundary is one straight piece.
    r2 = radius * radius
    cx, cy = crossings[:, 0] - ox, crossings[:, 1] - oy
    ex, ey = bx - ax, by - ay
    qa = ex * ex + ey * ey
    qb = 2.0 * (ax * ex + ay * ey)
    disc = qb * qb - 4.0 * qa * (ax * ax + ay * ay - r2)
    root = np.sqrt(np.maximum(disc, 0.0))
    leave = []
    for sign in (-1.0, 1.0):
        s_ = (-qb + sign * root) / np.where(qa > 0, 2.0 * qa, 1.0)
        ok = (disc > 0) & (s_ > 0) & (s_ < 1)
        leave.append(np.arctan2(ay[ok] + s_[ok] * ey[ok], ax[ok] + s_[ok] * ex[ok]))
    corner_t = np.concatenate((ta[ax * ax + ay * ay <= r2], tb[bx * bx + by * by <= r2],
                               np.arctan2(cy, cx)[cx * cx + cy * cy <= r2], *leave))
    angles = np.concatenate((arc, corner_t - _SIDE, corner_t + _SIDE))
    angles = np.unique((angles + math.pi) % math.tau - math.pi)
    dx, dy = np.cos(angles), np.sin(angles)
    hit = np.full(len(angles), radius)
    # Each segment covers an angular interval (less than half a turn: the centre is never
    # on it); a segment wrapping past ±π is split in two.
    d = (tb - ta + math.pi) % math.tau - math.pi
    lo = np.where(d >= 0, ta, tb)
    hi = lo + np.abs(d)
    open_rays = np.arange(len(angles))
    start, size = 0, 128
    while start < len(segs) and len(open_rays):
        stop = min(len(segs), start + size)
        open_rays = open_rays[hit[open_rays] > near[start]]
        seg = np.arange(start, stop)
        s_lo, s_hi = lo[seg], hi[seg]
        wraps = s_hi > math.pi
        s_lo = np.concatenate((s_lo, np.full(int(wraps.sum()), -math.pi)))
        s_hi = np.concatenate((np.minimum(s_hi, math.pi), s_hi[wraps] - math.tau))
        seg = np.concatenate((seg, seg[wraps]))
        open_angles = angles[open_rays]
        first = np.searchsorted(open_angles, s_lo, side="left")
        counts = np.searchsorted(open_angles, s_hi, side="right") - first
        total = int(counts.sum())
        if total:
            pair_seg = np.repeat(seg, counts)
            pair_ray = open_rays[np.repeat(first - np.cumsum(counts) + counts, counts)
                                 + np.arange(total)]
            rdx, rdy = dx[pair_ray], dy[pair_ray]
            wx, wy = ax[pair_seg], ay[pair_seg]
            ex, ey = bx[pair_seg] - wx, by[pair_seg] - wy
            den = rdx * ey - rdy * ex
            safe = np.where(den == 0.0, 1.0, den)
            t = (wx * ey - wy * ex) / safe
            u = (wx * rdy - wy * rdx) / safe
            # Strictly inside the segment: grazing a corner is not crossing (sight.py).
            ok = (den != 0.0) & (t > 0.0) & (u > 1e-10) & (u < 1.0 - 1e-10)
            np.minimum.at(hit, pair_ray[ok], t[ok])
        start, size = stop, size * 2
    return np.column_stack((ox + dx * hit, oy + dy * hit))


def visibility_polygon(mg: MapGeometry, origin: Hex, radius_m: float) -> BaseGeometry:
    """The region the centre of `origin` sees within `radius_m`, past high cover."""
    centre = hex_to_point(mg.layout, origin)
    radius = float(radius_m)
    try:
        ring = _sweep(centre, *_edges_near(mg, origin, centre, radius), radius)
        # Star-shaped around the centre with strictly rising angles: simple by construction.
        poly = cast(BaseGeometry, shapely.polygons(ring))
    except (shapely.errors.GEOSException, ValueError, FloatingPointError):
        # Fall back on the plain disk: callers that need exactness test rays (sight.py).
        poly = Point(centre).buffer(radius, 64)
    shapely.prepare(poly)
    return poly


def visible_hexes(mg: MapGeometry, visibility: BaseGeometry, hexes: Sequence[Hex],
                  params: GeometryParams) -> np.ndarray:
    """Per hex: is any of its seven target points inside `visibility`? (bool array)"""
    if not hexes:
        return np.zeros(0, dtype=bool)
    pts = np.stack([target_points(mg.layout, h, params.corner_shrink) for h in hexes])
    inside = np.asarray(shapely.intersects_xy(visibility, pts[..., 0].ravel(),
                                              pts[..., 1].ravel()))
    seen: np.ndarray = np.asarray(inside.reshape(len(hexes), -1).any(axis=1))
    return seen


def hex_disk_polygon(mg: MapGeometry, centre: Hex, radius_hexes: int) -> BaseGeometry:
    """The outline of every hex within `radius_hexes` (hex distance, not a circle)."""
    if radius_hexes < 0:
        return Polygon()
    ring = shapely.union_all(hex_polygons(mg.layout, hex_ring(centre, radius_hexes)),
                             grid_size=1e-6)
    if radius_hexes == 0:
        return ring
    parts = getattr(ring, "geoms", [ring])
    outer = max(parts, key=lambda g: g.area)
    return Polygon(outer.exterior)


def band_polygons(mg: MapGeometry, origin: Hex, weapon: WeaponRange, params: GeometryParams,
                  visibility: BaseGeometry | None = None) -> tuple[BandZone, ...]:
    """RULINGS Range bands as rings of hexes (distance = hex distance × 2 m), each clipped
    to what `origin` sees."""
    step = params.metres_per_hex
    spans = band_spans(weapon, params)
    if visibility is None:
        visibility = visibility_polygon(mg, origin, spans[-1].max_m + step)
    out: list[BandZone] = []
    inner: BaseGeometry = Polygon()
    inner_k = -1
    for span in spans:
        k = math.floor(span.max_m / step + 1e-9)
        if k <= inner_k:
            continue
        outer = hex_disk_polygon(mg, origin, k)
        ring = outer.difference(inner) if not inner.is_empty else outer
        out.append(BandZone(span, ring.intersection(visibility)))
        inner, inner_k = outer, k
    return tuple(out)


def reach_zone(mg: MapGeometry, origin: Hex, reach_m: float,
               params: GeometryParams) -> HexZone:
    """The hexes within melee reach (hex distance × 2 m ≤ reach) in line of sight."""
    k = math.floor(reach_m / params.metres_per_hex + 1e-9)
    hexes = [h for h in hex_range(origin, k) if h != origin]
    seen = visible_hexes(mg, visibility_polygon(mg, origin, (k + 1) * params.metres_per_hex),
                         hexes, params)
    kept = [h for h, ok in zip(hexes, seen, strict=True) if ok]
    polygon = shapely.union_all(hex_polygons(mg.layout, kept), grid_size=1e-6) if kept \
        else Polygon()
    return HexZone(frozenset(kept), polygon)


def sector_polygon(centre: tuple[float, float], sector: Sector) -> Polygon:
    if sector.width_deg >= 360.0:
        return Point(centre).buffer(sector.range_m, 64)
    half = math.radians(sector.width_deg) / 2.0
    mid = math.radians(sector.direction_deg)
    n = max(2, math.ceil(math.degrees(2 * half) / 2.0))
    angles = np.linspace(mid - half, mid + half, n + 1)
    arc = np.column_stack((centre[0] + sector.range_m * np.cos(angles),
                           centre[1] + sector.range_m * np.sin(angles)))
    return Polygon([centre, *map(tuple, arc)])


def overwatch_zone(mg: MapGeometry, origin: Hex, zone: Sector | BaseGeometry | None,
                   weapon: WeaponRange, params: GeometryParams) -> BaseGeometry:
    """RULINGS Overwatch: the watched zone (a sector, any polygon, or everything) within the
    weapon's max range, clipped to what `origin` sees."""
    centre = hex_to_point(mg.layout, origin)
    reach = Point(centre).buffer(weapon.max_m, 64)
    if isinstance(zone, Sector):
        area = sector_polygon(centre, zone).intersection(reach)
    elif zone is None:
        area = reach
    else:
        area = zone.intersection(reach)
    radius = min(weapon.max_m, _farthest(centre, area.exterior.coords
                                         if hasattr(area, "exterior") else
                                         shapely.get_coordinates(area)))
    return area.intersection(visibility_polygon(mg, origin, radius + params.metres_per_hex))


def _farthest(centre: tuple[float, float], coords: Iterable[Sequence[float]]) -> float:
    pts = np.asarray(list(coords), dtype=float).reshape(-1, 2)
    if len(pts) == 0:
        return 0.0
    return float(np.sqrt(((pts - centre) ** 2).sum(axis=1)).max())
