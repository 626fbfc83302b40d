"""Issue 27 area attacks in the engine: the scatter's six directions, walls that stop it,
the rings a prone combatant counts in, a blast undone as one command, refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactical.core.dice import ScriptedDice
from tactical.core.errors import IllegalCommand
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch
from tactical.encounter.handlers.area import Landing, geometry, ring_of, scatter_path, scatter_steps
from tactical.encounter.scenario import Played, play
from tactical.geometry.hexgrid import hex_neighbours
from tactical.rules import registry
from tactical.rules.api import HexAttackOutcome

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _before_the_throw(tmp_path: Path, name: str = "ch6_area_blast_open") -> Played:
    spec = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    spec["map"] = str((SCENARIOS / spec["map"]).resolve())
    spec["commands"] = spec["commands"][:-1]
    path = tmp_path / "before.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return play(path)


def test_the_six_scatter_directions_are_six_different_neighbours_clockwise(tmp_path):
    played = _before_the_throw(tmp_path)
    batch = Batch(played.encounter.state, played.encounter.ctx, played.dice)
    mg = geometry(batch)
    steps = scatter_steps(mg, (3, 3), (8, 3))
    landings = [(8 + q, 3 + r) for q, r in steps]
    # every direction of the d6 reaches a different neighbour of the aimed hex
    assert sorted(landings) == sorted(hex_neighbours((8, 3)))
    # 1 on the d6 = on along the line of the throw (due east-south-east here: (9, 3))
    assert landings[0] == (9, 3)
    # then clockwise on the screen (y down): south-east's neighbour next, north-east last
    assert landings[1] == (8, 4) and landings[5] == (9, 2)


@pytest.mark.parametrize("direction", range(6))
def test_each_direction_is_reachable_and_lands_its_distance_away(tmp_path, direction):
    played = _before_the_throw(tmp_path)
    batch = Batch(played.encounter.state, played.encounter.ctx, played.dice)
    mg = geometry(batch)
    step = scatter_steps(mg, (3, 3), (6, 6))[direction]
    where = scatter_path(batch, (6, 6), step, 2)
    assert where == Landing((6 + 2 * step[0], 6 + 2 * step[1]), None)


def test_high_cover_stops_the_scatter_in_the_hex_before_it(tmp_path):
    played = _before_the_throw(tmp_path)
    batch = Batch(played.encounter.state, played.encounter.ctx, played.dice)
    mg = geometry(batch)
    north_east = scatter_steps(mg, (3, 3), (7, 4))[5]
    where = scatter_path(batch, (7, 4), north_east, 4)
    assert where.hex == (8, 3) and "Brick wall" in (where.stopped_by or "")


def test_a_prone_combatant_counts_one_ring_further_out():
    rings = (2.0, 4.0, 6.0)
    assert ring_of(0.0, rings, False, 1) == 0 and ring_of(2.0, rings, True, 1) == 1
    assert ring_of(4.0, rings, True, 1) == 2 and ring_of(6.0, rings, True, 1) is None
    assert ring_of(8.0, rings, False, 1) is None


def test_a_blast_is_one_command_and_one_undo(tmp_path):
    played = _before_the_throw(tmp_path)
    enc = played.encounter
    before = enc.state
    played.dice._queues[10].extend([5, 6])
    played.dice._queues[6].extend([3] * 60)
    events = enc.apply(cmd.AreaAttack("grenadier", "frag-grenade", (8, 3)))
    blasts = [e for e in events if isinstance(e, ev.BlastTaken)]
    assert {b.target for b in blasts} >= {"vanya", "kicker", "ganger", "walled"}
    assert next(b for b in blasts if b.target == "walled").shielded_by == "Brick wall"
    assert enc.state.get("vanya").damage > 0
    enc.undo()
    assert enc.state == before


def test_a_weapon_without_a_blast_is_refused_and_nothing_changes(tmp_path):
    played = _before_the_throw(tmp_path)
    enc = played.encounter
    with pytest.raises(IllegalCommand, match="not a blast weapon"):
        enc.apply(cmd.AreaAttack("grenadier", "machine-pistol", (8, 3)))
    with pytest.raises(IllegalCommand, match="off the map"):
        enc.apply(cmd.AreaAttack("grenadier", "frag-grenade", (80, 3)))
    with pytest.raises(IllegalCommand, match="does not carry"):
        enc.apply(cmd.AreaAttack("grenadier", "rocket", (8, 3)))


def test_a_distant_scatter_never_exceeds_half_the_throw():
    area = registry.ruleset("chapter6").area
    assert area is not None
    miss = HexAttackOutcome(False, -20, False, "")
    assert area.scatter(miss, 5, ScriptedDice(d6=[3]))[1] == 2  # 4 hexes missed, cap 2
    assert area.scatter(HexAttackOutcome(False, -3, False, ""), 1,
                        ScriptedDice(d6=[3]))[1] == 1
    fumble = HexAttackOutcome(False, -4, True, "")
    assert area.scatter(fumble, 2, ScriptedDice(d6=[2, 6])) == (1, 6)  # no cap
