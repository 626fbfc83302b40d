"""`tactical attack` runs every Chapter 6 worked example from tests/rules/cases/."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tactical.cli import main

CASES = Path(__file__).resolve().parents[1] / "rules" / "cases"

# (case, tn, kept, total, mos, degree, hit, damage expression, display, raw, after armor,
#  armor PT/DR, injury)
EXAMPLES = [
    ("vanya_snapshot", 26, [10, 10], 39, 13, "perfect", True, "6d6+2", "6d6+2", 23, 19,
     (15, 20), "critical"),
    ("kicker_perfect", 20, [8, 8], 41, 21, "perfect", True, "6d6+10", "9d6+1", 35, 21,
     (20, 40), "critical"),
    ("guard_snapshot_fumble", 22, [1, 1], 14, -8, "complete_failure", False, None, None, None,
     None, None, None),
    ("kicker_stun_defenseless", 10, [6, 4], 30, 20, "perfect", True, "6d6+10", "9d6+1", 28,
     12, (25, 60), "light"),
    ("armor_layering_coat_eldritch", 10, [2, 1], 13, 3, "marginal_success", True, "5d6", "5d6",
     30, 21, (15, 30), "serious"),
    ("armor_layering_coat_medium", 10, [2, 1], 13, 3, "marginal_success", True, "5d6", "5d6",
     30, 15, (25, 50), "moderate"),
    ("injury_threshold", 10, [2, 1], 13, 3, "marginal_success", True, "5d6", "5d6", 25, 10,
     (25, 60), "moderate"),
    ("pistol_min", 10, [2, 1], 13, 3, "marginal_success", True, "3d6+1", "3d6+1", 4, 4, (0, 0),
     "light"),
    ("pistol_max", 10, [2, 1], 13, 3, "marginal_success", True, "3d6+1", "3d6+1", 19, 19,
     (0, 0), "lethal"),
    ("machine_pistol_aimed_bf_perfect", 20, [9, 9], 38, 18, "perfect", True, "7d6+1", "7d6+1",
     22, 22, (0, 0), "lethal"),
]


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["attack", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_case_file_has_expectations():
    assert sorted(p.stem for p in CASES.glob("*.json")) == sorted(e[0] for e in EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_worked_example(capsys, example):
    (name, tn, kept, total, mos, degree, hit, expression, display, raw, after, armor,
     injury) = example
    code, out, err = run_cli(capsys, str(CASES / f"{name}.json"))
    assert code == 0, err
    report = json.loads(out)
    roll = report["roll"]
    assert (report["tn"], roll["kept"], roll["total"], roll["mos"], roll["degree"],
            report["hit"]) == (tn, kept, total, mos, degree, hit)
    assert sum(m["value"] for m in report["tn_breakdown"]) == tn
    assert report["injury"] == injury
    if expression is None:
        assert report["damage"] is None
        return
    damage = report["damage"]
    assert (damage["expression"], damage["display"], damage["raw"], damage["after_armor"]) == (
        expression, display, raw, after)
    assert (damage["armor"]["pt"], damage["armor"]["dr"]) == armor


def test_vanya_details(capsys):
    _code, out, _err = run_cli(capsys, str(CASES / "vanya_snapshot.json"))
    r = json.loads(out)
    assert r["roll"]["dice"] == [1, 10, 10] and r["roll"]["edge"] == 10
    assert r["roll"]["double"] and not r["roll"]["fumble"]
    assert r["advantage"]["state"] == "none" and r["advantage"]["cancelled"]
    assert {s["source"] for s in r["advantage"]["sources"]} == {"smartlink", "Snapshot"}
    assert r["ammo_used"] == 3 and r["damage"]["type"] == "physical"
    assert r["effects"]["fatigue"] == 20 and r["effects"]["prone"]


def test_machine_pistol_burst(capsys):
    _code, out, _err = run_cli(capsys, str(CASES / "machine_pistol_aimed_bf_perfect.json"))
    r = json.loads(out)
    assert r["ammo_used"] == 5 and r["burst"] == "damage"
    assert [p["source"] for p in r["damage"]["parts"]] == [
        "Weapon", "Perfect hit", "Burst fire", "Aimed Shot"]


def test_odds_flag(capsys):
    code, out, _err = run_cli(capsys, str(CASES / "vanya_snapshot.json"), "--odds")
    odds = json.loads(out)["odds"]
    assert code == 0
    assert set(odds) >= {"hit", "solid", "perfect", "fumble", "injury", "expected_damage"}
    assert sum(odds["injury"].values()) == pytest.approx(1)
    assert 0 < odds["perfect"] < odds["hit"] < 1


def write(tmp_path, text: str) -> str:
    path = tmp_path / "case.json"
    path.write_text(text)
    return str(path)


def test_unknown_field_names_file_line_and_field(tmp_path, capsys):
    path = write(tmp_path, '{"attacker": {"skil": 14},\n "weapon": {"kind": "melee", '
                           '"damage": "3d6"}}')
    code, out, err = run_cli(capsys, path)
    assert code == 1 and out == ""
    assert f"{path}:1:15: attacker.skil: unknown field 'skil'; did you mean 'skill'?" in err
    assert "Traceback" not in err


def test_bad_json_is_a_clear_error(tmp_path, capsys):
    code, _out, err = run_cli(capsys, write(tmp_path, '{"attacker": '))
    assert code == 1 and "syntax error" in err


def test_missing_file(tmp_path, capsys):
    code, _out, err = run_cli(capsys, str(tmp_path / "nope.json"))
    assert code == 1 and "cannot read the file" in err


def test_running_out_of_dice_names_the_file(tmp_path, capsys):
    path = write(tmp_path, '{"attacker": {"skill": 14}, "weapon": {"kind": "melee", '
                           '"damage": "3d6"}, "dice": {"d10": [5]}}')
    code, _out, err = run_cli(capsys, path)
    assert code == 1 and err.startswith(path) and "ran out of scripted d10 dice" in err


def test_illegal_attack_lists_every_reason(tmp_path, capsys):
    path = write(tmp_path, '{"attacker": {"skill": 14}, "weapon": {"kind": "ranged", '
                           '"damage": "3d6", "effective_range_m": 20, "modes": ["SA"], '
                           '"ammo": 2}, "mode": "SA", "options": ["smash"]}')
    code, _out, err = run_cli(capsys, path)
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 2
    assert any("SA needs 3 rounds; 2 loaded" in line for line in lines)
    assert any("Smash is a melee option" in line for line in lines)


def test_installed_entry_point_runs_a_case():
    done = subprocess.run([sys.executable, "-m", "tactical", "attack",
                           str(CASES / "kicker_perfect.json")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["roll"]["total"] == 41
