"""Which steps high cover blocks (tactical/geometry/blocked.py; docs/formats.md "Walls block
steps"): what a GM expects of walls, gaps, doorways, pillars and crates on a hex map."""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.data.library import load_map
from tactical.data.maps import Cover, Grid, MapFile
from tactical.geometry.blocked import CHUNK, LazySteps, blocked_steps
from tactical.geometry.layout import hex_to_point, layout_for
from tactical.geometry.mapgeom import build_map_geometry

ROOT = Path(__file__).resolve().parents[2]
GRID = Grid(columns=8, rows=6)
LAYOUT = layout_for(GRID)
# Columns q = 2 and q = 3 have centres at x = 3.46 and 5.20 m; x = 4.33 m lies between.
X = (hex_to_point(LAYOUT, (2, 0))[0] + hex_to_point(LAYOUT, (3, 0))[0]) / 2


def wall(y0: float, y1: float, *, height: str = "high", x: float = X, thick: float = 0.2,
         cid: str = "w") -> Cover:
    return Cover.model_validate({"id": cid, "class": "impenetrable", "height": height,
                                 "polygon": ((x - thick / 2, y0), (x + thick / 2, y0),
                                             (x + thick / 2, y1), (x - thick / 2, y1))})


def steps(*covers: Cover, grid: Grid = GRID) -> dict[tuple[tuple[int, int], ...], str]:
    m = MapFile(kind="map", name="t", grid=grid, cover=covers)
    geometry = build_map_geometry(m)
    return {pair: geometry.cover_ids[i] for pair, i in blocked_steps(geometry, grid)
            .pairs.items()}


def crossing(pairs) -> set[tuple[tuple[int, int], ...]]:
    return {p for p in pairs if {p[0][0], p[1][0]} == {2, 3}}


def test_a_thin_wall_blocks_every_step_across_it_and_none_along_it():
    blocked = steps(wall(-2, 13))
    # every step from column 2 to column 3 (two a hex, but the grid's edge rows) is blocked
    across = {(a, b) for a in [(2, r) for r in range(-1, 5)]
              for b in [(3, r) for r in range(-2, 5)]
              if abs(a[1] - b[1]) <= 1 and (b[1] - a[1]) in (-1, 0)}
    inside = {p for p in across if all(GRID.contains(h) for h in p)}
    assert crossing(blocked) == inside
    assert set(blocked.values()) == {"w"}
    assert all({a[0], b[0]} == {2, 3} for a, b in blocked)  # nothing along the wall


def test_low_cover_is_climbed_over():
    assert steps(wall(-2, 13, height="low")) == {}


def test_a_doorway_a_metre_wide_lets_a_step_through_a_crack_does_not():
    y = hex_to_point(LAYOUT, (2, 2))[1] + 1  # the side (2, 2) shares with (3, 2)
    doorway = crossing(steps(wall(-2, y - 0.5, cid="n"), wall(y + 0.5, 13, cid="s")))
    crack = crossing(steps(wall(-2, y - 0.15, cid="n"), wall(y + 0.15, 13, cid="s")))
    assert ((2, 2), (3, 2)) not in doorway
    assert ((2, 2), (3, 2)) in crack  # 30 cm: nobody squeezes through
    assert len(crack) > len(doorway)


def test_a_line_that_only_touches_a_wall_end_passes():
    y = hex_to_point(LAYOUT, (2, 2))[1]  # the wall ends exactly on (2, 2)'s centre line
    blocked = crossing(steps(wall(-2, y)))
    assert ((2, 2), (3, 2)) not in blocked and ((2, 1), (3, 1)) in blocked


