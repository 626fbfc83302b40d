"""Hexes ↔ metres for both orientations, polygons and free-hand drags."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
import shapely
from hypothesis import example, given
from hypothesis import strategies as st
from shapely.geometry import LineString, Point

from tactical.data.maps import Grid, Orientation
from tactical.geometry.hexgrid import hex_distance, hex_neighbours
from tactical.geometry.layout import (
    drag_hexes,
    hex_centres,
    hex_corners,
    hex_polygon,
    hex_to_point,
    hexes_along,
    layout_for,
    point_to_hex,
    target_points,
)

SQRT3 = math.sqrt(3)
FLAT = layout_for(Orientation.FLAT)
POINTY = layout_for(Orientation.POINTY)
hexes = st.tuples(st.integers(-100, 100), st.integers(-100, 100))
layouts = st.sampled_from([FLAT, POINTY])


@pytest.mark.parametrize(("layout", "h", "point"), [
    (FLAT, (0, 0), (0.0, 0.0)),
    (FLAT, (0, 1), (0.0, 2.0)),  # flat-top: r runs straight down, 2 m per hex
    (FLAT, (1, 0), (SQRT3, 1.0)),
    (FLAT, (2, -1), (2 * SQRT3, 0.0)),
    (POINTY, (1, 0), (2.0, 0.0)),  # pointy-top: q runs straight right
    (POINTY, (0, 1), (1.0, SQRT3)),
    (POINTY, (-1, 2), (0.0, 2 * SQRT3)),
])
def test_known_centres(layout, h, point):
    assert hex_to_point(layout, h) == pytest.approx(point, abs=1e-12)


def test_a_hex_is_two_metres_flat_side_to_flat_side():
    for layout in (FLAT, POINTY):
        assert layout.size == pytest.approx(2 / SQRT3)
        assert hex_polygon(layout, (0, 0)).area == pytest.approx(2 * SQRT3)  # (√3/2)·w²
        for n in hex_neighbours((3, -2)):
            (x0, y0), (x1, y1) = hex_to_point(layout, (3, -2)), hex_to_point(layout, n)
            assert math.hypot(x1 - x0, y1 - y0) == pytest.approx(2.0)


def test_flat_top_has_a_corner_on_the_x_axis_and_pointy_top_on_the_y_axis():
    assert hex_corners(FLAT, (0, 0))[0] == pytest.approx((2 / SQRT3, 0.0))
    assert hex_corners(POINTY, (0, 0))[0] == pytest.approx((1.0, 1 / SQRT3))
    assert min(y for _, y in hex_corners(POINTY, (0, 0))) == pytest.approx(-2 / SQRT3)


def test_target_points_are_the_centre_and_corners_shrunk_ten_percent():
    pts = target_points(FLAT, (2, -1), 0.1)
    assert pts.shape == (7, 2)
    cx, cy = hex_to_point(FLAT, (2, -1))
    assert tuple(pts[0]) == pytest.approx((cx, cy))
    for (x, y) in pts[1:]:
        assert math.hypot(x - cx, y - cy) == pytest.approx(0.9 * 2 / SQRT3)


@given(layouts, st.lists(hexes, min_size=1, max_size=20))
def test_the_vectorised_centres_are_each_hexs_centre(layout, many):
    # one array for the grid, the blocked steps and the board (issue 13: no Python per hex)
    centres = hex_centres(layout, np.array(many))
    expected = np.array([hex_to_point(layout, h) for h in many])
    assert np.allclose(centres, expected, rtol=0, atol=1e-9)


@given(layouts, hexes)
def test_metres_round_trip(layout, h):
    assert point_to_hex(layout, hex_to_point(layout, h)) == h


@given(layouts, hexes, st.floats(0, 0.99), st.floats(0, math.tau))
def test_any_point_inside_the_inner_circle_belongs_to_the_hex(layout, h, radius, angle):
    x, y = hex_to_point(layout, h)
    assert point_to_hex(layout, (x + radius * math.cos(angle),
                                 y + radius * math.sin(angle))) == h


def test_offset_coordinates_stay_at_import():
    # The map's Grid converts offset ↔ axial; geometry reuses it (odd-q flat, odd-r pointy).
    assert Grid(columns=4, rows=4, orientation="flat").axial_of(1, 1) == (1, 1)
    assert Grid(columns=4, rows=4, orientation="pointy").axial_of(1, 1) == (1, 1)
    assert Grid(columns=4, rows=4, orientation="flat").axial_of(2, 2) == (2, 1)


points = st.tuples(st.floats(-40, 40), st.floats(-40, 40))


@given(layouts, st.lists(points, min_size=1, max_size=12))
def test_a_drag_passes_hexes_without_gaps(layout, stroke):
    path = drag_hexes(layout, stroke)
    assert path[0] == point_to_hex(layout, stroke[0])
    assert path[-1] == point_to_hex(layout, stroke[-1])
    assert all(hex_distance(a, b) == 1 for a, b in itertools.pairwise(path))


@given(layouts, points, points)
# along a pointy grid's vertical edge, a hair to its left: the walk stayed right of the
# edge for its first 0.74 m (the crossing at t ≈ 0 lost to rounding)
@example(POINTY, (0.0, -40.0), (-0.001953125, 0.0))
@example(POINTY, (0.0, -40.0), (0.001953125, 0.0))
@example(FLAT, (-40.0, 0.0), (0.0, -0.001953125))
# through hex corners: the union of the bare hexes lost a piece to rounding (the path was
# right), so each hex is widened by the tolerance before the union
@example(POINTY, (22.0, 0.0), (-2.0, 4.5))
def test_a_straight_drag_covers_the_segment_with_its_hexes(layout, a, b):
    path = hexes_along(layout, a, b)
    covered = shapely.union_all([hex_polygon(layout, h).buffer(1e-7) for h in path])
    assert covered.covers(LineString([a, b]) if a != b else Point(a))
    assert len(set(path)) == len(path)  # a straight line never comes back


def test_a_drag_over_a_corner_takes_a_neighbour_not_a_diagonal_jump():
    # From the centre of (0,0) straight through the corner shared by (0,0), (1,0), (1,-1).
    corner = hex_corners(FLAT, (0, 0))[0]
    path = hexes_along(FLAT, (0.0, 0.0), (corner[0] * 2, corner[1] * 2))
    assert all(hex_distance(a, b) == 1 for a, b in itertools.pairwise(path))
