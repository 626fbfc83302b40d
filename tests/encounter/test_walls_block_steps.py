"""Thin walls block movement (issue 15, docs/formats.md "Walls block steps"): a Universal VTT
wall is a 20 cm polygon between hexes, covering no hex centre; a Move across it is refused
naming the wall, through the closed door naming the door, and through the open door it is
accepted at once — undo shuts it again. The drag preview shows the same refusal."""

from __future__ import annotations

import pytest

from tactical.cli import main
from tactical.core.dice import RandomDice
from tactical.core.errors import IllegalCommand
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.handlers import terrain
from tactical.encounter.queries.movepreview import move_preview
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.geometry.blocked import LazySteps
from tests.cli.uvttfiles import room, write_uvtt

# The imported room (grid 2 m a square): the wall runs down x = 8.85 m, between hex columns
# q = 5 (centres at x = 8.66 m) and q = 6 (10.39 m); the door spans y = 5–7 m.
TOKENS = """tokens:
  - {id: kicker, character: kicker, side: runners, hex: [5, -1]}
  - {id: guard, character: security-guard, side: corp, hex: [0, 6]}
"""


@pytest.fixture
def encounter(tmp_path, capsys):
    source = write_uvtt(tmp_path / "room.dd2vtt", room())
    out = tmp_path / "room.yaml"
    assert main(["import", str(source), "--out", str(out), "--grid-m", "2"]) == 0
    capsys.readouterr()
    out.write_text(out.read_text(encoding="utf-8") + TOKENS, encoding="utf-8")
    loaded = load_map(out)
    fight = Encounter(Context(loaded, GeometryOracle(loaded)), RandomDice(3))
    fight.apply(cmd.SetInitiative("kicker", 20))
    fight.apply(cmd.SetInitiative("guard", 5))
    fight.apply(cmd.StartCombat())
    return fight


def test_a_move_through_the_thin_wall_is_refused_naming_the_wall(encounter):
    oracle = encounter.ctx.oracle
    assert oracle.passable((6, -1)) is None  # the hex beyond is free: only the wall is not
    with pytest.raises(IllegalCommand,
                       match=r"step 1 \[6, -1\]: wall \(wall-1\) is in the way from \[5, -1\]"):
        encounter.apply(cmd.Move("kicker", ((6, -1),)))
    # Along the wall, on its own side, the kicker walks freely.
    encounter.apply(cmd.Move("kicker", ((5, 0),)))
    assert encounter.state.get("kicker").hex == (5, 0)


def test_the_closed_door_blocks_the_open_one_lets_through_and_undo_shuts_it(encounter):
    encounter.apply(cmd.Move("kicker", ((5, 0),)))
    with pytest.raises(IllegalCommand, match=r"door \(door-1\) is closed and in the way"):
        encounter.apply(cmd.Move("kicker", ((6, 0),)))
    encounter.apply(terrain.RemoveCover("door-1", "opened"))
    encounter.apply(cmd.Move("kicker", ((6, 0),)))
    assert encounter.state.get("kicker").hex == (6, 0)
    encounter.undo()  # the move
    encounter.undo()  # the door
    assert encounter.state.cover_removed == frozenset()
    with pytest.raises(IllegalCommand, match=r"door \(door-1\) is closed"):
        encounter.apply(cmd.Move("kicker", ((6, 0),)))
    encounter.redo()  # the door opens again: at once
    encounter.apply(cmd.Move("kicker", ((6, 0),)))


def test_the_drag_preview_shows_the_blocked_step_without_working_walls_out(encounter,
                                                                           monkeypatch):
    """The press works out the walls round the kicker (issue 13: no drag step pays for
    them); the drag's steps only look them up, and the preview names the closed door."""
    state, ctx = encounter.state, encounter.ctx
    assert ctx.oracle.step_chunks == 0  # nothing worked out before anyone touched a token
    move_preview(state, ctx, "kicker", [])  # the board's press on the kicker
    assert ctx.oracle.step_chunks >= 1
    monkeypatch.setattr(LazySteps, "_compute",
                        lambda *a: pytest.fail("a drag step worked out walls"))
    path = [(5, 0), (5, 1), (6, 0), (7, 0)]  # down the wall, then through the door
    previous = None
    for n in range(1, len(path) + 1):
        previous = move_preview(state, ctx, "kicker", path[:n], previous)
    assert previous is not None and previous.blocked is not None
    assert (previous.blocked.step, previous.blocked.hex) == (3, (6, 0))
    assert previous.blocked.reasons == (
        "door (door-1) is closed and in the way from [5, 1]",)
    assert previous.allowed == 2


