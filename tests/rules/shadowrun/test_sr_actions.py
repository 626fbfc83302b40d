"""Shadowrun's action phase (RULINGS "Actions", sr5 l.30) and recoil (project defaults in the
ruleset files' `actions`): what a GM would notice if it broke."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactical.data.library import load_map
from tactical.rules.shadowrun.actions import attack_slots, compensation, recoil_dice, shot
from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.sheet import weapon_numbers

ROOT = Path(__file__).resolve().parents[3]
LIBRARY = load_map(ROOT / "maps" / "warehouse.yaml").library


@pytest.mark.parametrize("edition", ["sr4", "sr5"])
@pytest.mark.parametrize(("weapon", "mode", "slots"), [
    ("browning-ultra-power", "SA", ("minor",)),  # "He fires one shot as a Simple Action"
    ("browning-ultra-power", None, ("minor",)),  # its first mode, a single shot
    ("machine-pistol", "BF", ("minor",)),  # a burst: Simple
    ("machine-pistol", "AF", ("minor", "minor")),  # full-auto: Complex, the whole phase
    ("hand-razors", None, ("minor", "minor")),  # melee: Complex
])
def test_what_an_attack_takes(edition, weapon, mode, slots):
    rules = shadowrun_ruleset(edition).actions
    assert attack_slots(rules, LIBRARY.weapons[weapon], mode) == slots


def test_sr5_compensation_counts_strength_and_the_weapons_rc():
    rules = shadowrun_ruleset("sr5").actions
    assert compensation(rules, rc=1, strength=3) == 3  # 1 + ⌈3/3⌉ + RC 1
    assert compensation(rules, rc=0, strength=4) == 3  # 1 + ⌈4/3⌉
    assert compensation(shadowrun_ruleset("sr4").actions, rc=1, strength=9) == 2  # no STR


def test_recoil_adds_up_within_the_phase():
    rules = shadowrun_ruleset("sr5").actions
    pistol = LIBRARY.weapons["machine-pistol"]
    numbers = weapon_numbers(pistol, shadowrun_ruleset("sr5"))
    assert numbers is not None and numbers.rc == 1
    first = shot(rules, pistol, numbers, "BF", fired=0, loaded=30, strength=3, who="Ganger")
    second = shot(rules, pistol, numbers, "BF", fired=3, loaded=27, strength=3, who="Ganger")
    assert first.attack == ()  # 3 rounds, 3 compensated
    assert second.attack == (("Recoil (6 rounds this phase, 3 compensated)", -3),)
    assert first.defence == (("Burst fire (BF)", -2),) and first.rounds == 3
    assert recoil_dice(rules, 0, 10, 1, 3) == -7  # a full-auto volley on its own


def test_a_shot_is_refused_without_the_rounds_or_the_mode():
    rules = shadowrun_ruleset("sr5").actions
    pistol = LIBRARY.weapons["browning-ultra-power"]
    numbers = weapon_numbers(pistol, shadowrun_ruleset("sr5"))
    assert numbers is not None
    empty = shot(rules, pistol, numbers, "SA", fired=0, loaded=0, strength=4, who="Wombat")
    assert empty.refusals == ("Wombat's Browning Ultra-Power has 0 rounds loaded; "
                              "Semi-automatic (SA) fires 1 (reload first)",)
    burst = shot(rules, pistol, numbers, "BF", fired=0, loaded=10, strength=4, who="Wombat")
    assert burst.refusals == ("Browning Ultra-Power has no Burst fire (BF) mode (it fires "
                              "SS, SA)",)
