"""Area attacks on the hex map (RULINGS "Area attacks", Ch.6 l.460-466, l.482-490): a blast
weapon aimed at a hex, the scatter of a miss, everyone caught in the rings; Auto Fire at
several targets in a placed vicinity; Suppressive Fire's sector. The map's answers come from
the geometry's region queries, the numbers and the dice from the ruleset's `area` part."""

from __future__ import annotations

import math
from dataclasses import dataclass

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless, spend
from tactical.encounter.context import Context
from tactical.encounter.handlers.harm import apply_harm
from tactical.encounter.handlers.turns import acting
from tactical.encounter.handlers.volley import volley
from tactical.encounter.model import Combatant, Condition, EncounterState, Hex
from tactical.geometry.bands import band_limit_m, weapon_range
from tactical.geometry.hexgrid import hex_distance, hex_neighbours
from tactical.geometry.mapgeom import MapGeometry
from tactical.geometry.params import Band, GeometryParams
from tactical.geometry.regions import Caught, SectorRegion, caught, circle, sector
from tactical.geometry.sight import sight
from tactical.rules.api import BlastFacts, HexAttackFacts, SightInfo

#: compass names of a bearing, clockwise from north in 45° steps (screen y grows down)
_COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
            "north-west")
_TOLERANCE_M = 1e-9


def compass(mg: MapGeometry, start: Hex, end: Hex) -> str:
    """The compass name of the bearing from `start`'s centre to `end`'s (north up)."""
    (x0, y0), (x1, y1) = mg.centre(start), mg.centre(end)
    bearing = math.degrees(math.atan2(x1 - x0, -(y1 - y0))) % 360  # 0 = north, clockwise
    return _COMPASS[round(bearing / 45) % 8]


def scatter_steps(mg: MapGeometry, thrower: Hex, aim: Hex) -> tuple[Hex, ...]:
    """The six unit steps from `aim`, direction 0 first: on along the line of the throw
    (the neighbour nearest that bearing), then clockwise in 60° steps (RULINGS)."""
    ax, ay = mg.centre(aim)
    tx, ty = mg.centre(thrower)
    along = math.atan2(ay - ty, ax - tx) if thrower != aim else -math.pi / 2

    def angle(h: Hex) -> float:
        x, y = mg.centre(h)
        return math.atan2(y - ay, x - ax)  # screen y down: a growing angle turns clockwise

    around = sorted(hex_neighbours(aim), key=angle)
    first = min(range(6), key=lambda i: abs(math.remainder(angle(around[i]) - along,
                                                           math.tau)))
    return tuple((around[(first + k) % 6][0] - aim[0], around[(first + k) % 6][1] - aim[1])
                 for k in range(6))


@dataclass(frozen=True, slots=True)
class Landing:
    hex: Hex
    stopped_by: str | None


def scatter_path(batch: Batch, start: Hex, step: Hex, hexes: int) -> Landing:
    """Walk `hexes` steps of `step` from `start`; it stops at the first hex it cannot enter
    (high cover, the map's edge): the round lands in the hex before it (RULINGS)."""
    here = start
    grid = batch.ctx.loaded.map.grid
    blocks = getattr(batch.ctx.oracle, "step_blocked", None)  # a scripted oracle: no walls
    enters = getattr(batch.ctx.oracle, "passable", None)  # a hex whose centre is in cover
    for _ in range(hexes):
        nxt = (here[0] + step[0], here[1] + step[1])
        if not grid.contains(nxt):
            return Landing(here, "the edge of the map")
        blocked = None if enters is None else enters(nxt)
        if blocked is None and blocks is not None:
            blocked = blocks(batch.state, here, nxt)
        if blocked is not None:
            return Landing(here, blocked)
        here = nxt
    return Landing(here, None)


def geometry(batch: Batch) -> MapGeometry:
    sync = getattr(batch.ctx.oracle, "sync", None)
    refuse_unless((sync is not None, "this map cannot say who a blast catches (no geometry)"))
    assert sync is not None
    found: MapGeometry = sync(batch.state)
    return found


