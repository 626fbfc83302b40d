"""SR4 melee modifiers: friends (max +4), reach, off-hand, charge, position, touch, split."""

from __future__ import annotations

import pytest

from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.melee import (
    MeleeSituation,
    friends_bonus,
    melee_modifiers,
    reach_modifiers,
    split_pool,
)

TABLE = shadowrun_ruleset("sr4").melee_modifiers
assert TABLE is not None


@pytest.mark.parametrize(("own", "opponent", "bonus"), [
    (0, 0, 0), (1, 0, 1), (3, 1, 2), (4, 0, 4), (5, 0, 4), (9, 1, 4), (1, 3, 0), (2, 2, 0)])
def test_friends_in_melee_capped_at_four(own, opponent, bonus):
    assert friends_bonus(own, opponent, TABLE) == bonus


def test_friends_help_whichever_side_has_more():
    pools = melee_modifiers(MeleeSituation(attacker_friends=0, defender_friends=6), TABLE)
    assert pools.attacker == () and [(m.source, m.value) for m in pools.defender] == [
        ("Friends in melee", 4)]


@pytest.mark.parametrize(("a", "d", "use", "expected"), [
    (2, 0, "bonus", (2, 0)), (2, 0, "penalty", (0, -2)),
    (0, 1, "bonus", (0, 1)), (0, 1, "penalty", (-1, 0)),   # the defender's longer reach
    (1, 1, "bonus", (0, 0)), (3, 1, "bonus", (2, 0))])
def test_reach_difference_as_bonus_or_penalty(a, d, use, expected):
    assert reach_modifiers(a, d, use, TABLE) == expected


def test_every_table_entry_is_named():
    s = MeleeSituation(attacker_friends=2, attacker_reach=1, attacker_off_hand=True,
                       defender_off_hand=True, charging=True, attacker_superior=True,
                       defender_superior=True, receiving_charge=True, touch_only=True)
    pools = melee_modifiers(s, TABLE)
    assert [(m.source, m.value) for m in pools.attacker] == [
        ("Friends in melee", 2), ("Reach", 1), ("Off-hand weapon", -2), ("Charging", 2),
        ("Superior position", 2), ("Receiving a charge", 1), ("Touch-only attack", 2)]
    assert [(m.source, m.value) for m in pools.defender] == [
        ("Off-hand weapon", -2), ("Superior position", 2)]


@pytest.mark.parametrize(("pool", "targets", "shares", "expected"), [
    (10, 2, (), (5, 5)), (11, 3, (), (4, 4, 3)), (2, 3, (), (1, 1, 0)),
    (10, 2, (7, 3), (7, 3))])
def test_multiple_targets_split_the_pool(pool, targets, shares, expected):
    assert split_pool(pool, targets, shares) == expected
    assert sum(split_pool(pool, targets, shares)) == pool


def test_a_split_must_add_up():
    with pytest.raises(ValueError, match="summing to 10"):
        split_pool(10, 2, (6, 3))
    with pytest.raises(ValueError):
        split_pool(10, 0)
