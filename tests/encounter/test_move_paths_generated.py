"""Issue 26's property test on generated maps: walls between hexes (some of them doors, some
of those opened before the drag), hexes inside cover, allies and enemies placed at random.
The path a drag draws as its cursor moves from hex to hex (each step's shortest path kept
to the last where an equally short way allows, as the board's drag asks) is as short as a
plain breadth-first search over the engine's own `hex_problems` says, never loops, and the
Move committed on the drop walks exactly it, step for step."""

from __future__ import annotations

import math
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tactical.core.dice import RandomDice
from tactical.core.types import Hex
from tactical.data.library import load_map
from tactical.encounter.commands import SetInitiative, StartCombat
from tactical.encounter.handlers.terrain import RemoveCover
from tactical.encounter.queries.movepreview import first_blocked
from tactical.encounter.queries.paths import DRAG_NODES, PathPlanner
from tactical.geometry.hexgrid import hex_neighbours
from tactical.ui.document import EncounterDocument
from tests.encounter.test_move_paths import bfs, commits_as_drawn

COLUMNS = ROWS = 9
SIZE_M = 2 / math.sqrt(3)  # a flat-top hex's corner radius for 2 m across the flats
HEXES = [(col, row - (col - (col & 1)) // 2) for col in range(COLUMNS) for row in range(ROWS)]
hexes = st.sampled_from(HEXES)


def centre(h: Hex) -> tuple[float, float]:
    return 1.5 * SIZE_M * h[0], math.sqrt(3) * SIZE_M * (h[1] + h[0] / 2)


def wall(h: Hex, direction: int) -> list[tuple[float, float]]:
    """A thin high wall on the edge between `h` and its neighbour that way."""
    (ax, ay), (bx, by) = centre(h), centre(hex_neighbours(h)[direction])
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = (bx - ax) / 2, (by - ay) / 2  # across the edge, half a step
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length  # across
    vx, vy = -uy, ux  # along the edge
    half_len, half_thick = SIZE_M * 0.45, 0.15
    return [(mx + sx * half_thick * ux + sy * half_len * vx,
             my + sx * half_thick * uy + sy * half_len * vy)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def block(h: Hex) -> list[tuple[float, float]]:
    """Cover round a hex's centre: the hex is inside it."""
    x, y = centre(h)
    return [(x - 0.4, y - 0.4), (x + 0.4, y - 0.4), (x + 0.4, y + 0.4), (x - 0.4, y + 0.4)]


@st.composite
def maps(draw: st.DrawFn) -> dict[str, object]:
    tokens = draw(st.lists(hexes, min_size=1, max_size=7, unique=True))
    inside = draw(st.sets(hexes, max_size=10)) - set(tokens)
    walls = draw(st.lists(st.tuples(hexes, st.integers(0, 5), st.sampled_from(
        ("wall", "door", "open door"))), max_size=18))
    allies = draw(st.integers(0, len(tokens) - 1))
    cursor = draw(st.lists(hexes, min_size=1, max_size=4))
    return {"mover": tokens[0], "allies": tokens[1:1 + allies],
            "enemies": tokens[1 + allies:], "inside": sorted(inside), "walls": walls,
            "cursor": cursor, "high": draw(st.booleans())}


def map_text(world: dict[str, object]) -> str:
    lines = ["kind: map", "version: 2", "name: Generated", "ruleset: chapter6",
             f"grid: {{columns: {COLUMNS}, rows: {ROWS}, orientation: flat}}",
             "sides:", "  a: {name: A}", "  b: {name: B}",
             "cover:" if world["walls"] or world["inside"] else "cover: []"]

    def polygon(points: list[tuple[float, float]]) -> str:
        return ", ".join(f"[{x:.3f}, {y:.3f}]" for x, y in points)

    for i, (h, direction, kind) in enumerate(world["walls"]):  # type: ignore[arg-type]
        lines.append(f"  - {{id: w{i}, label: Wall, class: reinforced, height: high, "
                     f"door: {'true' if kind != 'wall' else 'false'}, "
                     f"polygon: [{polygon(wall(h, direction))}]}}")
    height = "high" if world["high"] else "low"
    for i, h in enumerate(world["inside"]):  # type: ignore[arg-type]
        lines.append(f"  - {{id: c{i}, label: Crate, class: medium, height: {height}, "
                     f"polygon: [{polygon(block(h))}]}}")
    lines.append("tokens:")
    lines.append(f"  - {{id: m, character: cutter, side: a, hex: {list(world['mover'])}}}")
    for i, h in enumerate(world["allies"]):  # type: ignore[arg-type]
        lines.append(f"  - {{id: a{i}, character: cutter, side: a, hex: {list(h)}}}")
    for i, h in enumerate(world["enemies"]):  # type: ignore[arg-type]
        lines.append(f"  - {{id: e{i}, character: ganger, side: b, hex: {list(h)}}}")
    return "\n".join(lines) + "\n"


def fight_on(world: dict[str, object], folder: Path) -> EncounterDocument:
    path = folder / "generated.yaml"
    path.write_text(map_text(world), encoding="utf-8")
    document = EncounterDocument.for_map(load_map(path), RandomDice(3))
    for i, (_h, _d, kind) in enumerate(world["walls"]):  # type: ignore[arg-type]
        if kind == "open door":
            assert document.apply(RemoveCover(f"w{i}", "opened")) is not None
    for n, c in enumerate(document.state):
        assert document.apply(SetInitiative(c.id, 100 if c.id == "m" else n)) is not None
    assert document.apply(StartCombat()) is not None
    assert document.state.actor == "m"
    return document


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(maps())
# found by this test: the allowance ran out on the ally's hex (6, 1), and the Move cut there
# was refused ("already stands there"): a drop past the allowance moved nothing
@example({"mover": (4, -2), "allies": [(6, 1)], "enemies": [], "inside": [], "walls": [],
          "cursor": [(7, 2)], "high": False})
def test_the_drawn_path_is_shortest_legal_and_the_move_walks_it(world: dict[str, object]
                                                                ) -> None:
    with tempfile.TemporaryDirectory() as folder:
        document = fight_on(world, Path(folder))
        state, ctx = document.state, document.encounter.ctx
        planner = PathPlanner(state, ctx, "m", DRAG_NODES)
        start = state.get("m").hex
        drawn = [start]
        for goal in world["cursor"]:  # type: ignore[attr-defined]
            drawn = planner.extend([start], goal, keep=drawn)  # the drag's step
            assert drawn[0] == start and drawn[-1] == goal
            assert len(set(drawn)) == len(drawn), f"the path loops: {drawn}"
            expected = bfs(document, "m", goal)
            if expected is not None:
                assert len(drawn) - 1 == expected, (goal, drawn)
                assert first_blocked(state, ctx, "m", drawn) is None
        if bfs(document, "m", drawn[-1]) is None:
            return  # no legal way: the preview marks where the straight line stops
        commits_as_drawn(document, "m", drawn)