def hex_sight(batch: Batch, mg: MapGeometry, attacker: Combatant, aim: Hex) -> SightInfo:
    """The attacker's sight of the aimed hex, and the cover between (RULINGS: the TN's)."""
    params = GeometryParams.from_ruleset(batch.ctx.rules)
    seen = sight(mg, attacker.hex, aim, params)
    cover = "none"
    if seen.line_of_sight:
        cover = seen.cover.value if seen.cover.value in ("partial", "full") else "none"
    strongest = seen.strongest
    return SightInfo(seen.line_of_sight, cover,
                     strongest.cover_class.value if strongest else None, seen.distance_m,
                     "" if seen.line_of_sight else "high cover hides the aimed hex")


def occupants(state: EncounterState) -> dict[str, Hex]:
    """Everyone on the board a blast can catch (the dead too are not spared the dice, but
    they take nothing worth rolling: left out)."""
    return {c.id: c.hex for c in state if not c.has(Condition.DEAD)}


def ring_of(distance_m: float, rings_m: tuple[float, ...], prone: bool,
            prone_out: int) -> int | None:
    """The ring a combatant counts in (None: beyond the last); prone one further out."""
    ring = next((i for i, r in enumerate(rings_m) if distance_m <= r + _TOLERANCE_M), None)
    if ring is None:
        return None
    ring += prone_out if prone else 0
    return ring if ring < len(rings_m) else None


def blast_facts(batch: Batch, attacker: Combatant, weapon_id: str, found: Caught,
                ring: int) -> BlastFacts:
    ctx = batch.ctx
    target = batch.state.get(found.id)
    sheet = ctx.character(target)
    weapon = ctx.weapon(weapon_id)
    assert weapon.area is not None
    cover = found.effect.cover
    return BlastFacts(attacker, weapon_id, weapon, target, sheet,
                      tuple(ctx.loaded.library.armor[a] for a in sheet.armor), ring,
                      weapon.area.rings[ring].damage, found.distance_m,
                      cover.cover_class.value if cover else None,
                      cover.label if cover else "")


def area_attack(batch: Batch, command: cmd.AreaAttack) -> None:
    a = acting(batch, command.attacker)
    ctx = batch.ctx
    aim = (command.aim[0], command.aim[1])
    sheet = ctx.character(a)
    known = command.weapon in ctx.loaded.library.weapons
    area_weapon = ctx.weapon(command.weapon).area if known else None
    refuse_unless((known, f"no weapon {command.weapon!r} in the catalogue"),
                  (command.weapon in sheet.weapons, f"{a.name} does not carry {command.weapon}"),
                  (not known or area_weapon is not None,
                   f"{command.weapon} is not a blast weapon: attack a combatant instead"),
                  (ctx.loaded.map.grid.contains(aim), f"the aimed hex {list(aim)} is off the "
                                                      "map"))
    assert area_weapon is not None
    weapon = ctx.weapon(command.weapon)
    rules = batch.area()
    loaded = a.rounds_loaded(command.weapon)
    refuse_unless(  # RULINGS: "a grenade not in hand is readied first (Recover Item, l.230)"
        (a.weapon == command.weapon, f"{a.name} has {weapon.name} not in hand: ready it first "
                                     "(Ready weapon)"),
        (loaded is None or loaded > 0, f"{a.name}'s {weapon.name} is spent: ready another"))
    mg = geometry(batch)
    seen = hex_sight(batch, mg, a, aim)
    facts = HexAttackFacts(a, sheet, command.weapon, weapon, aim, seen,
                           cmd.Attack(a.id, "", command.weapon))
    spend(batch, a, "major", f"{weapon.name} at {list(aim)}")  # RULINGS: a Major action
    outcome = rules.attack_hex(facts, batch.dice)  # refuses a hex out of range: none kept
    landing, direction, rolled, stopped = aim, None, 0, None
    if not outcome.hit:
        direction, rolled = rules.scatter(outcome, hex_distance(a.hex, aim), batch.dice)
        step = scatter_steps(mg, a.hex, aim)[direction]
        where = scatter_path(batch, aim, step, rolled)
        landing, stopped = where.hex, where.stopped_by
    rings_m = tuple(r.radius_m for r in area_weapon.rings)
    text = _landing_text(mg, weapon.name, outcome.summary, outcome.hit, outcome.margin,
                         outcome.fumble, aim, landing, rolled, stopped)
    batch.emit(ev.AreaAttackResolved(a.id, command.weapon, aim, outcome.hit, outcome.margin,
                                     outcome.fumble, landing, direction, rolled, stopped,
                                     rings_m, text))
    batch.emit(ev.AmmoSpent(a.id, command.weapon, 1))
    _blast(batch, a, command.weapon, landing, rings_m, mg)


