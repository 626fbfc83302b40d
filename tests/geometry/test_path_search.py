"""The path search (issue 26): on generated grids with walls between hexes, hexes inside
cover, allies (passed, not ended on) and enemies (never entered), the path found is as short
as a plain breadth-first search says, legal step by step, never loops, and the safest one is
no more exposed within the allowance than the shortest."""

from __future__ import annotations

import itertools
from collections import deque

from hypothesis import given
from hypothesis import strategies as st

from tactical.core.types import Hex
from tactical.geometry.hexgrid import hex_distance, hex_neighbours, is_neighbour
from tactical.geometry.paths import safest_path, shortest_path

SIZE = 7  # axial q, r in 0..SIZE-1


def on_grid(h: Hex) -> bool:
    return 0 <= h[0] < SIZE and 0 <= h[1] < SIZE


HEXES = [(q, r) for q in range(SIZE) for r in range(SIZE)]
hexes = st.sampled_from(HEXES)


@st.composite
def worlds(draw: st.DrawFn) -> dict[str, object]:
    start, goal = draw(hexes), draw(hexes)
    inside = draw(st.sets(hexes, max_size=14)) - {start, goal}
    enemies = draw(st.sets(hexes, max_size=4)) - {start}
    allies = draw(st.sets(hexes, max_size=4)) - {start} - enemies
    walls = draw(st.sets(st.tuples(hexes, st.integers(0, 5)), max_size=25))
    exposed = draw(st.dictionaries(hexes, st.integers(0, 3), max_size=20))
    return {"start": start, "goal": goal, "inside": inside, "enemies": enemies,
            "allies": allies, "exposed": exposed,
            "walls": {frozenset((h, hex_neighbours(h)[d])) for h, d in walls}}


def rules(world: dict[str, object]):
    inside, enemies, allies = world["inside"], world["enemies"], world["allies"]
    walls = world["walls"]

    def can_step(a: Hex, b: Hex) -> bool:
        return on_grid(b) and b not in inside and b not in enemies \
            and frozenset((a, b)) not in walls

    def can_end(h: Hex) -> bool:
        return h == world["start"] or (on_grid(h) and h not in inside and h not in enemies
                                       and h not in allies)

    return can_step, can_end


def bfs(start: Hex, goal: Hex, can_step, can_end) -> int | None:
    """Steps of the shortest legal path, plainly: breadth first over every hex."""
    if not can_end(goal):
        return None
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return seen[here]
        for nxt in hex_neighbours(here):
            if nxt not in seen and can_step(here, nxt):
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return None


def assert_legal(path: list[Hex], world: dict[str, object], can_step, can_end) -> None:
    assert path[0] == world["start"] and path[-1] == world["goal"]
    assert len(set(path)) == len(path), "the path loops"
    for a, b in itertools.pairwise(path):
        assert is_neighbour(a, b) and can_step(a, b)
    assert can_end(path[-1])


@given(worlds())
def test_the_path_is_a_shortest_legal_path(world: dict[str, object]) -> None:
    can_step, can_end = rules(world)
    start, goal = world["start"], world["goal"]
    path = shortest_path(start, goal, can_step, can_end)
    expected = bfs(start, goal, can_step, can_end)
    if expected is None:
        assert path is None
        return
    assert path is not None and len(path) - 1 == expected
    assert_legal(path, world, can_step, can_end)


def exposure_within(path: list[Hex], exposed: dict[Hex, int], within: int) -> int:
    return sum(exposed.get(h, 0) for h in path[1:within + 1])


@given(worlds(), st.integers(1, 8))
def test_the_safest_path_is_no_more_exposed_than_the_shortest(world: dict[str, object],
                                                             within: int) -> None:
    can_step, can_end = rules(world)
    start, goal = world["start"], world["goal"]
    exposed: dict[Hex, int] = world["exposed"]
    short = shortest_path(start, goal, can_step, can_end)
    safe = safest_path(start, goal, can_step, can_end,
                       lambda h: exposed.get(h, 0), within)
    assert (safe is None) == (short is None)
    if safe is None or short is None:
        return
    assert_legal(safe, world, can_step, can_end)
    assert exposure_within(safe, exposed, within) <= exposure_within(short, exposed, within)
    if exposure_within(safe, exposed, within) == exposure_within(short, exposed, within):
        assert len(safe) == len(short)  # as safe: then the shortest


def test_ties_take_the_straight_line() -> None:
    """A drag along a hex row walks the row (no zig-zag that pays an extra hex), and between
    rows keeps nearest the line."""
    free = (lambda a, b: True), (lambda h: True)
    assert shortest_path((0, 0), (5, 0), *free) == [(q, 0) for q in range(6)]
    path = shortest_path((0, 0), (4, -2), *free)
    assert path is not None and len(path) == 5 and hex_distance((0, 0), (4, -2)) == 4
    # every hex within half a hex width of the straight line (a tie either side is fair)
    assert max(off_line(h, (0, 0), (4, -2)) for h in path) <= 0.5 + 1e-9
    # a detour of one row costs nothing in steps but is not taken
    assert max(off_line(h, (0, 0), (6, -3)) for h in shortest_path((0, 0), (6, -3), *free)
               or []) <= 0.5 + 1e-9


def off_line(h: Hex, a: Hex, b: Hex) -> float:
    """Distance of hex `h`'s centre from the line a-b, in hex widths."""
    def xy(x: Hex) -> tuple[float, float]:
        return x[0] + x[1] / 2, x[1] * 3 ** 0.5 / 2
    (px, py), (ax, ay), (bx, by) = xy(h), xy(a), xy(b)
    dx, dy = bx - ax, by - ay
    return abs((px - ax) * dy - (py - ay) * dx) / (dx * dx + dy * dy) ** 0.5
