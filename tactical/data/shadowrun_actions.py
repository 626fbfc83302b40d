"""Shadowrun's action phase in its ruleset file (`actions:` of sr4.yaml / sr5.yaml): what each
action takes, the fire modes and their recoil, the actions the game does not have.

RULINGS "Actions" (SR5; SR4 alike): an action phase holds one Complex Action or two Simple
Actions, plus Free Actions; a single shot, a semi-automatic shot or a burst is a Simple Action
(sr5 l.30 "He fires one shot as a Simple Action"), full-auto fire and a melee attack are
Complex. The engine's slots stay the base game's (major, move, minor): a Simple action is one
`minor`, a Complex action takes `complex` (both Simple slots of the phase). The numbers of the
fire modes and of recoil are project defaults (the texts give none)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tactical.data.schema import Frozen

Slot = Literal["major", "move", "minor"]
Attribute = Literal["body", "agility", "reaction", "strength", "willpower", "intuition",
                    "logic", "charisma"]
Kind = Literal["free", "simple", "complex"]


class FireMode(Frozen):
    """One fire mode, keyed by the catalogue's mode name (SS, SA, BF, AF)."""

    name: str  # what the GM reads ("Burst fire (BF)")
    action: Kind
    rounds: int = Field(ge=1)  # rounds fired
    recoil: bool = True  # its rounds count against the recoil compensation
    defence_dice: int = 0  # to the defender's pool (a burst is harder to get out of)


class Recoil(Frozen):
    """Recoil against the weapon's RC (project default): each round fired in the same
    action phase beyond the compensation costs dice; it starts again each phase."""

    base: int = Field(default=1, ge=0)  # SR5's "1 + ⌈STR/3⌉ + the weapon's RC"
    strength_divisor: int | None = Field(default=3, ge=1)  # None: Strength does not count
    dice_per_round: int = Field(default=-1, le=0)
    # "phase": the rounds fired earlier in the same action phase count too (a second burst
    # carries the first's); "shot": each shot on its own
    progressive: Literal["phase", "shot"] = "phase"


class TakeAim(Frozen):
    """Take Aim (project default, the texts give no numbers): each aim a Simple action
    adding `dice` to the next attack, at most ⌈attribute / divisor⌉ aims; the next attack
    uses them up."""

    dice: int = Field(default=1, ge=1)
    max_attribute: Attribute = "willpower"
    max_divisor: int = Field(default=2, ge=1)


class EdgeUse(Frozen):
    """One way to spend Edge (PROJECT DEFAULTS: the texts beside the project name none).
    `when`: declared with an attack (its attack test) or on the initiative list."""

    name: str
    cost: int = Field(default=1, ge=1)
    when: Literal["attack", "initiative"]
    edge_dice: bool = False  # Push the Limit (SR4 Blitz too): the Edge rating in dice more
    no_limit: bool = False  # ... and no limit on the hits
    explode_sixes: bool = False  # each 6 rolls one more die (and so on)
    reroll_misses: bool = False  # Second Chance: the dice that are no hits, rolled again
    negate_glitch: bool = False  # Close Call: the test's glitch does not happen
    initiative_dice: int | None = Field(default=None, ge=1, le=5)  # SR5 Blitz: 5 dice
    act_first: bool = False  # Seize the Initiative: first in each pass, this combat turn


class PhaseActions(Frozen):
    """The defaults keep a log's old snapshot (before the key existed) playing as it did: a
    Complex action is the one `major` slot and nothing else changes."""

    complex: tuple[Slot, ...] = ("major",)  # the slots a Complex action takes
    simple: tuple[Slot, ...] = ("minor",)
    melee_attack: Kind = "complex"  # RULINGS "Actions": "a melee attack [is] Complex"
    ranged_attack: Kind = "complex"  # a ranged attack in no listed fire mode
    fire_modes: dict[str, FireMode] = Field(default_factory=dict)
    recoil: Recoil | None = None  # None: no recoil
    take_aim: TakeAim | None = None  # None: no Take Aim action
    edge: dict[str, EdgeUse] = Field(default_factory=dict)  # by the word an Attack names
    # the base game's commands and what they take here (ReadyWeapon: draw or reload)
    costs: dict[str, Kind] = Field(default_factory=dict)
    # the base game's commands this game does not have (RULINGS "Actions": Overwatch,
    # Evade, Refocus, Discipline, Edge +2d6 initiative, first aid by Chapter 6's rules)
    not_offered: tuple[str, ...] = ()

    def slots(self, kind: Kind) -> tuple[Slot, ...]:
        return {"free": (), "simple": self.simple, "complex": self.complex}[kind]

    def slots_for(self, slot: str, command: str = "") -> tuple[str, ...]:
        """The slots an action takes here: this game's own cost of `command`, else the base
        game's `slot` with a `major` read as a Complex action."""
        if command in self.costs:
            return self.slots(self.costs[command])
        return self.complex if slot == "major" else (slot,)
