from __future__ import annotations

import random

import pytest
from ch6_builders import machine_pistol, pistol, setup, sword
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.core.dice import RandomDice
from tactical.data.gear import DamageType, FireMode
from tactical.rules.chapter6.attack import plan_attack, resolve_plan
from tactical.rules.chapter6.checks import AdvantageState, Degree
from tactical.rules.chapter6.injury import severity
from tactical.rules.chapter6.numbers import PtDr
from tactical.rules.chapter6.odds import (
    attack_odds,
    check_odds,
    expression_distribution,
    sum_distribution,
)
from tactical.rules.chapter6.setup import (
    Attacker,
    BurstChoice,
    Defender,
    EdgeUse,
    Option,
    Situation,
)

VANYA = setup(attacker=Attacker(14, advantages=("smartlink",), edge=EdgeUse.ROLL),
              defender=Defender(dodge=26, health=25, armor=(PtDr(pt=15, dr=20),)),
              reaction="snapshot", situation=Situation(distance_m=6))


def test_plain_2d10_known_values(rules):
    odds = check_odds(0, 0, rules=rules)
    assert odds.fumble == pytest.approx(0.01)
    # skill 10 vs TN 20: hit on a sum ≥ 10 (or a double ≥ 3,3 since +5 ... counted exactly)
    hit = check_odds(10, 20, rules=rules).success
    expected = sum(1 for a in range(1, 11) for b in range(1, 11)
                   if not a == b == 1 and a + b + (5 if a == b else 0) >= 10) / 100
    assert hit == pytest.approx(expected)


def test_advantage_and_edge_cut_the_fumble_chance(rules):
    plain = check_odds(10, 20, rules=rules).fumble
    adv = check_odds(10, 20, AdvantageState.ADVANTAGE, rules=rules).fumble
    dis = check_odds(10, 20, AdvantageState.DISADVANTAGE, rules=rules).fumble
    edge = check_odds(10, 20, edge=True, rules=rules).fumble
    assert adv == pytest.approx(0.001) and dis == pytest.approx(0.028)
    assert edge == pytest.approx(0.001) and plain == pytest.approx(0.01)


def test_pistol_damage_distribution_spans_4_to_19(rules):
    # Ch.6: 3d6+1 "on average, 11.5 damage, with a floor of 4 and a ceiling of 19".
    assert len(sum_distribution(3, 6)) == 16
    plan = plan_attack(setup(pistol(damage="3d6+1")), rules)
    dist = expression_distribution(plan, Degree.MARGINAL_SUCCESS, rules)
    assert (min(dist), max(dist)) == (4, 19)
    assert sum(v * p for v, p in dist.items()) == pytest.approx(11.5)
    assert dist[4] == pytest.approx(1 / 216)


def test_no_damage_options_have_all_their_odds_at_zero_damage():
    odds = attack_odds(setup(sword(), options=(Option.DISARM,)))
    assert odds.damage == {0: pytest.approx(1)} and odds.injury["none"] == pytest.approx(1)


setups = st.builds(
    lambda skill, dodge, pt, dr, health, adv, dis, edge, dtype, mode: setup(
        machine_pistol(damage_type=dtype), mode=mode,
        attacker=Attacker(skill, advantages=adv, disadvantages=dis, edge=edge),
        defender=Defender(dodge=dodge, health=health, armor=(PtDr(pt=pt, dr=dr),)),
        burst=BurstChoice.DAMAGE),
    st.integers(0, 30), st.integers(0, 40), st.integers(0, 40), st.integers(0, 80),
    st.integers(5, 60), st.sampled_from([(), ("smartlink",)]),
    st.sampled_from([(), ("Pinned",)]), st.sampled_from([None, *EdgeUse]),
    st.sampled_from(list(DamageType)), st.sampled_from([FireMode.SA, FireMode.BF, FireMode.AF]))


@settings(max_examples=40, deadline=None)
@given(setups)
def test_odds_sum_to_one(s):
    odds = attack_odds(s)
    assert sum(odds.degrees.values()) == pytest.approx(1)
    assert sum(odds.damage.values()) == pytest.approx(1)
    assert sum(odds.injury.values()) == pytest.approx(1)
    assert odds.hit == pytest.approx(odds.degrees[Degree.PERFECT] + odds.degrees[Degree.SOLID]
                                     + odds.degrees[Degree.MARGINAL_SUCCESS])
    assert 0 <= odds.fumble <= 1 - odds.hit + 1e-9
    assert odds.expected_damage == pytest.approx(sum(v * p for v, p in odds.damage.items()))