def test_opening_a_map_works_out_no_walls(encounter):
    """Issue 13 item 3: opening a big map stays fast because its walls are worked out only
    where a token is asked to step (the room opened, initiative set, combat started)."""
    oracle = encounter.ctx.oracle
    assert oracle.step_chunks == 0
    with pytest.raises(IllegalCommand, match=r"wall \(wall-1\) is in the way"):
        encounter.apply(cmd.Move("kicker", ((6, -1),)))  # asked: worked out now
    assert oracle.step_chunks == 1  # the room is one chunk


def test_doors_opened_shut_and_rubble_added_in_any_order_block_as_a_fresh_map(tmp_path):
    """A long fight on a map several chunks wide: whatever doors are opened and shut,
    rubble added, undone and redone, each step is refused exactly as on the same map
    drawn that way, though the oracle keeps the chunks worked out away from each change."""
    import dataclasses
    import random

    from tactical.data.uvtt import thick_line
    from tactical.encounter.handlers.terrain import current_cover
    from tactical.encounter.model import AddedCover
    from tactical.geometry.blocked import blocked_steps
    from tactical.geometry.mapgeom import build_map_geometry

    rng = random.Random(7)
    lines = ["kind: map", "version: 1", "name: Doors", "ruleset: chapter6",
             "grid: {columns: 40, rows: 36, orientation: flat}", "cover:"]
    for i in range(40):
        x, y = rng.uniform(0, 68), rng.uniform(0, 72)
        polygon = thick_line((x, y), (x + rng.uniform(-9, 9), y + rng.uniform(-9, 9)), 0.2)
        kind = "door" if i % 3 == 0 else "wall"
        lines.append(f"  - {{id: {kind}-{i}, class: tough, height: high, door: {i % 3 == 0}, "
                     f"polygon: {[list(p) for p in polygon]}}}")
    path = tmp_path / "doors.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    loaded = load_map(path)
    oracle = GeometryOracle(loaded)
    state = Encounter(Context(loaded, oracle), RandomDice(1)).state
    doors = [c.id for c in loaded.map.cover if c.door]
    rubble = [AddedCover(f"rubble-{k}", "Rubble", "tough", "high",
                         thick_line((x, y), (x + 6, y + 3), 0.3))
              for k, (x, y) in enumerate(((10, 10), (40, 50), (60, 20)))]
    grid = loaded.map.grid
    pairs = [(grid.axial_of(c, r), d) for c in range(grid.columns) for r in range(grid.rows)
             for d in ((1, 0), (1, -1), (0, 1), (-1, 0), (-1, 1), (0, -1))]
    for _ in range(10):
        state = dataclasses.replace(
            state, cover_removed=frozenset(rng.sample(doors, rng.randint(0, len(doors)))),
            cover_added=tuple(rng.sample(rubble, rng.randint(0, len(rubble)))))
        drawn = build_map_geometry(loaded.map.model_copy(
            update={"cover": current_cover(loaded.map, state)}))
        fresh = blocked_steps(drawn, grid)
        for (q, r), (dq, dr) in rng.sample(pairs, 600):
            a, b = (q, r), (q + dq, r + dr)
            why = oracle.step_blocked(state, a, b)
            index = fresh.blocker(a, b) if grid.contains(b) else None
            assert (why is None) == (index is None), (a, b, why)
            if index is not None:
                name = drawn.cover_ids[index]  # named alone, or as "Rubble (rubble-0)"
                assert why is not None and (why.startswith(f"{name} ") or f"({name})" in why)
