"""SR4 Multiple Targets (shared/rules/sr4-resolving-combat.txt l.85-87): "Characters may
attack more than one opponent in melee with the same Complex Action, as long as those
opponents are within one meter of each other. The attacker's dice pool is split between
each attack, and each attack is handled separately."

The pool split is the attacker's pool against the first target named (skill + attribute and
the GM's modifiers); each attack gets a named modifier that brings its own pool to its share,
so a modifier only one target brings (its reach, its friends) still counts for that attack
alone (project ruling, docs/rules-shadowrun.md "Split pool"). `melee.split_pool` divides."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tactical.core.errors import IllegalCommand
from tactical.data.shadowrun_ruleset import MultipleTargets, ShadowrunRuleset
from tactical.rules.api import AttackFacts, SplitShare
from tactical.rules.shadowrun.engine import attack_setup
from tactical.rules.shadowrun.melee import split_pool


def split_problems(facts: Sequence[AttackFacts], apart_hexes: int,
                   rule: MultipleTargets) -> list[str]:
    """Every reason the targets cannot share one Complex Action (empty: they can)."""
    reasons: list[str] = []
    if len(facts) < 2:
        reasons.append("a split pool needs two or more targets (sr4 l.85)")
    if len(facts) > rule.max_targets:
        reasons.append(f"at most {rule.max_targets} targets (multiple_targets.max_targets)")
    ids = [f.target.id for f in facts]
    if len(set(ids)) != len(ids):
        reasons.append("a target is named twice")
    weapons = {f.weapon.name for f in facts if f.weapon.kind != "melee"}
    if weapons:
        reasons.append(f"{', '.join(sorted(weapons))} is not a melee weapon: only a melee "
                       "attack splits its pool between opponents (sr4 l.85)")
    if apart_hexes > rule.within_hexes:
        reasons.append(f"the targets are {apart_hexes} hexes apart; they must be within one "
                       f"metre of each other ({rule.within_hexes} hex, sr4 l.86)")
    return reasons


def pool_of(facts: AttackFacts, rules: ShadowrunRuleset) -> int:
    """The attacker's pool against this target, as the attack would roll it."""
    return max(0, sum(p.value for p in attack_setup(facts, rules).attack_parts))


def split_shares(facts: Sequence[AttackFacts], shares: tuple[int, ...], apart_hexes: int,
                 rules: ShadowrunRuleset) -> tuple[SplitShare, ...]:
    rule = rules.multiple_targets
    if rule is None:
        raise IllegalCommand([f"{rules.name} has no split pool (SR4 Multiple Targets, "
                              "sr4 l.85-87)"])
    reasons = split_problems(facts, apart_hexes, rule)
    if reasons:
        raise IllegalCommand(reasons)
    pool = pool_of(facts[0], rules)
    try:
        dice = split_pool(pool, len(facts), shares)
    except ValueError as exc:
        raise IllegalCommand([f"the split {list(shares)} does not fit: {exc}"]) from None
    n = len(facts)
    return tuple(SplitShare(d, (f"Split pool ({i + 1} of {n}: {d} of {pool} dice)", d - pool))
                 for i, d in enumerate(dice))


@dataclass(frozen=True, slots=True)
class ShadowrunSplit:
    """`tactical.rules.api.SplitRules` for an edition whose file has `multiple_targets`."""

    numbers: ShadowrunRuleset

    def split_shares(self, facts: Sequence[AttackFacts], shares: tuple[int, ...],
                     apart_hexes: int) -> tuple[SplitShare, ...]:
        return split_shares(facts, shares, apart_hexes, self.numbers)
