"""Per-step facts of a mover's path toward every potential reactor — no rule names here
(the reaction kinds are ruleset data: tactical.rules.reactions reads these facts).

Prepare once per (map, reactor set) — enemies do not move while one token is dragged — then
extend per hex step:

    prepared = prepare_reactors(mg, reactors, params, band_limit=Band.SHORT)
    scan = PathScan.start(prepared, Mover("kicker", "runners", (start,)))
    scan = scan.extend(next_hex)                             # one step: cheap
    facts = scan.facts()                                     # first indices per reactor

A step costs a handful of numpy operations over the reactors and one vectorised
point-in-polygon test (shapely.intersects_xy) against the prepared visibility polygons; no
geometry is built on the step path. What a reactor sees where a reaction fires (distance,
band, cover) is computed lazily, only for those hexes, and memoised.

Step indexes: index 0 is the start hex, index n the n-th hex entered.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NewType

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from tactical.core.types import Hex
from tactical.data.maps import Point
from tactical.geometry.bands import WeaponRange, band_limit_m
from tactical.geometry.layout import hex_to_point, target_points
from tactical.geometry.mapgeom import MapGeometry
from tactical.geometry.params import Band, GeometryParams
from tactical.geometry.sight import SightResult, line_of_sight, sight
from tactical.geometry.visibility import Sector, sector_polygon, visibility_polygon

__all__ = ["Mover", "Overwatch", "PathFacts", "PathScan", "PreparedReactors", "Reactor",
           "StepDetail", "TokenId", "prepare_reactors"]

TokenId = NewType("TokenId", str)


@dataclass(frozen=True, slots=True)
class Overwatch:
    """A watched zone declared this round (a sector, or a polygon in metres); None watches
    everything in sight and weapon range."""

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
    disengaging: bool = False
    name: str = ""  # for the reasons a reactor gives ("has not detected Ann"); else the id


@dataclass(frozen=True, slots=True)
class StepDetail:
    """What a reactor sees of the mover in one hex (the exact ray test)."""

    distance_m: float
    band: str | None  # the band of its ranged weapon there
    band_tn: int
    cover: str
    cover_tn: int
    weapon: str  # the ranged weapon's name, "" without one
    reach_m: float


# Facts about one reactor while the mover stands in one hex, as bits of a uint8.
_BAND = np.uint8(1)  # within the band limit of its ranged weapon
_REACH = np.uint8(2)  # within melee reach
_WATCH = np.uint8(4)  # inside the watched zone and weapon range
_SEEN = np.uint8(8)  # line of sight (RULINGS rays against the visibility polygon)
_RANGES = np.uint8(7)


@dataclass(frozen=True, slots=True)
class PreparedReactors:
    mg: MapGeometry
    params: GeometryParams
    reactors: tuple[Reactor, ...]
    band_limit: Band | None  # the band the `first_in_band` fact is about
    q: np.ndarray
    r: np.ndarray
    band_k: np.ndarray  # hex-distance limit of the band limit, -1 without a ranged weapon
    reach_k: np.ndarray
    watch_k: np.ndarray  # -1 when not watching a zone
    able: np.ndarray  # no standing reason against reacting
    visibility: np.ndarray  # prepared polygon per reactor (None when not able)
    zones: np.ndarray  # prepared watched area per reactor (None when not watching)
    radius: np.ndarray  # metres the visibility polygon must reach
    ids: tuple[str, ...] = ()
    _why: dict[tuple[int, Hex], SightResult] = field(default_factory=dict, compare=False,
                                                     repr=False)
    _left: dict[tuple[int, str], tuple[str, ...]] = field(default_factory=dict, compare=False,
                                                          repr=False)
    memo: dict[object, object] = field(default_factory=dict, compare=False, repr=False)

    def left_reasons(self, index: int, code: str) -> tuple[str, ...]:
        key = (index, code)
        found = self._left.get(key)
        if found is None:
            found = self._left[key] = _left_reasons(self, index, code)
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

    def detail(self, index: int, target: Hex) -> StepDetail:
        s = self.sight_from(index, target)
        reactor = self.reactors[index]
        return StepDetail(s.distance_m, s.band.band.value if s.band else None,
                          s.band.tn if s.band else 0, s.cover.value, s.cover_tn,
                          reactor.weapon.name if reactor.weapon else "", reactor.reach_m)


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
                     params: GeometryParams, *, band_limit: Band | str | None = None,
                     lazy: bool = False) -> PreparedReactors:
    """Everything that depends only on the reactors: hex-distance limits, watched areas and
    each able reactor's visibility polygon out to the furthest fact it can have.

    `band_limit`: the furthest range band the `first_in_band` fact counts (the ruleset's
    reaction kinds say which; None: no such fact). Pass the mover's enemies (the reactor set
    of a drag). With `lazy`, a reactor's visibility polygon is built at the first step that
    comes within its reach instead (no pause when the drag starts; a step then costs up to a
    few ms more)."""
    reactors = tuple(reactors)
    limit_band = Band(band_limit) if band_limit is not None else None
    step = params.metres_per_hex
    n = len(reactors)
    band_k = np.full(n, -1, dtype=np.int64)
    reach_k = np.zeros(n, dtype=np.int64)
    watch_k = np.full(n, -1, dtype=np.int64)
    able = np.zeros(n, dtype=bool)
    visibility = np.full(n, None, dtype=object)
    zones = np.full(n, None, dtype=object)
    radius = np.zeros(n)
    for i, reactor in enumerate(reactors):
        reach_k[i] = math.floor(reactor.reach_m / step + 1e-9)
        if reactor.weapon is not None and limit_band is not None:
            limit = band_limit_m(reactor.weapon, limit_band, params)
            band_k[i] = math.floor(limit / step + 1e-9) if limit > 0 else -1
        zone = _zone(reactor, mg)
        if zone is not None and reactor.weapon is not None:
            watch_k[i] = math.floor(reactor.weapon.max_m / step + 1e-9)
            shapely.prepare(zone)
            zones[i] = zone
        able[i] = not reactor.cannot_react and reactor.aware
        k = max(band_k[i], reach_k[i], _zone_k(zone, mg, reactor, watch_k[i], step))
        radius[i] = k * step + mg.layout.size + 0.5
        if able[i] and not lazy:
            visibility[i] = visibility_polygon(mg, reactor.hex, radius[i])
    return PreparedReactors(mg, params, reactors, limit_band,
                            np.array([x.hex[0] for x in reactors], dtype=np.int64),
                            np.array([x.hex[1] for x in reactors], dtype=np.int64),
                            band_k, reach_k, watch_k, able, visibility, zones, radius,
                            tuple(x.id for x in reactors))


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
    band = dist <= prepared.band_k
    reach = (dist >= 1) & (dist <= prepared.reach_k)
    watch = dist <= prepared.watch_k
    out = band.astype(np.uint8) | (reach.astype(np.uint8) << 1)
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
    flags: np.ndarray = out
    return flags


def _enemies(prepared: PreparedReactors, mover: Mover) -> np.ndarray:
    enemies: np.ndarray = np.array(
        [r.side != mover.side and r.id != mover.id for r in prepared.reactors], dtype=bool)
    return enemies


def _candidates(prepared: PreparedReactors, mover: Mover, enemies: np.ndarray) -> np.ndarray:
    """Enemies of the mover that can react to it at all."""
    aware = np.array([mover.id not in r.unaware_of for r in prepared.reactors], dtype=bool)
    able: np.ndarray = enemies & aware & prepared.able
    return able


@dataclass(frozen=True, slots=True)
class _Firsts:
    """Per reactor, the first path index where each fact held (-1: not yet)."""

    band: np.ndarray  # within the band limit and seen
    zone: np.ndarray  # in the watched zone, in weapon range and seen
    reach_from_1: np.ndarray  # within reach and seen, from index 1 on
    leave_from_1: np.ndarray  # not (within reach and seen), from index 1 on
    reach_at_0: np.ndarray  # bool: started within reach and seen
    in_range: np.ndarray  # bool: some hex was within a band, reach or zone
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
            band=first(self.band, seen & ((row & _BAND) > 0)),
            zone=first(self.zone, seen & ((row & _WATCH) > 0)),
            reach_from_1=first(self.reach_from_1, reach) if later else self.reach_from_1,
            leave_from_1=first(self.leave_from_1, ~reach) if later else self.leave_from_1,
            reach_at_0=reach if index == 0 else self.reach_at_0,
            in_range=self.in_range | ranged,
            in_range_seen=self.in_range_seen | (ranged & seen),
        )


@dataclass(frozen=True, slots=True)
class PathFacts:
    """The facts of one path for every reactor, as plain fields (what
    tactical.rules.reactions.PathFacts reads): per reactor the first index where each fact
    held, −1 for never."""

    reactor_ids: tuple[str, ...]
    path: tuple[Hex, ...]
    last: int  # index of the last hex
    mover: str
    disengaging: bool
    candidates: np.ndarray  # enemies able to react to the mover at all
    enemies: np.ndarray
    first_in_band: np.ndarray  # seen within the band limit of its ranged weapon
    first_in_zone: np.ndarray  # seen in its watched zone, within weapon range
    first_in_reach: np.ndarray  # seen within melee reach, from index 1 on
    first_out_of_reach: np.ndarray  # not seen within reach, from index 1 on
    started_in_reach: np.ndarray  # seen within reach at index 0
    in_range: np.ndarray  # some hex was within its band limit, reach or zone
    in_range_seen: np.ndarray  # ... and seen there
    memo: dict[object, object]  # a cache living as long as the prepared reactors
    scan: PathScan

    def detail(self, index: int, step: int) -> StepDetail:
        return self.scan.prepared.detail(index, self.path[step])

    def left_reasons(self, index: int) -> tuple[str, ...]:
        return _left_out(self.scan, index)


@dataclass(frozen=True, slots=True)
class PathScan:
    """The facts of a path so far, one row per hex; extend it by one hex per drag step.

    `history[i]` is the fold of the first i + 1 rows, so cutting the path back (the drag
    went back, or a new shortest path leaves the old one half-way) costs no rescan of the
    part kept; `rows_at` holds each hex's unverified facts for this mover and reactor set,
    shared by every scan started from the same prepared reactors (a path that comes back
    over a hex, and the safest path's exposure, look it up instead of asking the
    geometry again; issue 26)."""

    prepared: PreparedReactors
    mover: Mover
    enemies: np.ndarray
    candidates: np.ndarray
    rows: tuple[np.ndarray, ...]
    firsts: _Firsts
    history: tuple[_Firsts, ...] = ()
    rows_at: dict[Hex, np.ndarray] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def start(cls, prepared: PreparedReactors, mover: Mover) -> PathScan:
        enemies = _enemies(prepared, mover)
        candidates = _candidates(prepared, mover, enemies)
        rows_at = _rows_at(prepared, mover)
        rows = tuple(_row(prepared, candidates, rows_at, h) for h in mover.path)
        rows, history = _fold(prepared, rows, mover.path)
        return cls(prepared, mover, enemies, candidates, rows,
                   history[-1] if history else _Firsts.empty(len(prepared.reactors)),
                   history, rows_at)

    def extend(self, h: Hex) -> PathScan:
        """The scan one hex further: one evaluation of the new hex, nothing repeated."""
        row = _verified(self.prepared, self.firsts, len(self.rows), h,
                        _row(self.prepared, self.candidates, self.rows_at, h))
        mover = Mover(self.mover.id, self.mover.side, (*self.mover.path, h),
                      self.mover.disengaging, self.mover.name)
        firsts = self.firsts.add(len(self.rows), row)
        return PathScan(self.prepared, mover, self.enemies, self.candidates,
                        (*self.rows, row), firsts, (*self.history, firsts), self.rows_at)

    def truncate(self, length: int) -> PathScan:
        """The scan of the first `length` hexes (the drag went back): the part kept is
        not scanned again (each row was verified against the firsts before it only)."""
        length = max(0, min(length, len(self.rows)))
        mover = Mover(self.mover.id, self.mover.side, self.mover.path[:length],
                      self.mover.disengaging, self.mover.name)
        firsts = self.history[length - 1] if length else _Firsts.empty(
            len(self.prepared.reactors))
        return PathScan(self.prepared, mover, self.enemies, self.candidates,
                        self.rows[:length], firsts, self.history[:length], self.rows_at)

    def exposure(self, h: Hex, skip: frozenset[str] = frozenset()) -> int:
        """How many of the mover's enemies able to react would see it in hex `h` within a
        band limit, a watched zone or reach — what a step into `h` exposes it to (the
        safest path's cost, issue 26; the same flags a scan step computes)."""
        row = _row(self.prepared, self.candidates, self.rows_at, h)
        hit = self.candidates & ((row & _SEEN) > 0) & ((row & _RANGES) > 0)
        if skip:
            hit &= np.array([i not in skip for i in self.prepared.ids], dtype=bool)
        return int(hit.sum())

    def facts(self) -> PathFacts:
        f, mover = self.firsts, self.mover
        return PathFacts(self.prepared.ids, mover.path, len(self.rows) - 1, mover.id,
                         mover.disengaging, self.candidates, self.enemies, f.band, f.zone,
                         f.reach_from_1, f.leave_from_1, f.reach_at_0, f.in_range,
                         f.in_range_seen, self.prepared.memo, self)


ROWS_KEPT = 20_000  # hexes whose facts are kept per mover and reactor set (a few MB at 400)


def _rows_at(prepared: PreparedReactors, mover: Mover) -> dict[Hex, np.ndarray]:
    """The per-hex facts of `mover` against `prepared`, kept in the reactor set's memo:
    they depend on the mover only through who its enemies are (its id and side)."""
    key = ("facts per hex", mover.id, mover.side)
    found = prepared.memo.get(key)
    if not isinstance(found, dict):
        found = prepared.memo[key] = {}
    return found


def _row(prepared: PreparedReactors, candidates: np.ndarray, rows_at: dict[Hex, np.ndarray],
         h: Hex) -> np.ndarray:
    """`_facts` of hex `h`, looked up when known (never changed in place: `_verified`
    copies before it clears a bit)."""
    row = rows_at.get(h)
    if row is None:
        if len(rows_at) >= ROWS_KEPT:
            rows_at.clear()
        row = rows_at[h] = _facts(prepared, candidates, h)
    return row


def _verified(prepared: PreparedReactors, firsts: _Firsts, index: int, h: Hex,
              row: np.ndarray) -> np.ndarray:
    """Where a fact would hold for the first time, confirm the sight with the exact ray
    test (the visibility polygon can differ only for rays that graze a corner exactly), so
    a first index always agrees with `sight`."""
    seen = (row & _SEEN) > 0
    new = seen & ((((row & _BAND) > 0) & (firsts.band < 0))
                  | (((row & _WATCH) > 0) & (firsts.zone < 0))
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
          path: tuple[Hex, ...]) -> tuple[tuple[np.ndarray, ...], tuple[_Firsts, ...]]:
    """The verified rows and the firsts after each of them."""
    firsts = _Firsts.empty(len(prepared.reactors))
    checked = []
    history = []
    for index, (row, h) in enumerate(zip(rows, path, strict=True)):
        row = _verified(prepared, firsts, index, h, row)
        checked.append(row)
        firsts = firsts.add(index, row)
        history.append(firsts)
    return tuple(checked), tuple(history)


def _left_out(scan: PathScan, index: int) -> tuple[str, ...]:
    """Why an enemy that no reaction kind picked is left out (the facts, in words)."""
    prepared = scan.prepared
    reactor = prepared.reactors[index]
    if reactor.cannot_react or not reactor.aware:
        return prepared.left_reasons(index, "standing")
    if scan.mover.id in reactor.unaware_of:  # Ch.6 l.46: it cannot react to it
        return (f"has not detected {scan.mover.name or scan.mover.id}",)
    if len(scan.rows) < 2:
        return prepared.left_reasons(index, "still")
    if scan.firsts.in_range[index] and not scan.firsts.in_range_seen[index]:
        return prepared.left_reasons(index, "unseen")
    if not scan.firsts.in_range[index]:
        return prepared.left_reasons(index, "far")
    return prepared.left_reasons(index, "idle")


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
        k = int(prepared.band_k[index])
        if k >= 0 and prepared.band_limit is not None:
            ranges.insert(0, f"{prepared.band_limit.value} range "
                             f"{k * prepared.params.metres_per_hex:g} m")
        if prepared.zones[index] is not None:
            ranges.append("the watched zone")
        return ("out of range: the path stays outside " + ", ".join(ranges),)
    return ("no trigger: the mover stays within reach or stops there",)
