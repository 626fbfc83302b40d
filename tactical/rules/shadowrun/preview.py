"""A Shadowrun attack before it is rolled: the exact odds of the opposed test (hits on 5–6,
the attack limited, the defender winning ties) and the damage resistance test after it, and
the declared defence resolved, for the dock's preview."""

from __future__ import annotations

from dataclasses import dataclass

from tactical.data.shadowrun_ruleset import DiceRules, ShadowrunRuleset
from tactical.rules.shadowrun.attack import AttackSetup as PoolSetup
from tactical.rules.shadowrun.attack import armor_for
from tactical.rules.shadowrun.damage import (
    armor_dice,
    damage_after_resistance,
    damage_code,
    modified_av,
    modified_dv,
)
from tactical.rules.shadowrun.defence import DefenceResult, resolve_defence
from tactical.rules.shadowrun.pools import Modifier, pool_size


@dataclass(frozen=True, slots=True)
class PoolOdds:
    """Exact chances of a Shadowrun attack (hits on 5–6, the attack limited, the defender
    winning ties), and what a hit does after the damage resistance test."""

    attack_dice: int
    defence_dice: int
    resist_dice: int
    limit: int | None
    hit: float  # more hits than the defender
    tie: float  # equal hits: a miss, or a grazing hit (no damage) when ruled so
    grazing: bool
    damage: float  # at least one box marked
    stun: float  # a hit whose damage is Stun (Physical converted, or a Stun weapon)
    expected_boxes: float
    expected_net: float  # net hits given a hit


@dataclass(frozen=True, slots=True)
class ShadowrunPreview:
    setup: PoolSetup
    defence: DefenceResult | None  # the declared options resolved (None: not declarable)
    armor: int  # the armor value the weapon meets (SR4 ballistic or impact)
    armor_kind: str
    modified_av: int
    odds: PoolOdds

    @property
    def defence_parts(self) -> tuple[Modifier, ...]:
        extra = self.defence.parts if self.defence is not None else ()
        return self.setup.defence_parts + extra


def _binomial(n: int, p: float) -> list[float]:
    row = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(row) + 1)
        for k, q in enumerate(row):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        row = nxt
    return row


def hits_odds(n: int, dice: DiceRules) -> list[float]:
    """P(exactly k hits) on n dice, a hit a face of hit_min or more (RULINGS Shadowrun: a
    5 or 6, 1 in 3)."""
    return _binomial(n, (dice.sides + 1 - dice.hit_min) / dice.sides)


def pool_odds(setup: PoolSetup, defence_parts: tuple[Modifier, ...],
              rules: ShadowrunRuleset) -> PoolOdds:
    """Every combination of hits counted: attack (limited) vs defence, then, for each net,
    the damage resistance test against the modified DV."""
    limit = setup.limit if rules.dice.limits else None
    n_a, n_d = pool_size(setup.attack_parts), pool_size(defence_parts)
    attack = [0.0] * (n_a + 1)
    for hits, q in enumerate(hits_odds(n_a, rules.dice)):
        attack[hits if limit is None else min(hits, max(0, limit))] += q
    defence = hits_odds(n_d, rules.dice)
    weapon = setup.weapon
    armor, _kind = armor_for(setup.armor, weapon.kind, rules)
    av = modified_av(armor, weapon.ap)
    n_r = pool_size((Modifier("Body", setup.body), Modifier("Armor", armor_dice(av)),
                     *setup.resist_parts))
    resist = hits_odds(n_r, rules.dice)
    grazing = rules.grazing_hit_default if setup.grazing is None else setup.grazing
    hit = tie = damage = stun = boxes = net_sum = 0.0
    for a, pa in enumerate(attack):
        for d, pd in enumerate(defence):
            q = pa * pd
            net = a - d
            if net == 0:
                tie += q
            if net <= 0 or q == 0.0:
                continue
            hit += q
            net_sum += q * net
            dv = modified_dv(weapon.dv, net)
            if damage_code(weapon.damage_type, dv, av, rules.damage) == "S":
                stun += q
            for r, pr in enumerate(resist):
                marked = damage_after_resistance(dv, r)
                if marked > 0:
                    damage += q * pr
                    boxes += q * pr * marked
    return PoolOdds(n_a, n_d, n_r, limit, hit, tie, grazing, damage, stun, boxes,
                    net_sum / hit if hit else 0.0)


def shadowrun_preview(setup: PoolSetup, rules: ShadowrunRuleset) -> ShadowrunPreview:
    try:
        defence: DefenceResult | None = resolve_defence(setup.defence, setup.ratings, rules,
                                                        initiative=setup.initiative)
    except KeyError:  # an option the edition does not know (refused with its name)
        defence = None
    parts = setup.defence_parts + (defence.parts if defence is not None else ())
    armor, kind = armor_for(setup.armor, setup.weapon.kind, rules)
    return ShadowrunPreview(setup, defence, armor, kind, modified_av(armor, setup.weapon.ap),
                            pool_odds(setup, parts, rules))
