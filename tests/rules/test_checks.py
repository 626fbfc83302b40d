from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactical.core.dice import ScriptedDice
from tactical.rules.chapter6.checks import (
    AdvantageState,
    Degree,
    Modifier,
    advantages_of,
    evaluate_check,
    roll_check,
)

NONE = AdvantageState.NONE
face = st.integers(1, 10)


def test_vanyas_edge_die_replaces_the_one(rules):
    # Ch.6 ranged example: 1 and 10, Edge die 10 → 10+10, double: 14+10+10+5 = 39.
    check = roll_check(14, 26, ScriptedDice(d10=[1, 10, 10]), edge=True, rules=rules)
    assert check.kept == (10, 10) and check.double and check.total == 39
    assert check.mos == 13 and check.degree is Degree.PERFECT
    assert check.dice == (1, 10, 10)


def test_kickers_double_eight(rules):
    check = roll_check(20, 20, ScriptedDice(d10=[8, 8]), rules=rules)
    assert check.total == 41 and check.degree is Degree.PERFECT


@pytest.mark.parametrize(("mos", "degree"), [
    (0, Degree.MARGINAL_SUCCESS), (4, Degree.MARGINAL_SUCCESS), (5, Degree.SOLID),
    (9, Degree.SOLID), (10, Degree.PERFECT), (-1, Degree.MARGINAL_FAILURE),
    (-4, Degree.MARGINAL_FAILURE), (-5, Degree.SIGNIFICANT_FAILURE),
    (-9, Degree.SIGNIFICANT_FAILURE), (-10, Degree.COMPLETE_FAILURE),
])
def test_degree_boundaries(rules, mos, degree):
    # 2 and 3 on the dice (no double): total = skill + 5; TN chosen for the wanted MoS.
    check = evaluate_check(10, 15 - mos, (2, 3), None, None, NONE, rules=rules)
    assert check.mos == mos and check.degree is degree
    assert check.success == (mos >= 0)


def test_tn_met_exactly_is_a_hit(rules):
    check = evaluate_check(15, 20, (2, 3), None, None, NONE, rules=rules)
    assert check.total == 20 and check.success


def test_fumble_fails_whatever_the_total_and_gets_no_double_bonus(rules):
    check = evaluate_check(30, 10, (1, 1), None, None, NONE, rules=rules)
    assert check.fumble and not check.double and check.total == 32
    assert check.degree is Degree.COMPLETE_FAILURE and not check.success


def test_advantage_keeps_highest_disadvantage_lowest(rules):
    adv = roll_check(10, 20, ScriptedDice(d10=[2, 7, 9]),
                     advantages=advantages_of(["smartlink"]), rules=rules)
    dis = roll_check(10, 20, ScriptedDice(d10=[2, 7, 9]),
                     advantages=advantages_of([], ["Snapshot"]), rules=rules)
    assert adv.kept == (9, 7) and dis.kept == (7, 2)


def test_same_kind_sources_do_not_stack_one_extra_die_only(rules):
    dice = ScriptedDice(d10=[2, 7, 9, 10])
    check = roll_check(10, 20, dice, advantages=advantages_of(["Reach", "Charge", "Reach"]),
                       rules=rules)
    assert check.dice == (2, 7, 9) and dice.remaining(10) == (10,)


def test_any_advantage_and_disadvantage_cancel_completely(rules):
    both = advantages_of(["Reach", "Charge"], ["Riot shield"])
    assert both.state is NONE and both.cancelled
    dice = ScriptedDice(d10=[8, 8, 1])
    check = roll_check(20, 20, dice, advantages=both, rules=rules)
    assert check.dice == (8, 8) and check.extra is None


def test_edge_die_replaces_only_when_higher(rules):
    assert evaluate_check(10, 20, (6, 4), None, 3, NONE, rules=rules).kept == (6, 4)
    assert evaluate_check(10, 20, (6, 4), None, 4, NONE, rules=rules).kept == (6, 4)
    assert evaluate_check(10, 20, (6, 4), None, 5, NONE, rules=rules).kept == (6, 5)


def test_edge_after_disadvantage_and_it_can_save_a_fumble(rules):
    # Disadvantage keeps 1 and 1; the Edge die 7 replaces one: no fumble.
    check = evaluate_check(10, 15, (1, 9), 1, 7, AdvantageState.DISADVANTAGE, rules=rules)
    assert check.kept == (7, 1) and not check.fumble and check.total == 18


def test_flat_modifiers_are_named_and_added(rules):
    check = evaluate_check(10, 20, (2, 3), None, None, NONE, (Modifier("Laser sight", 2),),
                           rules=rules)
    assert check.total == 17 and check.modifiers[0].source == "Laser sight"


@given(face, face, face, st.integers(-5, 30), st.integers(0, 10), st.integers(5, 40),
       st.sampled_from(list(AdvantageState)))
def test_mos_and_degree_are_monotone_in_skill(a, b, c, skill, more, tn, state):
    extra = None if state is NONE else c
    low = evaluate_check(skill, tn, (a, b), extra, None, state)
    high = evaluate_check(skill + more, tn, (a, b), extra, None, state)
    order = list(Degree)
    assert high.mos - low.mos == more
    assert order.index(high.degree) <= order.index(low.degree)
