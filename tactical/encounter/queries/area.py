"""An area attack before it is committed (issue 27): what the board's aiming tool draws and
the dock shows while the GM moves the aim — the blast's rings round the aimed hex with the
hexes a wall shields, the faint spread a miss may scatter over, and every combatant caught
with its ring's damage, its cover and the damage it takes on average; the Auto Fire
vicinity and the enemies in it; Suppressive Fire's sector and the enemies it attacks.

Who is caught is the engine's own answer (handlers/area.py `blast_catch`, `suppressed`,
the vicinity's circle), asked on a throwaway Batch: the preview and the command cannot
disagree. Refusals are the engine's dry run of the very command a click commits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast

from tactical.core.dice import ScriptedDice
from tactical.core.errors import TacticalError
from tactical.encounter import commands as cmd
from tactical.encounter.batch import Batch
from tactical.encounter.context import Context
from tactical.encounter.handlers.area import (
    blast_catch,
    blast_facts,
    geometry,
    hex_odds,
    scatter_path,
    scatter_steps,
    suppressed,
)
from tactical.encounter.model import Condition, EncounterState, Hex
from tactical.encounter.queries.preview import engine_refusals
from tactical.geometry.hexgrid import hex_distance
from tactical.geometry.mapgeom import MapGeometry
from tactical.geometry.regions import Region, caught, circle, hexes_in, ring
from tactical.rules.api import HexAttackOutcome

Kind = Literal["blast", "vicinity", "sector"]
SEEN_LIMIT = 512  # previews kept per state (a few screens of aiming)


@dataclass(frozen=True, slots=True)
class AreaMark:
    """One combatant the template catches, as the board marks it."""

    id: str
    name: str
    hex: Hex
    ally: bool  # on the attacker's side (the warning colour)
    ring: int | None  # the blast ring it counts in (None: shielded, prone past the last)
    damage: str  # the ring's dice ("4d6"), "" when it takes nothing
    cover: str  # "behind Low wall (light)", "in the open", "shielded by Brick wall"
    shielded: bool
    expected: float | None  # the damage it takes on average (blast), None: not known
    hit: bool = True  # attacked (a blast's ring, a vicinity's pick, the zone's target)

    @property
    def text(self) -> str:
        """"Ganger 2 — 4d6, behind low cover" (the board's words at the token)."""
        if self.shielded:
            return f"{self.name} — {self.cover}"
        if self.damage:
            return f"{self.name} — {self.damage}, {self.cover}"
        return f"{self.name} — {self.cover}"


@dataclass(frozen=True, slots=True)
class AreaPreview:
    kind: Kind
    command: object  # what a click commits
    centre: Hex  # the aimed hex (blast), the vicinity's centre, the shooter's hex (sector)
    rings: tuple[tuple[Hex, ...], ...]  # the template's hexes, innermost ring first
    radii_m: tuple[float, ...]
    damage: tuple[str, ...]  # each ring's dice (blast)
    shielded: frozenset[Hex]  # hexes of the template the line of effect does not reach
    scatter: tuple[Hex, ...]  # where a miss may land (blast), drawn faintly
    marks: tuple[AreaMark, ...]
    odds: float | None  # the chance to hit the aimed hex (blast)
    refusals: tuple[str, ...]  # the engine's, for the command as it stands

    @property
    def allowed(self) -> bool:
        return not self.refusals


class _MemoOracle:
    """The map oracle's two answers a scatter walk asks, remembered while the state is the
    same (the aim moves over the same hexes again and again)."""

    def __init__(self, oracle: object) -> None:
        self._oracle = oracle
        self._enter: dict[Hex, str | None] = {}
        self._steps: dict[tuple[Hex, Hex], str | None] = {}

    def passable(self, h: Hex) -> str | None:
        if h not in self._enter:
            self._enter[h] = self._oracle.passable(h)  # type: ignore[attr-defined]
        return self._enter[h]

    def step_blocked(self, state: EncounterState, a: Hex, b: Hex) -> str | None:
        if (a, b) not in self._steps:
            self._steps[(a, b)] = self._oracle.step_blocked(  # type: ignore[attr-defined]
                state, a, b)
        return self._steps[(a, b)]


_MEMO: list[tuple[EncounterState, object, _MemoOracle]] = []


def _memo_oracle(batch: Batch) -> _MemoOracle:
    """The remembering oracle of this state (kept from one aim to the next: a GM who
    cancels and aims again walks the same hexes)."""
    oracle = batch.ctx.oracle
    if not _MEMO or _MEMO[0][0] is not batch.state or _MEMO[0][1] is not oracle:
        _MEMO[:] = [(batch.state, oracle, _MemoOracle(oracle))]
    return _MEMO[0][2]


@dataclass(frozen=True, slots=True)
class _Walk:
    """What `scatter_path` reads of a Batch: the state, the map and a remembering oracle."""

    state: EncounterState
    ctx: object


@dataclass(frozen=True, slots=True)
class _WalkContext:
    loaded: object
    oracle: object


class AreaAimer:
    """The previews of one attacker's area attack as the aim moves; the template's shape
    (its hexes round (0, 0)) is worked out once and moved to each aim."""

    def __init__(self, kind: Kind, attacker: str, weapon: str | None) -> None:
        self.kind, self.attacker, self.weapon = kind, attacker, weapon
        self._shapes: dict[tuple[float, float], tuple[Hex, ...]] = {}
        self._seen_in: EncounterState | None = None
        self._seen: dict[Hex, AreaPreview] = {}

    def _shape(self, mg: MapGeometry, inner_m: float, outer_m: float) -> tuple[Hex, ...]:
        key = (inner_m, outer_m)
        found = self._shapes.get(key)
        if found is None:
            region: Region = (circle((0, 0), outer_m) if inner_m < 0
                              else ring((0, 0), inner_m, outer_m))
            found = self._shapes[key] = hexes_in(region, mg.layout)
        return found

    def _placed(self, batch: Batch, mg: MapGeometry, centre: Hex, inner_m: float,
                outer_m: float) -> tuple[Hex, ...]:
        grid = batch.ctx.loaded.map.grid
        q, r = centre
        return tuple(h for dq, dr in self._shape(mg, inner_m, outer_m)
                     if grid.contains(h := (q + dq, r + dr)))

    def preview(self, state: EncounterState, ctx: Context, aim: Hex) -> AreaPreview:
        """The preview at `aim`, worked out once per hex while the state is the same (the
        GM's cursor goes back over the hexes it crossed)."""
        if self._seen_in is not state:
            self._seen_in, self._seen = state, {}
        found = self._seen.get(aim)
        if found is None:
            if len(self._seen) >= SEEN_LIMIT:
                self._seen.clear()
            found = self._seen[aim] = self._work_out(state, ctx, aim)
        return found

    def _work_out(self, state: EncounterState, ctx: Context, aim: Hex) -> AreaPreview:
        batch = Batch(state, ctx, ScriptedDice())
        mg = geometry(batch)
        if self.kind == "blast":
            return self._blast(batch, mg, aim)
        if self.kind == "vicinity":
            return self._vicinity(batch, mg, aim)
        return self._sector(batch, mg, aim)

    # --- a blast weapon aimed at a hex

    def _blast(self, batch: Batch, mg: MapGeometry, aim: Hex) -> AreaPreview:
        a = batch.state.get(self.attacker)
        weapon_id = self.weapon or a.weapon or ""
        command = cmd.AreaAttack(a.id, weapon_id, aim)
        refusals = engine_refusals(batch.state, batch.ctx, command)
        area = batch.ctx.weapon(weapon_id).area if weapon_id in \
            batch.ctx.loaded.library.weapons else None
        if area is None:
            return AreaPreview("blast", command, aim, (), (), (), frozenset(), (), (), None,
                               refusals or (f"{a.name} has no blast weapon in hand",))
        radii = tuple(r.radius_m for r in area.rings)
        rings = tuple(self._placed(batch, mg, aim, radii[i - 1] if i else -1.0, radii[i])
                      for i in range(len(radii)))
        every = [h for hexes in rings for h in hexes]
        lines = caught(circle(aim, radii[-1]), {f"{q},{r}": (q, r) for q, r in every}, mg)
        shielded = frozenset(f.hex for f in lines if f.effect.shielded)
        marks = []
        for found, ring_index in blast_catch(batch, aim, radii, mg):
            t = batch.state.get(found.id)
            effect = found.effect
            ally = t.side == a.side
            if effect.shield is not None:
                marks.append(AreaMark(t.id, t.name, t.hex, ally, None, "",
                                      f"shielded by {effect.shield.label or effect.shield.id}",
                                      True, 0.0))
                continue
            if ring_index is None:
                marks.append(AreaMark(t.id, t.name, t.hex, ally, None, "",
                                      "prone, past the last ring", False, 0.0, False))
                continue
            cover = effect.cover
            where = "in the open" if cover is None else \
                f"behind {cover.label or cover.id} ({cover.cover_class.value})"
            if t.has(Condition.PRONE):
                where += ", prone"
            expected, words = None, area.rings[ring_index].damage
            try:
                facts = blast_facts(batch, a, weapon_id, found, ring_index)
                expected = batch.area().expected_blast(facts)
                words = batch.area().blast_words(facts)  # Shadowrun: "DV 14P"
            except TacticalError:
                expected = None
            marks.append(AreaMark(t.id, t.name, t.hex, ally, ring_index, words, where, False,
                                  expected))
        odds = None
        try:
            odds = hex_odds(batch.state, batch.ctx, command)
        except TacticalError:
            odds = None
        return AreaPreview("blast", command, aim, rings, radii,
                           tuple(r.damage for r in area.rings), shielded,
                           self._scatter(batch, mg, a.hex, aim), tuple(marks), odds, refusals)

    def _scatter(self, batch: Batch, mg: MapGeometry, thrower: Hex, aim: Hex
                 ) -> tuple[Hex, ...]:
        """Every hex a miss may land on: along each of the six directions, up to the
        ruleset's cap for a miss this far out (its `scatter` asked with the widest miss),
        stopped where the engine's scatter stops (high cover, the map's edge)."""
        if thrower == aim:
            return ()
        try:
            widest = HexAttackOutcome(False, -10_000, False, "")
            _, most = batch.area().scatter(widest, hex_distance(thrower, aim),
                                           ScriptedDice({6: [1] * 4, 10: [1] * 4}))
        except TacticalError:
            return ()
        walk = cast(Batch, _Walk(batch.state, _WalkContext(batch.ctx.loaded,
                                                           _memo_oracle(batch))))
        out: list[Hex] = []
        for dq, dr in scatter_steps(mg, thrower, aim):
            landing = scatter_path(walk, aim, (dq, dr), most).hex
            went = hex_distance(aim, landing)
            out += [(aim[0] + dq * k, aim[1] + dr * k) for k in range(1, went + 1)]
        return tuple(out)

    # --- Auto Fire's placed vicinity

    def _vicinity(self, batch: Batch, mg: MapGeometry, centre: Hex) -> AreaPreview:
        a = batch.state.get(self.attacker)
        radius = batch.ctx.rules.auto_fire_spread.vicinity_m
        hexes = self._placed(batch, mg, centre, -1.0, radius)
        everyone = {c.id: c.hex for c in batch.state
                    if c.id != a.id and not c.has(Condition.DEAD)}
        inside = caught(circle(centre, radius), everyone, mg)
        picked = tuple(f.id for f in inside
                       if batch.state.get(f.id).side != a.side
                       and f.id not in a.undetected
                       and not batch.state.get(f.id).has(Condition.UNCONSCIOUS))
        command = cmd.AutoFire(a.id, picked, self.weapon, centre)
        refusals = engine_refusals(batch.state, batch.ctx, command)
        marks = tuple(
            AreaMark(t.id, t.name, t.hex, t.side == a.side, None, "", _words(t.id in picked,
                     t.side == a.side), False, None, t.id in picked)
            for f in inside for t in (batch.state.get(f.id),))
        return AreaPreview("vicinity", command, centre, (hexes,), (radius,), (), frozenset(),
                           (), marks, None, refusals)

    # --- Suppressive Fire's sector

    def _sector(self, batch: Batch, mg: MapGeometry, toward: Hex) -> AreaPreview:
        a = batch.state.get(self.attacker)
        command = cmd.SuppressiveFire(a.id, toward, self.weapon)
        weapon_id = self.weapon or a.weapon
        if toward == a.hex or weapon_id is None or \
                weapon_id not in batch.ctx.loaded.library.weapons:
            return AreaPreview("sector", command, a.hex, (), (), (), frozenset(), (), (), None,
                               engine_refusals(batch.state, batch.ctx, command))
        try:
            zone, targets = suppressed(batch, a, weapon_id, toward, mg)
        except TacticalError as error:
            return AreaPreview("sector", command, a.hex, (), (), (), frozenset(), (), (), None,
                               (str(error),))
        hexes = hexes_in(zone, mg.layout, batch.ctx.loaded.map.grid)
        sprayed = batch.ctx.weapon(weapon_id).area is None  # a grenade is refused
        refusals = () if targets and sprayed else \
            engine_refusals(batch.state, batch.ctx, command)
        everyone = {c.id: c.hex for c in batch.state if c.id != a.id
                    and not c.has(Condition.DEAD)}
        marks = tuple(
            AreaMark(t.id, t.name, t.hex, t.side == a.side, None, "",
                     "attacked vs Discipline (a hit Pins)" if t.id in targets
                     else ("ally, not attacked" if t.side == a.side
                           else "not attacked (out of sight)"),
                     False, None, t.id in targets)
            for f in caught(zone, everyone, mg) for t in (batch.state.get(f.id),))
        return AreaPreview("sector", command, a.hex, (hexes,), (zone.reach_m,), (),
                           frozenset(), (), marks, None, refusals)


def _words(picked: bool, ally: bool) -> str:
    if picked:
        return "attacked (Disadvantage)"
    return "ally, not attacked unless picked" if ally else "not attacked (unseen or down)"


__all__ = ["AreaAimer", "AreaMark", "AreaPreview", "Kind"]
