"""Ch.6 Attacks: the target number, every part of it named."""

from __future__ import annotations

from dataclasses import dataclass

from tactical.rules.chapter6.checks import Modifier
from tactical.rules.chapter6.numbers import Chapter6Ruleset, RangeBand
from tactical.rules.chapter6.setup import (
    AttackKind,
    AttackSetup,
    CalledShot,
    Cover,
    Defence,
    Option,
)

BAND_ORDER = ("close", "short", "medium", "long", "extreme")


@dataclass(frozen=True, slots=True)
class BandResult:
    band: str
    max_m: float
    tn: int


def band_limit(band: RangeBand, effective_m: float) -> float:
    return band.max_m if band.max_m is not None else (band.max_factor or 0) * effective_m


def range_band(distance_m: float, effective_m: float, max_range_m: float | None,
               rules: Chapter6Ruleset) -> BandResult | None:
    """The first band whose limit the distance does not exceed; None beyond max range."""
    max_m = max_range_m if max_range_m is not None else rules.default_max_range_factor * effective_m
    if distance_m > max_m:
        return None
    for band in rules.range_bands:
        limit = min(band_limit(band, effective_m), max_m)
        if distance_m <= limit:
            return BandResult(band.band, limit, band.tn)
    return BandResult(rules.range_bands[-1].band, max_m, rules.range_bands[-1].tn)


@dataclass(frozen=True, slots=True)
class TargetNumber:
    """The TN and its breakdown; the breakdown's values add up to the TN."""

    tn: int
    breakdown: tuple[Modifier, ...]
    defence: str | None  # the defence that set the TN ("Dodge", "Parry", "Discipline")
    band: BandResult | None


def chosen_defence(setup: AttackSetup) -> Defence:
    """Ch.6 melee: the defender chooses; the engine offers the higher (Dodge on a tie, as
    Parry may give the attacker Advantage). Ranged attacks meet Dodge only."""
    d = setup.defender
    if setup.kind is AttackKind.RANGED:
        return Defence.DODGE
    if d.defence is not None:
        return d.defence
    return Defence.PARRY if d.parry > d.dodge else Defence.DODGE


def tn_modifiers(setup: AttackSetup, band: BandResult | None,
                 rules: Chapter6Ruleset) -> list[Modifier]:
    """Ch.6 TN modifiers (cover bypass, evading, range, crossfire, called shot, size)."""
    mods = rules.attack.tn_modifiers
    s, d = setup.situation, setup.defender
    out: list[Modifier] = []
    ranged = setup.kind is AttackKind.RANGED
    # Ch.6 Suppressive Fire: "no bonus for cover" (an option's `ignores_cover`)
    ignores_cover = any(rules.attack.options[o.value].ignores_cover for o in setup.options)
    if not s.through_cover and s.cover is not Cover.NONE and not ignores_cover:
        key = "partial_cover" if s.cover is Cover.PARTIAL else "full_cover"
        out.append(Modifier(f"{s.cover.value.capitalize()} cover", mods[key]))
    if ranged and d.evading:  # Ch.6 Evade: +5 TN vs ranged attacks (`movement.evade_tn`)
        out.append(Modifier("Evading", rules.movement.evade_tn))
    if band is not None and band.tn:
        out.append(Modifier(f"{band.band.capitalize()} range", band.tn))
    if ranged and s.target_fast:  # l.438 "faster targets increase TN", less so at range
        speed = rules.target_speed
        by_band = {"extreme": speed.extreme_tn}
        value = by_band.get(band.band if band is not None else "", speed.tn)
        if value:
            out.append(Modifier("Fast target", value))
    if Option.CROSSFIRE in setup.options:
        many = s.crossfire_allies >= rules.attack.crossfire_many_allies and s.target_exposed
        allies = rules.attack.crossfire_many_allies
        out.append(Modifier("Crossfire" + (f" ({allies}+ allies, exposed)" if many else ""),
                            mods["crossfire_many" if many else "crossfire"]))
    if s.called_shot is not None:
        low = mods[f"called_{s.called_shot.value}"]
        value = s.called_shot_tn if s.called_shot_tn is not None else low
        name = "Weakness" if s.called_shot is CalledShot.WEAKNESS else "Vulnerability"
        out.append(Modifier(f"Called shot: {name}", value))
    if s.size_tn:
        out.append(Modifier("Size", s.size_tn))
    return out


def target_number(setup: AttackSetup, band: BandResult | None,
                  rules: Chapter6Ruleset) -> TargetNumber:
    a, d, s = rules.attack, setup.defender, setup.situation
    if s.gm_tn is not None:  # Ch.6 Trick Shot: "The GM sets an appropriately high TN"
        return TargetNumber(s.gm_tn, (Modifier("GM-set TN", s.gm_tn),), None, band)
    if Option.SUPPRESSIVE_FIRE in setup.options:
        # Ch.6 Suppressive Fire: the attack is rolled vs Discipline, no bonus for cover.
        value = d.discipline if d.discipline is not None else a.base_tn
        return TargetNumber(value, (Modifier("Discipline", value),), "Discipline", band)
    mods = tn_modifiers(setup, band, rules)
    if d.defenseless or d.unaware or d.target_practice:
        # RULINGS Attacks: TN 10 for a target that isn't resisting, flat; the ruleset's
        # easy_tn_takes_modifiers house rule adds cover and called shots (never evading).
        why = ("Defenseless" if d.defenseless else "Unaware" if d.unaware
               else "Target practice")
        mods = [m for m in mods if m.source != "Evading"] if a.easy_tn_takes_modifiers else []
        easy = (Modifier(f"Base TN ({why.lower()})", a.easy_tn), *mods)
        return TargetNumber(sum(m.value for m in easy), easy, None, band)
    breakdown = [Modifier("Base TN", a.base_tn), *mods]
    modified = sum(m.value for m in breakdown)
    which = chosen_defence(setup)
    value = d.dodge if which is Defence.DODGE else d.parry
    name = which.value.capitalize()
    if value > modified:
        # Ch.6: the defence ignores TN modifiers; it replaces the modified TN when higher.
        breakdown.append(Modifier(f"{name} {value} is higher than {modified}", value - modified))
        return TargetNumber(value, tuple(breakdown), name, band)
    return TargetNumber(modified, tuple(breakdown), None, band)
