"""Mid-fight terrain (issue 15): opening a door or blowing a wall open is a command in the
log, so sight, passable hexes and cover change at once, undo takes it back, and a resumed
log replays it."""

from __future__ import annotations

import pytest

from tactical.core.dice import RandomDice
from tactical.core.errors import IllegalCommand, InvalidCommand
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.handlers import terrain
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.store import files

# A wall along x = 5 m with a door from y = 3 to 7 m (a metre thick: hex (3, 1)'s centre
# lies in it); kicker west of it, the guard east.
ROOM = """kind: map
name: Doorway
grid: {columns: 8, rows: 6, orientation: flat}
sides: {runners: {name: Runners}, corp: {name: Corp}}
cover:
  - {id: wall-n, label: Wall, class: impenetrable, height: high,
     polygon: [[4.9, -1.5], [5.1, -1.5], [5.1, 3], [4.9, 3]]}
  - {id: door, label: Door, class: medium, height: high,
     polygon: [[4.6, 3], [5.6, 3], [5.6, 7], [4.6, 7]]}
  - {id: wall-s, label: Wall, class: impenetrable, height: high,
     polygon: [[4.9, 7], [5.1, 7], [5.1, 12], [4.9, 12]]}
tokens:
  - {id: kicker, character: kicker, side: runners, hex: [1, 2]}
  - {id: guard, character: security-guard, side: corp, hex: [5, 0]}
"""


@pytest.fixture
def room(tmp_path):
    path = tmp_path / "room.yaml"
    path.write_text(ROOM, encoding="utf-8")
    return load_map(path)


@pytest.fixture
def encounter(room):
    return Encounter(Context(room, GeometryOracle(room)), RandomDice(3))


def sees(encounter):
    return encounter.ctx.oracle.sight(encounter.state, "kicker", "guard").line_of_sight


def test_opening_the_door_lets_them_see_each_other_and_undo_closes_it(encounter):
    assert not sees(encounter)
    events = encounter.apply(terrain.RemoveCover("door", "opened"))
    assert [type(e).__name__ for e in events] == ["CoverRemoved"]
    assert sees(encounter)
    encounter.undo()
    assert not sees(encounter)
    encounter.redo()
    assert sees(encounter)
    encounter.apply(terrain.RestoreCover("door", "closed"))
    assert not sees(encounter)


def test_a_closed_door_cannot_be_walked_through_an_open_one_can(encounter):
    encounter.apply(cmd.SetInitiative("kicker", 20))
    encounter.apply(cmd.SetInitiative("guard", 5))
    encounter.apply(cmd.StartCombat())
    doorway = [(2, 2), (3, 1)]  # (3, 1)'s centre lies in the door
    with pytest.raises(IllegalCommand, match="inside Door"):
        encounter.apply(cmd.Move("kicker", tuple(doorway)))
    encounter.apply(terrain.RemoveCover("door", "opened"))
    events = encounter.apply(cmd.Move("kicker", tuple(doorway)))
    # The guard sees Kicker through the open door at once: a Snapshot before he moves.
    offered = [e for e in events if type(e).__name__ == "ReactionOffered"]
    assert [(o.reactor, o.kind) for o in offered] == [("guard", "snapshot")]
    encounter.apply(cmd.DeclineReaction("guard"))
    assert encounter.state.get("kicker").hex == (3, 1)
    # Nobody closes a door on someone standing in it.
    with pytest.raises(IllegalCommand, match="Kicker stands where Door would be"):
        encounter.apply(terrain.RestoreCover("door", "closed"))


def test_a_wall_blown_open_and_cover_added(encounter):
    encounter.apply(terrain.RemoveCover("door"))
    assert sees(encounter)
    encounter.apply(terrain.AddCover("rubble", "Rubble", "tough", "high",
                                     ((4.0, 3.0), (4.6, 3.0), (4.6, 7.0), (4.0, 7.0))))
    assert not sees(encounter)
    result = encounter.ctx.oracle.sight(encounter.state, "kicker", "guard")
    assert result.cover_class == "tough"
    encounter.apply(terrain.RemoveCover("rubble", "cleared"))
    assert sees(encounter)


def test_refusals_name_the_cover(encounter):
    with pytest.raises(InvalidCommand, match="no cover 'gate'"):
        encounter.apply(terrain.RemoveCover("gate"))
    with pytest.raises(IllegalCommand, match="Door is in place"):
        encounter.apply(terrain.RestoreCover("door"))
    encounter.apply(terrain.RemoveCover("door"))
    with pytest.raises(IllegalCommand, match="Door is already gone"):
        encounter.apply(terrain.RemoveCover("door"))
    with pytest.raises(IllegalCommand, match="exists already"):
        encounter.apply(terrain.AddCover("wall-n", "x", "light", "low",
                                         ((0, 0), (1, 0), (1, 1))))
    with pytest.raises(InvalidCommand, match="polygon"):
        encounter.apply(terrain.AddCover("x", "x", "light", "low", ((0, 0), (1, 0))))


def test_a_resumed_log_replays_the_terrain(room, tmp_path):
    log = tmp_path / "fight.jsonl"
    encounter = files.start(room, log, GeometryOracle, RandomDice(1), "test")
    encounter.apply(terrain.RemoveCover("door", "opened"))
    encounter.apply(terrain.AddCover("crate", "Crate", "medium", "low",
                                     ((0.5, 6.0), (1.5, 6.0), (1.5, 7.0))))
    encounter.sink.close(finished=False)  # type: ignore[union-attr]
    resumed, warnings = files.resume(log, GeometryOracle, RandomDice(1))
    assert warnings == []
    assert resumed.state.cover_removed == frozenset({"door"})
    assert [a.id for a in resumed.state.cover_added] == ["crate"]
    assert sees(resumed)
    resumed.sink.close(finished=False)  # type: ignore[union-attr]


def test_commands_read_from_json():
    command = cmd.command_from_payload({"type": "RemoveCover", "cover": "door",
                                        "reason": "opened"})
    assert command == terrain.RemoveCover("door", "opened")
