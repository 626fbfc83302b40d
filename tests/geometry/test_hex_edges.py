"""The grid's lines come from hex_edges (vectorised): every side of every hex drawn, each
shared side once — a missing or doubled line is what a GM would see."""

from __future__ import annotations

import pytest

from tactical.data.maps import Grid
from tactical.geometry.layout import axial_block, hex_corners, hex_edges, layout_for


def _key(a: tuple[float, float], b: tuple[float, float]) -> tuple[int, int]:
    return round((a[0] + b[0]) * 500), round((a[1] + b[1]) * 500)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_every_hex_side_is_drawn_once(orientation: str) -> None:
    grid = Grid(columns=7, rows=5, orientation=orientation)
    layout = layout_for(grid)
    axial = axial_block(grid, range(7), range(5))
    assert sorted(map(tuple, axial.tolist())) == sorted(
        grid.axial_of(c, r) for c in range(7) for r in range(5))
    sides = set()
    for q, r in axial.tolist():
        corners = hex_corners(layout, (q, r))
        sides |= {_key(corners[i], corners[(i + 1) % 6]) for i in range(6)}
    edges = hex_edges(layout, axial)
    drawn = [_key((x1, y1), (x2, y2)) for x1, y1, x2, y2 in edges.tolist()]
    assert len(drawn) == len(set(drawn)) == len(sides)
    assert set(drawn) == sides
