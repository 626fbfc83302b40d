"""`tactical attack` with a Shadowrun CASE naming several melee "targets" (SR4 Multiple
Targets, sr4 l.85-87; issue 25 item 3): the pool split as the CASE says (default evenly),
each attack resolved on its own with its target's dice; bad input named by file and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactical.cli import main

CASES = Path(__file__).resolve().parents[1] / "rules" / "shadowrun" / "split_cases"


def run_cli(capsys, path: Path) -> tuple[int, dict[str, object] | None, str]:
    code = main(["attack", str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else None), err


def test_two_gangers_share_kickers_pool_as_the_gm_split_it(capsys):
    code, report, err = run_cli(capsys, CASES / "sr4_split_two_gangers.json")
    assert code == 0, err
    assert report["split"] == {"pool": 11, "shares": [7, 4]}
    first, second = report["attacks"]
    # 7 dice, 3 hits vs 1: (9 ÷ 2 ↑) + 1 + 2 net = 8P vs Impact 4, 1 resisted, 7 boxes
    assert (first["attack"]["pool"], first["net_hits"], first["modified_dv"],
            first["damage"], first["damage_type"]) == (7, 2, 8, 7, "P")
    assert first["monitors"]["physical"]["boxes"] == 7
    # the second attack on its own: 4 dice, 1 hit vs 2, a miss; no damage
    assert (second["attack"]["pool"], second["hit"], second["damage"]) == (4, False, 0)
    assert "Split pool (2 of 2: 4 of 11 dice)" in [p["source"]
                                                   for p in second["attack"]["parts"]]


def _write(tmp_path: Path, change: dict[str, object]) -> Path:
    data = json.loads((CASES / "sr4_split_two_gangers.json").read_text(encoding="utf-8"))
    data.update(change)
    path = tmp_path / "case.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def test_without_a_split_the_pool_is_shared_evenly(tmp_path, capsys):
    path = _write(tmp_path, {"split": []})
    data = json.loads(path.read_text(encoding="utf-8"))
    data["targets"][0]["dice"]["attack"] = [6, 5, 5, 1, 2, 3]  # 6 dice now, the first
    data["targets"][1]["dice"]["attack"] = [5, 2, 3, 4, 2]  # 5 dice
    path.write_text(json.dumps(data), encoding="utf-8")
    code, report, err = run_cli(capsys, path)
    assert code == 0, err
    assert report["split"]["shares"] == [6, 5]


@pytest.mark.parametrize("change, expected", [
    ({"split": [6, 6]}, "split"),
    ({"split": [11]}, "one share per target"),
    ({"ruleset": "sr5"}, "sr5 has no split pool"),
    ({"weapon": {"name": "Pistol", "kind": "ranged", "dv": 5}}, "only a melee attack"),
])
def test_bad_split_cases_exit_1_naming_the_field(tmp_path, capsys, change, expected):
    path = _write(tmp_path, change)
    code, _, err = run_cli(capsys, path)
    assert code == 1
    assert str(path) in err and expected in err
    assert "Traceback" not in err
