"""RULINGS "Map modifiers": the range band by the weapon's SR range category (Short +0,
Medium −1, Long −3, Extreme −6 dice) and the cover between attacker and defender (partial +2,
good +4 dice to the defence), proposed as named modifiers from the ruleset files' numbers."""

from __future__ import annotations

import pytest

from tactical.data.library import bundled_library
from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.mapmods import proposed, range_band

WEAPONS = bundled_library().weapons


@pytest.mark.parametrize("edition", ["sr4", "sr5"])
@pytest.mark.parametrize(("weapon", "distance", "band"), [
    ("ares-predator", 5, "short"), ("ares-predator", 12, "medium"),
    ("ares-predator", 40, "long"), ("ares-predator", 60, "extreme"),
    ("ares-predator", 61, None), ("light-pistol", 16, "long"),
    ("assault-rifle", 140, "medium")])
def test_the_band_follows_the_weapons_range_category(edition, weapon, distance, band):
    assert range_band(shadowrun_ruleset(edition), WEAPONS[weapon], distance) == band


def test_proposals_are_named_and_carry_the_rulings_dice():
    sr5 = shadowrun_ruleset("sr5")
    pistol = WEAPONS["ares-predator"]
    assert proposed(sr5, pistol, 4, "none") == ()  # Short: +0, nothing to propose
    found = [(m.name, m.dice, m.pool) for m in proposed(sr5, pistol, 30, "partial")]
    assert found == [("Range (Long, 30 m)", -3, "attack"), ("Partial cover", 2, "defence")]
    found = [(m.name, m.dice, m.pool) for m in proposed(sr5, pistol, 55, "full")]
    assert found == [("Range (Extreme, 55 m)", -6, "attack"), ("Good cover", 4, "defence")]
    sword = WEAPONS["sword"]
    assert [(m.name, m.dice) for m in proposed(sr5, sword, 2, "partial")] == [
        ("Partial cover", 2)]  # melee: no range band