def test_the_warehouse_crate_stack_is_walked_round_its_shelving_is_not_walked_through():
    loaded = load_map(ROOT / "maps" / "warehouse.yaml")
    geometry = build_map_geometry(loaded.map)
    found = blocked_steps(geometry, loaded.map.grid)
    # (8, 3)'s centre is 14 cm from the crate stack's corner: the step round it to (9, 2)
    # cuts the corner on the straight line, yet a token walks round it.
    assert found.blocker((8, 3), (9, 2)) is None
    # The shelving (1.2 m deep, high) stands between columns 9 and 10.
    assert geometry.cover_ids[found.blocker((9, -2), (10, -2))] == "shelving"
    assert found.blocker((10, -2), (9, -2)) == found.blocker((9, -2), (10, -2))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_wall_along_a_shared_side_blocks_that_step_on_both_grids(orientation):
    grid = Grid(columns=6, rows=6, orientation=orientation)
    layout = layout_for(grid)
    a, b = (2, 2), (3, 2)
    (ax, ay), (bx, by) = hex_to_point(layout, a), hex_to_point(layout, b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    ux, uy = (bx - ax) / 2, (by - ay) / 2  # half a step; the side runs across it
    px, py = -uy * 0.7, ux * 0.7
    side = Cover.model_validate({"id": "side", "class": "light", "height": "high",
                                 "polygon": ((mx + px - ux * 0.1, my + py - uy * 0.1),
                                             (mx + px + ux * 0.1, my + py + uy * 0.1),
                                             (mx - px + ux * 0.1, my - py + uy * 0.1),
                                             (mx - px - ux * 0.1, my - py - uy * 0.1))})
    assert ((2, 2), (3, 2)) in steps(side, grid=grid)


def named(found, geometry) -> dict:
    return {pair: geometry.cover_ids[i] for pair, i in found.pairs.items()}


def test_past_the_exact_test_budget_a_crossed_line_blocks(monkeypatch):
    """A hostile tangle of walls stays quick to open (issue 11): past MAX_EXACT steps the
    straight line decides, erring towards a wall (the step through the doorway grazes a
    wall end on its straight line; only the exact test finds the way round it)."""
    import tactical.geometry.blocked as blocked

    y = hex_to_point(LAYOUT, (2, 2))[1] + 1
    covers = (wall(-2, y - 0.5, cid="n"), wall(y + 0.5, 13, cid="s"))
    exact = crossing(steps(*covers))
    monkeypatch.setattr(blocked, "MAX_EXACT", 0)
    rough = crossing(steps(*covers))
    assert exact < rough
    assert ((2, 2), (3, 2)) in rough - exact  # through the doorway: only exactly open


segments = st.tuples(st.floats(-1, 14), st.floats(-1, 11), st.floats(-4, 4), st.floats(-4, 4)) \
    .filter(lambda s: abs(s[2]) + abs(s[3]) > 0.3)


# --- worked out lazily, by chunk (issue 13 item 3)

def every_step(grid: Grid):
    """Every ordered pair of neighbours of the grid, and a few that are not neighbours."""
    for column in range(grid.columns):
        for row in range(grid.rows):
            q, r = grid.axial_of(column, row)
            for dq, dr in ((1, 0), (1, -1), (0, 1), (-1, 0), (-1, 1), (0, -1), (2, 0)):
                yield (q, r), (q + dq, r + dr)


def lazily(steps: LazySteps, order) -> dict:
    return {(min(a, b), max(a, b)): steps.geometry.cover_ids[i] for a, b in order
            if (i := steps.blocker(a, b)) is not None}


def walls(lines, doors=()) -> tuple[Cover, ...]:
    from tactical.data.uvtt import thick_line

    return tuple(Cover.model_validate({"id": f"{'d' if i in doors else 'w'}{i}",
                                       "class": "tough", "height": "high",
                                       "polygon": thick_line((x, y), (x + dx, y + dy), 0.2)})
                 for i, (x, y, dx, dy) in enumerate(lines))


@settings(max_examples=40, deadline=None)
@given(st.lists(segments, min_size=1, max_size=10), st.sampled_from(["flat", "pointy"]),
       st.sampled_from([2, 3, 5, 16]), st.randoms(use_true_random=False), st.data())
def test_lazy_steps_by_chunk_are_the_full_build_before_and_after_doors(lines, orientation,
                                                                       size, rng, data):
    """Asked in any order, chunk by chunk, the lazy steps are those of the full build; and
    after doors open (or shut again), the chunks kept from before plus those worked out
    anew are the full build of the new terrain."""
    grid = Grid(columns=9, rows=7, orientation=orientation)
    doors = data.draw(st.sets(st.integers(0, len(lines) - 1), min_size=1))
    covers = walls(lines, doors)
    shut = MapFile(kind="map", name="t", grid=grid, cover=covers)
    opened = shut.model_copy(update={"cover": tuple(c for c in covers if c.id[0] == "w")})
    geometry, open_geometry = build_map_geometry(shut), build_map_geometry(opened)
    order = list(every_step(grid))
    rng.shuffle(order)
    lazy = LazySteps(geometry, grid, size=size)
    asked = data.draw(st.integers(0, len(order)))  # part of the map asked about before
    full = named(blocked_steps(geometry, grid), geometry)
    assert {k: v for k, v in lazily(lazy, order[:asked]).items()} \
        == {k: v for k, v in full.items() if k in {(min(a, b), max(a, b))
                                                   for a, b in order[:asked]}}
    changed = [shapely.bounds(shapely.Polygon(c.polygon)).tolist()
               for c in covers if c.id[0] == "d"]
    now = lazy.updated(open_geometry, changed)
    assert lazily(now, order) == named(blocked_steps(open_geometry, grid), open_geometry)
    again = now.updated(geometry, changed)  # undo: the doors shut
    assert lazily(again, order) == full
    assert lazily(lazy, order) == full


def test_a_door_opened_keeps_the_chunks_far_from_it():
    """A door opened on a big map drops only the chunks near it: the rest of what was
    worked out is looked up, not worked out again (remapped to the new cover indices)."""
    grid = Grid(columns=64, rows=48)
    covers = walls([(5, 5, 0, 12), (90, 60, 12, 0), (60, 30, 0, 6)], doors={2})
    m = MapFile(kind="map", name="t", grid=grid, cover=covers)
    geometry = build_map_geometry(m)
    opened = build_map_geometry(m.model_copy(update={"cover": covers[:2]}))
    lazy = LazySteps(geometry, grid)
    assert lazy.computed == 0 and len(lazy) == 0  # made: nothing worked out
    for column in range(0, grid.columns, CHUNK):
        for row in range(0, grid.rows, CHUNK):
            lazy.warm(grid.axial_of(column, row), 0)
    assert lazy.computed == 12  # 4 × 3 chunks, each once
    now = lazy.updated(opened, [shapely.bounds(shapely.Polygon(covers[2].polygon)).tolist()])
    order = list(every_step(grid))
    assert lazily(now, order) == named(blocked_steps(opened, grid), opened)
    assert 1 <= now.computed <= 4  # only the chunks round the door again
    assert {"w0", "w1"} <= set(lazily(now, order).values())


@pytest.mark.parametrize("budget", [("CHUNK_EXACT", 0), ("CHUNK_COVERS", 1)])
def test_past_a_chunks_exact_test_budget_a_crossed_line_blocks(monkeypatch, budget):
    """The hostile-file bound holds per chunk: past CHUNK_EXACT steps in one chunk, or
    once the covers about them pass CHUNK_COVERS, the straight line decides, as the full
    build does past MAX_EXACT."""
    import tactical.geometry.blocked as blocked

    y = hex_to_point(LAYOUT, (2, 2))[1] + 1
    m = MapFile(kind="map", name="t", grid=GRID,
                cover=(wall(-2, y - 0.5, cid="n"), wall(y + 0.5, 13, cid="s")))
    geometry = build_map_geometry(m)
    order = list(every_step(GRID))
    exact = lazily(LazySteps(geometry, GRID), order)
    monkeypatch.setattr(blocked, *budget)
    rough = lazily(LazySteps(geometry, GRID), order)
    assert ((2, 2), (3, 2)) in set(rough) - set(exact)  # through the doorway
    monkeypatch.setattr(blocked, "MAX_EXACT", 0)
    assert rough == named(blocked_steps(geometry, GRID), geometry)
