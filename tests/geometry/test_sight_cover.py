"""RULINGS "Cover from the map" on small hand-made maps.

Attacker at hex (0, 0), centre (0, 0); target at hex (4, -2), centre (4√3, 0) = (6.93, 0),
8 m away. At x = 3.6 m the seven rays pass at y ≈ 0 (three rays), ±0.44 and ±0.51.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from geomaps import make_geometry, wall

from tactical.data.maps import Cover, CoverClass
from tactical.geometry.bands import WeaponRange
from tactical.geometry.sight import (
    CoverLevel,
    _ray_hits_exact,
    _ray_hits_indexed,
    _rays,
    line_of_sight,
    ray_hits,
    sight,
)

A, B = (0, 0), (4, -2)


def look(*covers, prone=False, params=None, weapon=None):
    from tactical.geometry.params import GeometryParams
    from tactical.rules.chapter6.constants import chapter6_ruleset

    params = params or GeometryParams.from_ruleset(chapter6_ruleset())
    return sight(make_geometry(*covers), A, B, params, weapon, target_prone=prone)


def test_open_ground_no_cover():
    s = look()
    assert (s.line_of_sight, s.cover, s.cover_tn, s.rays_blocked) == (True, CoverLevel.NONE,
                                                                      0, 0)
    assert s.distance_hexes == 4 and s.distance_m == 8.0
    assert s.strongest is None


def test_up_to_half_the_rays_is_partial_cover():
    s = look(wall(3.4, 0.3, 3.8, 2.0))
    assert s.rays_blocked == 2 and s.cover is CoverLevel.PARTIAL and s.cover_tn == 5
    assert s.share_blocked == pytest.approx(2 / 7)


def test_more_than_half_but_not_all_is_full_cover():
    s = look(wall(3.4, -0.1, 3.8, 2.0))
    assert s.rays_blocked == 5 and s.cover is CoverLevel.FULL and s.cover_tn == 10


def test_all_rays_through_high_cover_is_no_line_of_sight():
    s = look(wall(3.4, -2.0, 3.8, 2.0, height="high"))
    assert not s.line_of_sight and s.cover is CoverLevel.NO_LINE_OF_SIGHT
    assert s.rays_blocked_high == 7 and s.cover_tn == 0


def test_low_cover_over_every_ray_is_full_cover_not_blindness():
    s = look(wall(3.4, -2.0, 3.8, 2.0, height="low"))
    assert s.line_of_sight and s.cover is CoverLevel.FULL and s.rays_blocked == 7


def test_high_and_low_together_blocking_every_ray_leave_sight_over_the_low_part():
    s = look(wall(3.4, -0.1, 3.8, 2.0, height="high"), wall(3.4, -2.0, 3.8, -0.3))
    assert s.rays_blocked == 7 and s.rays_blocked_high == 5
    assert s.line_of_sight and s.cover is CoverLevel.FULL


def test_high_cover_over_a_few_rays_is_partial_cover_with_sight():
    s = look(wall(3.4, 0.3, 3.8, 2.0, height="high"))
    assert s.line_of_sight and s.cover is CoverLevel.PARTIAL


def test_prone_in_cover_counts_one_step_better():
    assert look(wall(3.4, 0.3, 3.8, 2.0), prone=True).cover is CoverLevel.FULL
    assert look(wall(3.4, -0.1, 3.8, 2.0), prone=True).cover is CoverLevel.FULL  # at most Full
    assert look(prone=True).cover is CoverLevel.NONE  # prone in the open: not in cover
    blind = look(wall(3.4, -2.0, 3.8, 2.0, height="high"), prone=True)
    assert blind.cover is CoverLevel.NO_LINE_OF_SIGHT


def test_the_attackers_own_wall_is_ignored():
    own = wall(1.1, -1.5, 1.6, 1.5, height="low")  # stands in the attacker's hex
    assert look(own).cover is CoverLevel.NONE
    further = wall(3.0, -1.5, 3.45, 1.5, height="low")  # the same wall a hex on
    assert look(further).cover is CoverLevel.FULL


def test_an_own_high_wall_lets_the_attacker_lean_out():
    assert look(wall(1.1, -1.5, 1.6, 1.5, height="high")).line_of_sight


def test_a_building_the_attacker_stands_against_still_blocks_beyond_it():
    building = wall(1.1, -0.5, 20.0, 10.0, height="high")
    s = look(building)
    assert not s.line_of_sight


def test_the_strongest_class_crossed_is_reported_for_shooting_through():
    s = look(wall(3.0, -2, 3.3, 2, cover_class="flimsy", ident="boxes"),
             wall(4.0, -2, 4.3, 2, cover_class="tough", ident="barrier"))
    assert s.strongest.id == "barrier" and s.strongest.cover_class is CoverClass.TOUGH
    assert [c.id for c in s.crossed] == ["barrier", "boxes"]


def test_running_along_an_edge_or_grazing_a_corner_is_not_crossing():
    one_ray = np.array([[10.0, 0.0]])
    along_edge = make_geometry(wall(3, 0, 5, 2))
    assert ray_hits(along_edge, A, one_ray).any == (False,)
    through = make_geometry(wall(3, -1, 5, 1))
    assert ray_hits(through, A, one_ray).any == (True,)
    corner = make_geometry(Cover(**{"class": "light"}, height="high",
                                 polygon=((4, 0), (5, 1), (3, 1))))
    assert ray_hits(corner, A, one_ray).any == (False,)
    ending_inside = make_geometry(wall(9, -1, 11, 1))
    assert ray_hits(ending_inside, A, one_ray).any == (True,)


def test_distance_and_range_band(params):
    pistol = WeaponRange(30, 120, "Ares Predator")
    s = look(weapon=pistol)
    assert s.band.band.value == "short" and s.band.tn == 0  # 8 m: > 4 m, ≤ E/2
    smg = WeaponRange(10, 40)
    assert look(weapon=smg).band.band.value == "medium"
    tiny = WeaponRange(1, 4)
    assert look(weapon=tiny).band is None and not look(weapon=tiny).can_attack_at_range


def test_melee_reach():
    mg = make_geometry()
    from tactical.geometry.params import GeometryParams
    from tactical.rules.chapter6.constants import chapter6_ruleset

    p = GeometryParams.from_ruleset(chapter6_ruleset())
    assert sight(mg, A, (1, 0), p, reach_m=2).in_reach
    assert not sight(mg, A, (2, 0), p, reach_m=2).in_reach
    assert sight(mg, A, (2, 0), p, reach_m=4).in_reach


def test_the_own_hex_sees_itself():
    from tactical.geometry.params import GeometryParams
    from tactical.rules.chapter6.constants import chapter6_ruleset

    s = sight(make_geometry(wall(-3, -3, 3, 3, height="high")), A, A,
              GeometryParams.from_ruleset(chapter6_ruleset()))
    assert s.line_of_sight and s.distance_m == 0


def test_pointy_top_maps_work_the_same(params):
    # Pointy-top: hex (4, 0) is 8 m east of (0, 0); a high wall between blocks sight.
    mg = make_geometry(wall(3.4, -2, 3.8, 2, height="high"), orientation="pointy")
    assert not line_of_sight(mg, (0, 0), (4, 0), params)
    assert line_of_sight(mg, (0, 0), (0, 4), params)


def test_the_exact_fallback_agrees_with_the_indexed_rays(params):
    rng = random.Random(3)
    covers = [wall(x, y, x + rng.uniform(0.3, 3), y + rng.uniform(0.3, 3),
                   height=rng.choice(("low", "high")))
              for x, y in ((rng.uniform(-15, 15), rng.uniform(-15, 15)) for _ in range(25))]
    mg = make_geometry(*covers)
    for _ in range(60):
        origin = (rng.randint(-6, 6), rng.randint(-6, 6))
        points = np.array([[rng.uniform(-18, 18), rng.uniform(-18, 18)] for _ in range(7)])
        rays = _rays(mg.centre(origin), points)
        fast, exact = _ray_hits_indexed(mg, origin, rays), _ray_hits_exact(mg, origin, rays)
        assert fast[0].tolist() == exact[0].tolist()
        assert fast[1].tolist() == exact[1].tolist()
        assert fast[2] == exact[2]
