"""What an event read back from a log must make sense of, on the state it folds onto.

A checksum proves a record is the one written, not that it could have happened: a
hand-edited or foreign log can carry a step through a wall, damage of −500 or a weapon the
combatant does not carry, all checksummed (issue 23). Replaying a log asks each event, before
it is folded, what the engine would have asked of the command that made it — in the few
ways that do not depend on the dice or the ruleset's judgement:

- a hex is on the grid; a step goes to a neighbouring hex, not into cover, not through a
  wall (the engine's own passable/step_blocked, docs/formats.md "Walls block steps");
- amounts are counts: damage, healing and Edge spent are ≥ 0, and within what a sheet can
  hold (gm.LIMIT; Edge spent within the Edge left; rounds within the magazine loaded);
- a weapon used, spent from, readied or lost is one the combatant's sheet carries;
- a turn ended is the acting combatant's, and only once.

The checks are what the golden logs keep to (every one replays unchanged), and cheap: a dict
lookup per step once a hex has been asked about, so a 300,000-event log is not slowed much.
Fields an event gains later (an offer id on a reaction) are not looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tactical.core.types import Hex
from tactical.encounter import events as ev
from tactical.encounter.context import Context
from tactical.encounter.handlers.gm import LIMIT
from tactical.encounter.handlers.terrain import terrain_key
from tactical.encounter.model import Combatant, EncounterState
from tactical.geometry.hexgrid import is_neighbour

Check = Callable[["Meaning", EncounterState, Any], "str | None"]
_CHECKS: dict[type, Check] = {}


def _checks(*event_types: type) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        for event_type in event_types:
            _CHECKS[event_type] = fn
        return fn
    return register


class Meaning:
    """The meaning checks of one replay (caches the map's answers between events)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._entered: dict[tuple[object, Hex, Hex], str | None] = {}
        self._ended: str | None = None  # whose turn ended in this command, until a new one

    def begin_command(self) -> None:
        self._ended = None

    def problem(self, state: EncounterState, event: Any) -> str | None:
        """Why `event` cannot have happened on `state`, or None. An event naming a
        combatant the state lacks is left to the fold (which names it)."""
        check = _CHECKS.get(type(event))
        return None if check is None else check(self, state, event)

    def on_grid(self, hex_: Hex) -> str | None:
        if not self.ctx.loaded.map.grid.contains(hex_):
            return f"{list(hex_)} is off the map"
        return None

    def step(self, state: EncounterState, came_from: Hex, hex_: Hex) -> str | None:
        """Why a token cannot step from `came_from` to `hex_` (cached per terrain)."""
        key = (terrain_key(state), came_from, hex_)
        if key in self._entered:
            return self._entered[key]
        why = self.on_grid(hex_)
        if why is None and not is_neighbour(came_from, hex_):
            why = f"{list(hex_)} is not next to {list(came_from)}"
        oracle = self.ctx.oracle
        if why is None:
            sync = getattr(oracle, "sync", None)  # the cover as it stands in this state
            if sync is not None:
                sync(state)
            inside = oracle.passable(hex_)
            why = f"{list(hex_)} is {inside}" if inside else None
        step_blocked = getattr(oracle, "step_blocked", None)
        if why is None and step_blocked is not None:
            why = step_blocked(state, came_from, hex_)
        self._entered[key] = why
        return why

    def carries(self, c: Combatant, weapon: str) -> str | None:
        carried = self.ctx.character(c).weapons
        if weapon not in carried:
            return (f"{c.name} carries no weapon '{weapon}' (carries: "
                    f"{', '.join(carried) or 'none'})")
        return None


def _count(what: str, amount: int, most: int = LIMIT) -> str | None:
    if not 0 <= amount <= most:
        return f"{what} {amount:,} is not a count from 0 to {most:,}"
    return None


@_checks(ev.Moved)
def _moved(m: Meaning, state: EncounterState, e: ev.Moved) -> str | None:
    c = state.combatants.get(e.combatant)
    if c is None:
        return None
    previous = c.hex
    for index, hex_ in enumerate(e.path):
        why = m.step(state, previous, (hex_[0], hex_[1]))
        if why is not None:
            return f"{c.name}'s step {index + 1} from {list(previous)}: {why}"
        previous = (hex_[0], hex_[1])
    return None


@_checks(ev.TokenPlaced, ev.Mounted, ev.Dismounted, ev.CombatantAdded)
def _placed(m: Meaning, state: EncounterState, e: Any) -> str | None:
    return m.on_grid((e.hex[0], e.hex[1]))


@_checks(ev.DamageTaken, ev.Healed, ev.DamageHealed)
def _amount(m: Meaning, state: EncounterState, e: Any) -> str | None:
    return _count({ev.DamageTaken: "damage"}.get(type(e), "healing"), e.amount)


@_checks(ev.FatigueTaken)
def _fatigue(m: Meaning, state: EncounterState, e: ev.FatigueTaken) -> str | None:
    # negative: Fatigue recovered (a rest, a stim patch)
    return _count("fatigue", abs(e.amount))


@_checks(ev.EdgeSpent)
def _edge(m: Meaning, state: EncounterState, e: ev.EdgeSpent) -> str | None:
    c = state.combatants.get(e.combatant)
    return None if c is None else _count(f"{c.name}'s Edge spent", e.amount, max(0, c.edge))


@_checks(ev.VitalsSet)
def _vitals(m: Meaning, state: EncounterState, e: ev.VitalsSet) -> str | None:
    return (_count("Health", e.health) or _count("Stamina", e.stamina)
            or _count("Edge", e.edge))


@_checks(ev.MonitorsChanged)
def _monitors(m: Meaning, state: EncounterState, e: ev.MonitorsChanged) -> str | None:
    return (_count("physical damage", e.physical) or _count("stun damage", e.stun)
            or _count("overflow", e.overflow))


@_checks(ev.AmmoSpent)
def _ammo(m: Meaning, state: EncounterState, e: ev.AmmoSpent) -> str | None:
    c = state.combatants.get(e.combatant)
    if c is None:
        return None
    loaded = c.rounds_loaded(e.weapon) or 0
    return m.carries(c, e.weapon) or _count(f"{c.name}'s rounds fired", e.rounds, loaded)


@_checks(ev.WeaponReadied)
def _readied(m: Meaning, state: EncounterState, e: ev.WeaponReadied) -> str | None:
    c = state.combatants.get(e.combatant)
    if c is None:
        return None
    why = m.carries(c, e.weapon)
    if why is None and e.rounds is not None:
        magazine = m.ctx.weapon(e.weapon).magazine or 0
        why = _count(f"{c.name}'s rounds loaded", e.rounds, magazine)
    return why


@_checks(ev.WeaponLost)
def _lost(m: Meaning, state: EncounterState, e: ev.WeaponLost) -> str | None:
    c = state.combatants.get(e.combatant)
    return None if c is None else m.carries(c, e.weapon)


@_checks(ev.AttackResolved)
def _attack(m: Meaning, state: EncounterState, e: ev.AttackResolved) -> str | None:
    c = state.combatants.get(e.attacker)
    return None if c is None else m.carries(c, e.weapon)


@_checks(ev.TurnStarted, ev.RoundStarted, ev.CombatStarted)
def _turn_begins(m: Meaning, state: EncounterState, e: Any) -> str | None:
    m._ended = None
    return None


@_checks(ev.TurnEnded)
def _turn_ended(m: Meaning, state: EncounterState, e: ev.TurnEnded) -> str | None:
    actor = state.actor
    if m._ended == e.combatant:
        return f"{e.combatant}'s turn has already ended"
    if actor != e.combatant:
        return (f"it is {actor}'s turn, not {e.combatant}'s" if actor is not None
                else f"no turn is under way to end ({e.combatant}'s)")
    m._ended = e.combatant
    return None
