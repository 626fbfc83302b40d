"""Events: what happened, past tense, carrying every die face and resolved number, so a
replay never rolls and the log explains itself (STYLE: events and state).

Each event is a frozen dataclass of JSON-able fields; `to_payload`/`from_payload` turn them
into the dicts the log stores (pydantic converts lists back to tuples on the way in).
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, TypeVar, dataclass_transform

from pydantic import PlainSerializer, PlainValidator, TypeAdapter, ValidationError

from tactical.core.errors import TacticalError
from tactical.encounter.model import Hex, Timer
from tactical.rules import registry
from tactical.rules.api import AttackReport


def _report(value: Any) -> AttackReport:
    if isinstance(value, dict):
        return registry.attack_report(value)
    if hasattr(value, "to_json"):
        return value  # type: ignore[no-any-return]  # already typed (an event made now)
    raise ValueError("an attack report is a JSON object")


Report = Annotated[AttackReport, PlainValidator(_report),
                   PlainSerializer(lambda r: r.to_json(), return_type=dict[str, Any])]
"""A ruleset's typed attack report; in the log, its JSON form (`to_json`)."""

EVENT_TYPES: dict[str, type] = {}
_E = TypeVar("_E")


@dataclass_transform(frozen_default=True)
def event(cls: type[_E]) -> type[_E]:
    """Register a frozen dataclass as an event type (by its class name); typed like
    `@dataclass(frozen=True)` so checkers see each event's fields."""
    data_cls = dataclasses.dataclass(frozen=True, slots=True)(cls)
    EVENT_TYPES[cls.__name__] = data_cls
    return data_cls


@event
class InitiativeRolled:
    combatant: str
    faces: tuple[int, ...]
    bonus: int  # AG + CU (+ gear)
    total: int
    tiebreak: tuple[int, ...]  # AG, CU, the d10 roll-off face


@event
class InitiativeSet:
    combatant: str
    value: int
    source: str = "GM"


@event
class CombatStarted:
    order: tuple[str, ...]


@event
class RoundStarted:
    round: int
    order: tuple[str, ...]
    reactions: tuple[tuple[str, int], ...]  # Reactions each combatant has this round
    pass_number: int = 1  # Shadowrun: a combat turn has initiative passes


@event
class PassReordered:
    """Shadowrun: Initiative spent during a pass counts at once (RULINGS "SR5 Full
    Defense"): the rest of the pass in the new order; who acted keeps its place, and who has
    no score left in this pass leaves it (`dropped`)."""

    order: tuple[str, ...]
    dropped: tuple[str, ...]
    why: str


@event
class MonitorsChanged:
    """Shadowrun condition monitors after a hit (boxes marked, overflow past Physical)."""

    combatant: str
    physical: int
    stun: int
    overflow: int
    source: str


@event
class TurnStarted:
    combatant: str
    major: int
    move: int
    minor: int
    downgrades: int
    total: int | None
    major_or_move: bool
    why: str = ""  # why the budget is smaller than the tier's (injury, fatigue, unaware)


@event
class TurnEnded:
    combatant: str


@event
class ActionDelayed:
    """The actor goes to the end of this pass's order (Shadowrun's delayed action)."""

    combatant: str


@event
class HiddenChanged:
    """The GM marked a combatant hidden (it used Stealth) or seen (Ch.6 l.46)."""

    combatant: str
    hidden: bool
    source: str


@event
class DetectionChanged:
    """Whom a combatant has not detected, and whether it is Fully aware (Ch.6 l.44-46):
    the whole new set, so the fold needs nothing else."""

    combatant: str
    fully_aware: bool
    undetected: tuple[str, ...]
    source: str


@event
class RestCounted:
    """Ch.6 l.818: the turns an Exhausted combatant has done nothing (Free actions aside),
    counted at the end of each of its turns; 0 when it acted or is no longer Exhausted."""

    combatant: str
    turns: int
    of: int
    why: str = ""


