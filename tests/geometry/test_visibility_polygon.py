"""Visibility polygons, and that they agree with the exact ray test of sight.py."""

from __future__ import annotations

import itertools
import math
import random

import pytest
import shapely
from geomaps import make_geometry, wall

from tactical.geometry.bands import WeaponRange
from tactical.geometry.hexgrid import hex_distance, hex_range
from tactical.geometry.params import Band
from tactical.geometry.sight import line_of_sight
from tactical.geometry.visibility import (
    Sector,
    band_polygons,
    hex_disk_polygon,
    overwatch_zone,
    reach_zone,
    visibility_polygon,
    visible_hexes,
)

HEX_AREA = 2 * math.sqrt(3)


def test_open_ground_sees_a_full_disk():
    v = visibility_polygon(make_geometry(), (0, 0), 60)
    assert v.area == pytest.approx(math.pi * 60 ** 2, rel=1e-3)
    assert v.is_valid


def test_high_cover_casts_a_shadow_and_low_cover_does_not():
    v = visibility_polygon(make_geometry(wall(3, -1, 3.5, 1, height="high")), (0, 0), 20)
    assert not v.intersects(shapely.Point(6, 0))  # behind the wall
    assert v.intersects(shapely.Point(6, 3)) and v.intersects(shapely.Point(2, 0))
    low = visibility_polygon(make_geometry(wall(3, -1, 3.5, 1, height="low")), (0, 0), 20)
    assert low.intersects(shapely.Point(6, 0))


def test_the_visibility_polygon_agrees_with_the_exact_ray_test(params):
    rng = random.Random(11)
    covers = []
    for _ in range(40):
        cx, cy, w, h = (rng.uniform(-30, 30), rng.uniform(-30, 30), rng.uniform(0.3, 4),
                        rng.uniform(0.3, 2))
        a = rng.uniform(0, math.pi)
        c, s = math.cos(a), math.sin(a)
        from tactical.data.maps import Cover

        covers.append(Cover(**{"class": "medium"}, height=rng.choice(("high", "high", "low")),
                            polygon=tuple((cx + x * c - y * s, cy + x * s + y * c) for x, y in
                                          ((-w, -h), (w, -h), (w, h), (-w, h)))))
    mg = make_geometry(*covers)
    checked = disagreements = 0
    for _ in range(25):
        origin = (rng.randint(-8, 8), rng.randint(-8, 8))
        v = visibility_polygon(mg, origin, 2 * 12 + 2)
        targets = [h for h in hex_range(origin, 12) if h != origin]
        fast = visible_hexes(mg, v, targets, params)
        for h, seen in zip(targets, fast, strict=True):
            checked += 1
            disagreements += bool(seen) != line_of_sight(mg, origin, h, params)
    assert checked > 10000 and disagreements == 0


def test_band_polygons_are_rings_of_hexes(params):
    mg = make_geometry()
    zones = band_polygons(mg, (0, 0), WeaponRange(20, 80), params)
    assert [z.span.band for z in zones] == list(Band)
    assert zones[0].polygon.area == pytest.approx(19 * HEX_AREA, rel=1e-3)  # within 2 hexes
    assert zones[1].polygon.area == pytest.approx((91 - 19) * HEX_AREA, rel=1e-3)  # 3–5
    for inner, outer in itertools.pairwise(zones):
        assert inner.polygon.intersection(outer.polygon).area == pytest.approx(0, abs=1e-6)


def test_band_polygons_are_clipped_to_what_is_seen(params):
    mg = make_geometry(wall(3, -1, 3.5, 1, height="high"))
    close = band_polygons(mg, (0, 0), WeaponRange(20, 80), params)[1].polygon
    assert not close.intersects(shapely.Point(8, 0))
    assert close.intersects(shapely.Point(0, 8))


def test_hex_disk_polygon_is_the_outline_of_the_hexes():
    mg = make_geometry()
    disk = hex_disk_polygon(mg, (2, -1), 3)
    assert disk.area == pytest.approx(37 * HEX_AREA, rel=1e-6)
    for h in hex_range((2, -1), 4):
        inside = disk.contains(shapely.Point(mg.centre(h)))
        assert inside == (hex_distance(h, (2, -1)) <= 3)


def test_reach_zone_leaves_out_the_hex_behind_a_wall(params):
    assert len(reach_zone(make_geometry(), (0, 0), 2, params).hexes) == 6
    assert len(reach_zone(make_geometry(), (0, 0), 4, params).hexes) == 18
    walled = reach_zone(make_geometry(wall(-1.5, 1.05, 1.5, 1.3, height="high")), (0, 0), 2,
                        params)
    assert (0, 1) not in walled.hexes and len(walled.hexes) == 5


def test_overwatch_sector_clipped_to_range_and_sight(params):
    mg = make_geometry()
    zone = overwatch_zone(mg, (0, 0), Sector(0, 90, 20), WeaponRange(20, 80), params)
    assert zone.area == pytest.approx(math.pi * 400 / 4, rel=0.01)
    assert zone.intersects(shapely.Point(10, 0)) and not zone.intersects(shapely.Point(-10, 0))
    walled = make_geometry(wall(5, -2, 5.5, 2, height="high"))
    shaded = overwatch_zone(walled, (0, 0), Sector(0, 90, 20), WeaponRange(20, 80), params)
    assert not shaded.intersects(shapely.Point(12, 0)) and shaded.area < zone.area
    limited = overwatch_zone(mg, (0, 0), None, WeaponRange(5, 10), params)
    assert limited.area == pytest.approx(math.pi * 100, rel=0.01)  # the weapon's max range
    square = shapely.box(4, -2, 8, 2)
    assert overwatch_zone(mg, (0, 0), square, WeaponRange(20, 80), params).area == \
        pytest.approx(16, rel=1e-3)
