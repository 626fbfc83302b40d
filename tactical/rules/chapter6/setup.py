"""What an attack is, before any die is rolled: who, with what, against whom, and how.

The encounter engine builds an `AttackSetup` from its state (see `from_weapon`,
`defender_from_character`); the CLI builds one from a CASE file; the GUI from the dock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from tactical.data.character import Character, Resistance
from tactical.data.gear import Armor, DamageType, FireMode, Weapon
from tactical.rules.chapter6.checks import Modifier
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.chapter6.numbers import Chapter6Ruleset, PtDr
from tactical.rules.chapter6.numbers import Defence as DefenceRules


class AttackKind(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"


class Cover(StrEnum):
    NONE = "none"
    PARTIAL = "partial"
    FULL = "full"


class CalledShot(StrEnum):
    WEAKNESS = "weakness"
    VULNERABILITY = "vulnerability"


class EdgeUse(StrEnum):
    """Ch.6: one Edge per attack, on the roll (an extra d10) OR on damage (+2d6)."""

    ROLL = "roll"
    DAMAGE = "damage"


# A reaction kind is its name in ruleset.yaml attack.reactions (and in the log's
# ReactionOffered.kind): plain data, so a new kind needs no enum member here.
Reaction = str


class Option(StrEnum):
    AIM_FOR_OPENING = "aim_for_opening"
    CHARGE = "charge"
    DISARM = "disarm"
    FLURRY = "flurry"
    GRAPPLE = "grapple"
    SMASH = "smash"
    AIMED_SHOT = "aimed_shot"
    CROSSFIRE = "crossfire"
    SUPPRESSIVE_FIRE = "suppressive_fire"
    TRICK_SHOT = "trick_shot"
    FIRE_AROUND_COVER = "fire_around_cover"  # l.204: sight and cover from the peek hex


class Defence(StrEnum):
    DODGE = "dodge"
    PARRY = "parry"


class BurstChoice(StrEnum):
    """Ch.6 Burst fire: Advantage on the attack, or +1d6 damage."""

    ADVANTAGE = "advantage"
    DAMAGE = "damage"


OPTION_NAMES: dict[Option, str] = {
    Option.AIM_FOR_OPENING: "Aim for Opening", Option.CHARGE: "Charge",
    Option.DISARM: "Disarm", Option.FLURRY: "Flurry", Option.GRAPPLE: "Grapple",
    Option.SMASH: "Smash", Option.AIMED_SHOT: "Aimed Shot", Option.CROSSFIRE: "Crossfire",
    Option.SUPPRESSIVE_FIRE: "Suppressive Fire", Option.TRICK_SHOT: "Trick Shot",
    Option.FIRE_AROUND_COVER: "Fire Around Cover",
}


@dataclass(frozen=True, slots=True)
class Attacker:
    skill: int
    advantages: tuple[str, ...] = ()  # named sources from the sheet: "smartlink", …
    disadvantages: tuple[str, ...] = ()  # "Moderate injury", "Pinned", …
    modifiers: tuple[Modifier, ...] = ()  # flat modifiers to the check total
    reach_m: float = 2.0
    edge: EdgeUse | None = None
    immobilised: bool = False
    unarmed: bool = False  # an unarmed attack that does not count as armed (l.1009)
    no_footwork: bool = False  # engaged in melee without a Move to spend (l.198)


@dataclass(frozen=True, slots=True)
class WeaponProfile:
    """The numbers of a weapon an attack needs (a catalogue Weapon, or a CASE's weapon)."""

    kind: AttackKind
    damage: str
    damage_type: DamageType = DamageType.PHYSICAL
    effective_range_m: float | None = None
    max_range_m: float | None = None
    modes: tuple[FireMode, ...] = ()
    ammo: int | None = None  # rounds loaded now; None: melee or not tracked
    reach_m: float = 2.0
    name: str = "Weapon"


def from_weapon(weapon: Weapon, ammo: int | None = None) -> WeaponProfile:
    """A catalogue weapon as the resolver sees it; `ammo` is what is loaded now."""
    return WeaponProfile(AttackKind(weapon.kind), weapon.damage, weapon.damage_type,
                         weapon.effective_range_m, weapon.max_range_m, weapon.modes,
                         weapon.magazine if ammo is None else ammo, weapon.reach_m, weapon.name)


@dataclass(frozen=True, slots=True)
class Defender:
    dodge: int = 0
    parry: int = 0
    discipline: int | None = None  # None: the base TN (a civilian's Will, 14+3+3)
    health: int = 20
    armor: tuple[PtDr, ...] = ()
    resistances: tuple[Resistance, ...] = ()
    defenseless: bool = False  # also "not resisting" (Ch.6 melee)
    unaware: bool = False
    target_practice: bool = False
    defence: Defence | None = None  # melee: the defender's choice; None → the higher
    parry_weapon: bool = True  # Ch.6: Parry without a suitable weapon gives Advantage
    reach_m: float = 2.0
    charging: bool = False  # charged last turn: attacks against it have Advantage
    immobilised: bool = False
    evading: bool = False
    shield: bool = False  # Ch.6 l.1009: a shield negates the attacker's Reach Advantage
    armed: bool = False  # holds a weapon: an unarmed attack on it has Disadvantage (l.1009)
    no_footwork: bool = False  # engaged in melee without a Move to spend (l.198)


def defence_value(name: str, character: Character, parry_skill: int = 0,
                  rules: Chapter6Ruleset | None = None) -> int:
    """Ch.6 Defence: Dodge 14+AG+CU, Parry 11+skill, Grit, Poise, Will; Discipline = Will."""
    rules = rules or chapter6_ruleset()
    if name == "discipline":
        name = rules.defences.discipline
    spec: DefenceRules = getattr(rules.defences, name)
    value = spec.base + sum(int(getattr(character.attributes, a)) for a in spec.attributes)
    return value + (parry_skill if spec.skill else 0)


def defender_from_character(character: Character, armor: Sequence[Armor], *,
                            parry_skill: int = 0, parry_weapon: bool = True,
                            rules: Chapter6Ruleset | None = None) -> Defender:
    """The defender's numbers from its sheet; the caller adds the situation's flags."""
    rules = rules or chapter6_ruleset()
    return Defender(
        dodge=defence_value("dodge", character, rules=rules),
        parry=defence_value("parry", character, parry_skill, rules),
        discipline=defence_value("discipline", character, rules=rules),
        health=character.health,
        armor=tuple(PtDr(pt=a.pt, dr=a.dr) for a in armor),
        resistances=character.resistances, parry_weapon=parry_weapon,
        reach_m=character.reach_m)


@dataclass(frozen=True, slots=True)
class Situation:
    distance_m: float | None = None  # None: within effective range, no band modifier
    cover: Cover = Cover.NONE
    cover_class: str | None = None
    through_cover: bool = False
    called_shot: CalledShot | None = None
    called_shot_tn: int | None = None  # None: the smallest (+5 / +15)
    size_tn: int = 0  # GM-entered
    crossfire_allies: int = 1
    target_exposed: bool = False  # GM: crossfire −5 with 2+ allies
    attackers_in_reach: int = 1  # melee outnumbering, attacker's side
    defenders_in_reach: int = 1
    gm_tn: int | None = None  # Trick Shot: the GM sets the TN
    targets: int = 1  # AF at several targets
    target_fast: bool = False  # Ch.6 Range/Speed (l.438): the target sprinted, dashed, charged


@dataclass(frozen=True, slots=True)
class AttackSetup:
    attacker: Attacker
    weapon: WeaponProfile
    defender: Defender
    situation: Situation = Situation()
    mode: FireMode | None = None  # ranged: None → SA if the weapon has it, else its first
    options: tuple[Option, ...] = ()
    reaction: Reaction | None = None
    burst: BurstChoice | None = None  # None → Advantage unless Advantage is already present

    @property
    def kind(self) -> AttackKind:
        return self.weapon.kind
