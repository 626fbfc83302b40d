from __future__ import annotations

import pytest

from tactical.core.dice import ScriptedDice
from tactical.data.gear import DamageType
from tactical.rules.chapter6.healing import first_aid, first_aid_tn
from tactical.rules.chapter6.initiative import roll_initiative, tier_for
from tactical.rules.chapter6.injury import (
    CumulativeState,
    FatigueState,
    InjuryLevel,
    cumulative_effects,
    cumulative_state,
    fatigue_state,
    injury_effects,
    injury_for,
    severity,
    worse,
)

L, M, S, C, X = (InjuryLevel.LIGHT, InjuryLevel.MODERATE, InjuryLevel.SERIOUS,
                 InjuryLevel.CRITICAL, InjuryLevel.LETHAL)


@pytest.mark.parametrize(("damage", "level"), [
    (0, None), (1, L), (4, L), (5, M), (9, M), (10, S), (14, S), (15, C), (19, C), (20, X),
    (45, X)])
def test_thresholds_at_25_50_75_100_percent_of_health_20(rules, damage, level):
    assert severity(damage, 20, rules) == level


@pytest.mark.parametrize(("damage", "level"), [(7, L), (8, M), (14, M), (15, S), (22, S),
                                               (23, C), (29, C), (30, X)])
def test_fractional_thresholds_health_30(rules, damage, level):
    # 25 % of 30 is 7.5: 7 is Light, 8 Moderate (the threshold example's 10 is Moderate).
    assert severity(damage, 30, rules) == level


def test_stun_is_one_step_lower_and_below_light_is_nothing(rules):
    assert injury_for(10, 20, DamageType.STUN, rules).level is M
    stun_light = injury_for(3, 20, DamageType.STUN, rules)
    assert stun_light.level is None and stun_light.raw_level is L


def test_edge_lowers_one_more_step(rules):
    assert injury_for(10, 20, DamageType.PHYSICAL, rules, edge=True).level is M
    both = injury_for(10, 20, DamageType.STUN, rules, edge=True)
    assert both.level is L and both.steps == ("Stun damage", "Edge")


def test_moderate_effects_are_rolled_in_order(rules):
    e = injury_effects(M, rules, ScriptedDice(d6=[3, 4, 2]))
    assert (e.fatigue, e.initiative_loss, e.initiative_duration) == (5, 7, "next_turn")
    assert (e.disadvantage, e.disadvantage_rounds) == ("rounds", 3)
    assert e.rolls == (3, 4, 2)


def test_serious_effects(rules):
    e = injury_effects(S, rules, ScriptedDice(d6=[1, 1, 5]))
    assert e.fatigue == 10 and e.initiative_loss == 2 and e.initiative_duration == "combat"
    assert e.disadvantage == "until_treated" and e.actions_per_turn == 1 and e.no_reactions
    assert e.bleed == "1" and e.bleed_rounds == 6


def test_critical_and_lethal_effects(rules):
    c = injury_effects(C, rules, ScriptedDice())
    assert c.initiative_zero and c.prone and c.actions == ("minor",) and c.no_reactions
    assert c.bleed == "1d6" and c.bleed_until_stabilised
    x = injury_effects(X, rules, ScriptedDice(d6=[6]))
    assert x.fatigue == 50 and x.unconscious and x.prone and x.death_in_rounds == 7


def test_light_effects(rules):
    e = injury_effects(L, rules, ScriptedDice(d6=[4]))
    assert (e.fatigue, e.initiative_loss, e.disadvantage) == (3, 4, "next_turn")


@pytest.mark.parametrize(("total", "state"), [
    (19, CumulativeState.NONE), (20, CumulativeState.INCAPACITATED),
    (39, CumulativeState.INCAPACITATED), (40, CumulativeState.DYING)])
def test_cumulative_damage(rules, total, state):
    assert cumulative_state(total, 20, rules) is state


def test_cumulative_effects(rules):
    inc = cumulative_effects(CumulativeState.INCAPACITATED, rules)
    assert inc.fatigue == 20 and inc.initiative_zero and inc.actions == ("minor",)
    dying = cumulative_effects(CumulativeState.DYING, rules, ScriptedDice(d6=[2]))
    assert dying.unconscious and dying.death_in_rounds == 3


@pytest.mark.parametrize(("fatigue", "state"), [
    (9, FatigueState.FRESH), (10, FatigueState.FATIGUED), (19, FatigueState.FATIGUED),
    (20, FatigueState.EXHAUSTED), (40, FatigueState.UNCONSCIOUS)])
def test_fatigue_states(rules, fatigue, state):
    assert fatigue_state(fatigue, 20, rules) is state


def test_the_lasting_state_is_the_worst_injury():
    assert worse(M, L) is M and worse(None, S) is S and worse(None, None) is None


@pytest.mark.parametrize(("level", "tn"), [(L, 15), (M, 20), (S, 25), (C, 30), (X, 30)])
def test_first_aid_tn_by_injury(rules, level, tn):
    assert first_aid_tn(level, rules=rules)[0] == tn


def test_first_aid_kit_changes_the_tn(rules):
    assert first_aid_tn(S, "improvised", rules)[0] == 35
    assert first_aid_tn(S, "autodoc", rules)[0] == 15


def test_first_aid_light_restores_1d6_plus_one_per_5_mos_at_most_3(rules):
    small = first_aid(L, 10, ScriptedDice(d10=[2, 3], d6=[4]), rules=rules)  # MoS 0
    big = first_aid(L, 30, ScriptedDice(d10=[9, 8], d6=[4]), rules=rules)  # MoS 32
    assert (small.health_restored, small.level_after) == (4, None)
    assert big.health_restored == 4 + 3


def test_first_aid_moderate_restores_at_most_3(rules):
    r = first_aid(M, 12, ScriptedDice(d10=[9, 8]), rules=rules)  # MoS 9
    assert (r.health_restored, r.level_after) == (2, L)
    assert first_aid(M, 30, ScriptedDice(d10=[9, 8]), rules=rules).health_restored == 3


def test_first_aid_serious_and_lethal_improve_one_step_without_health(rules):
    s = first_aid(S, 20, ScriptedDice(d10=[5, 6]), rules=rules)
    x = first_aid(X, 20, ScriptedDice(d10=[5, 6]), rules=rules)
    assert (s.level_after, s.health_restored) == (M, 0)
    assert x.level_after is C


def test_failed_first_aid_changes_nothing(rules):
    r = first_aid(C, 10, ScriptedDice(d10=[2, 3]), rules=rules)
    assert not r.success and r.level_after is C and r.health_restored == 0


@pytest.mark.parametrize(("init", "major", "minor"), [
    (0, 1, 0), (9, 1, 0), (10, 1, 1), (20, 1, 2), (30, 2, 2), (40, 2, 3), (50, 3, 3)])
def test_initiative_tiers(rules, init, major, minor):
    tier = tier_for(init, rules)
    assert (tier.major, tier.minor) == (major, minor)


def test_initiative_roll(rules):
    assert roll_initiative(10, ScriptedDice(d6=[4]), rules=rules).total == 14
    r = roll_initiative(8, ScriptedDice(d6=[1, 2]), extra_dice=1, modifier=-20, rules=rules)
    assert r.faces == (1, 2) and r.total == 0  # never below 0
