"""Encounter state: the fold of the events still in effect. Never edited in place.

Everything here is a frozen value; `evolve` (evolve.py) makes new ones. The map and the
character sheets are context (LoadedMap), not state: the state keeps only what changes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, TypeVar

from tactical.core.types import Hex
from tactical.rules.api import Budget

__all__ = ["Action", "Budget", "Combatant", "Condition", "EncounterState", "HaltedMove",
           "Hex", "PendingReaction", "Phase", "Timer", "changed"]

_V = TypeVar("_V")
_MAKERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}


def changed(value: _V, **changes: Any) -> _V:
    """dataclasses.replace for the state's frozen values, several times faster: a fold
    makes a new Combatant and a new state an event, and replace's walk over the fields was a
    third of a long log's replay (issue 23). The same result: each class's fields are all
    init fields, with no __post_init__ (checked once per class)."""
    key = (type(value), tuple(changes))
    maker = _MAKERS.get(key)
    if maker is None:
        maker = _MAKERS[key] = _maker(*key)
    return maker(value, *changes.values())  # type: ignore[no-any-return]


def _maker(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """A function (old, *new values of `names`) → a copy of old with them: the fields read
    straight off the old value, no loop (made once per class and set of names)."""
    own = fields(cls)
    if not all(f.init for f in own) or hasattr(cls, "__post_init__"):
        raise TypeError(f"changed() does not know how to copy a {cls.__name__}")
    unknown = set(names) - {f.name for f in own}
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    new = {name: f"new_{i}" for i, name in enumerate(names)}
    space: dict[str, Any] = {"cls": cls, "blank": object.__new__, "draft": _draft(cls)}
    if space["draft"] is not None:
        # filled in as a draft (plain slot stores, the fastest Python has), then made the
        # frozen class it has the very layout of: a Combatant's 45 fields each set through
        # its descriptor (a method call each) were most of a long replay's fold (issue 23)
        body = ["    value = blank(draft)"]
        body += [f"    value.{f.name} = {new.get(f.name, f'old.{f.name}')}" for f in own]
        body += ["    value.__class__ = cls", "    return value"]
    elif all(f.name in cls.__dict__ for f in own) and hasattr(cls, "__slots__"):
        # each slot set straight through its descriptor: a frozen class's __init__ goes
        # through object.__setattr__ field by field, at twice the cost
        body = ["    value = blank(cls)"]
        for i, f in enumerate(own):
            space[f"set_{i}"] = cls.__dict__[f.name].__set__
            body.append(f"    set_{i}(value, {new.get(f.name, f'old.{f.name}')})")
        body.append("    return value")
    else:
        args = ", ".join(new.get(f.name, f"old.{f.name}") for f in own)
        body = [f"    return cls({args})"]
    source = f"def make(old, {', '.join(new.values())}):\n" + "\n".join(body) + "\n"
    exec(source, space)  # our own field names, as dataclasses itself does
    maker: Callable[..., Any] = space["make"]
    return maker


@functools.cache
def _draft(cls: type) -> type | None:
    """A class with `cls`'s very slots and nothing else: not frozen, so a copy is filled in
    by plain stores, and of the same layout, so Python lets the finished copy become a
    `cls` (`__class__` assignment; checked here once, on a probe). None for a class
    that is not a slotted dataclass straight on object (its copies go the slower way)."""
    slots = cls.__dict__.get("__slots__")
    if cls.__bases__ != (object,) or slots is None or \
            tuple(slots) != tuple(f.name for f in fields(cls)):
        return None
    draft = type(f"{cls.__name__}Draft", (), {"__slots__": tuple(slots),
                                              "__module__": __name__})
    probe: Any = object.__new__(draft)
    try:
        probe.__class__ = cls
    except TypeError:  # layouts Python will not swap (a __weakref__ or __dict__ slot)
        return None
    return draft


class Phase(StrEnum):
    SETUP = "setup"  # tokens placed, no initiative yet
    COMBAT = "combat"
    ENDED = "ended"


class Condition(StrEnum):
    """Conditions the GM can see as badges; derived states (Fatigued, Incapacitated) are not
    stored but computed from damage and fatigue (rules.py)."""

    PRONE = "prone"
    PINNED = "pinned"
    OVERWATCH = "overwatch"
    GRAPPLED = "grappled"
    EVADING = "evading"
    CHARGING = "charging"
    # Ch.6 Charge, l.388: the charge's attack is still to come this turn (paid by the Full
    # action the Charge move spent)
    CHARGE_ATTACK = "charge_attack"
    INTERCEPTED = "intercepted"  # went on past an interceptor: Disadvantage on its attack
    DISENGAGED = "disengaged"  # Ch.6 Disengage (Major): leaves melee without an AoO this turn
    UNCONSCIOUS = "unconscious"
    STABILISED = "stabilised"
    DEAD = "dead"
    IMMOBILISED = "immobilised"
    FRIGHTENED = "frightened"  # Ch.6 Fear (l.972-976): failed a Discipline check; GM clears
    # Ch.6 Move actions, l.198: attacked in melee with no Move to spend (none left,
    # immobilised, grappled, pinned): Disadvantage on that attack, and enemies attacking it
    # in melee have Advantage until its next turn
    NO_FOOTWORK = "no_footwork"
    MOUNTED = "mounted"  # Ch.6 Mount/Dismount (l.208): rides `riding`, shares its hex
    # Shadowrun: a defence that lasts the combat turn was declared (SR5 Full Defense,
    # "(Entire combat turn)", sr5 l.9): later defences this turn add its dice, unpaid
    FULL_DEFENSE = "full_defense"
    # Shadowrun surprise (RULINGS "Surprise", the ruleset file's `surprise`): failed the
    # surprise test; no interrupt actions until its first action phase
    SURPRISED = "surprised"


class Action(StrEnum):
    MAJOR = "major"
    MOVE = "move"
    MINOR = "minor"


@dataclass(frozen=True, slots=True)
class Timer:
    """Something that counts down at the start of its owner's turn (Ch.6: durations count
    down at the start of the owner's turn). `rounds` None lasts until removed."""

    kind: str  # "disadvantage", "bleed", "death", "initiative"
    rounds: int | None
    amount: str = ""  # bleed damage per round ("1", "1d6"), initiative change ("-4")
    source: str = ""


