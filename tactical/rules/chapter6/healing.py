"""Ch.6 First aid: a Medic check against a TN set by the injury; success improves the
injury one step and restores a little Health."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tactical.core.dice import Dice, roll_expression
from tactical.rules.chapter6.checks import (
    NO_ADVANTAGE,
    Advantages,
    CheckRoll,
    Modifier,
    roll_check,
)
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.chapter6.injury import InjuryLevel, lower
from tactical.rules.chapter6.numbers import Chapter6Ruleset

Kit = Literal["medkit", "some_equipment", "improvised", "trauma_kit", "autodoc"]


@dataclass(frozen=True, slots=True)
class FirstAidResult:
    treated: InjuryLevel
    check: CheckRoll
    tn_breakdown: tuple[Modifier, ...]
    level_after: InjuryLevel | None  # None: the injury is healed
    health_restored: int
    health_dice: tuple[int, ...]  # d6 faces rolled for the Health restored

    @property
    def success(self) -> bool:
        return self.check.success


def first_aid_tn(level: InjuryLevel, kit: Kit = "medkit",
                 rules: Chapter6Ruleset | None = None) -> tuple[int, tuple[Modifier, ...]]:
    """Ch.6 First aid TN by injury (Light 15 … Critical and Lethal 30) and kit."""
    rules = rules or chapter6_ruleset()
    fa = rules.first_aid
    parts = [Modifier(f"{level.value.capitalize()} injury", fa.tn[level.value])]
    if fa.kit_tn[kit]:
        parts.append(Modifier(kit.replace("_", " ").capitalize(), fa.kit_tn[kit]))
    return sum(p.value for p in parts), tuple(parts)


def first_aid(level: InjuryLevel, skill: int, dice: Dice, *, kit: Kit = "medkit",
              advantages: Advantages = NO_ADVANTAGE, edge: bool = False,
              rules: Chapter6Ruleset | None = None) -> FirstAidResult:
    """Roll the Medic check (d10s), then the Health restored (d6s). The engine enforces
    "once per injury" (Ch.6: no more first aid until injured anew)."""
    rules = rules or chapter6_ruleset()
    tn, breakdown = first_aid_tn(level, kit, rules)
    check = roll_check(skill, tn, dice, advantages=advantages, edge=edge, rules=rules)
    if not check.success:
        return FirstAidResult(level, check, breakdown, level, 0, ())
    after = lower(level, rules.first_aid.steps_better)
    health, faces = 0, tuple[int, ...]()
    spec = rules.first_aid.health.get(level.value)
    if spec is not None:
        roll = roll_expression(spec.base, dice)
        # "+1 for every 5 MoS, to a maximum of 1d6+3" (Light) / "of 3" (Moderate)
        health = roll.total + min(check.mos // spec.per_mos, spec.max_bonus)
        faces = roll.faces
    return FirstAidResult(level, check, breakdown, after, health, faces)


def trauma_patch(level: InjuryLevel, dice: Dice, *, kit: Kit = "medkit",
                 rules: Chapter6Ruleset | None = None) -> FirstAidResult:
    """Ch.6 Trauma patches "perform emergency first aid with an effective Medic skill of
    +12" (`first_aid.trauma_patch_skill`)."""
    rules = rules or chapter6_ruleset()
    return first_aid(level, rules.first_aid.trauma_patch_skill, dice, kit=kit, rules=rules)
