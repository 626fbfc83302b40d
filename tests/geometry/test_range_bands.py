"""RULINGS Range bands for one weapon; the numbers come from the ruleset file."""

from __future__ import annotations

import pytest

from tactical.data.gear import Weapon
from tactical.geometry.bands import WeaponRange, band_at, band_limit_m, band_spans, weapon_range
from tactical.geometry.params import Band, GeometryParams

E30 = WeaponRange(30, 120)


@pytest.mark.parametrize(("metres", "band", "tn"), [
    (0, Band.CLOSE, 0), (4, Band.CLOSE, 0), (6, Band.SHORT, 0), (15, Band.SHORT, 0),
    (16, Band.MEDIUM, 0), (30, Band.MEDIUM, 0), (32, Band.LONG, 5), (60, Band.LONG, 5),
    (62, Band.EXTREME, 10), (120, Band.EXTREME, 10),
])
def test_bands_of_a_30_m_weapon(params, metres, band, tn):
    span = band_at(metres, E30, params)
    assert (span.band, span.tn) == (band, tn)


def test_beyond_max_range_there_is_no_attack(params):
    assert band_at(122, E30, params) is None


def test_a_given_max_range_ends_the_last_band(params):
    short_max = WeaponRange(30, 50)
    assert band_at(50, short_max, params).band is Band.LONG
    assert band_at(52, short_max, params) is None
    assert band_spans(short_max, params)[-1].band is Band.LONG


def test_close_still_reaches_4_m_for_a_short_weapon(params):
    tiny = WeaponRange(6, 24)  # E/2 = 3 m < Close's 4 m: Short is empty
    assert [s.band for s in band_spans(tiny, params)] == [Band.CLOSE, Band.MEDIUM, Band.LONG,
                                                          Band.EXTREME]
    assert band_limit_m(tiny, Band.SHORT, params) == 4


def test_weapon_range_defaults_to_4e(params):
    shotgun = Weapon(id="shotgun", name="Shotgun", kind="ranged", skill="ranged_long",
                     damage="5d6", effective_range_m=20, modes=("SS",), magazine=8)
    assert weapon_range(shotgun, params) == WeaponRange(20, 80, "Shotgun")
    sword = Weapon(id="sword", name="Sword", kind="melee", skill="melee", damage="3d6+1")
    assert weapon_range(sword, params) is None


def test_params_come_from_the_ruleset_file():
    from tactical.rules.chapter6.constants import chapter6_ruleset

    params = GeometryParams.from_ruleset(chapter6_ruleset())
    assert params.metres_per_hex == 2
    assert params.corner_shrink == pytest.approx(0.1)
    assert params.partial_max_share == pytest.approx(0.5)
    assert params.prone_improves_by == 1
    assert (params.partial_cover_tn, params.full_cover_tn) == (5, 10)
    assert [b.band for b in params.range_bands] == list(Band)
    from tactical.rules.reactions import band_limit
    from tactical.rules.registry import ruleset

    assert band_limit(ruleset("chapter6").reaction_kinds, Band) == Band.SHORT
