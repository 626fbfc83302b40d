"""Damage: DV + net hits, AV + AP, Physical → Stun (each edition its own), resistance, monitors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactical.core.errors import TacticalError
from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.damage import (
    Status,
    armor_dice,
    base_dv,
    damage_after_resistance,
    damage_code,
    mark,
    modified_av,
    modified_dv,
    monitors_for,
    wound_modifier,
)

SR4 = shadowrun_ruleset("sr4")
SR5 = shadowrun_ruleset("sr5")


@pytest.mark.parametrize(("dv", "strength", "sr5", "sr4"), [
    ("STR+1", 3, 4, 3),    # SR5 hand razors (STR + 1)P, Cutter STR 3 → 4P; SR4 ⌈3/2⌉+1
    ("STR+1", 4, 5, 3),
    ("STR", 5, 5, 3),      # SR4 unarmed: (Strength ÷ 2, round up)
    ("STR-1", 2, 1, 0),
    ("STR + 3", 9, 12, 8),
    ("8", None, 8, 8),
    (10, None, 10, 10),
])
def test_base_dv_by_edition(dv, strength, sr5, sr4):
    assert base_dv(dv, strength, SR5.damage) == sr5
    assert base_dv(dv, strength, SR4.damage) == sr4


def test_base_dv_errors():
    with pytest.raises(TacticalError, match="Strength"):
        base_dv("STR+1", None, SR5.damage)
    with pytest.raises(TacticalError, match="cannot read"):
        base_dv("2d6", 3, SR5.damage)


def test_net_hits_add_to_dv_and_ap_lowers_armor():
    assert modified_dv(8, 2) == 10 and modified_dv(4, 4) == 8
    assert modified_av(12, -1) == 11 and modified_av(9, -3) == 6


def test_armor_never_below_zero_and_no_armor_dice_at_zero():
    assert modified_av(2, -5) == 0
    assert armor_dice(modified_av(2, -5)) == 0
    assert armor_dice(0) == 0 and armor_dice(1) == 1


@pytest.mark.parametrize(("dv", "av", "sr5", "sr4"), [
    (10, 11, "S", "S"),   # Wombat's shot: 10P vs AV 11 → 10S in both editions
    (11, 11, "P", "S"),   # DV = AV: SR5 "Physical DV >= AV" (l.19-21); SR4 "does not exceed" (l.33)
    (12, 11, "P", "P"),
    (8, 6, "P", "P"),     # Cutter's razors: 8P vs AV 6 stays Physical
    (0, 0, "P", "S"),
])
def test_physical_to_stun_each_edition_its_own_text(dv, av, sr5, sr4):
    assert damage_code("P", dv, av, SR5.damage) == sr5
    assert damage_code("P", dv, av, SR4.damage) == sr4


def test_stun_weapons_stay_stun():
    assert damage_code("S", 20, 0, SR5.damage) == "S"


def test_resistance_hits_reduce_dv_never_below_zero():
    assert damage_after_resistance(10, 5) == 5
    assert damage_after_resistance(8, 3) == 5
    assert damage_after_resistance(4, 4) == 0
    assert damage_after_resistance(4, 9) == 0


@given(st.integers(0, 40), st.integers(-10, 30), st.integers(-10, 0), st.integers(0, 60))
def test_damage_is_never_negative(dv, net, ap, hits):
    av = modified_av(max(0, ap + 12), ap)
    assert av >= 0 and armor_dice(av) >= 0
    assert modified_dv(dv, net) >= dv
    assert 0 <= damage_after_resistance(modified_dv(dv, net), hits) <= modified_dv(dv, net)


@pytest.mark.parametrize(("body", "willpower", "physical", "stun"), [
    (3, 3, 10, 10), (6, 3, 11, 10), (1, 1, 9, 9), (4, 5, 10, 11), (9, 4, 13, 10)])
def test_monitor_sizes(body, willpower, physical, stun):
    m = monitors_for(body, willpower, SR5.monitors)
    assert (m.physical_size, m.stun_size) == (physical, stun)


@pytest.mark.parametrize(("physical", "stun", "modifier"), [
    (0, 0, 0), (2, 2, 0), (3, 0, -1), (3, 2, -1), (3, 3, -2), (5, 6, -3), (9, 0, -3)])
def test_wound_modifiers_one_die_per_three_boxes(physical, stun, modifier):
    m = monitors_for(6, 6, SR5.monitors, physical=physical, stun=stun)
    assert wound_modifier(m, SR5.monitors) == modifier


def test_stun_overflows_into_physical_and_status():
    m = monitors_for(3, 3, SR5.monitors, stun=8)
    m = mark(m, "S", 5, SR5.monitors)
    assert (m.stun, m.physical, m.status) == (10, 3, Status.UNCONSCIOUS)
    m = mark(m, "P", 8, SR5.monitors)
    assert (m.physical, m.overflow, m.status) == (10, 1, Status.DYING)
    m = mark(m, "P", 3, SR5.monitors)
    assert (m.overflow, m.status) == (4, Status.DEAD)  # overflow beyond Body 3


def test_no_overflow_when_the_ruleset_says_so():
    rules = SR5.monitors.model_copy(update={"stun_overflow_to_physical": False})
    m = mark(monitors_for(3, 3, rules, stun=9), "S", 4, rules)
    assert (m.stun, m.physical) == (10, 0)
