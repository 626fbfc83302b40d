"""Line of sight and cover between two hexes (RULINGS "Cover from the map").

From the attacker's hex centre, seven rays go to the target hex's centre and its six corners
shrunk toward the centre. A ray *crosses* cover when it passes through the cover's interior
(running along an edge or grazing a corner does not count). The share of rays that cross any
cover sets the level; if every ray crosses high cover there is no line of sight.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import shapely
from shapely.geometry import LineString

from tactical.core.types import Hex
from tactical.data.maps import CoverClass
from tactical.geometry.bands import BandSpan, WeaponRange, band_at
from tactical.geometry.hexgrid import hex_distance
from tactical.geometry.layout import target_points
from tactical.geometry.mapgeom import MapGeometry
from tactical.geometry.params import GeometryParams

__all__ = ["CoverCrossed", "CoverLevel", "RayHits", "SightResult", "cover_level",
           "covers_crossed", "crossings", "line_of_sight", "ray_hits", "sight"]


class CoverLevel(StrEnum):
    NONE = "none"
    PARTIAL = "partial"  # RULINGS: Partial cover +5
    FULL = "full"  # Full cover +10
    NO_LINE_OF_SIGHT = "no_line_of_sight"  # every ray crosses high cover


_RANK = {c: c.rank for c in CoverClass}
_STEPS = (CoverLevel.NONE, CoverLevel.PARTIAL, CoverLevel.FULL)


@dataclass(frozen=True, slots=True)
class CoverCrossed:
    id: str
    label: str
    cover_class: CoverClass
    high: bool


@dataclass(frozen=True, slots=True)
class RayHits:
    """Per ray (centre first, then the six corners): crosses any cover, crosses high cover;
    and every cover index that some ray crosses."""

    any: tuple[bool, ...]
    high: tuple[bool, ...]
    crossed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SightResult:
    from_hex: Hex
    to_hex: Hex
    line_of_sight: bool
    cover: CoverLevel  # after the prone step
    cover_tn: int  # the TN modifier for bypassing that cover (0 without line of sight)
    rays: int
    rays_blocked: int  # rays crossing any cover
    rays_blocked_high: int
    share_blocked: float
    crossed: tuple[CoverCrossed, ...]  # strongest first
    distance_hexes: int
    distance_m: float
    target_prone: bool
    weapon: WeaponRange | None
    band: BandSpan | None  # None: no ranged weapon given, or beyond max range
    in_reach: bool | None  # given a melee reach

    @property
    def strongest(self) -> CoverCrossed | None:
        """RULINGS: the strongest cover class crossed is used when shooting through."""
        return self.crossed[0] if self.crossed else None

    @property
    def can_attack_at_range(self) -> bool:
        return self.line_of_sight and self.band is not None


def _rays(centre: tuple[float, float], points: np.ndarray) -> np.ndarray:
    coords = np.empty((len(points), 2, 2))
    coords[:, 0] = centre
    coords[:, 1] = points
    rays: np.ndarray = np.asarray(shapely.linestrings(coords))
    return rays


def ray_hits(mg: MapGeometry, origin: Hex, points: np.ndarray) -> RayHits:
    """Which rays from `origin`'s centre to `points` cross cover, with the own-hex rule."""
    rays = _rays(mg.centre(origin), points)
    try:
        hit_any, hit_high, crossed = _ray_hits_indexed(mg, origin, rays)
    except shapely.errors.GEOSException:
        hit_any, hit_high, crossed = _ray_hits_exact(mg, origin, rays)
    return RayHits(tuple(hit_any.tolist()), tuple(hit_high.tolist()),
                   tuple(sorted(crossed)))


