"""Exact odds, computed not simulated: every outcome of the check's dice (2d10, 3d10 with
Advantage, …) enumerated once (and cached), damage dice sums convolved, armor applied."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from tactical.core.dice import DiceExpr
from tactical.rules.chapter6.attack import AttackPlan, apply_protection, plan_attack
from tactical.rules.chapter6.checks import (
    AdvantageState,
    Degree,
    Modifier,
    degree_for,
    is_double,
    is_fumble,
    keep_dice,
)
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.chapter6.injury import LEVELS, injury_for
from tactical.rules.chapter6.numbers import Chapter6Ruleset
from tactical.rules.chapter6.setup import AttackSetup


@cache
def kept_distribution(sides: int, state: AdvantageState, edge: bool,
                      count: int = 2) -> tuple[tuple[tuple[int, ...], float], ...]:
    """(kept dice highest first, probability) over every roll of the pool of `count` dice
    (the ruleset's `checks.dice`), plus the Advantage/Disadvantage die."""
    weights: dict[tuple[int, ...], float] = {}
    if edge:
        # The Edge die acts on the kept dice alone, so fold it into their distribution
        # (55 × 10 cases instead of 10⁴ for 2d10).
        for kept_before, p in kept_distribution(sides, state, False, count):
            for face in range(1, sides + 1):
                kept = keep_dice(kept_before, None, AdvantageState.NONE, face)
                weights[kept] = weights.get(kept, 0.0) + p / sides
    else:
        n = count + (state is not AdvantageState.NONE)
        for faces in product(range(1, sides + 1), repeat=n):
            extra = faces[count] if n > count else None
            kept = keep_dice(faces[:count], extra, state, None)
            weights[kept] = weights.get(kept, 0.0) + sides ** -n
    return tuple(sorted(weights.items()))


@dataclass(frozen=True, slots=True)
class CheckOdds:
    degrees: dict[Degree, float]
    fumble: float

    @property
    def success(self) -> float:
        return sum(p for d, p in self.degrees.items() if d.is_success)


def check_odds(skill: int, tn: int, state: AdvantageState = AdvantageState.NONE,
               edge: bool = False, modifiers: Sequence[Modifier] = (),
               rules: Chapter6Ruleset | None = None) -> CheckOdds:
    """The chance of each degree of a success check."""
    rules = rules or chapter6_ruleset()
    c = rules.checks
    flat = skill + sum(m.value for m in modifiers)
    degrees = dict.fromkeys(Degree, 0.0)
    fumble = 0.0
    for kept, p in kept_distribution(c.die_sides, state, edge, c.dice):
        fumbled = is_fumble(kept, rules)
        bonus = c.double_bonus if is_double(kept) and not fumbled else 0
        degrees[degree_for(flat + sum(kept) + bonus - tn, fumbled, rules)] += p
        fumble += p if fumbled else 0.0
    return CheckOdds(degrees, fumble)


@cache
def sum_distribution(count: int, sides: int) -> tuple[float, ...]:
    """P(sum = count + i) for `count` dice of `sides` faces, by convolution."""
    dist = [1.0]
    for _ in range(count):
        nxt = [0.0] * (len(dist) + sides - 1)
        for i, p in enumerate(dist):
            for f in range(sides):
                nxt[i + f] += p / sides
        dist = nxt
    return tuple(dist)


def expression_distribution(plan: AttackPlan, degree: Degree,
                            rules: Chapter6Ruleset) -> dict[int, float]:
    """The raw damage total's distribution for a hit of `degree`."""
    return dice_distribution(plan.damage_expr(degree, rules))


def dice_distribution(expression: DiceExpr) -> dict[int, float]:
    """The exact distribution of a dice expression's total (flat part included)."""
    expr = expression.collapsed()
    dist = {expr.flat: 1.0}
    for term in expr.terms:
        part = sum_distribution(term.count, term.sides)
        nxt: dict[int, float] = {}
        for base, p in dist.items():
            for i, q in enumerate(part):
                key = base + term.count + i
                nxt[key] = nxt.get(key, 0.0) + p * q
        dist = nxt
    return dist


@dataclass(frozen=True, slots=True)
class AttackOdds:
    hit: float
    degrees: dict[Degree, float]
    fumble: float
    damage: dict[int, float]  # damage after armor (0 includes misses) → probability
    injury: dict[str, float]  # "none", "light", …, "lethal"
    expected_damage: float  # after armor, misses counted as 0

    @property
    def solid(self) -> float:
        return self.degrees[Degree.SOLID]

    @property
    def perfect(self) -> float:
        return self.degrees[Degree.PERFECT]


def attack_odds(setup: AttackSetup, rules: Chapter6Ruleset | None = None) -> AttackOdds:
    """The exact odds of the attack as set up (the same plan `resolve_attack` rolls)."""
    rules = rules or chapter6_ruleset()
    plan = plan_attack(setup, rules)
    check = check_odds(setup.attacker.skill, plan.tn.tn, plan.advantages.state,
                       plan.edge_roll, setup.attacker.modifiers, rules)
    damage: dict[int, float] = {}
    for degree, p in check.degrees.items():
        if p == 0.0:
            continue
        if not (degree.is_success and plan.deals_damage):
            damage[0] = damage.get(0, 0.0) + p
            continue
        for raw, q in expression_distribution(plan, degree, rules).items():
            after = apply_protection(max(0, raw), plan)[1]
            damage[after] = damage.get(after, 0.0) + p * q
    injury = dict.fromkeys(["none", *(level.value for level in LEVELS)], 0.0)
    health = setup.defender.health
    for value, p in damage.items():
        level = injury_for(value, health, plan.damage_type, rules).level
        injury[level.value if level else "none"] += p
    return AttackOdds(check.success, check.degrees, check.fumble, dict(sorted(damage.items())),
                      injury, sum(v * p for v, p in damage.items()))
