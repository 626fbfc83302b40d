"""Initiative: SR4 score with passes from the sheet, SR5 score with -10 per pass."""

from __future__ import annotations

from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.initiative import (
    Combatant,
    acting_order,
    acts_in_pass,
    initiative_base,
    initiative_list,
    passes_in_turn,
    roll_initiative,
    score_in_pass,
)
from tactical.rules.shadowrun.pools import PoolRoller

SR4 = shadowrun_ruleset("sr4")
SR5 = shadowrun_ruleset("sr5")


def test_sr5_score_adds_the_dice_sr4_adds_hits():
    roller = PoolRoller(queues={"initiative": [6, 5, 2, 6, 5, 2]})
    base = initiative_base(4, 3)
    sr5 = roll_initiative(base, 3, roller, SR5.initiative, SR5.dice)
    assert (sr5.base, sr5.faces, sr5.score) == (7, (6, 5, 2), 20)
    sr4 = roll_initiative(base, 3, roller, SR4.initiative, SR4.dice)
    assert sr4.score == 9  # 7 + 2 hits


def test_wounds_lower_the_initiative_base():
    assert sum(p.value for p in initiative_base(4, 3, -2)) == 5


def test_sr5_minus_ten_per_pass():
    fast, slow = Combatant("wombat", 23), Combatant("cutter", 10)
    assert [score_in_pass(23, n, SR5.initiative) for n in (1, 2, 3)] == [23, 13, 3]
    assert acting_order([slow, fast], 1, SR5.initiative) == ("wombat", "cutter")
    assert acting_order([slow, fast], 2, SR5.initiative) == ("wombat",)  # 10 - 10 = 0: done
    assert acting_order([slow, fast], 3, SR5.initiative) == ("wombat",)
    assert passes_in_turn([slow, fast], SR5.initiative) == 3
    assert not acts_in_pass(Combatant("x", 0), 1, SR5.initiative)


def test_sr4_passes_come_from_the_sheet():
    a, b = Combatant("sam", 11, passes=3), Combatant("ganger", 14, passes=1)
    assert acting_order([a, b], 1, SR4.initiative) == ("ganger", "sam")
    assert acting_order([a, b], 2, SR4.initiative) == ("sam",)
    assert acting_order([a, b], 4, SR4.initiative) == ()
    assert passes_in_turn([a, b], SR4.initiative) == 3
    assert score_in_pass(11, 3, SR4.initiative) == 11


def test_the_list_shows_everyone_with_ties_broken():
    people = [Combatant("a", 12, tiebreak=(1,)), Combatant("b", 12, tiebreak=(3,)),
              Combatant("c", 12), Combatant("d", 5)]
    slots = initiative_list(people, 2, SR5.initiative)
    assert [(s.id, s.score, s.acts) for s in slots] == [
        ("b", 2, True), ("a", 2, True), ("c", 2, True), ("d", -5, False)]