def _simulate(s, rules, n, seed):
    """An independent 2d10 simulator (random.Random, not the enumeration in odds.py)."""
    plan = plan_attack(s, rules)
    rng = random.Random(seed)
    state = plan.advantages.state
    c = rules.checks
    flat = s.attacker.skill + sum(m.value for m in s.attacker.modifiers)
    counts = {"hit": 0, "solid": 0, "perfect": 0, "fumble": 0}
    levels: dict[str, int] = {}
    total_damage = 0
    exprs = {d: plan.damage_expr(d, rules).collapsed() for d in
             (Degree.MARGINAL_SUCCESS, Degree.SOLID, Degree.PERFECT)}
    for _ in range(n):
        pool = sorted(rng.randint(1, 10) for _ in range(2 + (state is not AdvantageState.NONE)))
        kept = pool[:2] if state is AdvantageState.DISADVANTAGE else pool[-2:]
        if plan.edge_roll:
            kept = sorted([max(kept[0], rng.randint(1, 10)), kept[1]])
        fumble = kept[0] == kept[1] == 1
        mos = flat + sum(kept) + (c.double_bonus if kept[0] == kept[1] and not fumble else 0) \
            - plan.tn.tn
        level = "none"
        if not fumble and mos >= 0:
            degree = (Degree.PERFECT if mos >= 10 else Degree.SOLID if mos >= 5
                      else Degree.MARGINAL_SUCCESS)
            counts["hit"] += 1
            counts["solid"] += degree is Degree.SOLID
            counts["perfect"] += degree is Degree.PERFECT
            e = exprs[degree]
            raw = e.flat + sum(rng.randint(1, t.sides) for t in e.terms for _ in range(t.count))
            a = plan.armor
            after = 0 if raw < a.pt else raw - raw * a.dr // 100
            total_damage += after
            found = severity(after, s.defender.health, rules)
            level = found.value if found else "none"
        counts["fumble"] += fumble
        levels[level] = levels.get(level, 0) + 1
    return ({k: v / n for k, v in counts.items()}, {k: v / n for k, v in levels.items()},
            total_damage / n)


@pytest.mark.slow  # a fuzz / whole-process test: make test-fast skips it
@pytest.mark.parametrize("name", ["vanya", "aimed_burst"])
def test_odds_match_a_100000_roll_simulation(rules, name):
    s = {"vanya": VANYA,
         "aimed_burst": setup(machine_pistol(), skill=15, mode=FireMode.BF,
                              burst=BurstChoice.DAMAGE, options=(Option.AIMED_SHOT,),
                              defender=Defender(dodge=20, health=20,
                                                armor=(PtDr(pt=10, dr=20),)))}[name]
    odds = attack_odds(s, rules)
    sim, levels, mean = _simulate(s, rules, 100_000, seed=6)
    assert odds.hit == pytest.approx(sim["hit"], abs=0.01)
    assert odds.solid == pytest.approx(sim["solid"], abs=0.01)
    assert odds.perfect == pytest.approx(sim["perfect"], abs=0.01)
    assert odds.fumble == pytest.approx(sim["fumble"], abs=0.01)
    for level, p in odds.injury.items():
        assert p == pytest.approx(levels.get(level, 0.0), abs=0.01), level
    assert odds.expected_damage == pytest.approx(mean, rel=0.01)


def test_the_resolver_rolls_what_the_odds_predict(rules):
    # The same plan through resolve_plan with seeded dice: a coarse check that the odds
    # describe the resolver itself (not only the independent simulator above).
    plan = plan_attack(VANYA, rules)
    dice = RandomDice(11)
    n = 8000
    results = [resolve_plan(plan, dice, rules) for _ in range(n)]
    odds = attack_odds(VANYA, rules)
    assert odds.hit == pytest.approx(sum(r.hit for r in results) / n, abs=0.025)
    mean = sum(r.damage.after_armor for r in results if r.damage) / n
    assert odds.expected_damage == pytest.approx(mean, rel=0.05)
