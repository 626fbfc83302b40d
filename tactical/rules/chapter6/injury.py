"""Ch.6 Damage and Injury: injury levels, their effects as data, cumulative damage,
Stamina and Fatigue."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache

from tactical.core.dice import Dice, roll_expression
from tactical.data.gear import DamageType
from tactical.rules.chapter6.numbers import Chapter6Ruleset, InjuryEffect


@cache
def _ratio(share: float) -> tuple[int, int]:
    """A YAML decimal share as an exact ratio (0.75 → 3/4), so 75 % of 30 is 22.5 exactly."""
    f = Fraction(str(share))
    return f.numerator, f.denominator


def at_least(amount: int, share: float, of: int) -> bool:
    """amount ≥ share × of, exactly."""
    num, den = _ratio(share)
    return amount * den >= num * of


class InjuryLevel(StrEnum):
    LIGHT = "light"
    MODERATE = "moderate"
    SERIOUS = "serious"
    CRITICAL = "critical"
    LETHAL = "lethal"

    @property
    def rank(self) -> int:
        return LEVELS.index(self)


LEVELS = tuple(InjuryLevel)


def lower(level: InjuryLevel | None, steps: int) -> InjuryLevel | None:
    """`steps` levels less severe; below Light there is no injury."""
    if level is None or level.rank - steps < 0:
        return None
    return LEVELS[level.rank - steps]


def worse(a: InjuryLevel | None, b: InjuryLevel | None) -> InjuryLevel | None:
    """Ch.6 (RULINGS): the lasting state is the worst injury so far."""
    if a is None or b is None:
        return a or b
    return a if a.rank >= b.rank else b


def severity(damage: int, health: int, rules: Chapter6Ruleset) -> InjuryLevel | None:
    """Ch.6 Injury thresholds: a hit's damage after armor (≥ 1) against Health;
    Moderate ≥ 25 %, Serious ≥ 50 %, Critical ≥ 75 %, Lethal ≥ 100 %."""
    if damage < 1:
        return None
    found = InjuryLevel.LIGHT
    for level in LEVELS:
        if at_least(damage, rules.injury.thresholds[level.value], health):
            found = level
    return found


@dataclass(frozen=True, slots=True)
class InjuryOutcome:
    level: InjuryLevel | None  # after Stun and Edge
    raw_level: InjuryLevel | None  # from the damage alone
    steps: tuple[str, ...]  # why it is lower: "Stun damage", "Edge"


def injury_for(damage: int, health: int, damage_type: DamageType, rules: Chapter6Ruleset,
               *, edge: bool = False) -> InjuryOutcome:
    """Ch.6: Stun is one step lower; 1 Edge lowers it one more (below Light: none).
    Neither changes the damage, which still counts toward the total."""
    raw = severity(damage, health, rules)
    level, steps = raw, []
    if raw is not None and damage_type is DamageType.STUN:
        level = lower(level, rules.injury.stun_steps_lower)
        steps.append("Stun damage")
    if raw is not None and edge:
        level = lower(level, rules.injury.edge_steps_lower)
        steps.append("Edge")
    return InjuryOutcome(level, raw, tuple(steps))


@dataclass(frozen=True, slots=True)
class Effects:
    """What an injury (or cumulative damage) does, for the encounter engine to apply.

    Dice-valued durations are rolled when the hit resolves (so replay never rolls) and kept
    next to the expression they came from; `bleed` is rolled each round by the engine."""

    cause: str  # "light", …, "incapacitated", "dying"
    fatigue: int = 0
    initiative_loss: int | None = None
    initiative_loss_dice: str | None = None
    initiative_duration: str | None = None  # "next_turn" or "combat"
    initiative_zero: bool = False
    disadvantage: str | None = None  # "next_turn", "until_treated" or "rounds"
    disadvantage_rounds: int | None = None
    disadvantage_dice: str | None = None
    actions_per_turn: int | None = None
    actions: tuple[str, ...] | None = None  # only these actions each turn ("minor")
    no_reactions: bool = False
    bleed: str | None = None  # damage each round, straight to the total, no new injury
    bleed_rounds: int | None = None
    bleed_until_stabilised: bool = False
    bleed_rounds_dice: str | None = None
    prone: bool = False
    unconscious: bool = False
    death_in_rounds: int | None = None
    death_dice: str | None = None
    rolls: tuple[int, ...] = ()  # every d6 face rolled for these effects, in order


def _is_dice(text: str | None) -> bool:
    return text is not None and text[:1].isdigit()


def make_effects(cause: str, spec: InjuryEffect, dice: Dice | None) -> Effects:
    """The effects of `spec`; with `dice`, roll Initiative loss, the Disadvantage rounds,
    the bleeding rounds and the death timer, in that order."""
    faces: list[int] = []

    def roll(expr: str | None) -> int | None:
        if expr is None or dice is None:
            return None
        result = roll_expression(expr, dice)
        faces.extend(result.faces)
        return result.total

    dis = spec.disadvantage
    dis_dice = dis if _is_dice(dis) else None
    bleed_dice = spec.bleed_rounds if _is_dice(spec.bleed_rounds) else None
    return Effects(
        cause=cause, fatigue=spec.fatigue,
        initiative_loss=roll(spec.initiative_loss), initiative_loss_dice=spec.initiative_loss,
        initiative_duration=spec.initiative_duration, initiative_zero=spec.initiative_zero,
        disadvantage="rounds" if dis_dice else dis,
        disadvantage_rounds=roll(dis_dice), disadvantage_dice=dis_dice,
        actions_per_turn=spec.actions_per_turn, actions=spec.actions,
        no_reactions=spec.no_reactions, bleed=spec.bleed,
        bleed_rounds=roll(bleed_dice), bleed_rounds_dice=bleed_dice,
        bleed_until_stabilised=spec.bleed_rounds == "until_stabilised",
        prone=spec.prone, unconscious=spec.unconscious,
        death_in_rounds=roll(spec.death_in), death_dice=spec.death_in, rolls=tuple(faces))


def injury_effects(level: InjuryLevel, rules: Chapter6Ruleset,
                   dice: Dice | None = None) -> Effects:
    """Ch.6 Injury threshold descriptions, as data."""
    return make_effects(level.value, rules.injury.effects[level.value], dice)


class CumulativeState(StrEnum):
    NONE = "none"
    INCAPACITATED = "incapacitated"
    DYING = "dying"


def cumulative_state(total_damage: int, health: int, rules: Chapter6Ruleset) -> CumulativeState:
    """Ch.6 Cumulative damage: total ≥ HLT incapacitated; ≥ 2 × HLT dying."""
    c = rules.injury.cumulative
    if at_least(total_damage, c.dying_at, health):
        return CumulativeState.DYING
    if at_least(total_damage, c.incapacitated_at, health):
        return CumulativeState.INCAPACITATED
    return CumulativeState.NONE


def cumulative_effects(state: CumulativeState, rules: Chapter6Ruleset,
                       dice: Dice | None = None) -> Effects | None:
    """Incapacitated as the ruleset says; dying as a Lethal injury (Ch.6 text)."""
    if state is CumulativeState.NONE:
        return None
    if state is CumulativeState.DYING:
        return make_effects("dying", rules.injury.effects["lethal"], dice)
    return make_effects("incapacitated", rules.injury.cumulative.incapacitated, dice)


class FatigueState(StrEnum):
    FRESH = "fresh"
    FATIGUED = "fatigued"  # loses a Major or a Move each turn
    EXHAUSTED = "exhausted"  # Initiative 0, one Minor action
    UNCONSCIOUS = "unconscious"


def fatigue_state(fatigue: int, stamina: int, rules: Chapter6Ruleset) -> FatigueState:
    """Ch.6 Fatigue: ≥ 50 % of Stamina Fatigued, ≥ 100 % Exhausted, ≥ 200 % Unconscious."""
    f = rules.fatigue
    for state, share in ((FatigueState.UNCONSCIOUS, f.unconscious),
                         (FatigueState.EXHAUSTED, f.exhausted),
                         (FatigueState.FATIGUED, f.fatigued)):
        if at_least(fatigue, share, stamina):
            return state
    return FatigueState.FRESH
