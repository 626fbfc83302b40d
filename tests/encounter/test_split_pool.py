"""SR4 Multiple Targets in the encounter (issue 25 item 3, sr4 l.85-87): one melee Complex
Action against opponents side by side, the pool split as the GM says (default evenly), each
attack resolved on its own; refused where the rule does not hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactical.core.dice import ScriptedDice
from tactical.core.errors import IllegalCommand, InvalidCommand
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.encounter import Encounter
from tactical.encounter.handlers.split import SplitAttack
from tactical.rules import registry
from tests.encounter.engine_fight import started

MAPS = Path(__file__).resolve().parent.parent / "scenarios" / "maps"


def _fight(map_name: str, d6: list[int], initiative: dict[str, int]) -> Encounter:
    return started(MAPS / map_name, ScriptedDice(d10=[5] * len(initiative), d6=d6), initiative)


SR4 = {"kicker": 12, "ganger-1": 8, "ganger-2": 7, "ganger-3": 6}


def _pools(events: tuple[object, ...]) -> list[tuple[str, int]]:
    return [(e.target, e.result.attack.pool) for e in events if isinstance(e, ev.AttackResolved)]


def test_the_gm_splits_the_pool_unevenly_and_each_target_gets_its_share():
    # Kicker's 12 dice (Unarmed Combat 6 + Agility 5 + 1 for a troll's Reach 1 vs 0): 9 on
    # Ganger 2, 3 on Ganger 1 (the GM's split, in the targets' order); each ganger defends
    # with Reaction 3 + 1 for friends in melee
    misses = [*[2, 3, 4, 2, 3, 4, 2, 3, 4], *[2, 3, 4, 2], *[2, 3, 4], *[2, 3, 4, 2]]
    enc = _fight("sr4_melee_split.yaml", misses, SR4)
    events = enc.apply(SplitAttack("kicker", ("ganger-2", "ganger-1"), "killing-hands",
                                   shares=(9, 3)))
    assert _pools(events) == [("ganger-2", 9), ("ganger-1", 3)]
    # one Complex Action for both attacks: both Simple slots of Kicker's phase (RULINGS
    # "Actions"), nothing left for a third attack
    assert [e.action for e in events if isinstance(e, ev.ActionSpent)] == ["minor", "minor"]
    assert enc.state.get("kicker").budget.minor == 0


def test_a_split_after_a_simple_action_is_refused_for_want_of_the_complex_action():
    # Kicker readies his fists (a Simple action, ReadyWeapon): one Simple slot is left, and
    # the split's one Complex Action needs both (sr4 l.85, RULINGS "Actions")
    enc = _fight("sr4_melee_split.yaml", [], SR4)
    enc.apply(cmd.ReadyWeapon("kicker", "killing-hands"))
    with pytest.raises(IllegalCommand, match="Split attack takes 2 of them"):
        enc.apply(SplitAttack("kicker", ("ganger-1", "ganger-2"), "killing-hands"))


def test_shares_that_do_not_add_up_to_the_pool_are_refused():
    enc = _fight("sr4_melee_split.yaml", [], SR4)
    with pytest.raises(IllegalCommand, match="summing to 12"):
        enc.apply(SplitAttack("kicker", ("ganger-1", "ganger-2"), "killing-hands",
                              shares=(6, 5)))


def test_a_split_needs_a_melee_weapon_and_two_targets():
    enc = _fight("sr4_melee_split.yaml", [], SR4)
    with pytest.raises(IllegalCommand, match="not a melee weapon"):
        enc.apply(SplitAttack("kicker", ("ganger-1", "ganger-2"), "assault-shotgun"))
    with pytest.raises(IllegalCommand, match="two or more targets"):
        enc.apply(SplitAttack("kicker", ("ganger-1",), "killing-hands"))


def test_sr5_has_no_split_pool_and_says_so():
    assert registry.ruleset("sr5").split is None
    assert registry.ruleset("chapter6").split is None
    assert registry.ruleset("sr4").split is not None
    enc = _fight("sr5_passes.yaml", [], {"cutter": 12, "wombat": 8, "vanya": 7, "ganger": 6})
    with pytest.raises(IllegalCommand, match="Shadowrun 5th edition has no split pool"):
        enc.apply(SplitAttack("cutter", ("wombat", "vanya"), "hand-razors"))


def test_the_split_is_one_undo():
    misses = [*[2, 3, 4, 2, 3, 4], *[2, 3, 4, 2], *[2, 3, 4, 2, 3, 4], *[2, 3, 4, 2]]
    enc = _fight("sr4_melee_split.yaml", misses, SR4)
    before = enc.state
    enc.apply(SplitAttack("kicker", ("ganger-1", "ganger-2"), "killing-hands"))
    enc.undo()
    assert enc.state == before


def test_a_take_aim_counts_in_the_pool_that_is_split_and_goes_once():
    # Kicker takes aim (a Simple action, +1 die on his next attack) in combat turn 1; in
    # turn 2 he splits: the aim is in the 13 dice split 7 and 6, each attack rolls its
    # share (the aim used up by the first would leave Ganger 2's attack one die short)
    # turn 2's Initiative tests first (Kicker 9 dice, each ganger 6; no hits: Kicker 9,
    # the gangers 6), then the two attacks and their defences, all misses
    initiative = [3] * (9 + 6 + 6 + 6)
    misses = [*[2, 3, 4, 2, 3, 4, 2], *[2, 3, 4, 2], *[2, 3, 4, 2, 3, 4], *[2, 3, 4, 2]]
    enc = _fight("sr4_melee_split.yaml", [*initiative, *misses], SR4)
    enc.apply(cmd.TakeAim("kicker"))
    for _ in range(4):  # Kicker, the three gangers: combat turn 2, Kicker first again
        enc.apply(cmd.EndTurn())
    assert enc.state.round == 2 and enc.state.actor == "kicker"
    events = enc.apply(SplitAttack("kicker", ("ganger-1", "ganger-2"), "killing-hands"))
    assert _pools(events) == [("ganger-1", 7), ("ganger-2", 6)]
    assert [e.kind for e in events if isinstance(e, ev.TimerExpired)] == ["take_aim"]
    assert not enc.state.get("kicker").timers


def test_the_gms_chips_and_dropped_proposals_count_in_every_attack_of_the_split():
    # the GM ticks Superior position (+2, sr4 l.89-92) and drops the map's Friends in melee
    # (+1 on each ganger's defence): 12 + 2 = 14 dice split 7 and 7, each ganger defends
    # with Reaction 3 alone
    misses = [*[2, 3, 4, 2, 3, 4, 2], *[2, 3, 4], *[2, 3, 4, 2, 3, 4, 2], *[2, 3, 4]]
    enc = _fight("sr4_melee_split.yaml", misses, SR4)
    events = enc.apply(SplitAttack("kicker", ("ganger-1", "ganger-2"), "killing-hands",
                                   options=("superior_position",),
                                   dropped=("Friends in melee",)))
    resolved = [e for e in events if isinstance(e, ev.AttackResolved)]
    assert [(e.target, e.result.attack.pool, e.result.defense.pool) for e in resolved] == [
        ("ganger-1", 7, 3), ("ganger-2", 7, 3)]
    assert all(("Superior position", 2) in [(p.source, p.value) for p in e.result.attack.parts]
               for e in resolved)


def test_a_split_with_an_unknown_chip_is_refused_naming_it():
    enc = _fight("sr4_melee_split.yaml", [], SR4)
    with pytest.raises(InvalidCommand, match="high_ground"):
        enc.apply(SplitAttack("kicker", ("ganger-1", "ganger-2"), "killing-hands",
                              options=("high_ground",)))