@dataclass(frozen=True, slots=True)
class Combatant:
    id: str
    name: str
    side: str
    character: str
    hex: Hex
    health: int
    stamina: int
    edge: int
    damage: int = 0  # total damage taken, Stun included (Ch.6 Stun counts against Health)
    stun: int = 0  # the Stun share of `damage`, which heals faster
    fatigue: int = 0
    injury: str | None = None  # the worst injury so far
    treated: bool = False  # Ch.6 First aid: once, until injured anew
    last_hit: dict[str, object] | None = None  # HitRecorded, while Edge may still lower it
    conditions: frozenset[Condition] = frozenset()
    timers: tuple[Timer, ...] = ()
    weapon: str | None = None  # the ready weapon's catalogue id
    ammo: tuple[tuple[str, int], ...] = ()  # (weapon id, rounds loaded)
    initiative: int | None = None
    # the score as last rolled or set: Shadowrun counts the Initiative spent this combat
    # turn (a defence's cost) from it, so a score rolled anew (Blitz) keeps that spent
    initiative_rolled: int | None = None
    initiative_next_round: int = 0  # Edge +2d6, injury −Xd6 "next turn": for the next round
    initiative_this_round: int = 0  # what was pending when this round started
    initiative_lasting: int = 0  # injury changes to the end of combat (Serious −2d6)
    initiative_zero: bool = False
    # Ch.6 Critical, l.716: an injury's "Initiative 0 until end of combat" outlasts the
    # injury itself: first aid "does not restore lost Initiative" (l.912), so a Critical
    # treated down to Serious keeps it; set by the hit (HitRecorded), lifted only when the
    # Initiative 0 is taken back (Edge lowering that hit)
    initiative_zero_injury: bool = False
    tiebreak: tuple[int, ...] = ()  # AG, CU, d10 roll-off (Ch.6 Initiative ties)
    reactions: int = 0  # left this round
    unaware: bool = False  # Ch.6 l.48: no actions and no Reactions in round 1
    # Ch.6 l.44-46, RULINGS Perception (encounter/handlers/detection.py): only a Solid or Perfect
    # Awareness check makes a combatant Fully aware (it detects even hidden enemies); the
    # enemies it has not detected (they used Stealth or the GM marked them hidden); and
    # whether this combatant is hidden (from those not Fully aware)
    fully_aware: bool = False
    undetected: frozenset[str] = frozenset()
    hidden: bool = False
    budget: Budget = field(default_factory=Budget)
    move_spent: bool = False  # a Move action spent this turn (Ch.6 l.198: melee footwork)
    fired: int = 0  # rounds fired in this turn (a Shadowrun action phase: recoil adds up)
    # Ch.6 l.818 recovery clock: an action or a Reaction spent since its last turn ended
    # (Free actions spend nothing), and the idle turns counted while Exhausted
    acted: bool = False
    rested_turns: int = 0
    riding: str | None = None  # the mount or vehicle it rides (Ch.6 l.208): moves with it
    used_edge_this_round: bool = False
    # Ch.6 l.90: 1 Edge for +2d6 Initiative, once a round: already bought for the next round
    edge_initiative: bool = False
    attacked_by: frozenset[str] = frozenset()  # who attacked it this round (Ch.6 Crossfire)
    overwatch_zone: tuple[tuple[float, float], ...] | None = None
    overflow: int = 0  # damage past the ruleset's damage track (Shadowrun: Physical)
    # what the ruleset keeps besides the shared fields (Ruleset.combatant_extension)
    extension: object | None = None

    @property
    def sr_monitor(self) -> tuple[int, int | None, int] | None:
        """Transitional, for readers not yet on the ruleset interface: the condition
        monitors' sizes (physical, stun, body) when the extension has them."""
        sizes = getattr(self.extension, "monitor_sizes", None)
        return sizes if isinstance(sizes, tuple) else None

    def has(self, condition: Condition) -> bool:
        return condition in self.conditions

    def rounds_loaded(self, weapon: str) -> int | None:
        return next((n for w, n in self.ammo if w == weapon), None)

    def with_ammo(self, weapon: str, rounds: int) -> Combatant:
        rest = tuple((w, n) for w, n in self.ammo if w != weapon)
        return changed(self, ammo=(*rest, (weapon, rounds)))

    def effective_initiative(self) -> int:
        if self.initiative_zero or self.initiative is None:
            return 0
        total = self.initiative + self.initiative_this_round + self.initiative_lasting
        return max(0, total)  # Ch.6: Initiative cannot fall below 0


