"""Reaction triggers along a mover's path (RULINGS "Reactions and their triggers on the map").

Prepare once per (map, reactor set) — enemies do not move while one token is dragged — then
ask per hex step:

    prepared = prepare_reactors(mg, reactors, params)      # visibility, disks, zones
    scan = PathScan.start(prepared, Mover("kicker", "runners", (start,)))
    scan = scan.extend(next_hex)                             # one step: cheap
    report = scan.report()                                   # reactions and who is left out

A step costs a handful of numpy operations over the reactors and one vectorised
point-in-polygon test (shapely.intersects_xy) against the prepared visibility polygons; no
geometry is built on the step path. Cover for a reaction's "why" is computed lazily, only for
reactions that fire, and memoised.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NewType

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from tactical.data.maps import Hex, Point
from tactical.geometry.bands import WeaponRange, band_limit_m
from tactical.geometry.layout import hex_to_point, target_points
from tactical.geometry.mapgeom import MapGeometry
from tactical.geometry.params import Band, GeometryParams
from tactical.geometry.sight import CoverLevel, SightResult, line_of_sight, sight
from tactical.geometry.visibility import Sector, sector_polygon, visibility_polygon

__all__ = ["LeftOut", "Mover", "Overwatch", "PathScan", "PreparedReactors", "Reaction",
           "ReactionKind", "Reactor", "TokenId", "TriggerReport", "prepare_reactors",
           "triggers_along"]

TokenId = NewType("TokenId", str)


class ReactionKind(StrEnum):
    SNAPSHOT = "snapshot"
    OVERWATCH = "overwatch"
    INTERCEPT = "intercept"
    OPPORTUNITY = "opportunity"


@dataclass(frozen=True, slots=True)
class Overwatch:
    """RULINGS Overwatch: declared this round, optionally on a watched zone (a sector, or a
    polygon in metres); None watches everything in sight and weapon range."""

    zone: Sector | tuple[Point, ...] | None = None


@dataclass(frozen=True, slots=True)
class Reactor:
    """What geometry needs to know about a potential reactor; the encounter engine builds
    these from its state (tactical.geometry.reactors builds them from a map file)."""

    id: str
    side: str
    hex: Hex
    reach_m: float = 2.0
    weapon: WeaponRange | None = None  # the ready ranged weapon
    overwatch: Overwatch | None = None
    # Every reason it cannot react at all ("no Reaction left", "unconscious",
    # "Serious injury: no Reactions"); empty when it can.
    cannot_react: tuple[str, ...] = ()
    aware: bool = True  # False: unaware of everyone (Token.aware)
    unaware_of: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Mover:
    id: str
    side: str
    path: tuple[Hex, ...]  # path[0] is where it starts
    disengaging: bool = False  # RULINGS Attack of Opportunity: not when Disengaging


@dataclass(frozen=True, slots=True)
class Reaction:
    reactor: str
    kind: ReactionKind
    step: int  # index into the path where it first becomes possible
    hex: Hex
    distance_m: float
    band: Band | None  # ranged kinds
    band_tn: int
    cover: CoverLevel  # toward the mover at that hex (exact ray test)
    cover_tn: int
    why: str


@dataclass(frozen=True, slots=True)
class LeftOut:
    reactor: str
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TriggerReport:
    reactions: tuple[Reaction, ...]  # by step, then reactor
    left_out: tuple[LeftOut, ...]  # enemies that cannot react to this path, and why


# Facts about one reactor while the mover stands in one hex, as bits of a uint8.
_SNAP = np.uint8(1)  # within the Snapshot bands
_REACH = np.uint8(2)  # within melee reach
_WATCH = np.uint8(4)  # inside the overwatch zone and weapon range
_SEEN = np.uint8(8)  # line of sight (RULINGS rays against the visibility polygon)
_RANGES = np.uint8(7)


@dataclass(frozen=True, slots=True)
class PreparedReactors:
    mg: MapGeometry
    params: GeometryParams
    reactors: tuple[Reactor, ...]
    q: np.ndarray
    r: np.ndarray
    snap_k: np.ndarray  # hex-distance limit of Snapshot, -1 without a ranged weapon
    reach_k: np.ndarray
    watch_k: np.ndarray  # -1 when not on overwatch
    able: np.ndarray  # no standing reason against reacting
    visibility: np.ndarray  # prepared polygon per reactor (None when not able)
    zones: np.ndarray  # prepared overwatch area per reactor (None when not watching)
    radius: np.ndarray  # metres the visibility polygon must reach
    _why: dict[tuple[int, Hex], SightResult] = field(default_factory=dict, compare=False,
                                                     repr=False)

    _reactions: dict[tuple[int, ReactionKind, int, Hex], Reaction] = field(
        default_factory=dict, compare=False, repr=False)
    _left: dict[tuple[int, str], LeftOut] = field(default_factory=dict, compare=False,
                                                  repr=False)

    def reaction(self, index: int, kind: ReactionKind, h: Hex, step: int) -> Reaction:
        key = (index, kind, step, h)
        found = self._reactions.get(key)
        if found is None:
            found = self._reactions[key] = _reaction(self, index, kind, h, step)
        return found

    def left_out(self, index: int, code: str) -> LeftOut:
        key = (index, code)
        found = self._left.get(key)
        if found is None:
            found = self._left[key] = LeftOut(self.reactors[index].id,
                                              _left_reasons(self, index, code))
        return found

    def sight_from(self, index: int, target: Hex) -> SightResult:
        key = (index, target)
        found = self._why.get(key)
        if found is None:
            reactor = self.reactors[index]
            found = sight(self.mg, reactor.hex, target, self.params, reactor.weapon,
                          reach_m=reactor.reach_m)
            self._why[key] = found
        return found


def _zone(reactor: Reactor, mg: MapGeometry) -> BaseGeometry | None:
    if reactor.overwatch is None or reactor.weapon is None:
        return None
    centre = hex_to_point(mg.layout, reactor.hex)
    zone = reactor.overwatch.zone
    if isinstance(zone, Sector):
        area = sector_polygon(centre, zone)
    elif zone is None:
        return shapely.Point(centre).buffer(reactor.weapon.max_m + 1.0, 16)
    else:
        area = Polygon(zone)
        if not area.is_valid:
            area = area.buffer(0)
    return area


def prepare_reactors(mg: MapGeometry, reactors: tuple[Reactor, ...] | list[Reactor],
                     params: GeometryParams, *, lazy: bool = False) -> PreparedReactors:
    """Everything that depends only on the reactors: hex-distance limits, overwatch areas and
    each able reactor's visibility polygon out to the furthest trigger it can have.

    Pass the mover's enemies (the reactor set of a drag). With `lazy`, a reactor's
    visibility polygon is built at the first step that comes within its reach instead
    (no pause when the drag starts; a step then costs up to a few ms more)."""
    reactors = tuple(reactors)
    step = params.metres_per_hex
    n = len(reactors)
    snap_k = np.full(n, -1, dtype=np.int64)
    reach_k = np.zeros(n, dtype=np.int64)
    watch_k = np.full(n, -1, dtype=np.int64)
    able = np.zeros(n, dtype=bool)
    visibility = np.full(n, None, dtype=object)
    zones = np.full(n, None, dtype=object)
    radius = np.zeros(n)
    for i, reactor in enumerate(reactors):
        reach_k[i] = math.floor(reactor.reach_m / step + 1e-9)
        if reactor.weapon is not None:
            limit = band_limit_m(reactor.weapon, params.snapshot_max_band, params)
            snap_k[i] = math.floor(limit / step + 1e-9) if limit > 0 else -1
        zone = _zone(reactor, mg)
        if zone is not None and reactor.weapon is not None:
            watch_k[i] = math.floor(reactor.weapon.max_m / step + 1e-9)
            shapely.prepare(zone)
            zones[i] = zone
        able[i] = not reactor.cannot_react and reactor.aware
        k = max(snap_k[i], reach_k[i], _zone_k(zone, mg, reactor, watch_k[i], step))
        radius[i] = k * step + mg.layout.size + 0.5
        if able[i] and not lazy:
            visibility[i] = visibility_polygon(mg, reactor.hex, radius[i])
    return PreparedReactors(mg, params, reactors, np.array([x.hex[0] for x in reactors],
                                                           dtype=np.int64),
                            np.array([x.hex[1] for x in reactors], dtype=np.int64),
                            snap_k, reach_k, watch_k, able, visibility, zones, radius)


def _zone_k(zone: BaseGeometry | None, mg: MapGeometry, reactor: Reactor, watch_k: int,
            step: float) -> int:
    if zone is None:
        return -1
    cx, cy = hex_to_point(mg.layout, reactor.hex)
    pts = shapely.get_coordinates(zone)
    far = float(np.hypot(pts[:, 0] - cx, pts[:, 1] - cy).max()) if len(pts) else 0.0
    return min(watch_k, math.ceil(far / step) + 1)


def _facts(prepared: PreparedReactors, candidates: np.ndarray, h: Hex) -> np.ndarray:
    """The facts for every reactor when the mover stands in hex `h` (uint8 flags)."""
    dq = prepared.q - h[0]
    dr = prepared.r - h[1]
    dist = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    snap = dist <= prepared.snap_k
    reach = (dist >= 1) & (dist <= prepared.reach_k)
    watch = dist <= prepared.watch_k
    out = snap.astype(np.uint8) | (reach.astype(np.uint8) << 1)
    watching = np.flatnonzero(watch & candidates)
    mg = prepared.mg
    if len(watching):
        cx, cy = hex_to_point(mg.layout, h)
        inside = shapely.intersects_xy(prepared.zones[watching], cx, cy)
        out[watching[inside]] |= _WATCH
    need = np.flatnonzero(candidates & ((out & _RANGES) > 0))
    if len(need):
        for i in need[prepared.visibility[need] == None].tolist():  # noqa: E711 (lazy)
            prepared.visibility[i] = visibility_polygon(mg, prepared.reactors[i].hex,
                                                        prepared.radius[i])
        pts = target_points(mg.layout, h, prepared.params.corner_shrink)
        try:
            seen = shapely.intersects_xy(prepared.visibility[need][:, None],
                                         pts[None, :, 0], pts[None, :, 1]).any(axis=1)
        except (shapely.errors.GEOSException, TypeError):
            seen = np.array([line_of_sight(mg, prepared.reactors[i].hex, h, prepared.params)
                             for i in need], dtype=bool)
        out[need[seen]] |= _SEEN
    return out


def _candidates(prepared: PreparedReactors, mover: Mover) -> np.ndarray:
    """Enemies of the mover that can react to it at all."""
    return np.array([r.side != mover.side and r.id != mover.id and mover.id not in r.unaware_of
                     for r in prepared.reactors], dtype=bool) & prepared.able


@dataclass(frozen=True, slots=True)
class _Firsts:
    """Per reactor, the first path index where each condition held (-1: not yet)."""

    snap: np.ndarray  # Snapshot: in the Snapshot bands and seen
    watch: np.ndarray  # Overwatch: in the zone, in weapon range and seen
    reach_from_1: np.ndarray  # within reach and seen, from index 1 on
    leave_from_1: np.ndarray  # not (within reach and seen), from index 1 on
    reach_at_0: np.ndarray  # bool: started within reach and seen
    in_range: np.ndarray  # bool: some hex was within a trigger's range
    in_range_seen: np.ndarray  # bool: ... and seen there

    @classmethod
    def empty(cls, n: int) -> _Firsts:
        none = np.full(n, -1, dtype=np.int64)
        no = np.zeros(n, dtype=bool)
        return cls(none, none, none, none, no, no, no)

    def add(self, index: int, row: np.ndarray) -> _Firsts:
        seen = (row & _SEEN) > 0
        ranged = (row & _RANGES) > 0
        reach = seen & ((row & _REACH) > 0)

        def first(current: np.ndarray, now: np.ndarray) -> np.ndarray:
            return np.where((current < 0) & now, index, current)

        later = index >= 1
        return _Firsts(
            snap=first(self.snap, seen & ((row & _SNAP) > 0)),
            watch=first(self.watch, seen & ((row & _WATCH) > 0)),
            reach_from_1=first(self.reach_from_1, reach) if later else self.reach_from_1,
            leave_from_1=first(self.leave_from_1, ~reach) if later else self.leave_from_1,
            reach_at_0=reach if index == 0 else self.reach_at_0,
            in_range=self.in_range | ranged,
            in_range_seen=self.in_range_seen | (ranged & seen),
        )


@dataclass(frozen=True, slots=True)
class PathScan:
    """The facts of a path so far, one row per hex; extend it by one hex per drag step."""

    prepared: PreparedReactors
    mover: Mover
    candidates: np.ndarray
    rows: tuple[np.ndarray, ...]
    firsts: _Firsts

    @classmethod
    def start(cls, prepared: PreparedReactors, mover: Mover) -> PathScan:
        candidates = _candidates(prepared, mover)
        rows = tuple(_facts(prepared, candidates, h) for h in mover.path)
        rows, firsts = _fold(prepared, rows, mover.path)
        return cls(prepared, mover, candidates, rows, firsts)

    def extend(self, h: Hex) -> PathScan:
        """The scan one hex further: one evaluation of the new hex, nothing repeated."""
        row = _verified(self.prepared, self.firsts, len(self.rows), h,
                        _facts(self.prepared, self.candidates, h))
        mover = Mover(self.mover.id, self.mover.side, (*self.mover.path, h),
                      self.mover.disengaging)
        return PathScan(self.prepared, mover, self.candidates, (*self.rows, row),
                        self.firsts.add(len(self.rows), row))

    def truncate(self, length: int) -> PathScan:
        """The scan of the first `length` hexes (the drag went back)."""
        mover = Mover(self.mover.id, self.mover.side, self.mover.path[:length],
                      self.mover.disengaging)
        rows, firsts = _fold(self.prepared, self.rows[:length], mover.path)
        return PathScan(self.prepared, mover, self.candidates, rows, firsts)

    def report(self) -> TriggerReport:
        return _report(self)


def _verified(prepared: PreparedReactors, firsts: _Firsts, index: int, h: Hex,
              row: np.ndarray) -> np.ndarray:
    """Where a trigger would fire for the first time, confirm the sight with the exact ray
    test (the visibility polygon can differ only for rays that graze a corner exactly), so
    a reported reaction always agrees with `sight`."""
    seen = (row & _SEEN) > 0
    new = seen & ((((row & _SNAP) > 0) & (firsts.snap < 0))
                  | (((row & _WATCH) > 0) & (firsts.watch < 0))
                  | (((row & _REACH) > 0) & ((firsts.reach_from_1 < 0) | (index == 0))))
    fresh = np.flatnonzero(new)
    if len(fresh) == 0:
        return row
    row = row.copy()
    for i in fresh.tolist():
        if not prepared.sight_from(i, h).line_of_sight:
            row[i] &= ~_SEEN
    return row


def _fold(prepared: PreparedReactors, rows: tuple[np.ndarray, ...],
          path: tuple[Hex, ...]) -> tuple[tuple[np.ndarray, ...], _Firsts]:
    firsts = _Firsts.empty(len(prepared.reactors))
    checked = []
    for index, (row, h) in enumerate(zip(rows, path, strict=True)):
        row = _verified(prepared, firsts, index, h, row)
        checked.append(row)
        firsts = firsts.add(index, row)
    return tuple(checked), firsts


def triggers_along(prepared: PreparedReactors, mover: Mover) -> TriggerReport:
    return PathScan.start(prepared, mover).report()


_KIND_ORDER = {kind: i for i, kind in enumerate(ReactionKind)}


def _report(scan: PathScan) -> TriggerReport:
    prepared, mover, f = scan.prepared, scan.mover, scan.firsts
    steps = len(scan.rows)
    fired: list[Reaction] = []
    if steps >= 2:  # RULINGS: every map trigger needs the enemy to move
        last = steps - 1
        # Intercept: enters a hex within reach and its path goes on past it.
        intercept = np.where(f.reach_from_1 < last, f.reach_from_1, -1)
        # Attack of Opportunity: started within reach, leaves it without Disengaging.
        opportunity = f.leave_from_1 if not mover.disengaging else np.full_like(f.snap, -1)
        opportunity = np.where(f.reach_at_0, opportunity, -1)
        for kind, first in ((ReactionKind.SNAPSHOT, f.snap), (ReactionKind.OVERWATCH, f.watch),
                            (ReactionKind.INTERCEPT, intercept),
                            (ReactionKind.OPPORTUNITY, opportunity)):
            for i in np.flatnonzero((first >= 0) & scan.candidates).tolist():
                fired.append(prepared.reaction(i, kind, mover.path[int(first[i])],
                                               int(first[i])))
    fired.sort(key=lambda x: (x.step, x.reactor, _KIND_ORDER[x.kind]))
    reacting = {x.reactor for x in fired}
    left = tuple(_left_out(prepared, scan, i, steps) for i, r in enumerate(prepared.reactors)
                 if r.side != mover.side and r.id != mover.id and r.id not in reacting)
    return TriggerReport(tuple(fired), left)


def _left_out(prepared: PreparedReactors, scan: PathScan, index: int, steps: int) -> LeftOut:
    reactor = prepared.reactors[index]
    if reactor.cannot_react or not reactor.aware:
        return prepared.left_out(index, "standing")
    if scan.mover.id in reactor.unaware_of:
        return LeftOut(reactor.id, (f"unaware of {scan.mover.id}",))
    if steps < 2:
        return prepared.left_out(index, "still")
    if scan.firsts.in_range[index] and not scan.firsts.in_range_seen[index]:
        return prepared.left_out(index, "unseen")
    if not scan.firsts.in_range[index]:
        return prepared.left_out(index, "far")
    return prepared.left_out(index, "idle")


def _left_reasons(prepared: PreparedReactors, index: int, code: str) -> tuple[str, ...]:
    reactor = prepared.reactors[index]
    if code == "standing":
        return (*reactor.cannot_react, *(() if reactor.aware else ("unaware",)))
    if code == "still":
        return ("the mover has not moved",)
    if code == "unseen":
        return ("no line of sight to the path where it is within range",)
    if code == "far":
        ranges = [f"reach {reactor.reach_m:g} m"]
        k = int(prepared.snap_k[index])
        if k >= 0:
            ranges.insert(0, f"{prepared.params.snapshot_max_band.value} range "
                             f"{k * prepared.params.metres_per_hex:g} m")
        if prepared.zones[index] is not None:
            ranges.append("the watched zone")
        return ("out of range: the path stays outside " + ", ".join(ranges),)
    return ("no trigger: the mover stays within reach or stops there",)


def _reaction(prepared: PreparedReactors, index: int, kind: ReactionKind, h: Hex,
              step: int) -> Reaction:
    """A reaction and why: distance, band and cover toward the mover at that hex (the cover
    comes from the exact ray test, computed only for reactions that fire)."""
    reactor = prepared.reactors[index]
    s = prepared.sight_from(index, h)
    ranged = kind in (ReactionKind.SNAPSHOT, ReactionKind.OVERWATCH)
    band = s.band if ranged else None
    cover = {"none": "no cover", "no_line_of_sight": "no line of sight"}.get(
        s.cover.value, f"{s.cover.value} cover (+{s.cover_tn})")
    if band is not None:
        weapon = reactor.weapon.name if reactor.weapon and reactor.weapon.name else "weapon"
        why = f"{s.distance_m:g} m, {band.band.value} band (+{band.tn}) for {weapon}, {cover}"
        if kind is ReactionKind.OVERWATCH:
            why = "in the watched zone, " + why
    elif kind is ReactionKind.INTERCEPT:
        why = f"enters reach ({reactor.reach_m:g} m) at {s.distance_m:g} m and goes on, {cover}"
    elif kind is ReactionKind.OPPORTUNITY:
        why = (f"started within reach ({reactor.reach_m:g} m) and leaves it at "
               f"{s.distance_m:g} m without Disengaging")
    else:
        why = f"{s.distance_m:g} m, {cover}"
    return Reaction(reactor.id, kind, step, h, s.distance_m, band.band if band else None,
                    band.tn if band else 0, s.cover, s.cover_tn, why)