def _landing_text(mg: MapGeometry, name: str, check: str, hit: bool, margin: int,
                  fumble: bool, aim: Hex, landing: Hex, rolled: int,
                  stopped: str | None) -> str:
    if hit:
        return f"The {name} lands on {list(aim)} ({check})"
    how = "fumbles" if fumble else f"misses by {-margin}"
    went = hex_distance(aim, landing)
    if went == 0:
        where = f"cannot scatter ({stopped}) and lands on {list(aim)}"
    else:
        where = (f"scatters {went} hex{'es' if went > 1 else ''} "
                 f"{compass(mg, aim, landing)} to {list(landing)}")
        if stopped is not None and went < rolled:
            where += f" (of {rolled}: stopped, {stopped})"
    return f"The {name} {how} and {where} ({check})"


def blast_catch(batch: Batch, landing: Hex, rings_m: tuple[float, ...], mg: MapGeometry
                ) -> list[tuple[Caught, int | None]]:
    """Who a blast landing on `landing` catches, nearest first, each with the ring it counts
    in (None: prone past the last ring) and its line of effect (RULINGS: the one owner of
    who is caught, for the blast and for the board's aiming preview)."""
    prone_out = batch.area().prone_rings_out
    return [(found, ring_of(found.distance_m, rings_m,
                            batch.state.get(found.id).has(Condition.PRONE), prone_out))
            for found in caught(circle(landing, rings_m[-1]), occupants(batch.state), mg)]


def _blast(batch: Batch, a: Combatant, weapon_id: str, landing: Hex,
           rings_m: tuple[float, ...], mg: MapGeometry) -> None:
    """Every combatant in the rings, nearest first, each rolled for alone (RULINGS)."""
    source = f"{a.name}'s {batch.ctx.weapon(weapon_id).name}"
    for found, ring in blast_catch(batch, landing, rings_m, mg):
        target = batch.state.get(found.id)
        effect = found.effect
        prone = target.has(Condition.PRONE)
        if effect.shield is not None:
            batch.emit(ev.BlastTaken(a.id, target.id, weapon_id, None, found.distance_m,
                                     None, effect.shield.label or effect.shield.id, 0, (),
                                     f"{target.name} is shielded by "
                                     f"{effect.shield.label or effect.shield.id} "
                                     "(high cover across the line of effect)"))
            continue
        if ring is None:
            batch.emit(ev.BlastTaken(a.id, target.id, weapon_id, None, found.distance_m,
                                     None, None, 0, (),
                                     f"{target.name}, prone at {found.distance_m:g} m, counts "
                                     "beyond the last ring and takes nothing"))
            continue
        outcome = batch.area().blast(blast_facts(batch, a, weapon_id, found, ring),
                                     batch.dice)
        prone_note = " (prone: one ring further out)" if prone else ""
        batch.emit(ev.BlastTaken(a.id, target.id, weapon_id, ring, found.distance_m,
                                 blast_cover(found), None, outcome.amount, outcome.roll,
                                 f"ring {ring + 1} ({rings_m[ring]:g} m){prone_note}: "
                                 f"{outcome.summary}"))
        if outcome.monitors is not None:
            m = outcome.monitors
            batch.emit(ev.MonitorsChanged(target.id, m.physical, m.stun, m.overflow, source))
        if outcome.harm is not None:
            apply_harm(batch, target.id, outcome.harm, source)


def blast_cover(found: Caught) -> str | None:
    cover = found.effect.cover
    return None if cover is None else f"{cover.label or cover.id} ({cover.cover_class.value})"