def crossings(mg: MapGeometry, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every (line index, cover index) pair where a line crosses cover (no own-hex rule).

    A line *crosses* cover when it meets the cover's interior: it intersects the cover and
    does not merely touch it (run along an edge, graze a corner, end on the near side).
    May raise shapely.errors.GEOSException on a broken cover (callers fall back)."""
    ray_i, cov_j = mg.tree.query(lines, predicate="intersects")
    if len(ray_i):
        hit = lines[ray_i]
        inner = shapely.intersects(mg.inner[cov_j], hit)  # surely through the interior
        unsure = np.flatnonzero(~inner)
        if len(unsure):
            inner[unsure] = ~shapely.touches(mg.geoms[cov_j[unsure]], hit[unsure])
        ray_i, cov_j = ray_i[inner], cov_j[inner]
    return ray_i, cov_j


def _ray_hits_indexed(mg: MapGeometry, origin: Hex,
                      rays: np.ndarray) -> tuple[np.ndarray, np.ndarray, set[int]]:
    n = len(rays)
    hit_any = np.zeros(n, dtype=bool)
    hit_high = np.zeros(n, dtype=bool)
    if len(mg.geoms) == 0:
        return hit_any, hit_high, set()
    ray_i, cov_j = crossings(mg, rays)
    own = mg.own_cover(origin)
    if own.indices:
        # RULINGS Cover from the map: own hex ignores the cover it stands in or touches
        # (tested again below, with the part near the attacker cut away).
        keep = np.array([j not in own.indices for j in cov_j.tolist()], dtype=bool)
        ray_i, cov_j = ray_i[keep], cov_j[keep]
        extra_i, extra_j = [ray_i], [cov_j]
        for j, part in own.clipped.items():
            if part.is_empty:
                continue
            inner = np.flatnonzero(shapely.intersects(rays, part) & ~shapely.touches(rays, part))
            extra_i.append(inner)
            extra_j.append(np.full(len(inner), j, dtype=np.intp))
        ray_i, cov_j = np.concatenate(extra_i), np.concatenate(extra_j)
    hit_any[ray_i] = True
    hit_high[ray_i[mg.high[cov_j]]] = True
    return hit_any, hit_high, set(cov_j.tolist())


def _ray_hits_exact(mg: MapGeometry, origin: Hex,
                    rays: np.ndarray) -> tuple[np.ndarray, np.ndarray, set[int]]:
    """The fallback when GEOS refuses the batch: every ray against every cover, repaired."""
    own = mg.own_cover(origin)
    hit_any = np.zeros(len(rays), dtype=bool)
    hit_high = np.zeros(len(rays), dtype=bool)
    crossed: set[int] = set()
    for i, ray in enumerate(rays):
        line = LineString(ray.coords)
        for j, geom in enumerate(mg.geoms):
            target = own.clipped.get(j, geom)
            try:
                inner = target.intersects(line) and not target.touches(line)
            except shapely.errors.GEOSException:
                repaired = target.buffer(0)
                inner = repaired.intersects(line) and not repaired.touches(line)
            if inner:
                hit_any[i] = True
                hit_high[i] |= bool(mg.high[j])
                crossed.add(j)
    return hit_any, hit_high, crossed


def covers_crossed(mg: MapGeometry, indices: Iterable[int]) -> tuple[CoverCrossed, ...]:
    """The covers `indices` of the map, strongest class first (then by id)."""
    return tuple(sorted((CoverCrossed(mg.cover_ids[j], mg.cover_labels[j], mg.classes[j],
                                      bool(mg.high[j])) for j in indices),
                        key=lambda c: (-_RANK[c.cover_class], c.id)))


def cover_level(hits: RayHits, params: GeometryParams, target_prone: bool) -> CoverLevel:
    """RULINGS: 0 → none; ≤ half → Partial; more than half → Full; all rays through high
    cover → no line of sight. All rays blocked but some only by low cover is Full (low cover
    does not block sight). Prone in cover: one step better, at most Full."""
    n = len(hits.any)
    if n and all(hits.high):
        return CoverLevel.NO_LINE_OF_SIGHT
    blocked = sum(hits.any)
    if blocked == 0:
        return CoverLevel.NONE
    step = 1 if blocked / n <= params.partial_max_share else 2
    if target_prone:
        step = min(step + params.prone_improves_by, len(_STEPS) - 1)
    return _STEPS[step]


def sight(mg: MapGeometry, attacker: Hex, target: Hex, params: GeometryParams,
          weapon: WeaponRange | None = None, *, reach_m: float | None = None,
          target_prone: bool = False) -> SightResult:
    """Sight, cover, distance and range band from `attacker`'s hex to `target`'s."""
    distance = hex_distance(attacker, target)
    distance_m = distance * params.metres_per_hex
    if distance == 0:
        hits = RayHits((False,) * 7, (False,) * 7, ())
    else:
        hits = ray_hits(mg, attacker, target_points(mg.layout, target, params.corner_shrink))
    level = cover_level(hits, params, target_prone)
    seen = level is not CoverLevel.NO_LINE_OF_SIGHT
    tn = {CoverLevel.PARTIAL: params.partial_cover_tn,
          CoverLevel.FULL: params.full_cover_tn}.get(level, 0)
    crossed = covers_crossed(mg, hits.crossed)
    return SightResult(
        from_hex=attacker, to_hex=target, line_of_sight=seen, cover=level, cover_tn=tn,
        rays=len(hits.any), rays_blocked=sum(hits.any), rays_blocked_high=sum(hits.high),
        share_blocked=sum(hits.any) / len(hits.any), crossed=crossed,
        distance_hexes=distance, distance_m=distance_m, target_prone=target_prone,
        weapon=weapon, band=band_at(distance_m, weapon, params) if weapon else None,
        in_reach=None if reach_m is None else distance_m <= reach_m + 1e-9,
    )


def line_of_sight(mg: MapGeometry, attacker: Hex, target: Hex, params: GeometryParams) -> bool:
    """RULINGS: line of sight unless every ray crosses high cover (the exact ray test)."""
    if attacker == target:
        return True
    hits = ray_hits(mg, attacker, target_points(mg.layout, target, params.corner_shrink))
    return not all(hits.high)
