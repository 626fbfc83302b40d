"""A campaign's party carried into a new fight (docs/campaign.md): one logged, undoable
command before combat starts, so a replay or a resumed log starts the party where the
campaign left it. The log keeps the campaign file's path: the fight knows where to carry
its end back to."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.evolve import handles
from tactical.encounter.handlers.harm import zero_holds
from tactical.encounter.model import Combatant, Condition, EncounterState, Phase


@dataclass(frozen=True, slots=True)
class Carried:
    """One member's lasting state, as the combatant's own fields."""

    combatant: str
    damage: int = 0
    stun: int = 0
    overflow: int = 0
    fatigue: int = 0
    injury: str | None = None
    treated: bool = False
    conditions: tuple[str, ...] = ()
    ammo: tuple[tuple[str, int], ...] = ()
    edge: int | None = None  # Edge left; None: the sheet's


@dataclass(frozen=True, slots=True)
class CarryIn:
    campaign: str  # the campaign file
    party: tuple[Carried, ...]


@ev.event
class StateCarried:
    combatant: str
    damage: int
    stun: int
    overflow: int
    fatigue: int
    injury: str | None
    treated: bool
    conditions: tuple[str, ...]
    ammo: tuple[tuple[str, int], ...]
    edge: int
    campaign: str


@handles(StateCarried)
def _carried(state: EncounterState, e: StateCarried) -> EncounterState:
    c = state.get(e.combatant)
    conditions = c.conditions | {Condition(x) for x in e.conditions}
    ammo = dict(c.ammo)
    ammo.update({w: n for w, n in e.ammo if w in ammo})
    return state.with_combatant(replace(
        c, damage=e.damage, stun=e.stun, overflow=e.overflow, fatigue=e.fatigue,
        injury=e.injury, treated=e.treated, conditions=frozenset(conditions),
        ammo=tuple(ammo.items()), edge=e.edge))


def carry_in(batch: Batch, command: CarryIn) -> None:
    refuse_unless((batch.state.phase is Phase.SETUP,
                   "a campaign's party is carried in before combat starts"))
    known = {x.value for x in Condition}
    for carried in command.party:
        c = batch.combatant(carried.combatant)
        odd = [x for x in carried.conditions if x not in known]
        refuse_unless((not odd, f"{c.name}: unknown condition {', '.join(odd)}"),
                      (min(carried.damage, carried.stun, carried.overflow,
                           carried.fatigue) >= 0, f"{c.name}: a negative number"))
        edge = c.edge if carried.edge is None else max(0, min(c.edge, carried.edge))
        conditions = tuple(sorted(set(carried.conditions)
                                  | ({"prone"} if "unconscious" in carried.conditions
                                     or "dead" in carried.conditions else set())))
        batch.emit(StateCarried(c.id, carried.damage, carried.stun, carried.overflow,
                                carried.fatigue, carried.injury, carried.treated, conditions,
                                carried.ammo, edge, command.campaign))
        # what the carried damage and Fatigue mean now: Exhausted or Incapacitated starts
        # at Initiative 0 (Ch.6 l.814, RULINGS Cumulative); an injury's effects "to the
        # end of combat" ended with the last fight (ruling, docs/campaign.md)
        if zero_holds(batch, c.id, injury=False):
            batch.emit(ev.InitiativeChanged(c.id, "zero", 1, "carried from the campaign"))
        words = carried_words(batch.state.get(c.id), batch.ruleset.monitors_text)
        batch.emit(ev.Note(f"{c.name} starts with the campaign's state: {words}"))


def carried_words(c: Combatant, monitors: Callable[..., str | None]) -> str:
    """The carried state in the log's words (the ruleset's monitors where it has them)."""
    text = monitors(c, c.damage - c.overflow, c.stun, c.overflow)
    parts = [text] if text else [f"damage {c.damage}", f"Fatigue {c.fatigue}"]
    if c.injury:
        parts.append(f"{c.injury} injury" + (" (treated)" if c.treated else ""))
    lasting = sorted(x.value for x in c.conditions if x.value != "prone")
    parts += lasting
    parts += [f"{w} {n} loaded" for w, n in c.ammo]
    parts.append(f"Edge {c.edge}")
    return ", ".join(parts)


def campaign_of(events: Any) -> str | None:
    """The campaign file a fight's party came from (its StateCarried events), or None."""
    return next((e.campaign for e in events if isinstance(e, StateCarried)), None)


HANDLERS: dict[type, Callable[[Batch, Any], None]] = {CarryIn: carry_in}
cmd.COMMAND_TYPES.update({c.__name__: c for c in HANDLERS})
