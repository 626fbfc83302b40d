"""Commands: what the GM asks for, imperative. `decide` turns one into events or refuses it."""

from __future__ import annotations

from dataclasses import dataclass

from tactical.encounter.model import Hex


@dataclass(frozen=True, slots=True)
class StartCombat:
    """Roll initiative for everyone without a value yet, and start round 1."""


@dataclass(frozen=True, slots=True)
class RollInitiative:
    combatant: str


@dataclass(frozen=True, slots=True)
class SetInitiative:
    combatant: str
    value: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    combatant: str | None = None  # None: whoever is acting


@dataclass(frozen=True, slots=True)
class EndCombat:
    pass


@dataclass(frozen=True, slots=True)
class Move:
    combatant: str
    path: tuple[Hex, ...]  # hexes entered, in order (not the start hex)
    how: str = "move"  # move, sprint, step, charge, disengage


@dataclass(frozen=True, slots=True)
class Attack:
    attacker: str
    target: str
    weapon: str | None = None  # None: the ready weapon
    mode: str | None = None  # SS, SA, BF, AF
    options: tuple[str, ...] = ()
    edge: str | None = None  # None, "roll" or "damage"
    burst_choice: str | None = None  # BF: "advantage" or "damage"
    called_shot: str | None = None
    defence: str | None = None  # Ch.6 melee: parry or dodge; Shadowrun: the declared option
    defenseless: bool = False
    crossfire: bool = False
    exposed: bool = False  # Ch.6 Crossfire: the GM declares the target exposed (−5, 2+ allies)
    gm_tn: int | None = None  # Ch.6 Trick Shot: "the GM sets an appropriately high TN"
    # Shadowrun: situational dice pool modifiers, each named ("Situation", -1)
    attack_modifiers: tuple[tuple[str, int], ...] = ()
    defence_modifiers: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class React:
    """Resolve a pending reaction with an attack (Snapshot, Overwatch, Opportunity) —
    or, for an Intercept, the mover's choice: `go_on` False stops and fights there."""

    reactor: str
    weapon: str | None = None
    mode: str | None = None
    edge: str | None = None
    go_on: bool = False


@dataclass(frozen=True, slots=True)
class DeclineReaction:
    reactor: str


@dataclass(frozen=True, slots=True)
class DeclareOverwatch:
    combatant: str
    zone: tuple[tuple[float, float], ...] | None = None  # a polygon in metres; None: anywhere


@dataclass(frozen=True, slots=True)
class Disengage:
    """Ch.6 Disengage (Major): leave melee this turn without provoking an Attack of
    Opportunity."""

    combatant: str


@dataclass(frozen=True, slots=True)
class DropProne:
    combatant: str


@dataclass(frozen=True, slots=True)
class GetUp:
    combatant: str


@dataclass(frozen=True, slots=True)
class ReadyWeapon:
    """Draw a weapon or reload the ready one (Ch.6: Reload = Ready weapon, a Major)."""

    combatant: str
    weapon: str | None = None


@dataclass(frozen=True, slots=True)
class Evade:
    combatant: str


@dataclass(frozen=True, slots=True)
class Refocus:
    combatant: str


@dataclass(frozen=True, slots=True)
class UseEdgeForInitiative:
    combatant: str


@dataclass(frozen=True, slots=True)
class LowerInjury:
    """Ch.6 Using Edge to stay in the fight: right after a hit (until its next turn), the
    injured combatant spends 1 Edge to make that hit's injury one step less severe."""

    combatant: str


@dataclass(frozen=True, slots=True)
class FirstAid:
    healer: str
    patient: str


@dataclass(frozen=True, slots=True)
class CheckAwareness:
    """Ch.6 Awareness: a Vigilance check with the effort chosen (major, minor, free, full)
    against a difficulty (default Moderate), raised by the hider's Stealth degree."""

    combatant: str
    effort: str = "major"
    difficulty: str = "moderate"
    stealth: str | None = None  # the best hider's Stealth degree: solid or perfect


@dataclass(frozen=True, slots=True)
class ApplyDamage:
    """The GM's manual override: damage straight to the total, with its injury."""

    combatant: str
    amount: int  # after armor
    damage_type: str = "physical"


@dataclass(frozen=True, slots=True)
class SetCondition:
    combatant: str
    condition: str
    on: bool = True


Command = (StartCombat | RollInitiative | SetInitiative | EndTurn | EndCombat | Move
           | Disengage | Attack | React | DeclineReaction | DeclareOverwatch
           | DropProne | GetUp | ReadyWeapon | Evade | Refocus | UseEdgeForInitiative
           | LowerInjury | FirstAid | CheckAwareness | ApplyDamage | SetCondition)


def command_from_payload(payload: dict[str, object]) -> object:
    """A command from its JSON form {"type": "Move", "combatant": …} (scenario files, CLI)."""
    from pydantic import TypeAdapter, ValidationError

    from tactical.core.errors import InvalidCommand

    data = dict(payload)
    name = data.pop("type", None)
    cls = COMMAND_TYPES.get(str(name))
    if cls is None:
        raise InvalidCommand(f"unknown command type {name!r}; expected one of: "
                             f"{', '.join(sorted(COMMAND_TYPES))}")
    try:
        return TypeAdapter(cls).validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InvalidCommand(f"{name}: {where}: {first['msg']}") from None


COMMAND_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    StartCombat, RollInitiative, SetInitiative, EndTurn, EndCombat, Move, Disengage, Attack,
    React, DeclineReaction, DeclareOverwatch, DropProne, GetUp, ReadyWeapon, Evade, Refocus,
    UseEdgeForInitiative, LowerInjury, FirstAid, CheckAwareness, ApplyDamage,
    SetCondition)}
