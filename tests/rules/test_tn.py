from __future__ import annotations

import pytest
from ch6_builders import setup, sword

from tactical.core.errors import IllegalCommand
from tactical.rules.chapter6.attack import attack_refusals, plan_attack
from tactical.rules.chapter6.setup import (
    CalledShot,
    Cover,
    Defence,
    Defender,
    Option,
    Situation,
)
from tactical.rules.chapter6.tn import range_band, target_number


def tn_of(s):
    plan = plan_attack(s)
    assert sum(m.value for m in plan.tn.breakdown) == plan.tn.tn  # the dock's sum adds up
    return plan.tn


def test_dodge_replaces_the_base_tn_when_higher():
    tn = tn_of(setup(defender=Defender(dodge=26)))
    assert tn.tn == 26 and tn.defence == "Dodge"


def test_dodge_ignores_tn_modifiers_and_counts_only_when_higher():
    # Full cover: 20 + 10 = 30 beats Dodge 26; partial: 25 loses to 26.
    full = tn_of(setup(defender=Defender(dodge=26), situation=Situation(cover=Cover.FULL)))
    partial = tn_of(setup(defender=Defender(dodge=26), situation=Situation(cover=Cover.PARTIAL)))
    assert (full.tn, full.defence) == (30, None)
    assert (partial.tn, partial.defence) == (26, "Dodge")
    assert [m.source for m in full.breakdown] == ["Base TN", "Full cover"]


def test_dodge_equal_to_the_modified_tn_changes_nothing():
    tn = tn_of(setup(defender=Defender(dodge=20)))
    assert tn.tn == 20 and tn.defence is None


@pytest.mark.parametrize("flag", ["defenseless", "unaware", "target_practice"])
def test_easy_tn_ten_ignores_the_defence(flag):
    tn = tn_of(setup(defender=Defender(dodge=30, **{flag: True})))
    assert tn.tn == 10


def test_easy_tn_is_a_flat_ten_as_rulings_say():
    tn = tn_of(setup(defender=Defender(defenseless=True, evading=True),
                     situation=Situation(cover=Cover.PARTIAL,
                                         called_shot=CalledShot.VULNERABILITY)))
    assert tn.tn == 10 and [m.source for m in tn.breakdown] == ["Base TN (defenseless)"]


def test_easy_tn_house_rule_takes_cover_and_called_shots_but_not_evading(rules):
    house = rules.model_copy(update={"attack": rules.attack.model_copy(
        update={"easy_tn_takes_modifiers": True})})
    tn = target_number(setup(defender=Defender(defenseless=True, evading=True),
                             situation=Situation(cover=Cover.PARTIAL,
                                                 called_shot=CalledShot.VULNERABILITY)),
                       None, house)
    assert tn.tn == 10 + 5 + 15


def test_evading_is_ranged_only():
    assert tn_of(setup(defender=Defender(evading=True))).tn == 25
    assert tn_of(setup(sword(), defender=Defender(evading=True))).tn == 20


def test_melee_offers_the_higher_defence_and_honours_the_choice():
    assert tn_of(setup(sword(), defender=Defender(dodge=18, parry=24))).tn == 24
    chosen = Defender(dodge=22, parry=24, defence=Defence.DODGE)
    assert tn_of(setup(sword(), defender=chosen)).tn == 22


def test_parry_without_a_weapon_gives_the_attacker_advantage():
    plan = plan_attack(setup(sword(), defender=Defender(parry=24, parry_weapon=False)))
    assert "Parry without a weapon" in plan.advantages.advantages
    dodging = plan_attack(setup(sword(), defender=Defender(dodge=24, parry=20,
                                                           parry_weapon=False)))
    assert dodging.advantages.advantages == ()


def test_ranged_attacks_meet_dodge_not_parry():
    assert tn_of(setup(defender=Defender(dodge=18, parry=30))).tn == 20


@pytest.mark.parametrize(("distance", "band", "tn"), [
    (4, "close", 20), (4.5, "short", 20), (15, "short", 20), (15.5, "medium", 20),
    (30, "medium", 20), (31, "long", 25), (60, "long", 25), (61, "extreme", 30),
    (120, "extreme", 30),
])
def test_range_bands_at_their_edges(distance, band, tn):
    t = tn_of(setup(situation=Situation(distance_m=distance)))
    assert t.band.band == band and t.tn == tn


def test_beyond_max_range_there_is_no_attack(rules):
    assert range_band(121, 30, None, rules) is None
    assert range_band(50, 30, 40, rules) is None  # the weapon's own max range
    with pytest.raises(IllegalCommand, match="beyond the weapon's maximum range"):
        plan_attack(setup(situation=Situation(distance_m=121)))


def test_melee_needs_reach():
    assert attack_refusals(setup(sword(), situation=Situation(distance_m=2))) == ()
    assert "beyond reach" in attack_refusals(setup(sword(), situation=Situation(distance_m=4)))[0]


@pytest.mark.parametrize(("allies", "exposed", "value"), [
    (1, False, -3), (2, False, -3), (1, True, -3), (2, True, -5)])
def test_crossfire(allies, exposed, value):
    t = tn_of(setup(options=(Option.CROSSFIRE,),
                    situation=Situation(crossfire_allies=allies, target_exposed=exposed)))
    assert t.tn == 20 + value


@pytest.mark.parametrize(("kind", "tn", "ok"), [
    (CalledShot.WEAKNESS, None, 25), (CalledShot.WEAKNESS, 10, 30),
    (CalledShot.VULNERABILITY, None, 35), (CalledShot.VULNERABILITY, 20, 40)])
def test_called_shot_tn(kind, tn, ok):
    assert tn_of(setup(situation=Situation(called_shot=kind, called_shot_tn=tn))).tn == ok


@pytest.mark.parametrize(("kind", "tn"), [(CalledShot.WEAKNESS, 11), (CalledShot.WEAKNESS, 4),
                                          (CalledShot.VULNERABILITY, 21)])
def test_called_shot_tn_outside_the_rule_is_refused(kind, tn):
    assert attack_refusals(setup(situation=Situation(called_shot=kind, called_shot_tn=tn)))


def test_size_is_gm_entered():
    assert tn_of(setup(situation=Situation(size_tn=-5))).tn == 15


def test_suppressive_fire_is_against_discipline_without_cover():
    s = setup(options=(Option.SUPPRESSIVE_FIRE,), defender=Defender(dodge=30, discipline=17),
              situation=Situation(cover=Cover.FULL))
    t = tn_of(s)
    assert (t.tn, t.defence) == (17, "Discipline")


def test_trick_shot_needs_the_gms_tn():
    assert "GM's TN" in attack_refusals(setup(options=(Option.TRICK_SHOT,)))[0]
    assert tn_of(setup(options=(Option.TRICK_SHOT,), situation=Situation(gm_tn=32))).tn == 32


def test_shooting_through_cover_has_no_tn_modifier():
    s = setup(situation=Situation(cover=Cover.FULL, cover_class="light", through_cover=True))
    assert tn_of(s).tn == 20
