"""Ch.6 Initiative: the roll and the tier's actions (for the encounter engine)."""

from __future__ import annotations

from dataclasses import dataclass

from tactical.core.dice import Dice, parse_dice, roll_expression
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.chapter6.numbers import Chapter6Ruleset, Tier


def tier_for(initiative: int, rules: Chapter6Ruleset | None = None) -> Tier:
    """Ch.6 Initiative effects on the action economy: Slow 0–9 (no Minor) … 50+."""
    rules = rules or chapter6_ruleset()
    found = rules.initiative.tiers[0]
    for tier in rules.initiative.tiers:
        if max(0, initiative) >= tier.min:
            found = tier
    return found


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    faces: tuple[int, ...]
    attributes: int
    modifier: int
    total: int  # never below 0


def roll_initiative(attributes: int, dice: Dice, *, extra_dice: int = 0, modifier: int = 0,
                    rules: Chapter6Ruleset | None = None) -> InitiativeRoll:
    """Xd6 + AG + CU + modifiers (X = 1 + extra dice from talents and gear); `attributes`
    is AG + CU (ruleset `initiative.attributes`)."""
    rules = rules or chapter6_ruleset()
    base = parse_dice(rules.initiative.dice)
    sides = base.terms[0].sides if base.terms else 6
    expr = base.plus(parse_dice(f"{extra_dice}d{sides}")) if extra_dice else base
    roll = roll_expression(expr, dice)
    return InitiativeRoll(roll.faces, attributes, modifier,
                          max(0, roll.total + attributes + modifier))
