"""d6 pools: hits on 5-6, SR5 limits, glitches at their thresholds, net hits and ties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactical.core.dice import DiceError, DiceExhausted, RandomDice
from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.pools import (
    Modifier,
    Outcome,
    PoolRoller,
    evaluate,
    net_hits,
    opposed,
    outcome,
    pool_size,
    roll_pool,
)

SR4 = shadowrun_ruleset("sr4")
SR5 = shadowrun_ruleset("sr5")
PARTS = (Modifier("Pool", 0),)


def test_hits_are_fives_and_sixes():
    roll = evaluate("attack", PARTS, (1, 2, 3, 4, 5, 6), SR5.dice)
    assert roll.hits == 2 and roll.pool == 6 and roll.ones == 1


@pytest.mark.parametrize(("limit", "hits", "limited"), [(6, 8, 6), (6, 6, 6), (6, 5, 5),
                                                        (0, 3, 0)])
def test_sr5_limit_caps_hits_at_and_above_it(limit, hits, limited):
    faces = (6,) * hits + (2,) * 3
    roll = evaluate("attack", PARTS, faces, SR5.dice, limit)
    assert (roll.hits, roll.limit, roll.limited_hits) == (hits, limit, limited)


def test_sr4_has_no_limit():
    roll = evaluate("attack", PARTS, (6,) * 8, SR4.dice, 6)
    assert roll.limit is None and roll.limited_hits == 8


@pytest.mark.parametrize(("faces", "glitch", "critical"), [
    ((1, 1, 5, 2), False, False),       # exactly half: no glitch
    ((1, 1, 1, 5), True, False),        # more than half, with a hit: glitch
    ((1, 1, 1, 2), True, True),         # more than half, no hits: critical glitch
    ((1, 1, 2, 2, 3), False, False),    # 2 of 5 is below half
    ((1, 1, 1, 2, 6), True, False),     # 3 of 5 is more than half
    ((1,), True, True),
    ((), False, False),                 # no dice: nothing to glitch
])
def test_glitch_thresholds(faces, glitch, critical):
    roll = evaluate("defense", PARTS, faces, SR5.dice)
    assert (roll.glitch, roll.critical_glitch) == (glitch, critical)


def test_sr4_glitches_on_half_or_more():
    # RULINGS: SR4 half or more of the dice show 1 (SR5: more than half)
    assert evaluate("attack", PARTS, (1, 1, 5, 2), SR4.dice).glitch
    assert not evaluate("attack", PARTS, (1, 1, 5, 2), SR5.dice).glitch
    assert not evaluate("attack", PARTS, (1, 2, 5, 2), SR4.dice).glitch


def test_hit_threshold_is_data():
    rules = SR5.dice.model_copy(update={"hit_min": 4})
    assert evaluate("attack", PARTS, (4, 5, 3), rules).hits == 2


@pytest.mark.parametrize(("net", "grazing", "expected"), [
    (1, False, Outcome.HIT), (0, False, Outcome.MISS), (0, True, Outcome.GRAZE),
    (-1, True, Outcome.MISS), (-3, False, Outcome.MISS)])
def test_ties_miss_unless_the_gm_rules_a_grazing_hit(net, grazing, expected):
    assert outcome(net, grazing=grazing) is expected


def test_opposed_uses_limited_hits():
    attack = evaluate("attack", PARTS, (6,) * 8 + (1, 2, 3), SR5.dice, 6)
    defense = evaluate("defense", PARTS, (6, 5, 4, 3, 2, 1), SR5.dice)
    test = opposed(attack, defense, grazing=False)
    assert (test.net_hits, test.outcome) == (4, Outcome.HIT)


@given(st.integers(0, 50), st.integers(0, 50))
def test_net_hits_are_antisymmetric(a, d):
    assert net_hits(a, d) == -net_hits(d, a)
    # exactly one side wins unless they tie
    assert (outcome(net_hits(a, d), grazing=False) is Outcome.HIT) + \
        (outcome(net_hits(d, a), grazing=False) is Outcome.HIT) == (0 if a == d else 1)


@given(st.lists(st.integers(1, 6), max_size=40), st.integers(0, 20))
def test_limited_hits_never_exceed_hits_or_limit(faces, limit):
    roll = evaluate("attack", PARTS, faces, SR5.dice, limit)
    assert 0 <= roll.limited_hits <= min(roll.hits, limit)
    assert roll.critical_glitch <= roll.glitch


def test_pool_below_zero_rolls_no_dice():
    parts = (Modifier("Agility", 2), Modifier("Wounds", -4))
    assert pool_size(parts) == 0
    roll = roll_pool("attack", parts, PoolRoller(queues={"attack": []}), SR5.dice)
    assert roll.faces == () and roll.hits == 0 and not roll.glitch


def test_named_queues_and_dice():
    roller = PoolRoller(RandomDice(7), {"attack": [6, 5, 1]})
    assert roller.faces("attack", 2) == (6, 5)
    assert roller.remaining("attack") == (1,)
    faces = roller.faces("resist", 20)  # no queue: from the seeded dice
    assert len(faces) == 20 and set(faces) <= set(range(1, 7))
    assert PoolRoller(RandomDice(7)).faces("x", 20) == PoolRoller(RandomDice(7)).faces("x", 20)


def test_queues_run_out_with_a_clear_message():
    roller = PoolRoller(queues={"defense": [5, 6]})
    with pytest.raises(DiceExhausted, match="defense dice: the test needs 3, 2 left"):
        roller.faces("defense", 3)
    with pytest.raises(DiceExhausted, match="no resist dice"):
        roller.faces("resist", 1)
    with pytest.raises(DiceError, match="1 to 6"):
        PoolRoller(queues={"attack": [7]})