@event
class ActionSpent:
    combatant: str
    action: str  # what was done: major, move, minor
    paid_with: str  # the action slot used (a downgrade pays a Move with a Major)
    purpose: str


@event
class Moved:
    combatant: str
    path: tuple[Hex, ...]  # the hexes entered, in order
    metres: float
    how: str = "move"  # move, sprint, step, charge, disengage


@event
class MoveHalted:
    combatant: str
    at: Hex
    remaining: tuple[Hex, ...]
    metres_left: float
    done_reactors: tuple[str, ...] = ()
    started_in_reach_of: tuple[str, ...] = ()


@event
class MoveEnded:
    combatant: str
    reason: str


@event
class ReactionOffered:
    reactor: str
    kind: str
    mover: str
    step: int
    hex: Hex
    why: str
    offer: str = ""  # its id (log format 2; a format 1 log's get "v1-N" when it is read)
    owed: bool = False  # ReactionSpec.owed


# The settling events name their offer by `offer`. "": a format 1 log's, which named the
# reactor only, and settled every offer of that reactor with it (what it recorded).
@event
class ReactionDeclined:
    reactor: str
    kind: str
    offer: str = ""


@event
class ReactionSpent:
    reactor: str
    kind: str
    offer: str = ""
    clears: tuple[str, ...] = ()  # the reactor's conditions it ends (ReactionSpec.clears)


@event
class ReactionWithdrawn:
    """Another offer to the same reactor goes once it settled one (Ch.6 l.150: one Reaction
    per round), with the ruleset's reason."""

    reactor: str
    kind: str
    offer: str
    why: str


@event
class AttackResolved:
    attacker: str
    target: str
    weapon: str
    reaction: str | None
    hit: bool
    summary: str  # one line for the combat log, every number explained
    result: Report  # the full resolution, typed by the ruleset (tn breakdown, dice, damage)


@event
class DamageTaken:
    combatant: str
    amount: int
    damage_type: str
    injury: str | None  # this hit's injury level (after Stun and Edge)
    source: str


@event
class HitRecorded:
    """The last injuring hit on a combatant and what it did, so its Edge can still lower
    the injury (Ch.6 Using Edge to stay in the fight) until its next turn or next hit."""

    combatant: str
    injury: str
    previous_injury: str | None
    effects: dict[str, Any]  # the Effects applied, as JSON
    had_prone: bool
    had_unconscious: bool


@event
class InjurySet:
    combatant: str
    injury: str | None
    source: str


@event
class FatigueTaken:
    combatant: str
    amount: int
    source: str


@event
class ConditionChanged:
    combatant: str
    condition: str
    on: bool
    source: str


@event
class TimerStarted:
    combatant: str
    timer: Timer


@event
class TimerExpired:
    combatant: str
    kind: str


@event
class TimersTicked:
    combatant: str


@event
class EdgeSpent:
    combatant: str
    amount: int
    purpose: str


@event
class AmmoSpent:
    combatant: str
    weapon: str
    rounds: int


@event
class WeaponReadied:
    combatant: str
    weapon: str
    rounds: int | None  # loaded after a reload; None for a melee weapon


@event
class ReactionGained:
    """More Reactions this round (Ch.6 l.152: Edge for an extra Reaction)."""

    combatant: str
    count: int
    source: str


@event
class WeaponLost:
    """Ch.6 Disarm (l.394): the weapon leaves the hand; RecoverWeapon gets it back."""

    combatant: str
    weapon: str
    source: str


@event
class InitiativeChanged:
    combatant: str
    kind: str  # next_round ("next turn" losses; Edge in older logs), edge (Edge +2d6 for the
    # next round, once), lasting (to the end of combat), zero
    value: int
    source: str


@event
class Healed:
    combatant: str
    amount: int
    injury: str | None  # the injury level after treatment
    source: str


@event
class AwarenessChanged:
    combatant: str
    unaware: bool
    source: str


@event
class OverwatchDeclared:
    combatant: str
    zone: tuple[tuple[float, float], ...] | None


