"""Defence options declared before the roll, with their Initiative costs (SR5 Combat
Sequence "Defender declares defense method"; SR4 "Defending Against Melee Attacks")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tactical.data.shadowrun_ruleset import AttackKind, ShadowrunRuleset
from tactical.rules.shadowrun.pools import Modifier


@dataclass(frozen=True, slots=True)
class DefenceDeclaration:
    """What the defender declares for this test. `options`: the ones declared now (at most
    one that lasts a test, plus any that last the turn, e.g. ("full_defense", "dodge")).
    `active`: turn-long options declared earlier this turn (their dice, no new cost)."""

    options: tuple[str, ...] = ()
    active: tuple[str, ...] = ()


DEFAULT = DefenceDeclaration()  # the ruleset's default defence (SR5 standard)


@dataclass(frozen=True, slots=True)
class DefenceResult:
    """The declared defence resolved: the dice it adds, what it costs, what it does."""

    options: tuple[str, ...]  # every option in effect for this test (default first if none)
    parts: tuple[Modifier, ...]  # dice the options add to the defence pool
    initiative_cost: int
    initiative_before: int | None
    initiative_after: int | None
    uses_next_action: bool  # SR4 full defense
    prone: bool  # SR5 Hit the Dirt


def declared_options(declaration: DefenceDeclaration, rules: ShadowrunRuleset) -> tuple[str, ...]:
    return declaration.options or ((rules.default_defence,) if not declaration.active else ())


def defence_problems(declaration: DefenceDeclaration, kind: AttackKind, ratings: Mapping[str, int],
                     rules: ShadowrunRuleset, *, has_melee_weapon: bool,
                     initiative: int | None) -> list[str]:
    """Every reason the declaration cannot stand, at once (empty: it can)."""
    reasons: list[str] = []
    known = rules.defence_options
    names = declared_options(declaration, rules) + declaration.active
    for name in names:
        if name not in known:
            reasons.append(f"unknown defence '{name}'; {rules.id} has: {', '.join(known)}")
    if reasons:
        return reasons
    per_test = [n for n in names if known[n].duration == "test"]
    if len(per_test) > 1:
        reasons.append(f"one defence per test, not {' and '.join(per_test)}")
    if len(set(names)) != len(names):
        reasons.append("a defence is declared twice")
    for name in declaration.active:
        if known[name].duration != "turn":
            reasons.append(f"{known[name].name} lasts one test; it cannot already be active")
    for name in names:
        option = known[name]
        if option.interrupt_attack:
            reasons.append(f"{option.name} is an attack on a mover within "
                           f"{option.range_plus_reach_m} + Reach m, not a defence")
            continue
        if kind not in option.against:
            reasons.append(f"{option.name} defends only against "
                           f"{' and '.join(option.against)} attacks")
        if option.needs_melee_weapon and not has_melee_weapon:
            reasons.append(f"{option.name} needs a melee weapon in hand")
        if option.needs_rating:
            missing = [r for r in option.adds if ratings.get(r, 0) <= 0]
            if missing:
                reasons.append(f"{option.name} needs {', '.join(missing)}")
    cost = sum(known[n].initiative_cost for n in declared_options(declaration, rules)
               if n in known)
    # a free defence (Standard) needs no score: a pass's score below 0 never refuses it
    if (initiative is not None and rules.initiative.interrupt_needs_score
            and cost > max(0, initiative)):
        # Ruling (texts silent): a defence costs Initiative the score can pay, never below 0
        reasons.append(f"the defence costs {cost} Initiative; the score is {initiative}")
    return reasons


def resolve_defence(declaration: DefenceDeclaration, ratings: Mapping[str, int],
                    rules: ShadowrunRuleset, *, initiative: int | None) -> DefenceResult:
    """The dice and costs of a declaration that `defence_problems` accepted. A rating the
    sheet lacks adds 0 dice (the option is still declared and paid)."""
    known = rules.defence_options
    declared = declared_options(declaration, rules)
    parts: list[Modifier] = []
    for name in declared + declaration.active:
        option = known[name]
        for rating in option.adds:
            # SR5: "Dodge (-5 Initiative) Standard + Gymnastics"; Full Defense + Willpower
            # the rating in the book's words ("Gymnastics"), never the sheet's id
            words = " ".join(w.capitalize() for w in rating.split("_"))
            parts.append(Modifier(f"{option.name}: {words}", ratings.get(rating, 0)))
    cost = sum(known[n].initiative_cost for n in declared)
    after = None if initiative is None else initiative - cost
    options = declared + declaration.active
    return DefenceResult(options, tuple(parts), cost, initiative, after,
                         any(known[n].uses_next_action for n in declared),
                         any(known[n].prone for n in declared))
