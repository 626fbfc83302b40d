"""The map oracle the engine uses in play: the geometry layer asked about the encounter's
current state (RULINGS "Reactions and their triggers on the map", "Cover from the map")."""

from __future__ import annotations

from collections.abc import Sequence

import shapely

from tactical.data.library import LoadedMap
from tactical.data.ruleset import Chapter6Ruleset, sheet_reach_m
from tactical.encounter.context import SightInfo, TriggerOffer
from tactical.encounter.limits import reaction_block
from tactical.encounter.model import Combatant, Condition, EncounterState, Hex
from tactical.geometry.bands import weapon_range
from tactical.geometry.hexgrid import hex_distance
from tactical.geometry.mapgeom import MapGeometry, build_map_geometry
from tactical.geometry.params import GeometryParams
from tactical.geometry.sight import CoverLevel, sight
from tactical.geometry.triggers import (
    Mover,
    Overwatch,
    PreparedReactors,
    Reactor,
    prepare_reactors,
    triggers_along,
)
from tactical.rules.chapter6.constants import chapter6_ruleset


class GeometryOracle:
    def __init__(self, loaded: LoadedMap, rules: Chapter6Ruleset | None = None) -> None:
        self.loaded = loaded
        self.rules = rules or chapter6_ruleset()
        self.params = GeometryParams.from_ruleset(self.rules)
        self.geometry: MapGeometry = build_map_geometry(loaded.map, self.rules.metres_per_hex)
        self._prepared: tuple[EncounterState, str, PreparedReactors] | None = None

    # --- what the engine asks

    def passable(self, hex_: Hex) -> str | None:
        if not self.loaded.map.grid.contains(hex_):
            return "off the map"
        x, y = self.geometry.centre(hex_)
        inside = self.geometry.tree.query(shapely.Point(x, y), predicate="intersects")
        if len(inside):
            return f"inside {self.geometry.cover_labels[int(inside[0])] or 'cover'}"
        return None

    def triggers(self, state: EncounterState, mover: str, start: Hex, path: Sequence[Hex],
                 skip: frozenset[str], started_in_reach_of: frozenset[str]
                 ) -> list[TriggerOffer]:
        c = state.get(mover)
        if c.sr_monitor is not None:
            return []  # Shadowrun: the map offers no Ch.6 reactions (docs/rules-shadowrun.md)
        report = triggers_along(self.prepared(state, c.side), Mover(
            c.id, c.side, (start, *path), disengaging=c.has(Condition.DISENGAGED)))
        # geometry counts steps from the start hex; the engine from the first hex entered,
        # so −1 is "as it starts to move" (a Snapshot on a mover already within Short range)
        return [TriggerOffer(r.reactor, r.kind.value, r.step - 1, r.hex, r.why)
                for r in report.reactions if r.reactor not in skip]

    def sight(self, state: EncounterState, attacker: str, target: str) -> SightInfo:
        a, t = state.get(attacker), state.get(target)
        result = sight(self.geometry, a.hex, t.hex, self.params,
                       target_prone=t.has(Condition.PRONE))
        seen = result.line_of_sight
        cover = result.cover.value if seen and result.cover is not CoverLevel.NO_LINE_OF_SIGHT \
            else "none"
        strongest = result.strongest
        why = "" if seen else f"high cover blocks every ray ({result.rays} rays)"
        return SightInfo(seen, cover, strongest.cover_class.value if strongest else None,
                         result.distance_m, why)

    def in_reach_of(self, state: EncounterState, combatant: str) -> frozenset[str]:
        c = state.get(combatant)
        return frozenset(r.id for r in self.reactors(state)
                         if r.side != c.side and r.cannot_react == ()
                         and hex_distance(r.hex, c.hex) * self.rules.metres_per_hex
                         <= r.reach_m + 1e-9)

    # --- the geometry's view of the state

    def reactors(self, state: EncounterState) -> tuple[Reactor, ...]:
        return tuple(self.reactor(state, c) for c in state)

    def reactor(self, state: EncounterState, c: Combatant) -> Reactor:
        library = self.loaded.library
        sheet = library.characters[c.character]
        weapon = library.weapons.get(c.weapon) if c.weapon else None
        reach = sheet_reach_m(sheet, self.rules.default_reach_m)
        melee = [library.weapons[w] for w in sheet.weapons if library.weapons[w].kind == "melee"]
        if melee:
            reach = max(reach, *(w.reach_m for w in melee))
        block = reaction_block(c, self.rules)
        overwatch = Overwatch(c.overwatch_zone) if c.has(Condition.OVERWATCH) else None
        return Reactor(id=c.id, side=c.side, hex=c.hex, reach_m=reach,
                       weapon=weapon_range(weapon, self.params) if weapon else None,
                       overwatch=overwatch, cannot_react=(block,) if block else (),
                       aware=True)

    def prepared(self, state: EncounterState, mover_side: str) -> PreparedReactors:
        """The mover's enemies, prepared once per state and side (lazily: each reactor's
        sight is built when a path first comes near it)."""
        # Keyed by the state object itself, not id(): an id is reused once its state is
        # collected, which would hand a new state another state's reactors.
        cached = self._prepared
        if cached is None or cached[0] is not state or cached[1] != mover_side:
            enemies = [r for r in self.reactors(state) if r.side != mover_side]
            cached = (state, mover_side, prepare_reactors(self.geometry, enemies,
                                                          self.params, lazy=True))
            self._prepared = cached
        return cached[2]
