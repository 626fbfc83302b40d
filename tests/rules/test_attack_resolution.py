from __future__ import annotations

import pytest
from ch6_builders import machine_pistol, pistol, setup, sword

from tactical.core.dice import DiceExhausted, ScriptedDice
from tactical.core.errors import IllegalCommand
from tactical.data.gear import FireMode
from tactical.rules.chapter6.attack import attack_refusals, plan_attack, resolve_attack
from tactical.rules.chapter6.checks import AdvantageState, Degree
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.chapter6.setup import (
    Attacker,
    BurstChoice,
    Defender,
    EdgeUse,
    Option,
    Situation,
)


def damage_text(s, degree=Degree.MARGINAL_SUCCESS, rules=None):
    from tactical.rules.chapter6.constants import chapter6_ruleset
    rules = rules or chapter6_ruleset()
    return str(plan_attack(s).damage_expr(degree, rules).collapsed())


# --- fire modes and ammunition -------------------------------------------------------------

@pytest.mark.parametrize(("mode", "targets", "used"), [
    (FireMode.SA, 1, 3), (FireMode.BF, 1, 5), (FireMode.AF, 1, 10), (FireMode.AF, 3, 30)])
def test_ammunition_per_mode(mode, targets, used):
    s = setup(machine_pistol(), mode=mode, situation=Situation(targets=targets))
    assert plan_attack(s).ammo_used == used


def test_single_shot_uses_one_round_and_is_the_default_without_sa():
    s = setup(pistol(modes=(FireMode.SS,)))
    plan = plan_attack(s)
    assert plan.mode is FireMode.SS and plan.ammo_used == 1


def test_default_mode_is_semi_auto():
    assert plan_attack(setup(machine_pistol())).mode is FireMode.SA


def test_not_enough_ammunition_refuses_the_mode():
    assert attack_refusals(setup(machine_pistol(ammo=4), mode=FireMode.BF)) == (
        "BF needs 5 rounds; 4 loaded",)
    assert attack_refusals(setup(machine_pistol(ammo=5), mode=FireMode.BF)) == ()


def test_a_mode_the_weapon_lacks_is_refused():
    assert "cannot fire AF" in attack_refusals(setup(pistol(), mode=FireMode.AF))[0]


def test_burst_defaults_to_advantage_and_is_forced_to_damage_when_advantage_is_present():
    plain = plan_attack(setup(machine_pistol(), mode=FireMode.BF))
    assert plain.burst is BurstChoice.ADVANTAGE and "Burst fire" in plain.advantages.advantages
    smart = plan_attack(setup(machine_pistol(), mode=FireMode.BF, burst=BurstChoice.ADVANTAGE,
                              attacker=Attacker(14, advantages=("smartlink",))))
    assert smart.burst is BurstChoice.DAMAGE and smart.notes
    assert damage_text(setup(machine_pistol(), mode=FireMode.BF,
                             burst=BurstChoice.DAMAGE)) == "4d6+1"


def test_auto_fire_single_target_adds_2d6_several_targets_disadvantage_no_bonus():
    assert damage_text(setup(machine_pistol(), mode=FireMode.AF)) == "5d6+1"
    multi = setup(machine_pistol(), mode=FireMode.AF, situation=Situation(targets=2))
    assert damage_text(multi) == "3d6+1"
    assert plan_attack(multi).advantages.state is AdvantageState.DISADVANTAGE


def test_several_targets_need_auto_fire():
    assert attack_refusals(setup(machine_pistol(), situation=Situation(targets=2)))


def test_machine_pistol_aimed_burst_perfect_is_7d6_plus_1():
    s = setup(machine_pistol(), mode=FireMode.BF, burst=BurstChoice.DAMAGE,
              options=(Option.AIMED_SHOT,))
    assert damage_text(s, Degree.PERFECT) == "7d6+1"
    assert damage_text(s, Degree.SOLID) == "6d6+1"


# --- options -------------------------------------------------------------------------------

def test_aimed_shot_only_with_sa_or_bf():
    assert attack_refusals(setup(machine_pistol(), mode=FireMode.AF,
                                 options=(Option.AIMED_SHOT,)))
    assert attack_refusals(setup(machine_pistol(), options=(Option.AIMED_SHOT,))) == ()


def test_option_kind_must_match_the_attack():
    reasons = attack_refusals(setup(sword(), options=(Option.AIMED_SHOT,)))
    assert "ranged option" in reasons[0]