@event
class DamageHealed:
    """The GM took damage back by hand (no first aid, `treated` unchanged)."""

    combatant: str
    amount: int
    source: str = "GM"


@event
class VitalsSet:
    combatant: str
    health: int
    stamina: int
    edge: int
    source: str = "GM"


@event
class CombatantAdded:
    combatant: str
    name: str
    side: str
    character: str
    hex: Hex
    health: int
    stamina: int
    edge: int
    weapon: str | None
    ammo: tuple[tuple[str, int], ...]
    template: str | None = None  # whose ruleset extension the newcomer copies
    aware: bool = True
    # the newcomer's own values of that extension (a dataclass's fields: Shadowrun monitor
    # sizes), put into a copy of the template's
    extension: dict[str, Any] | None = None


@event
class CombatantRemoved:
    combatant: str
    source: str = "GM"


@event
class TokenPlaced:
    """A GM move: the token is put on `hex`, no action spent, no reaction offered."""

    combatant: str
    hex: Hex
    source: str = "GM move"


@event
class SideChanged:
    """The GM put a combatant on another side (`was`: the side it leaves)."""

    combatant: str
    side: str
    was: str
    source: str = "GM"


@event
class Mounted:
    """Ch.6 Mount/Dismount (l.208): the rider gets onto `mount` and is now at its hex."""

    combatant: str
    mount: str
    hex: Hex


@event
class Dismounted:
    """Ch.6 Mount/Dismount (l.208): the rider gets off onto `hex`."""

    combatant: str
    mount: str
    hex: Hex


@event
class CombatEnded:
    round: int


@event
class AreaAttackResolved:
    """RULINGS Area attacks: the check against the aimed hex and where the round landed
    (a miss scatters: `direction` 0 = on along the throw, then clockwise in 60° steps)."""

    attacker: str
    weapon: str
    aim: Hex
    hit: bool
    margin: int
    fumble: bool
    landing: Hex
    direction: int | None  # None: on target
    scatter_hexes: int  # rolled; the round went `landing`'s distance from `aim`
    stopped_by: str | None  # the high cover that stopped the scatter
    rings_m: tuple[float, ...]  # the blast's rings, the players' screen draws them
    summary: str


@event
class BlastTaken:
    """One combatant caught in a blast, and why it took what it took (or nothing)."""

    attacker: str
    target: str
    weapon: str
    ring: int | None  # 0 the innermost; None: shielded, or prone beyond the last ring
    distance_m: float
    cover: str | None  # the cover the line of effect crosses (its PT/DR applied first)
    shielded_by: str | None  # the high cover across the line of effect
    amount: int
    roll: tuple[int, ...]
    summary: str


@event
class CheckRolled:
    """A plain check rolled (Use a Skill, Discipline, first aid, awareness, breaking free),
    as the screens show it (issue 28: "a way to show a plain check"); its log line is the
    Note before it. `roll`: SkillOutcome.check (total, TN, degree, kept dice, fumble)."""

    combatant: str
    check: str  # what was checked, in words: "Vigilance", "Discipline (pin)", "First aid"
    success: bool
    roll: dict[str, Any]
    target: str | None = None  # whom it was for (the patient of first aid)


@event
class Note:
    """A line for the log that changes nothing (a roll the GM asked for, a ruling)."""

    text: str


class LogFormatError(TacticalError):
    """A log line that does not hold a known event."""


def to_payload(ev: Any) -> dict[str, Any]:
    name = type(ev).__name__
    if name not in EVENT_TYPES:
        raise TypeError(f"{name} is not an event type")
    return {"type": name, **_adapter(type(ev)).dump_python(ev, mode="json")}


def from_payload(payload: dict[str, Any]) -> Any:
    data = dict(payload)
    name = data.pop("type", None)
    cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise LogFormatError(f"unknown event type {name!r}")
    try:
        return _adapter(cls).validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise LogFormatError(f"event {name}: {where}: {first['msg']}") from None


_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def _adapter(cls: type) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter
