"""Regions (RULINGS "Area attacks"): the hexes of a circle, ring, sector or polygon, and who
is caught in it with the line of effect from the landing hex.

Flat-top 2 m hexes: hex (q, r) has its centre at (√3 q, q + 2r) m; hex (4, -2) lies 8 m
east of (0, 0) at (6.93, 0).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from geomaps import make_geometry, wall
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tactical.data.maps import CoverClass, Grid
from tactical.geometry.hexgrid import hex_distance, hex_range
from tactical.geometry.layout import hex_to_point, layout_for
from tactical.geometry.regions import (
    caught,
    circle,
    hexes_in,
    line_of_effect,
    polygon,
    ring,
    sector,
)
from tactical.geometry.sight import line_of_sight

FLAT = layout_for(Grid(columns=40, rows=40), 2.0)
POINTY = layout_for(Grid(columns=40, rows=40, orientation="pointy"), 2.0)
centres = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


def brute(centre, radius_steps, keep):
    return {h for h in hex_range(centre, radius_steps + 2) if keep(h)}


@settings(max_examples=60, deadline=None)
@given(centres, st.floats(0, 14), st.floats(0, 14), st.sampled_from([FLAT, POINTY]))
def test_a_ring_is_exactly_the_hexes_at_its_distances(c, a, b, layout):
    inner, outer = min(a, b), max(a, b)
    got = set(hexes_in(ring(c, inner, outer), layout))
    # within 1e-9 m of a radius is on it (regions._EPS: metres per hex is 2/√3 × √3)
    want = brute(c, math.ceil(outer / 2),
                 lambda h: inner + 1e-9 < hex_distance(c, h) * 2.0 <= outer + 1e-9)
    assert got == want


@settings(max_examples=40, deadline=None)
@given(centres, st.floats(0, 14), st.sampled_from([FLAT, POINTY]))
@example((0, 0), 1.9999999999999982, FLAT)  # a hair under 2 m still holds the first ring
def test_a_circle_is_the_hexes_within_its_radius_centre_included(c, radius, layout):
    got = set(hexes_in(circle(c, radius), layout))
    assert got == brute(c, math.ceil(radius / 2),
                        lambda h: hex_distance(c, h) * 2 <= radius + 1e-9)
    assert c in got


def test_a_blasts_rings_share_no_hex_and_make_up_its_whole_circle():
    # RULINGS: a hand grenade's rings, to 2, 4 and 6 m
    rings = [circle((3, 1), 2), ring((3, 1), 2, 4), ring((3, 1), 4, 6)]
    parts = [set(hexes_in(r, FLAT)) for r in rings]
    assert [len(p) for p in parts] == [7, 12, 18]
    assert set.union(*parts) == set(hexes_in(circle((3, 1), 6), FLAT))


@settings(max_examples=60, deadline=None)
@given(centres, st.tuples(st.integers(-6, 6), st.integers(-6, 6)),
       st.floats(5, 360), st.floats(0, 30), st.sampled_from([FLAT, POINTY]))
def test_a_sector_is_the_hexes_within_its_angle_and_reach(o, d, angle, reach, layout):
    if d == (0, 0):
        d = (1, 0)
    toward = (o[0] + d[0], o[1] + d[1])
    got = set(hexes_in(sector(o, toward, angle, reach), layout))
    ox, oy = hex_to_point(layout, o)
    tx, ty = hex_to_point(layout, toward)
    aim = math.atan2(ty - oy, tx - ox)

    def inside(h):
        x, y = hex_to_point(layout, h)
        off = abs((math.atan2(y - oy, x - ox) - aim + math.pi) % math.tau - math.pi)
        return 0 < hex_distance(o, h) * 2 <= reach + 1e-9 and \
            math.degrees(off) <= angle / 2 + 1e-9

    assert got == brute(o, math.ceil(reach / 2), inside)
    assert o not in got  # the shooter's own hex


def test_a_sixty_degree_sector_east_holds_the_line_east_and_not_the_hexes_behind():
    got = set(hexes_in(sector((0, 0), (1, 0), 60, 10), FLAT))
    assert {(1, 0), (2, 0), (5, 0)} <= got  # bearing ≈ 30° below east: on the edge
    assert (-1, 0) not in got and (0, 1) not in got and (6, 0) not in got


def test_a_polygon_holds_the_hexes_whose_centre_lies_in_it():
    square = polygon([(-0.5, -0.5), (4.0, -0.5), (4.0, 3.5), (-0.5, 3.5)])
    got = set(hexes_in(square, FLAT))
    want = {h for h in hex_range((0, 0), 8)
            if -0.5 <= hex_to_point(FLAT, h)[0] <= 4 and -0.5 <= hex_to_point(FLAT, h)[1] <= 3.5}
    assert got == want and (0, 0) in got and (2, 0) in got


def test_the_map_grid_clips_a_region_at_its_edge():
    grid = Grid(columns=40, rows=40)
    got = hexes_in(circle((0, 0), 4), FLAT, grid)
    assert got and all(grid.contains(h) for h in got)
    assert len(got) < len(hexes_in(circle((0, 0), 4), FLAT))


def test_bad_shapes_are_refused_with_what_is_wrong():
    with pytest.raises(ValueError, match="negative"):
        circle((0, 0), -1)
    with pytest.raises(ValueError, match="inner"):
        ring((0, 0), 4, 2)
    with pytest.raises(ValueError, match="direction"):
        sector((0, 0), (0, 0), 60, 10)
    with pytest.raises(ValueError, match="3 points"):
        polygon([(0, 0), (1, 1)])


# --- who is caught, and through what ------------------------------------------------------

TOKENS = {"ganger-1": (4, -2), "ganger-2": (1, 0), "far": (9, 0), "here": (0, 0)}


def test_a_wall_between_the_blast_and_a_target_shields_it_completely():
    mg = make_geometry(wall(3.4, -2.0, 3.8, 2.0, height="high", ident="wall"))
    found = {c.id: c for c in caught(circle((0, 0), 8), TOKENS, mg)}
    assert set(found) == {"ganger-1", "ganger-2", "here"}  # "far" is 18 m out
    assert found["ganger-1"].effect.shielded
    assert found["ganger-1"].effect.shield is not None
    assert found["ganger-1"].effect.shield.id == "wall"
    assert found["ganger-1"].effect.cover is None
    assert not found["ganger-2"].effect.shielded and found["ganger-2"].effect.cover is None
    assert found["ganger-1"].distance_m == 8.0 and found["here"].distance_m == 0.0


def test_low_cover_on_the_line_is_reported_with_its_class_the_strongest_first():
    mg = make_geometry(wall(3.4, -0.3, 3.8, 0.3, cover_class="light", ident="crates"),
                       wall(5.0, -0.3, 5.4, 0.3, cover_class="tough", ident="car"))
    (hit,) = caught(circle((0, 0), 8), {"ganger-1": (4, -2)}, mg)
    assert not hit.effect.shielded
    assert hit.effect.cover is not None
    assert (hit.effect.cover.id, hit.effect.cover.cover_class) == ("car", CoverClass.TOUGH)
    assert [c.id for c in hit.effect.crossed] == ["car", "crates"]


def test_a_wall_beside_the_landing_hex_still_shields_unlike_a_shooters_own_wall():
    # docs/geometry.md "Line of effect": a shooter shoots over its own wall; a grenade at
    # the foot of a wall does not blow through it.
    mg = make_geometry(wall(3.9, -2.0, 4.1, 2.0, height="high"))
    landing, target = (2, -1), (4, -2)
    assert line_of_sight(mg, landing, target, _params())
    assert line_of_effect(mg, landing, target).shielded


def test_caught_lists_nearest_first_and_only_the_sectors_occupants():
    mg = make_geometry()
    tokens = {"a": (3, 0), "b": (1, 0), "behind": (-2, 0), "c": (2, 0)}
    got = caught(sector((0, 0), (1, 0), 60, 10), tokens, mg)
    assert [c.id for c in got] == ["b", "c", "a"]
    assert [c.distance_m for c in got] == [2.0, 4.0, 6.0]


def test_a_polygon_needs_the_hex_its_line_of_effect_starts_from():
    mg = make_geometry()
    zone = polygon([(-1, -0.9), (8, -0.9), (8, 0.9), (-1, 0.9)])  # y = 0 only
    with pytest.raises(ValueError, match="starts from"):
        caught(zone, TOKENS, mg)
    assert {c.id for c in caught(zone, TOKENS, mg, from_hex=(0, 0))} == {"here", "ganger-1"}


def test_caught_agrees_with_one_line_of_effect_per_target_on_a_cluttered_map():
    rng = np.random.default_rng(7)
    covers = [wall(x, y, x + 0.6, y + 2.5, height=("high" if i % 3 else "low"))
              for i, (x, y) in enumerate(rng.uniform(-12, 12, size=(25, 2)).tolist())]
    mg = make_geometry(*covers)
    tokens = {f"t{i}": (int(q), int(r))
              for i, (q, r) in enumerate(rng.integers(-6, 6, size=(40, 2)).tolist())}
    for hit in caught(circle((0, 0), 12), tokens, mg):
        assert hit.effect == line_of_effect(mg, (0, 0), hit.hex)


def _params():
    from tactical.geometry.params import GeometryParams
    from tactical.rules.chapter6.constants import chapter6_ruleset

    return GeometryParams.from_ruleset(chapter6_ruleset())