def test_a_disadvantage_option_is_refused_while_disadvantaged_with_every_reason():
    s = setup(attacker=Attacker(14, disadvantages=("Moderate injury",)),
              reaction="snapshot", options=(Option.AIMED_SHOT,),
              situation=Situation(distance_m=6))
    with pytest.raises(IllegalCommand) as info:
        plan_attack(s)
    # issue 12 item 2: besides, an Aimed Shot takes a Minor, which a Reaction cannot pay
    cost, reason = info.value.reasons
    assert "Aimed Shot" in reason and "Moderate injury" in reason and "Snapshot" in reason
    assert "Aimed Shot takes Major + Minor" in cost and "l.1031" in cost


@pytest.mark.parametrize(("options", "mode", "what"), [
    ((Option.AIMED_SHOT,), None, "Aimed Shot"), ((), FireMode.AF, "AF fire"),
    ((Option.FIRE_AROUND_COVER,), None, "Fire Around Cover")])  # l.204: a Move besides
def test_a_reaction_cannot_pay_an_option_or_mode_that_takes_a_minor(options, mode, what):
    """Ch.6 l.1031 (issue 12 item 2): a Reaction pays only for one attack."""
    s = setup(attacker=Attacker(14, advantages=("smartlink",)), reaction="snapshot",
              weapon=machine_pistol(), mode=mode, options=options,
              situation=Situation(distance_m=6))
    (reason,) = attack_refusals(s)
    assert reason.startswith(f"{what} takes Major + M") and "Reaction" in reason


def test_each_advantage_offsets_one_disadvantage_for_picking_an_option():
    # Vanya: smartlink offsets a Moderate injury, so she could take an Aimed Shot.
    ok = setup(attacker=Attacker(14, advantages=("smartlink",),
                                 disadvantages=("Moderate injury",)),
               options=(Option.AIMED_SHOT,), situation=Situation(distance_m=6))
    assert attack_refusals(ok) == ()
    two = setup(attacker=Attacker(14, advantages=("smartlink",),
                                  disadvantages=("Pinned", "Moderate injury")),
                options=(Option.AIMED_SHOT,), situation=Situation(distance_m=6))
    assert "offsets only 1" in attack_refusals(two)[0]


def test_two_disadvantage_options_refuse_the_second():
    reasons = attack_refusals(setup(sword(), options=(Option.SMASH, Option.FLURRY)))
    assert reasons == ("Flurry gives Disadvantage and you already have Disadvantage from Smash",)


@pytest.mark.parametrize(("option", "dice"), [
    (Option.SMASH, "4d6+1"), (Option.FLURRY, "2d6+1"), (Option.AIM_FOR_OPENING, "3d6+1")])
def test_melee_option_damage(option, dice):
    assert damage_text(setup(sword(), options=(option,))) == dice


def test_aim_for_opening_lowers_pt_by_5():
    s = setup(sword(), options=(Option.AIM_FOR_OPENING,),
              defender=Defender(armor=(_ptdr(25, 40),)))
    assert plan_attack(s).armor.pt == 20


def test_charge_gives_advantage_and_reports_its_price():
    s = setup(sword(), options=(Option.CHARGE,))
    assert plan_attack(s).advantages.advantages == ("Charge",)
    result = resolve_attack(s, ScriptedDice(d10=[5, 5, 5], d6=[1] * 10))
    assert any("Advantage until its next turn" in e for e in result.option_effects)


@pytest.mark.parametrize(("d10", "effect"), [
    ([5, 4], "out of position"), ([7, 8], "drops its weapon"), ([9, 9], "flies")])
def test_disarm_by_degree_and_no_damage(d10, effect):
    s = setup(sword(), skill=12, options=(Option.DISARM,))
    result = resolve_attack(s, ScriptedDice(d10=d10))
    assert result.hit and result.damage is None
    assert effect in result.option_effects[0]


def test_grapple_perfect_throws_prone():
    result = resolve_attack(setup(sword(), skill=12, options=(Option.GRAPPLE,)),
                            ScriptedDice(d10=[9, 9]))
    assert result.damage is None and any("prone" in e for e in result.option_effects)


def test_suppressive_fire_pins_and_uses_the_whole_load():
    s = setup(machine_pistol(ammo=22), mode=FireMode.AF, options=(Option.SUPPRESSIVE_FIRE,),
              defender=Defender(discipline=20))
    result = resolve_attack(s, ScriptedDice(d10=[5, 6]))
    assert result.plan.ammo_used == 22 and result.damage is None
    assert "Pinned" in result.option_effects[0]


# --- reactions, reach, outnumbering ---------------------------------------------------------

def test_snapshot_has_disadvantage_and_needs_short_range():
    near = plan_attack(setup(reaction="snapshot", situation=Situation(distance_m=15)))
    assert near.advantages.disadvantages == ("Snapshot",)
    assert "Short range" in attack_refusals(
        setup(reaction="snapshot", situation=Situation(distance_m=16)))[0]


