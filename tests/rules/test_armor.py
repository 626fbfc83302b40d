from __future__ import annotations

import pytest
from ch6_builders import pistol, setup
from hypothesis import given
from hypothesis import strategies as st

from tactical.data.character import Resistance
from tactical.data.gear import DamageType
from tactical.rules.chapter6.armor import Protection, layer_armor, mitigate
from tactical.rules.chapter6.attack import apply_protection, plan_attack
from tactical.rules.chapter6.numbers import PtDr
from tactical.rules.chapter6.setup import CalledShot, Cover, Defender, Situation

COAT = PtDr(pt=15, dr=20)
ELDRITCH = PtDr(pt=15, dr=20)
MEDIUM = PtDr(pt=25, dr=40)


def test_layering_examples(rules):
    # Ch.6 Layering armor: coat over Eldritch Armor I → PT15/DR30; coat + medium → PT25/DR50.
    a = layer_armor([COAT, ELDRITCH], rules)
    b = layer_armor([COAT, MEDIUM], rules)
    assert (a.pt, a.dr) == (15, 30)
    assert (b.pt, b.dr) == (25, 50)


def test_layered_half_rounds_down(rules):
    assert layer_armor([PtDr(pt=10, dr=45), PtDr(pt=5, dr=25)], rules).dr == 45 + 12


def test_dr_cap_80(rules):
    assert layer_armor([PtDr(pt=35, dr=60), PtDr(pt=25, dr=40)], rules).dr == 80
    assert layer_armor([PtDr(pt=35, dr=60), PtDr(pt=25, dr=38)], rules).dr == 79


def test_third_layer_only_when_allowed(rules):
    three = [PtDr(pt=10, dr=40), PtDr(pt=30, dr=20), PtDr(pt=10, dr=10)]
    assert (layer_armor(three, rules).pt, layer_armor(three, rules).dr) == (30, 50)
    assert layer_armor(three, rules, third_layer=True).dr == 55


@pytest.mark.parametrize(("damage", "after"), [(24, 0), (25, 10), (26, 11), (0, 0)])
def test_pt_and_dr(damage, after):
    # Ch.6: PT25/DR60; damage equal to PT penetrates; 25 → 10; the reduction rounds down.
    assert mitigate(damage, Protection(25, 60)) == after


def test_dr_100_stops_everything_that_penetrates():
    assert mitigate(80, Protection(60, 100)) == 0


def armor_of(**kw):
    return plan_attack(setup(**kw)).armor


def test_damage_types_after_the_cap():
    heavy = (PtDr(pt=35, dr=60), PtDr(pt=25, dr=40))
    stun = armor_of(weapon=pistol(damage_type=DamageType.STUN), defender=Defender(armor=heavy))
    energy = armor_of(weapon=pistol(damage_type=DamageType.ENERGY),
                      defender=Defender(armor=heavy))
    assert (stun.pt, stun.dr) == (40, 100)  # 80 capped, then +20
    assert (energy.pt, energy.dr) == (25, 60)


def test_pt_and_dr_never_below_zero():
    bare = armor_of(weapon=pistol(damage_type=DamageType.ENERGY),
                    defender=Defender(armor=(PtDr(pt=5, dr=10),)))
    assert (bare.pt, bare.dr) == (0, 0)


@pytest.mark.parametrize(("called", "pt", "dr"), [
    (CalledShot.WEAKNESS, 30, 40), (CalledShot.VULNERABILITY, 25, 20)])
def test_called_shots_ignore_pt_and_dr(called, pt, dr):
    # Ch.6 Called shots example: Heavy Armor PT35/DR60, vulnerability → −10 PT / −40 DR.
    a = armor_of(defender=Defender(armor=(PtDr(pt=35, dr=60),)),
                 situation=Situation(called_shot=called))
    assert (a.pt, a.dr) == (pt, dr)


def test_resistance_and_vulnerability_against_one_damage_type():
    fire_proof = (Resistance(damage=DamageType.ENERGY, pt=20, dr=40),
                  Resistance(damage=DamageType.PHYSICAL, pt=-5, dr=0))
    d = Defender(armor=(PtDr(pt=15, dr=20),), resistances=fire_proof)
    energy = armor_of(weapon=pistol(damage_type=DamageType.ENERGY), defender=d)
    physical = armor_of(defender=d)
    assert (energy.pt, energy.dr) == (25, 40)
    assert (physical.pt, physical.dr) == (10, 20)
    assert any(s.source.startswith("Vulnerability") for s in physical.steps)


def test_shooting_through_cover_applies_the_cover_first():
    s = setup(defender=Defender(armor=(PtDr(pt=15, dr=20),)),
              situation=Situation(cover=Cover.PARTIAL, cover_class="light", through_cover=True))
    plan = plan_attack(s)
    assert (plan.cover.pt, plan.cover.dr) == (10, 20)
    assert apply_protection(30, plan) == (24, 20)  # 30 → 24 (light) → 24 − 4 = 20
    assert apply_protection(9, plan) == (0, 0)  # stopped by the cover's PT


def test_through_cover_needs_a_class():
    from tactical.rules.chapter6.attack import attack_refusals
    assert attack_refusals(setup(situation=Situation(cover=Cover.FULL, through_cover=True)))


ptdr = st.builds(lambda pt, dr: PtDr(pt=pt, dr=dr), st.integers(0, 60), st.integers(0, 100))


@given(st.integers(0, 200), st.lists(ptdr, min_size=0, max_size=3),
       st.sampled_from(list(DamageType)), st.sampled_from([None, *CalledShot]))
def test_damage_after_armor_never_exceeds_raw(raw, layers, damage_type, called):
    plan = plan_attack(setup(weapon=pistol(damage_type=damage_type),
                             defender=Defender(armor=tuple(layers)),
                             situation=Situation(called_shot=called)))
    after_cover, after_armor = apply_protection(raw, plan)
    assert 0 <= after_armor <= after_cover <= raw
    assert plan.armor.pt >= 0 and 0 <= plan.armor.dr <= 100
