"""Regions of the hex map: the hexes and the occupants inside a shape (a circle, a ring, a
sector, a polygon), and the line of effect to each occupant from a point with the cover on
it (RULINGS "Area attacks": a blast's rings, Auto Fire's vicinity, Suppressive Fire's
sector). Neutral: no ruleset, no damage; the engine turns the answer into attacks.

Distances are hex steps × metres per hex (RULINGS: "hex distance × 2 m"), so a circle of
4 m on the 2 m grid is the hex and its two rings, whatever the grid's orientation. A sector
is measured the same way and takes a hex when the bearing to its centre lies within the
sector's angle; a polygon (metres) takes a hex when its centre lies inside or on the edge.

The line of effect is ONE line, from the point's hex centre to the occupant's hex centre
(RULINGS Area attacks). High cover across it shields the occupant completely; otherwise the
strongest cover class it crosses is the one to apply. Unlike an attacker's sight, the
point's own hex does NOT ignore the cover it touches (docs/geometry.md "Line of effect": a
grenade at the foot of a wall does not reach through it).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from tactical.core.types import Hex
from tactical.data.maps import Grid
from tactical.geometry.blocked import in_grid
from tactical.geometry.hexgrid import hex_distance
from tactical.geometry.layout import SQRT3, Layout, hex_centres, hex_to_point, point_to_hex
from tactical.geometry.mapgeom import MapGeometry
from tactical.geometry.sight import CoverCrossed, covers_crossed, crossings

__all__ = ["Caught", "Circle", "LineOfEffect", "PolygonRegion", "Region", "Ring",
           "SectorRegion", "caught", "circle", "contains", "hexes_in", "line_of_effect",
           "polygon", "ring", "sector"]

_EPS = 1e-9  # metres and degrees: a hex exactly on a radius or an edge is inside


@dataclass(frozen=True, slots=True)
class Circle:
    """Hexes within `radius_m` of `centre`, the centre included (a blast's first ring,
    Auto Fire's vicinity)."""

    centre: Hex
    radius_m: float


@dataclass(frozen=True, slots=True)
class Ring:
    """Hexes whose distance d from `centre` is inner_m < d ≤ outer_m (a blast's outer
    rings)."""

    centre: Hex
    inner_m: float
    outer_m: float


@dataclass(frozen=True, slots=True)
class SectorRegion:
    """Hexes within `reach_m` of `origin` whose centre's bearing lies within `angle_deg`
    around the bearing to `toward` (Suppressive Fire's zone). The origin's hex is not in
    it: it is where the shooter stands."""

    origin: Hex
    toward: Hex
    angle_deg: float
    reach_m: float


@dataclass(frozen=True, slots=True)
class PolygonRegion:
    """Hexes whose centre lies in the polygon (metres, map coordinates)."""

    points: tuple[tuple[float, float], ...]


Region = Circle | Ring | SectorRegion | PolygonRegion


def circle(centre: Hex, radius_m: float) -> Circle:
    if radius_m < 0:
        raise ValueError(f"a circle's radius cannot be negative (got {radius_m} m)")
    return Circle(centre, radius_m)


def ring(centre: Hex, inner_m: float, outer_m: float) -> Ring:
    """The hexes farther than `inner_m` and at most `outer_m` from `centre`."""
    if inner_m < 0 or outer_m < inner_m:
        raise ValueError(f"a ring needs 0 ≤ inner ≤ outer (got {inner_m} m, {outer_m} m)")
    return Ring(centre, inner_m, outer_m)


def sector(origin: Hex, toward: Hex, angle_deg: float, reach_m: float) -> SectorRegion:
    if origin == toward:
        raise ValueError("a sector needs a direction: its aim is its own origin")
    if not 0 < angle_deg <= 360 or reach_m < 0:
        raise ValueError(f"a sector needs 0° < angle ≤ 360° and a reach ≥ 0 "
                         f"(got {angle_deg}°, {reach_m} m)")
    return SectorRegion(origin, toward, angle_deg, reach_m)


def polygon(points: Sequence[tuple[float, float]]) -> PolygonRegion:
    if len(points) < 3:
        raise ValueError(f"a polygon needs at least 3 points (got {len(points)})")
    return PolygonRegion(tuple((float(x), float(y)) for x, y in points))


def _metres_per_hex(layout: Layout) -> float:
    return layout.size * SQRT3  # flat to flat: the distance between neighbours' centres


def _steps(axial: np.ndarray, centre: Hex) -> np.ndarray:
    dq, dr = axial[:, 0] - centre[0], axial[:, 1] - centre[1]
    steps: np.ndarray = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    return steps


def contains(region: Region, layout: Layout, axial: np.ndarray) -> np.ndarray:
    """Whether each hex of an (n, 2) axial array lies in `region`: an (n,) bool array."""
    if len(axial) == 0:
        return np.zeros(0, dtype=bool)
    inside: np.ndarray
    m = _metres_per_hex(layout)
    if isinstance(region, Circle):
        inside = _steps(axial, region.centre) * m <= region.radius_m + _EPS
        return inside
    if isinstance(region, Ring):
        d = _steps(axial, region.centre) * m
        inside = (d > region.inner_m + _EPS) & (d <= region.outer_m + _EPS)
        return inside
    if isinstance(region, SectorRegion):
        d = _steps(axial, region.origin) * m
        ox, oy = hex_to_point(layout, region.origin)
        tx, ty = hex_to_point(layout, region.toward)
        xy = hex_centres(layout, axial)
        bearing = np.degrees(np.arctan2(xy[:, 1] - oy, xy[:, 0] - ox))
        aim = math.degrees(math.atan2(ty - oy, tx - ox))
        off = np.abs((bearing - aim + 180.0) % 360.0 - 180.0)
        inside = (d > 0) & (d <= region.reach_m + _EPS) & (off <= region.angle_deg / 2 + _EPS)
        return inside
    xy = hex_centres(layout, axial)
    poly: BaseGeometry = Polygon(region.points)
    if not poly.is_valid:  # a bow-tie drawn by hand: keep its area
        poly = shapely.make_valid(poly)
    inside = np.asarray(shapely.intersects_xy(poly, xy[:, 0], xy[:, 1]), dtype=bool)
    return inside


def _around(layout: Layout, region: Region) -> tuple[Hex, int]:
    """A hex and a radius in steps whose disc holds every hex of `region`."""
    m = _metres_per_hex(layout)
    if isinstance(region, Circle):
        return region.centre, math.floor(region.radius_m / m + _EPS)
    if isinstance(region, Ring):
        return region.centre, math.floor(region.outer_m / m + _EPS)
    if isinstance(region, SectorRegion):
        return region.origin, math.floor(region.reach_m / m + _EPS)
    xs, ys = zip(*region.points, strict=True)
    middle = point_to_hex(layout, ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    cx, cy = hex_to_point(layout, middle)
    far = max(math.hypot(x - cx, y - cy) for x, y in region.points)
    return middle, math.ceil(far / (layout.size * 1.5)) + 1  # centres ≥ 1.5 size apart


def _disc(centre: Hex, radius: int) -> np.ndarray:
    grid_q, grid_r = np.meshgrid(np.arange(-radius, radius + 1),
                                 np.arange(-radius, radius + 1), indexing="ij")
    dq, dr = grid_q.ravel(), grid_r.ravel()
    keep = np.abs(dq + dr) <= radius
    return np.column_stack((dq[keep] + centre[0], dr[keep] + centre[1]))


def hexes_in(region: Region, layout: Layout, grid: Grid | None = None) -> tuple[Hex, ...]:
    """The hexes of `region`, on the map's `grid` if given, in (q, r) order."""
    centre, radius = _around(layout, region)
    axial = _disc(centre, radius)
    keep = contains(region, layout, axial)
    if grid is not None:
        keep &= in_grid(grid, axial)
    return tuple((int(q), int(r)) for q, r in axial[keep].tolist())


@dataclass(frozen=True, slots=True)
class LineOfEffect:
    """The line from the point's hex centre to an occupant's: `shield` is the high cover
    that stops it (None: it gets through); `crossed` every cover on it, strongest first."""

    shield: CoverCrossed | None
    crossed: tuple[CoverCrossed, ...]

    @property
    def shielded(self) -> bool:
        return self.shield is not None

    @property
    def cover(self) -> CoverCrossed | None:
        """The strongest cover crossed, whose PT/DR applies (None: in the open, or
        shielded)."""
        return None if self.shield is not None or not self.crossed else self.crossed[0]


@dataclass(frozen=True, slots=True)
class Caught:
    id: str
    hex: Hex
    distance_m: float  # from the point the line of effect starts at
    effect: LineOfEffect


_OPEN = LineOfEffect(None, ())


def _origin(region: Region) -> Hex | None:
    if isinstance(region, Circle | Ring):
        return region.centre
    if isinstance(region, SectorRegion):
        return region.origin
    return None


def _lines(mg: MapGeometry, start: Hex, ends: Sequence[Hex]) -> list[LineOfEffect]:
    if not ends:
        return []
    sx, sy = mg.centre(start)
    coords = np.empty((len(ends), 2, 2))
    coords[:, 0] = (sx, sy)
    coords[:, 1] = hex_centres(mg.layout, np.asarray(ends, dtype=np.int64))
    lines = np.asarray(shapely.linestrings(coords))
    per: list[set[int]] = [set() for _ in ends]
    if len(mg.geoms):
        try:
            line_i, cov_j = crossings(mg, lines)
            for i, j in zip(line_i.tolist(), cov_j.tolist(), strict=True):
                per[i].add(j)
        except shapely.errors.GEOSException:  # a broken cover: every line, each repaired
            per = [_crossed_exact(mg, LineString(line.coords)) for line in lines]
    out: list[LineOfEffect] = []
    for end, found in zip(ends, per, strict=True):
        if end == start or not found:
            out.append(_OPEN)
            continue
        crossed = covers_crossed(mg, found)
        shield = next((c for c in crossed if c.high), None)
        out.append(LineOfEffect(shield, crossed))
    return out


def _crossed_exact(mg: MapGeometry, line: LineString) -> set[int]:
    found: set[int] = set()
    for j, geom in enumerate(mg.geoms):
        try:
            hit = geom.intersects(line) and not geom.touches(line)
        except shapely.errors.GEOSException:
            fixed = geom.buffer(0)
            hit = fixed.intersects(line) and not fixed.touches(line)
        if hit:
            found.add(j)
    return found


def line_of_effect(mg: MapGeometry, start: Hex, end: Hex) -> LineOfEffect:
    """The line of effect from `start`'s hex centre to `end`'s."""
    return _lines(mg, start, [end])[0]


def caught(region: Region, occupants: Mapping[str, Hex], mg: MapGeometry,
           from_hex: Hex | None = None) -> tuple[Caught, ...]:
    """Every occupant (id → hex) inside `region`, nearest to `from_hex` first (then by id),
    with the line of effect from `from_hex` (default: the ring's centre, the sector's
    origin; a polygon needs one)."""
    start = from_hex if from_hex is not None else _origin(region)
    if start is None:
        raise ValueError("a polygon region needs the hex its line of effect starts from")
    if not occupants:
        return ()
    ids = list(occupants)
    axial = np.asarray([occupants[i] for i in ids], dtype=np.int64).reshape(-1, 2)
    inside = np.flatnonzero(contains(region, mg.layout, axial)).tolist()
    m = _metres_per_hex(mg.layout)
    found = sorted((hex_distance(start, occupants[ids[k]]) * m, ids[k]) for k in inside)
    ends = [occupants[i] for _, i in found]
    effects = _lines(mg, start, ends)
    return tuple(Caught(i, occupants[i], d, e)
                 for (d, i), e in zip(found, effects, strict=True))