def test_intercept_attack_has_disadvantage_and_must_be_melee():
    plan = plan_attack(setup(sword(), reaction="intercept"))
    assert plan.advantages.disadvantages == ("Intercept attack",)
    assert attack_refusals(setup(pistol(), reaction="intercept"))


def test_a_reaction_kind_the_ruleset_lacks_is_refused_by_name():
    # kinds are ruleset.yaml's attack.reactions keys, not an enum: a typo is a refusal
    assert attack_refusals(setup(pistol(), reaction="duck")) == (
        "unknown reaction 'duck'; expected one of: "
        + ", ".join(chapter6_ruleset().attack.reactions),)


def test_reach_gives_advantage_to_the_longer_and_disadvantage_to_the_shorter():
    troll = plan_attack(setup(sword(), attacker=Attacker(20, reach_m=4)))
    assert troll.advantages.advantages == ("Longer reach",)
    vs_spear = plan_attack(setup(sword(), defender=Defender(reach_m=4)))
    assert vs_spear.advantages.disadvantages == ("Shorter reach",)
    spear = plan_attack(setup(sword(reach_m=4)))
    assert spear.advantages.advantages == ("Longer reach",)


def test_kickers_reach_advantage_is_negated_by_the_shield():
    s = setup(sword(), attacker=Attacker(20, reach_m=4, disadvantages=("Riot shield",)))
    adv = plan_attack(s).advantages
    assert adv.state is AdvantageState.NONE and adv.cancelled


def test_outnumbering():
    more = plan_attack(setup(sword(), situation=Situation(attackers_in_reach=2)))
    fewer = plan_attack(setup(sword(), situation=Situation(defenders_in_reach=3)))
    assert more.advantages.advantages == ("Outnumbering (2 vs 1)",)
    assert fewer.advantages.disadvantages == ("Outnumbered (1 vs 3)",)


# --- Edge ------------------------------------------------------------------------------------

def test_edge_on_damage_adds_2d6_and_no_edge_die():
    s = setup(attacker=Attacker(16, edge=EdgeUse.DAMAGE))
    dice = ScriptedDice(d10=[2, 3], d6=[1] * 10)
    result = resolve_attack(s, dice)
    assert result.check.edge is None and result.damage.expression == "6d6+2"


def test_a_miss_rolls_no_damage_dice():
    dice = ScriptedDice(d10=[1, 2], d6=[6])
    result = resolve_attack(setup(skill=5), dice)
    assert not result.hit and result.damage is None and dice.remaining(6) == (6,)


def test_running_out_of_scripted_dice_is_a_clear_error():
    with pytest.raises(DiceExhausted, match="d6"):
        resolve_attack(setup(skill=20), ScriptedDice(d10=[5, 5]))


def _ptdr(pt, dr):
    from tactical.rules.chapter6.numbers import PtDr
    return PtDr(pt=pt, dr=dr)


@pytest.mark.parametrize("reaction", ["overwatch", "opportunity"])
def test_overwatch_and_opportunity_are_normal_attacks(reaction):
    weapon = pistol() if reaction == "overwatch" else sword()
    plan = plan_attack(setup(weapon, reaction=reaction))
    assert plan.advantages.disadvantages == ()


def test_defences_from_the_character_sheet(rules):
    from tactical.data.character import Attributes, Character
    from tactical.data.gear import Armor
    from tactical.rules.chapter6.setup import defence_value, defender_from_character

    vanya = Character(id="vanya", name="Vanya", health=22, stamina=24,
                      attributes=Attributes(AG=5, CU=5, ST=2, VI=3, RE=5, PR=5))
    armor = [Armor(id="coat", name="Coat", pt=15, dr=20),
             Armor(id="eldritch", name="Eldritch", pt=15, dr=20)]
    d = defender_from_character(vanya, armor, parry_skill=6, rules=rules)
    # Ch.6 Defense: Dodge 14+AG+CU, Parry 11+skill, Discipline = Will 14+RE+PR.
    assert (d.dodge, d.parry, d.discipline, d.health) == (24, 17, 24, 22)
    assert defence_value("grit", vanya, rules=rules) == 19
    assert plan_attack(setup(defender=d)).armor.dr == 30


def test_catalogue_weapon_profile():
    from tactical.data.gear import Weapon
    from tactical.rules.chapter6.setup import AttackKind, from_weapon

    predator = Weapon(id="ares-predator", name="Ares Predator", kind="ranged",
                      skill="ranged_close", damage="4d6+2", effective_range_m=30,
                      modes=(FireMode.SS, FireMode.SA), magazine=15)
    w = from_weapon(predator, ammo=2)
    assert (w.kind, w.ammo, w.effective_range_m) == (AttackKind.RANGED, 2, 30)
    assert attack_refusals(setup(w)) == ("SA needs 3 rounds; 2 loaded",)
