"""The map oracle the engine uses in play: the geometry layer asked about the encounter's
current state (RULINGS "Reactions and their triggers on the map", "Cover from the map").

Reactions: the geometry computes neutral path facts and the state's ruleset judges them with
its reaction kinds (`Ruleset.reaction_kinds`). The oracle keeps ONE prepared reactor set
(keyed by the reactors' values, so a state that differs only in the mover's spent actions
reuses it) and the latest few path scans, so a drag's preview (encounter.movepreview) extends
the scan one hex per step and the Move committed on release finds the same scan: no second
preparation, no second scan. A drag whose shortest (or safest) path changes half-way asks
about two or three paths a step (issue 26); each goes on from the kept scan sharing the
longest start with it. `preparations` and `scans` count both, for tests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import shapely

from tactical.core.types import Hex
from tactical.data.character import sheet_reach_m
from tactical.data.library import LoadedMap
from tactical.encounter.context import SightInfo, played_ruleset
from tactical.encounter.handlers.terrain import current_cover, map_covers, terrain_key
from tactical.encounter.model import AddedCover, Combatant, Condition, EncounterState, Phase
from tactical.encounter.queries.limits import reaction_block
from tactical.geometry.bands import weapon_range
from tactical.geometry.blocked import LazySteps
from tactical.geometry.hexgrid import hex_distance
from tactical.geometry.mapgeom import MapGeometry, build_map_geometry
from tactical.geometry.params import Band, GeometryParams
from tactical.geometry.pathfacts import (
    Mover,
    Overwatch,
    PathScan,
    PreparedReactors,
    Reactor,
    prepare_reactors,
)
from tactical.geometry.peek import beside_high_cover, best_peek, peek_hexes
from tactical.geometry.sight import CoverLevel, SightResult, sight
from tactical.rules import registry
from tactical.rules.api import Ruleset
from tactical.rules.basenumbers import BaseNumbers
from tactical.rules.reactions import (
    ReactionOffer,
    ReactionReport,
    ReactionSpec,
    band_limit,
    offers_along,
)

# a terrain: the map's covers removed and the covers added (encounter/terrain.terrain_key)
Terrain = tuple[frozenset[str], tuple[AddedCover, ...]]

SIGHTS_KEPT = 4096  # attacker-target sights kept for the walls as they stand
PASSABLE_KEPT = 65_536  # hexes whose passability is kept for the walls as they stand
PASSABLE_BLOCK = 8  # hexes a side of the block one passability query answers
SCANS_KEPT = 6  # path scans kept (the drawn path, the shortest and the safest of a step)


class GeometryOracle:
    def __init__(self, loaded: LoadedMap, rules: BaseNumbers | None = None,
                 numbers: Mapping[str, Any] | None = None) -> None:
        """`rules`, `numbers`: the context's (Context.build); None: the bundled ones."""
        self.loaded = loaded
        self.rules = rules or registry.base_numbers()
        self.numbers = dict(numbers or {})  # the other rulesets' numbers, by id
        self.params = GeometryParams.from_ruleset(self.rules)
        self.geometry: MapGeometry = build_map_geometry(loaded.map, self.rules.metres_per_hex)
        self._prepared: tuple[tuple[object, ...], PreparedReactors] | None = None
        self._scans: list[PathScan] = []  # the latest first
        self._passable: tuple[MapGeometry | None, dict[Hex, str | None]] = (None, {})
        self._reactors: tuple[EncounterState, tuple[Reactor, ...]] | None = None
        self._enemies: tuple[tuple[Reactor, ...], str, tuple[Reactor, ...]] | None = None
        self._round_one: tuple[EncounterState, EncounterState] | None = None
        self._sights: tuple[MapGeometry | None, dict[tuple[Hex, Hex, bool], SightInfo]] = (
            None, {})
        self._kinds: dict[str, tuple[tuple[ReactionSpec, ...], str | None]] = {}
        self.preparations = 0  # reactor sets prepared (one per drag, reused by its Move)
        self._rulesets: dict[str, Ruleset] = {}
        self.scans = 0  # path scans started from scratch (not extended or cut)
        # issue 15: the geometry follows the state's terrain (doors opened, walls blown);
        # kept per terrain, so undo and redo switch back without a rebuild.
        self._terrain: Terrain = (frozenset(), ())
        self._geometries: dict[Terrain, MapGeometry] = {
            self._terrain: self.geometry}
        # the steps high cover blocks, per terrain like the geometry, worked out a chunk
        # at a time when first asked about (issue 13: opening a big map computes none; a
        # drag's press warms the chunks round the token, `warm_steps`)
        self._steps: dict[Terrain, LazySteps] = {
            self._terrain: LazySteps(self.geometry, loaded.map.grid)}
        self._base = (self.geometry, self._steps[self._terrain])  # the map as drawn
        self._doors = frozenset(key for key, c in map_covers(loaded.map).items() if c.door)

    # --- what the engine asks

    def sync(self, state: EncounterState) -> MapGeometry:
        """The geometry of the map as it stands in `state` (issue 15: mid-fight terrain),
        made current: every question after this one sees the same cover."""
        key = terrain_key(state)
        if key != self._terrain:
            found = self._geometries.get(key)
            if found is None:
                if len(self._geometries) > 16:  # a long fight's doors: keep a few
                    oldest = next(iter(self._geometries))
                    self._geometries.pop(oldest)
                    self._steps.pop(oldest, None)
                moved = self.loaded.map.model_copy(
                    update={"cover": current_cover(self.loaded.map, state)})
                found = self._geometries[key] = build_map_geometry(moved,
                                                                   self.rules.metres_per_hex)
                self._steps[key] = self._steps_for(found, key)
            self.geometry, self._terrain = found, key
            self._prepared = None  # prepared against the old walls
            self._scans = []
        return self.geometry

    def passable(self, hex_: Hex) -> str | None:
        """Why no token may stand in `hex_` (off the map, inside cover), or None; kept per
        walls, and worked out a block of hexes at a time in one vectorised query (a drag's
        shortest path asks about the hexes round a wall it meets, a few hundred at once:
        one query each was most of such a step, issue 26)."""
        if self._passable[0] is not self.geometry or len(self._passable[1]) >= PASSABLE_KEPT:
            self._passable = (self.geometry, {})
        known = self._passable[1]
        if hex_ not in known:
            self._passable_block(hex_, known)
        return known[hex_]

    def _passable_block(self, hex_: Hex, known: dict[Hex, str | None]) -> None:
        q0, r0 = hex_[0] - hex_[0] % PASSABLE_BLOCK, hex_[1] - hex_[1] % PASSABLE_BLOCK
        grid, geometry = self.loaded.map.grid, self.geometry
        on: list[Hex] = []
        for h in ((q, r) for q in range(q0, q0 + PASSABLE_BLOCK)
                  for r in range(r0, r0 + PASSABLE_BLOCK)):
            if grid.contains(h):
                on.append(h)
            else:
                known[h] = "off the map"
        if not on:
            return
        centres = shapely.points([geometry.centre(h) for h in on])
        inside = set(geometry.tree.query(centres, predicate="intersects")[0].tolist())
        for i, h in enumerate(on):
            if i not in inside:
                known[h] = None
                continue
            # inside cover (few hexes): named by the cover the single query finds first
            x, y = geometry.centre(h)
            hit = geometry.tree.query(shapely.Point(x, y), predicate="intersects")
            known[h] = f"inside {geometry.cover_labels[int(hit[0])] or 'cover'}"

    def _steps_for(self, geometry: MapGeometry, terrain: Terrain) -> LazySteps:
        """The blocked steps of `terrain` from those of the terrain current until now (the
        map's as drawn if those were dropped): the chunks worked out so far, kept except
        near the covers removed or added between the two (those are worked out again when
        asked about: a door opened costs next to nothing)."""
        base_geometry, since = self._base
        then: Terrain = (frozenset(), ())
        if self._terrain in self._steps:
            since, then = self._steps[self._terrain], self._terrain
        (removed, added), (removed_now, added_now) = then, terrain
        where = {key: i for i, key in enumerate(base_geometry.cover_ids)}
        changed = [tuple(shapely.bounds(base_geometry.geoms[where[key]]).tolist())
                   for key in removed ^ removed_now if key in where]
        changed += [(min(x for x, _ in a.polygon), min(y for _, y in a.polygon),
                     max(x for x, _ in a.polygon), max(y for _, y in a.polygon))
                    for a in set(added) ^ set(added_now)]
        return since.updated(geometry, changed)

    def step_blocked(self, state: EncounterState, a: Hex, b: Hex) -> str | None:
        """Why high cover blocks the step from hex `a` to its neighbour `b`, or None
        (docs/formats.md "Walls block steps"; a dict lookup once the terrain is known)."""
        self.sync(state)
        index = self._steps_now().blocker(a, b)
        if index is None:
            return None
        key, label = self.geometry.cover_ids[index], self.geometry.cover_labels[index]
        name = key if not label or label == key else f"{label} ({key})"
        if key in self._doors:
            return f"{name} is closed and in the way from {list(a)}"
        return f"{name} is in the way from {list(a)}"

    def warm_steps(self, state: EncounterState, hex_: Hex, radius: int) -> int:
        """Work out the blocked steps within `radius` hexes of `hex_` now (a drag's press),
        so that no drag step pays for a chunk. Returns the chunks computed."""
        self.sync(state)
        return self._steps_now().warm(hex_, radius)

    @property
    def step_chunks(self) -> int:
        """Chunks of blocked steps worked out so far, in every terrain (tests: none at
        map open, none during a drag once its press warmed them)."""
        return sum(steps.computed for steps in self._steps.values())

    def _steps_now(self) -> LazySteps:
        steps = self._steps.get(self._terrain)
        if steps is None:
            steps = self._steps[self._terrain] = LazySteps(self.geometry,
                                                           self.loaded.map.grid)
        return steps

    def triggers(self, state: EncounterState, mover: str, start: Hex, path: Sequence[Hex],
                 skip: frozenset[str], started_in_reach_of: frozenset[str]
                 ) -> list[ReactionOffer]:
        return list(self.report(state, mover, start, path, skip).reactions)

    def report(self, state: EncounterState, mover: str, start: Hex, path: Sequence[Hex],
               skip: frozenset[str] = frozenset()) -> ReactionReport:
        """The reactions `path` (the hexes entered from `start`) offers under the state's
        ruleset, reactors in `skip` left out, and every enemy that cannot react, and why."""
        self.sync(state)
        kinds, band = self._kinds_of(state.ruleset)
        if not kinds:
            return ReactionReport((), ())  # e.g. Shadowrun: the map offers no reactions
        c = state.combatants[mover]
        hexes = tuple((int(h[0]), int(h[1])) for h in (start, *path))
        scan = self.scan(state, Mover(c.id, c.side, hexes,
                                      disengaging=Condition.DISENGAGED in c.conditions,
                                      name=c.name), band)
        return offers_along(kinds, scan.facts(), skip)

    def reaction_kinds(self, state: EncounterState) -> tuple[ReactionSpec, ...]:
        return self._kinds_of(state.ruleset)[0]

    def _kinds_of(self, ruleset_id: str) -> tuple[tuple[ReactionSpec, ...], str | None]:
        """A ruleset's reaction kinds and the band limit they ask about (kept per id)."""
        found = self._kinds.get(ruleset_id)
        if found is None:
            kinds = self.ruleset_of(ruleset_id).reaction_kinds
            found = self._kinds[ruleset_id] = (kinds, band_limit(kinds, Band))
        return found

    def ruleset_of(self, ruleset_id: str) -> Ruleset:
        """The ruleset playing with the oracle's numbers (a house file's reaction kinds and
        reaction limits), built once per id."""
        found = self._rulesets.get(ruleset_id)
        if found is None:
            found = played_ruleset(ruleset_id, self.rules, self.numbers)
            self._rulesets[ruleset_id] = found
        return found

    def scan(self, state: EncounterState, mover: Mover, band: str | None) -> PathScan:
        """The facts of `mover.path`, from the kept scan sharing the longest start with it
        (a drag step extends or cuts it; the committed Move finds it whole)."""
        prepared = self.prepared(state, mover.side, band)
        best, common = None, 0
        for kept in self._scans:
            if kept.prepared is not prepared or kept.mover.id != mover.id \
                    or kept.mover.disengaging != mover.disengaging:
                continue
            shared = _shared(kept.mover.path, mover.path)
            if shared > common:
                best, common = kept, shared
        if best is None:
            self.scans += 1
            scan = PathScan.start(prepared, Mover(mover.id, mover.side, mover.path[:1],
                                                  mover.disengaging, mover.name))
            common = 1
        else:
            scan = best if common == len(best.mover.path) else best.truncate(common)
        for h in mover.path[common:]:
            scan = scan.extend(h)
        if scan is not best:
            self._scans = [scan, *(s for s in self._scans if s is not best)][:SCANS_KEPT]
        elif self._scans[0] is not best:
            self._scans = [best, *(s for s in self._scans if s is not best)]
        return scan

    def sight(self, state: EncounterState, attacker: str, target: str) -> SightInfo:
        """Kept per walls, hexes and a prone target (all it depends on): an attack's preview,
        its dry run and its roll ask the same question (issue 22: once, not twice)."""
        a, t = state.get(attacker), state.get(target)
        geometry = self.sync(state)
        if self._sights[0] is not geometry or len(self._sights[1]) >= SIGHTS_KEPT:
            self._sights = (geometry, {})
        key = (a.hex, t.hex, t.has(Condition.PRONE))
        found = self._sights[1].get(key)
        if found is None:
            found = self._sights[1][key] = _info(sight(geometry, a.hex, t.hex, self.params,
                                                       target_prone=key[2]))
        return found

    def peek_sight(self, state: EncounterState, attacker: str,
                   target: str) -> tuple[SightInfo, Hex | None]:
        """Ch.6 Fire Around Cover (l.204): the sight from the best free hex next to the
        attacker's, round the high cover it stands behind, and that hex (None, with the
        reason as `why`, when there is none)."""
        mg = self.sync(state)
        a, t = state.get(attacker), state.get(target)
        grid = self.loaded.map.grid
        hexes = peek_hexes(mg, a.hex, lambda h: grid.contains(h) and state.occupant(h) is None)
        best = best_peek(mg, hexes, t.hex, self.params, target_prone=t.has(Condition.PRONE))
        if best is not None:
            return _info(best), best.from_hex
        metres = hex_distance(a.hex, t.hex) * self.rules.metres_per_hex
        why = (f"{a.name} stands next to no high cover to fire around" if not
               beside_high_cover(mg, a.hex) else
               f"no free hex next to {a.name} sees {t.name} around its cover")
        return SightInfo(False, "none", None, metres, f"{why} (Fire Around Cover, l.204)"), None

    def in_reach_of(self, state: EncounterState, combatant: str) -> frozenset[str]:
        c = state.get(combatant)
        return frozenset(r.id for r in self.reactors(state)
                         if r.side != c.side and r.cannot_react == ()
                         and c.id not in r.unaware_of  # Ch.6 l.46: it has not detected c
                         and hex_distance(r.hex, c.hex) * self.rules.metres_per_hex
                         <= r.reach_m + 1e-9)

    # --- the geometry's view of the state

    def reactors(self, state: EncounterState) -> tuple[Reactor, ...]:
        # Kept for the last state asked about: a drag asks once per step about one state.
        cached = self._reactors
        if cached is None or cached[0] is not state:
            cached = self._reactors = (state, tuple(self.reactor(state, c) for c in state))
        return cached[1]

    def round_one(self, state: EncounterState) -> EncounterState:
        """Before combat nobody has Reactions counted yet: the state as if round 1 had
        started (the same object for the same state, so a drag's steps share it)."""
        if state.phase is not Phase.SETUP:
            return state
        cached = self._round_one
        if cached is None or cached[0] is not state:
            n = self.rules.initiative.reactions_per_round
            cached = self._round_one = (state, replace(state, combatants={
                c.id: replace(c, reactions=n) for c in state}))
        return cached[1]

    def reactor(self, state: EncounterState, c: Combatant) -> Reactor:
        library = self.loaded.library
        sheet = library.characters[c.character]
        weapon = library.weapons.get(c.weapon) if c.weapon else None
        melee = [library.weapons[w] for w in sheet.weapons if library.weapons[w].kind == "melee"]
        ruleset = self.ruleset_of(state.ruleset)
        ruled = ruleset.melee_reach_m(sheet, melee)  # Shadowrun: RULINGS "Reach"
        reach = ruled if ruled is not None else max(
            [sheet_reach_m(sheet, self.rules.default_reach_m), *(w.reach_m for w in melee)])
        block = reaction_block(c, ruleset, state.initiative_pass)
        overwatch = Overwatch(c.overwatch_zone) if c.has(Condition.OVERWATCH) else None
        return Reactor(id=c.id, side=c.side, hex=c.hex, reach_m=reach,
                       weapon=weapon_range(weapon, self.params) if weapon else None,
                       overwatch=overwatch, cannot_react=(block,) if block else (),
                       aware=True, unaware_of=c.undetected)  # Ch.6 l.46

    def prepared(self, state: EncounterState, mover_side: str,
                 band: str | None = None) -> PreparedReactors:
        """The mover's enemies, prepared once per reactor set (lazily: each reactor's sight
        is built when a path first comes near it)."""
        self.sync(state)
        reactors = self.reactors(state)
        known = self._enemies
        if known is None or known[0] is not reactors or known[1] != mover_side:
            # a drag step asks two or three times a step: one walk over 400 tokens, not three
            known = self._enemies = (reactors, mover_side, tuple(
                r for r in reactors if r.side != mover_side))
        enemies = known[2]
        key = (mover_side, band, enemies)
        cached = self._prepared
        if cached is None or cached[0] != key:  # equal values: the same reactor set
            self.preparations += 1
            cached = (key, prepare_reactors(self.geometry, enemies, self.params,
                                            band_limit=band, lazy=True))
            self._scans = []
        # Keep the newest equal key: the next step's reactors are these very objects, so
        # comparing them is by identity.
        self._prepared = (key, cached[1])
        return cached[1]


def _shared(a: Sequence[Hex], b: Sequence[Hex]) -> int:
    """How many hexes two paths share from their start."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _info(result: SightResult) -> SightInfo:
    """The geometry's sight as the engine reads it."""
    seen = result.line_of_sight
    cover = result.cover.value if seen and result.cover is not CoverLevel.NO_LINE_OF_SIGHT \
        else "none"
    strongest = result.strongest
    why = "" if seen else f"high cover blocks every ray ({result.rays} rays)"
    return SightInfo(seen, cover, strongest.cover_class.value if strongest else None,
                     result.distance_m, why)
