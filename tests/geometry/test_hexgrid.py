"""Axial hex maths against known values (Red Blob Games) and properties."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tactical.geometry.hexgrid import (
    DIRECTIONS,
    hex_distance,
    hex_line,
    hex_neighbours,
    hex_range,
    hex_ring,
    hex_round,
    hex_s,
    hex_spiral,
)

coords = st.integers(-60, 60)
hexes = st.tuples(coords, coords)


def test_s_is_derived():
    assert hex_s((3, -1)) == -2
    assert hex_s((0, 0)) == 0


def test_known_distances():
    assert hex_distance((0, 0), (0, 0)) == 0
    assert hex_distance((0, 0), (1, 0)) == 1
    assert hex_distance((0, 0), (3, -3)) == 3
    assert hex_distance((0, 0), (2, 1)) == 3
    assert hex_distance((-2, 3), (1, -1)) == 4
    assert hex_distance((1, -3), (-3, 1)) == 4


def test_neighbours_are_six_at_distance_one():
    around = hex_neighbours((2, -1))
    assert len(set(around)) == 6
    assert all(hex_distance((2, -1), h) == 1 for h in around)
    assert set(DIRECTIONS) == set(hex_neighbours((0, 0)))


def test_rings_and_ranges_have_the_known_sizes():
    assert hex_ring((0, 0), 0) == ((0, 0),)
    for k in range(1, 6):
        ring = hex_ring((1, 2), k)
        assert len(set(ring)) == 6 * k
        assert all(hex_distance((1, 2), h) == k for h in ring)
        assert len(set(hex_range((1, 2), k))) == 3 * k * (k + 1) + 1
        assert set(hex_spiral((1, 2), k)) == set(hex_range((1, 2), k))


def test_round_picks_the_hex_containing_the_point():
    assert hex_round(0.1, -0.1) == (0, 0)
    assert hex_round(2.6, -1.2) == (3, -1)
    assert hex_round(-0.9, 0.1) == (-1, 0)


def test_known_line():
    # Red Blob's "line drawing" example from (0, 0) to (3, -5) in axial coordinates.
    line = hex_line((0, 0), (3, -5))
    assert line[0] == (0, 0) and line[-1] == (3, -5)
    assert len(line) == 6
    assert hex_line((0, 0), (4, 0)) == ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
    assert hex_line((2, 2), (2, 2)) == ((2, 2),)


def test_line_along_an_edge_breaks_ties_the_same_way_each_time():
    # (0,0)→(2,-1) runs exactly along hex edges: the nudge decides, consistently.
    assert hex_line((0, 0), (2, -1)) == hex_line((0, 0), (2, -1))
    middle = hex_line((0, 0), (2, -1))[1]
    assert middle in ((1, 0), (1, -1))


@given(hexes, hexes)
def test_distance_is_symmetric(a, b):
    assert hex_distance(a, b) == hex_distance(b, a)
    assert (hex_distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a, b, c):
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


@given(hexes, hexes)
def test_line_has_distance_plus_one_hexes_each_a_neighbour_of_the_last(a, b):
    line = hex_line(a, b)
    assert len(line) == hex_distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert all(hex_distance(p, q) == 1 for p, q in itertools.pairwise(line))
