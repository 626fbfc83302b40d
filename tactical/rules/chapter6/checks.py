"""Ch.6 Success checks: 2d10 + skill + modifiers vs TN, Advantage/Disadvantage, the Edge
die, doubles, fumbles, MoS and the six degrees. The dice count and sides are the ruleset's
`checks.dice` and `checks.die_sides` (2 and 10)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tactical.core.dice import Dice
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.chapter6.numbers import Chapter6Ruleset


class Degree(StrEnum):
    PERFECT = "perfect"
    SOLID = "solid"
    MARGINAL_SUCCESS = "marginal_success"
    MARGINAL_FAILURE = "marginal_failure"
    SIGNIFICANT_FAILURE = "significant_failure"
    COMPLETE_FAILURE = "complete_failure"

    @property
    def is_success(self) -> bool:
        return self in (Degree.PERFECT, Degree.SOLID, Degree.MARGINAL_SUCCESS)


DEGREES_BEST_FIRST = tuple(Degree)


class AdvantageState(StrEnum):
    ADVANTAGE = "advantage"
    DISADVANTAGE = "disadvantage"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Modifier:
    """One named number in a breakdown ("Partial cover", +5)."""

    source: str
    value: int


@dataclass(frozen=True, slots=True)
class Advantages:
    """Every named Advantage and Disadvantage source on one check."""

    advantages: tuple[str, ...] = ()
    disadvantages: tuple[str, ...] = ()

    @property
    def state(self) -> AdvantageState:
        # Ch.6: same-kind sources don't stack; any Advantage and any Disadvantage cancel.
        if self.advantages and not self.disadvantages:
            return AdvantageState.ADVANTAGE
        if self.disadvantages and not self.advantages:
            return AdvantageState.DISADVANTAGE
        return AdvantageState.NONE

    @property
    def cancelled(self) -> bool:
        return bool(self.advantages and self.disadvantages)

    def with_sources(self, advantages: Iterable[str] = (),
                     disadvantages: Iterable[str] = ()) -> Advantages:
        return advantages_of((*self.advantages, *advantages),
                             (*self.disadvantages, *disadvantages))


NO_ADVANTAGE = Advantages()


def advantages_of(advantages: Iterable[str] = (), disadvantages: Iterable[str] = ()) -> Advantages:
    """Sources in the order given, each name once."""
    return Advantages(tuple(dict.fromkeys(advantages)), tuple(dict.fromkeys(disadvantages)))


@dataclass(frozen=True, slots=True)
class CheckRoll:
    """A resolved check with every face, so a log can explain (and replay) it."""

    skill: int
    modifiers: tuple[Modifier, ...]
    tn: int
    state: AdvantageState
    base: tuple[int, ...]  # the ruleset's `checks.dice` dice
    extra: int | None  # the Advantage/Disadvantage die
    edge: int | None  # the Edge die
    kept: tuple[int, ...]  # as many as `base`, highest first
    double: bool
    fumble: bool
    double_bonus: int
    total: int
    mos: int
    degree: Degree

    @property
    def sum_text(self) -> str:
        """The sum as every check line writes it: "12+7+3 = 22 vs TN 20" (skill, the kept
        dice, a double's bonus as one more addend: RULINGS Doubles)."""
        return (f"{self.skill}" + "".join(f"{d:+d}" for d in self.kept)
                + (f"{self.double_bonus:+d}" if self.double_bonus else "")
                + f" = {self.total} vs TN {self.tn}")

    @property
    def dice(self) -> tuple[int, ...]:
        """Every d10 in the order drawn: base, Advantage/Disadvantage die, Edge die."""
        return self.base + tuple(d for d in (self.extra, self.edge) if d is not None)

    @property
    def success(self) -> bool:
        return self.degree.is_success

    def shown(self) -> dict[str, Any]:
        """The roll as a screen shows it (SkillOutcome.check, the CheckRolled event)."""
        return {"total": self.total, "tn": self.tn, "degree": self.degree.value,
                "kept": list(self.kept), "fumble": self.fumble, "double": self.double}


def keep_dice(base: Sequence[int], extra: int | None, state: AdvantageState,
              edge: int | None) -> tuple[int, ...]:
    """Ch.6: Advantage keeps the highest two (as many as the base dice), Disadvantage the
    lowest two; then the Edge die replaces the lowest kept die if higher (RULINGS "Edge on a
    check"). Highest first."""
    count = len(base)
    pool = sorted((*base, *(() if extra is None else (extra,))), reverse=True)
    kept = pool[-count:] if state is AdvantageState.DISADVANTAGE else pool[:count]
    if edge is not None and edge > kept[-1]:
        kept[-1] = edge
    return tuple(sorted(kept, reverse=True))


def is_double(kept: Sequence[int]) -> bool:
    """Ch.6 doubles: the kept dice all show the same face."""
    return len(set(kept)) == 1


def is_fumble(kept: Sequence[int], rules: Chapter6Ruleset) -> bool:
    """Ch.6: every kept die shows the fumble face (both 1s) — a complete failure."""
    return all(face == rules.checks.fumble_face for face in kept)


def degree_for(mos: int, fumble: bool, rules: Chapter6Ruleset) -> Degree:
    """Ch.6 degrees by MoS (Perfect ≥ 10, Solid ≥ 5, …); a fumble is a complete failure."""
    if fumble:
        return Degree.COMPLETE_FAILURE
    for degree in DEGREES_BEST_FIRST[:-1]:
        if mos >= rules.checks.degrees[degree.value]:
            return degree
    return Degree.COMPLETE_FAILURE


def evaluate_check(skill: int, tn: int, base: tuple[int, ...], extra: int | None,
                   edge: int | None, state: AdvantageState,
                   modifiers: Sequence[Modifier] = (),
                   rules: Chapter6Ruleset | None = None) -> CheckRoll:
    """The check's result from faces already rolled (replay never rolls)."""
    rules = rules or chapter6_ruleset()
    kept = keep_dice(base, extra, state, edge)
    fumble = is_fumble(kept, rules)
    double = is_double(kept) and not fumble  # Ch.6: a fumble gets no double bonus
    bonus = rules.checks.double_bonus if double else 0
    total = skill + sum(kept) + bonus + sum(m.value for m in modifiers)
    mos = total - tn
    return CheckRoll(skill, tuple(modifiers), tn, state, tuple(base), extra, edge, kept,
                     double, fumble, bonus, total, mos, degree_for(mos, fumble, rules))


def roll_check(skill: int, tn: int, dice: Dice, *, advantages: Advantages = NO_ADVANTAGE,
               edge: bool = False, modifiers: Sequence[Modifier] = (),
               rules: Chapter6Ruleset | None = None) -> CheckRoll:
    """Roll 2d10 (`checks.dice` d`checks.die_sides`; +1 for Advantage/Disadvantage, +1 Edge
    die) in the CASE order."""
    rules = rules or chapter6_ruleset()
    sides = rules.checks.die_sides
    base = tuple(dice.roll(sides) for _ in range(rules.checks.dice))
    state = advantages.state
    extra = dice.roll(sides) if state is not AdvantageState.NONE else None
    edge_die = dice.roll(sides) if edge else None
    return evaluate_check(skill, tn, base, extra, edge_die, state, modifiers, rules)
