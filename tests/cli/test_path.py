"""`tactical path` (issue 26 item 4): the drag's path from the command line — its JSON keys
spelled as the issue names them, the whole path to the target past the allowance with the
first hex the mover cannot reach, the reactions on the way, waypoints, a log read as it
stands; bad input a message, never a traceback."""

from __future__ import annotations

import json

from tactical.cli import main
from tactical.core.paths import maps_dir
from tactical.encounter.queries.paths import plan_path
from tests import fights

WAREHOUSE = str(maps_dir() / "warehouse.yaml")


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["path", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_json_has_the_whole_path_and_where_the_move_stops(capsys):
    code, out, _ = run(capsys, WAREHOUSE, "--mover", "kicker", "--to", "11,2", "--json")
    assert code == 0
    got = json.loads(out)
    assert list(got) == ["path", "metres", "allowance_m", "stops_at", "reactions"]
    path = [tuple(h) for h in got["path"]]
    assert path[0] == (2, 8) and path[-1] == (11, 2) and len(path) - 1 == 9  # hex distance
    assert got["metres"] == 18 and got["allowance_m"] == 10
    assert got["stops_at"] == list(path[6])  # 5 hexes of 2 m: the 6th is out of reach
    # the same path the drag's planner draws
    document = fights.document()
    assert path == [tuple(h) for h in plan_path(document.state, document.encounter.ctx,
                                                 "kicker", [(11, 2)])]


def test_waypoints_safest_and_a_log(capsys, tmp_path):
    code, out, _ = run(capsys, WAREHOUSE, "--mover", "kicker", "--via", "2,6", "--to", "5,6",
                       "--json")
    got = json.loads(out)
    assert code == 0 and [2, 6] in got["path"] and got["path"][-1] == [5, 6]
    assert got["stops_at"] is None and got["metres"] == 10  # 2 + 3 hexes: within 10 m
    # a log: the fight after Kicker's approach, the guards' reactions on the shortest way
    document = fights.warehouse()
    log = tmp_path / "fight.jsonl"
    from tactical.encounter.store import files
    files.save_as(document.encounter, log, "2026-01-01T00:00:00")
    code, out, _ = run(capsys, str(log), "--mover", "kicker", "--to", "11,2", "--json")
    shortest = json.loads(out)
    assert code == 0 and shortest["path"][0] == [7, 5]
    assert shortest["reactions"] and {"reactor", "kind", "step", "hex"} <= set(
        shortest["reactions"][0])
    code, out, _ = run(capsys, str(log), "--mover", "kicker", "--to", "11,2", "--safest",
                       "--json")
    safest = json.loads(out)
    assert code == 0 and len(safest["reactions"]) < len(shortest["reactions"])
    code, out, _ = run(capsys, str(log), "--mover", "kicker", "--to", "11,2")
    assert code == 0 and out.startswith("Kicker: 7,5 ") and "of 10 m" in out


def test_bad_input_is_a_message(capsys):
    code, _, err = run(capsys, WAREHOUSE, "--mover", "nobody", "--to", "1,1")
    assert code == 1 and "unknown mover 'nobody'" in err and "Traceback" not in err
    code, _, err = run(capsys, WAREHOUSE, "--mover", "kicker", "--to", "99,99")
    assert code == 1 and "99,99" in err
    code, _, err = run(capsys, WAREHOUSE, "--mover", "kicker", "--to", "x")
    assert code == 1 and "Traceback" not in err