@dataclass(frozen=True, slots=True)
class PendingReaction:
    """A reaction the map offers; the GM resolves or declines it (issue 4, item 4)."""

    reactor: str
    kind: str  # a ReactionSpec's name (Chapter 6: snapshot, overwatch, intercept, ...)
    mover: str
    step: int
    hex: Hex
    why: str
    id: str = ""  # its own id ("o7"): React and DeclineReaction name it (issue 22 item 4)
    owed: bool = False  # ReactionSpec.owed: settling it ends what the reactor owes this move


@dataclass(frozen=True, slots=True)
class WithdrawnReaction:
    """An offer that went because the reactor settled another one at the same step (the
    ruleset's answer, `Ruleset.other_offer_gone`), and why: the dock says it."""

    offer: PendingReaction
    why: str


@dataclass(frozen=True, slots=True)
class AddedCover:
    """A cover piece added mid-fight (issue 15): the map's cover fields, neutral types."""

    id: str
    label: str
    cover_class: str
    height: str
    polygon: tuple[tuple[float, float], ...]


@dataclass(frozen=True, slots=True)
class HaltedMove:
    """The rest of a move that stopped at a pending reaction."""

    mover: str
    remaining: tuple[Hex, ...]
    metres_left: float
    done_reactors: frozenset[str] = frozenset()  # reacted or declined during this move
    started_in_reach_of: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class EncounterState:
    map_name: str
    ruleset: str
    combatants: Mapping[str, Combatant] = field(default_factory=dict)
    phase: Phase = Phase.SETUP
    round: int = 0
    order: tuple[str, ...] = ()
    turn: int = -1  # index into order; −1 between rounds
    initiative_pass: int = 1  # Shadowrun: the initiative pass within the combat turn
    # Shadowrun: who delayed in this pass (DelayAction), in that order: they stay at its end
    # when spent Initiative re-sorts it (encounter/handlers/passes.py)
    delayed: tuple[str, ...] = ()
    pending: tuple[PendingReaction, ...] = ()
    halted: HaltedMove | None = None
    offers_made: int = 0  # reactions offered so far: the next offer's id is o{offers_made + 1}
    withdrawn: tuple[WithdrawnReaction, ...] = ()  # this turn's, with the reason
    # Mid-fight terrain (issue 15, encounter/handlers/terrain.py): the map's cover taken away by id
    # (a door opened, a wall blown open) and cover added during the fight.
    cover_removed: frozenset[str] = frozenset()
    cover_added: tuple[AddedCover, ...] = ()

    def __iter__(self) -> Iterator[Combatant]:
        return iter(self.combatants.values())

    def get(self, combatant_id: str) -> Combatant:
        return self.combatants[combatant_id]

    @property
    def actor(self) -> str | None:
        if self.phase is not Phase.COMBAT or not 0 <= self.turn < len(self.order):
            return None
        return self.order[self.turn]

    def with_combatant(self, combatant: Combatant) -> EncounterState:
        return changed(self, combatants={**self.combatants, combatant.id: combatant})

    def occupant(self, hex_: Hex) -> Combatant | None:
        """Who stands in `hex_` (the first in order: a rider shares its mount's hex)."""
        return _by_hex(self.combatants).get(hex_)


# The last combatants asked about, by hex: a drag step asks the engine's step rules about
# every hex of a path that changed half-way (issue 26), and a walk over 400 combatants for
# each was a tenth of the step. A state's combatants are never changed in place (a fold
# makes a new mapping), so the same mapping has the same hexes.
_BY_HEX: tuple[Mapping[str, Combatant], dict[Hex, Combatant]] | None = None


def _by_hex(combatants: Mapping[str, Combatant]) -> dict[Hex, Combatant]:
    global _BY_HEX
    known = _BY_HEX
    if known is None or known[0] is not combatants:
        found: dict[Hex, Combatant] = {}
        for c in combatants.values():
            found.setdefault(c.hex, c)
        known = _BY_HEX = (combatants, found)
    return known[1]
