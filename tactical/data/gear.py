"""The gear catalogue: weapons and armor (format: docs/formats.md#catalogue)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StringConstraints, model_validator

from tactical.data.problems import Loc
from tactical.data.schema import Frozen

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)]
# A dice expression as printed in the rules: "4d6+2", "3d6+1", "2d6", "1d6+1", "4d6+2d6+10".
DICE_PATTERN = r"^\s*(\d*d\d+|\d+)(\s*[+-]\s*(\d*d\d+|\d+))*\s*$"
# Limits on what drives cost (issue 11): the exact odds convolve every die, so 200d1000
# ran for minutes. No rule rolls more than a handful of dice; these leave room for homebrew.
MAX_DICE = 20
MAX_SIDES = 100
MAX_FLAT = 1000
_TERM = re.compile(r"(\d*)d(\d+)|(\d+)")


def _dice_within_limits(text: str) -> str:
    dice = 0
    for count, sides, flat in _TERM.findall(text):
        if sides:
            if not 2 <= int(sides) <= MAX_SIDES:
                raise ValueError(f"dice expression {text!r}: d{int(sides)} is not a die; "
                                 f"dice have 2 to {MAX_SIDES} sides")
            dice += int(count or "1")
        elif int(flat) > MAX_FLAT:
            raise ValueError(f"dice expression {text!r}: {int(flat)} is over the limit of "
                             f"{MAX_FLAT}")
    if dice > MAX_DICE:
        raise ValueError(f"dice expression {text!r} rolls {dice} dice; the limit is "
                         f"{MAX_DICE}")
    return text


DiceExpression = Annotated[str, StringConstraints(pattern=DICE_PATTERN, max_length=40),
                           AfterValidator(_dice_within_limits)]


class DamageType(StrEnum):
    PHYSICAL = "physical"
    STUN = "stun"
    ENERGY = "energy"


class FireMode(StrEnum):
    SS = "SS"
    SA = "SA"
    BF = "BF"
    AF = "AF"


class ShadowrunWeapon(Frozen):
    """The weapon's Shadowrun numbers: DV may be written "STR+1" for melee weapons."""

    dv: Annotated[str, StringConstraints(pattern=r"^(STR(\s*[+-]\s*\d+)?|\d+)$")]
    damage_type: Literal["P", "S"] = "P"
    ap: int = 0
    accuracy: int | None = Field(default=None, ge=1)
    reach: int = Field(default=0, ge=0)
    skill: Slug | None = None  # the Shadowrun skill, when the catalogue names it (imports)
    range: Slug | None = None  # its SR range category (the ruleset's map_modifiers.ranges)
    rc: int = Field(default=0, ge=0)  # Recoil Compensation (the ruleset's actions.recoil)


class BlastRing(Frozen):
    """One ring of a blast (RULINGS Area attacks): every combatant whose hex lies within
    `radius_m` of the landing hex (and outside the rings before it) takes `damage`."""

    radius_m: float = Field(gt=0, le=100)
    damage: DiceExpression


class AreaWeapon(Frozen):
    """What makes a weapon aim at a hex (RULINGS Area attacks): its blast rings, innermost
    first; thrown (the thrower's athletics skill) or launched (its weapon skill);
    Shadowrun's DV falloff per metre from the landing point (frag 1, high explosive 2)."""

    delivery: Literal["thrown", "launched"]
    rings: tuple[BlastRing, ...] = Field(min_length=1, max_length=6)
    sr_falloff: int = Field(default=1, ge=0, le=20)

    @model_validator(mode="after")
    def _rings_grow(self) -> AreaWeapon:
        radii = [r.radius_m for r in self.rings]
        if radii != sorted(set(radii)):
            raise ValueError("blast rings go outward: each radius_m larger than the last")
        return self


class Weapon(Frozen):
    id: Slug
    name: str
    kind: Literal["melee", "ranged"]
    skill: Slug
    damage: DiceExpression
    damage_type: DamageType = DamageType.PHYSICAL
    reach_m: float = Field(default=2.0, gt=0, le=20)
    effective_range_m: float | None = Field(default=None, gt=0, le=5000)
    max_range_m: float | None = Field(default=None, gt=0, le=20000)
    modes: tuple[FireMode, ...] = ()
    magazine: int | None = Field(default=None, ge=1, le=1000)
    tags: tuple[Slug, ...] = ()
    notes: str = ""
    shadowrun: ShadowrunWeapon | None = None  # SR5's numbers
    sr4: ShadowrunWeapon | None = None  # SR4's (no Accuracy: SR4 has no limits)
    area: AreaWeapon | None = None  # a blast weapon, aimed at a hex (issue 27)

    @model_validator(mode="after")
    def _kind_fields(self) -> Weapon:
        if self.kind == "ranged":
            missing = [n for n in ("effective_range_m", "magazine") if getattr(self, n) is None]
            if not self.modes:
                missing.append("modes")
            if missing:
                raise ValueError(f"a ranged weapon needs {', '.join(missing)}")
            if self.max_range_m is not None and self.max_range_m < (self.effective_range_m or 0):
                raise ValueError("max_range_m is shorter than effective_range_m")
        elif self.modes or self.effective_range_m is not None:
            raise ValueError("a melee weapon has no fire modes or effective range")
        return self


class ShadowrunArmor(Frozen):
    armor: int = Field(ge=0)  # SR5: one armor value
    ballistic: int | None = Field(default=None, ge=0)  # SR4
    impact: int | None = Field(default=None, ge=0)


class Armor(Frozen):
    id: Slug
    name: str
    pt: int = Field(ge=0, le=100)  # Ch.6 Damage mitigation: Protection Threshold
    dr: int = Field(ge=0, le=100)  # Damage Reduction, percent
    tags: tuple[Slug, ...] = ()
    notes: str = ""
    shadowrun: ShadowrunArmor | None = None


class Catalogue(Frozen):
    kind: Literal["catalogue"]
    version: Literal[1] = 1
    name: str = ""
    weapons: tuple[Weapon, ...] = ()
    armor: tuple[Armor, ...] = ()

    def problems(self) -> Iterable[tuple[Loc, str]]:
        yield from duplicate_ids("weapons", self.weapons)
        yield from duplicate_ids("armor", self.armor)


def duplicate_ids(field: str, items: Iterable[Frozen]) -> Iterable[tuple[Loc, str]]:
    seen: set[str] = set()
    for index, item in enumerate(items):
        ident = getattr(item, "id", None)
        if ident in seen:
            yield (field, index, "id"), f"duplicate id '{ident}'; ids must be unique"
        if ident is not None:
            seen.add(ident)