def suppression_zone(batch: Batch, attacker: Combatant, weapon_id: str,
                     toward: Hex) -> SectorRegion:
    """Suppressive Fire's zone (RULINGS Area attacks): a sector from the shooter's hex
    toward `toward`, `suppression`'s angle wide, out to the weapon's band (Medium)."""
    angle, band = batch.area().suppression
    params = GeometryParams.from_ruleset(batch.ctx.rules)
    reach = weapon_range(batch.ctx.weapon(weapon_id), params)
    limit = band_limit_m(reach, Band(band), params) if reach is not None else 0.0
    return sector(attacker.hex, toward, angle, limit)


def suppressed(batch: Batch, a: Combatant, weapon_id: str, toward: Hex, mg: MapGeometry
               ) -> tuple[SectorRegion, list[str]]:
    """The zone and the enemies it attacks: inside, in sight, detected, not down (the one
    owner, for the command and the board's aiming preview)."""
    zone = suppression_zone(batch, a, weapon_id, toward)
    enemies = {c.id: c.hex for c in batch.state
               if c.side != a.side and not c.has(Condition.DEAD)
               and not c.has(Condition.UNCONSCIOUS)}
    oracle = batch.ctx.oracle
    return zone, [f.id for f in caught(zone, enemies, mg)
                  if f.id not in a.undetected  # issue 24: an undetected enemy is not seen
                  and oracle.sight(batch.state, a.id, f.id).line_of_sight]


def suppressive_fire(batch: Batch, command: cmd.SuppressiveFire) -> None:
    """Every enemy in the zone and in sight is attacked once, vs Discipline with no cover
    bonus; a hit Pins (the `suppressive_fire` option's own rules, Ch.6 l.482-490). One
    volley: the actions paid once, the magazine by the first attack."""
    a = acting(batch, command.attacker)
    weapon_id = command.weapon or a.weapon
    toward = (command.toward[0], command.toward[1])
    refuse_unless((weapon_id is not None, f"{a.name} has no weapon ready"),
                  (toward != a.hex, "Suppressive Fire's zone points away from the shooter: "
                                    "aim it at another hex"))
    assert weapon_id is not None
    refuse_unless((weapon_id in batch.ctx.character(a).weapons,
                   f"{a.name} does not carry {weapon_id}"),
                  (batch.ctx.weapon(weapon_id).kind == "ranged",
                   f"{weapon_id} is not a firearm: Suppressive Fire needs one"))
    # l.482/486 "spraying as much lead downrange", "an entire clip or load of ammo": a
    # grenade is thrown (or launched) at a hex (AreaAttack), not sprayed (docs ruling 6a)
    refuse_unless((batch.ctx.weapon(weapon_id).area is None,
                   f"the {batch.ctx.weapon(weapon_id).name} is aimed at a hex, not sprayed: "
                   "Suppressive Fire needs a firearm"))
    mg = geometry(batch)
    zone, targets = suppressed(batch, a, weapon_id, toward, mg)
    refuse_unless((bool(targets), f"no enemy in sight in {a.name}'s zone toward "
                                  f"{list(toward)}"))
    option = "suppressive_fire"
    attacks = [cmd.Attack(a.id, t, weapon_id, options=(option,)) for t in targets]
    needs = batch.ctx.rules.attack_needs(None, (option,), False)
    names = ", ".join(batch.state.get(t).name for t in targets)
    batch.emit(ev.Note(f"{a.name} lays Suppressive Fire toward {list(toward)} "
                       f"({zone.angle_deg:g}°, {zone.reach_m:g} m): {names} in the zone"))
    volley(batch, a, weapon_id, attacks, needs, "Suppressive Fire (zone)", one_attack_each=True)


def hex_odds(state: EncounterState, ctx: Context, command: cmd.AreaAttack) -> float:
    """The exact chance that `command`'s check hits its hex, before anything is rolled (the
    dock, `tactical attack`)."""
    batch = Batch(state, ctx, ScriptedDice())
    a = state.get(command.attacker)
    aim = (command.aim[0], command.aim[1])
    mg = geometry(batch)
    facts = HexAttackFacts(a, ctx.character(a), command.weapon, ctx.weapon(command.weapon),
                           aim, hex_sight(batch, mg, a, aim),
                           cmd.Attack(a.id, "", command.weapon))
    return batch.area().hex_odds(facts)
