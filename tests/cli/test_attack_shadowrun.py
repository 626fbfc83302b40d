"""`tactical attack` with "ruleset": "sr4"/"sr5": the worked examples from
tests/rules/shadowrun/cases/, and invalid input named by file, line and field."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tactical.cli import main

CASES = Path(__file__).resolve().parents[1] / "rules" / "shadowrun" / "cases"
KEYS = ("attack_hits", "attack_hits_limited", "defense_hits", "net_hits", "hit",
        "modified_dv", "modified_av", "damage_type", "resist_hits", "damage")

# case: (attack hits, limited, defense hits, net, hit, DV, AV, type, resisted, boxes),
#       (physical boxes/size, stun boxes/size)
EXAMPLES = {
    # sr5-combat-sequence.txt: 4 vs 2 hits, 10P → 10S vs AV 11, 5 hits resisted, 5S
    "sr5_wombat_pistol": ((4, 4, 2, 2, True, 10, 11, "S", 5, 5), ((0, 10), (5, 10))),
    # 8 hits limited to 6, 4 net, 8P vs AV 6, 3 resisted, 5P
    "sr5_cutter_hand_razors": ((8, 6, 2, 4, True, 8, 6, "P", 3, 5), ((5, 11), (0, 10))),
    # the CASE (no Willpower: the Stun monitor's size is unknown)
    "sr5_issue_example": ((4, 4, 2, 2, True, 10, 11, "S", 5, 5), ((0, 10), (5, None))),
    "sr4_melee_friends_parry": ((5, 5, 3, 2, True, 5, 3, "P", 1, 4), ((4, 10), (0, 10))),
    "sr4_ranged_dv_equals_av": ((3, 3, 2, 1, True, 6, 6, "S", 1, 5), ((0, 10), (5, 9))),
    # the same shot under SR5: "Physical DV >= AV" (sr5 l.19-21), so 6P vs AV 6 stays 5P
    "sr5_dv_equals_av_stays_physical": ((3, 3, 2, 1, True, 6, 6, "P", 1, 5),
                                        ((5, 10), (0, 9))),
    # SR4: three 1s on six dice is a glitch (half or more; SR5 needs more than half)
    "sr4_glitch_on_half_the_dice": ((2, 2, 1, 1, True, 6, 4, "P", 1, 5), ((5, 10), (0, 9))),
    # issue 25 item 6: a critical glitch on the attack, a glitch on the defence: a miss
    "sr5_glitches_called_out": ((0, 0, 1, -1, False, None, None, None, None, 0),
                                ((0, 10), (0, 10))),
}
GLITCHES = {"sr4_glitch_on_half_the_dice": {"attack": True, "defense": False,
                                            "resist": False},
            "sr5_glitches_called_out": {"attack": True, "defense": True, "resist": None}}
CALLOUTS = {"sr4_glitch_on_half_the_dice": ["GLITCH: the attacker's attack test"],
            "sr5_glitches_called_out": ["CRITICAL GLITCH: the attacker's attack test",
                                        "GLITCH: the defender's defence test"]}


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["attack", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_case_file_has_expectations():
    assert sorted(p.stem for p in CASES.glob("*.json")) == sorted(EXAMPLES)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_worked_example(capsys, name):
    numbers, (physical, stun) = EXAMPLES[name]
    code, out, err = run_cli(capsys, str(CASES / f"{name}.json"))
    assert code == 0, err
    report = json.loads(out)
    assert tuple(report[k] for k in KEYS) == numbers
    monitors = report["monitors"]
    assert (monitors["physical"]["boxes"], monitors["physical"]["size"]) == physical
    assert (monitors["stun"]["boxes"], monitors["stun"]["size"]) == stun
    assert report["glitch"] == GLITCHES.get(name, {"attack": False, "defense": False,
                                                    "resist": False})
    assert report["callouts"] == CALLOUTS.get(name, [])
    assert report["unused_dice"] == {}


def test_the_report_carries_every_die_and_part(capsys):
    _code, out, _err = run_cli(capsys, str(CASES / "sr5_cutter_hand_razors.json"))
    report = json.loads(out)
    assert report["attack"]["dice"] == [5, 6, 5, 6, 5, 6, 5, 6, 1, 2, 3]
    assert report["attack"]["parts"] == [{"source": "Pool", "value": 10},
                                         {"source": "Situation (charging in)", "value": 1}]
    assert (report["attack"]["pool"], report["attack"]["limit"]) == (11, 6)
    assert report["weapon"] == {"name": "Hand razors", "kind": "melee", "dv": "STR+1",
                                "base_dv": 4, "damage_type": "P", "ap": -3}
    assert report["resist"]["parts"] == [{"source": "Body", "value": 6},
                                         {"source": "Armor 9 AP -3", "value": 6}]
    assert report["defense"]["options"] == ["standard"]
    assert report["converted"] is False and report["outcome"] == "hit"


def case(write, text: dict | str) -> str:
    return str(write("case.json", text if isinstance(text, str) else json.dumps(text)))


BASE = {"ruleset": "sr5", "attacker": {"pool": 9, "limit": 6},
        "weapon": {"kind": "ranged", "dv": 8, "ap": -1},
        "defender": {"pool": 5, "armor": 12, "body": 3},
        "dice": {"attack": [5, 6, 5, 6, 1, 2, 3, 4, 2], "defense": [5, 6, 1, 2, 3],
                 "resist": [5, 5, 5, 6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 1]}}


def test_a_miss_reports_no_damage(write, capsys):
    data = {**BASE, "dice": {**BASE["dice"], "attack": [5, 1, 2, 3, 4, 2, 2, 2, 2]}}
    code, out, _err = run_cli(capsys, case(write, data))
    report = json.loads(out)
    assert code == 0 and (report["hit"], report["damage"], report["modified_dv"]) == (
        False, 0, None)
    assert report["glitch"]["resist"] is None
    assert report["unused_dice"] == {"resist": BASE["dice"]["resist"]}


def test_unknown_field_names_its_line(write, capsys):
    text = ('{"ruleset": "sr5",\n "attacker": {"pool": 9, "limt": 6},\n'
            ' "weapon": {"kind": "ranged", "dv": 8},\n'
            ' "defender": {"pool": 5, "armor": 12, "body": 3}}\n')
    path = case(write, text)
    code, out, err = run_cli(capsys, path)
    assert code == 1 and out == ""
    assert err.strip() == (f"{path}:2:26: attacker.limt: unknown field 'limt'; "
                           "did you mean 'limit'?")


@pytest.mark.parametrize(("change", "expected"), [
    ({"ruleset": "sr4"}, ["attacker.limit: sr4 has no limits; leave 'limit' out",
                          'defender.armor: sr4 armor is {"ballistic": B, "impact": I}']),
    ({"weapon": {"kind": "melee", "dv": "STR+1"}},
     ["weapon.dv: DV STR+1 needs the attacker's 'strength'"]),
    ({"weapon": {"kind": "ranged", "dv": "2d6"}},
     ["weapon.dv: DV is a number, or STR, STR+N, STR-N (the attacker's Strength); found '2d6'"]),
    ({"dice": {"attack": [7]}}, ["dice.attack[0]: Input should be less than or equal to 6"]),
    ({"melee": {"charging": True}},
     ["melee: sr5 has no melee modifier table", "melee: melee modifiers need a melee weapon"]),
])
def test_invalid_cases_exit_1_naming_the_field(write, capsys, change, expected):
    path = case(write, {**BASE, **change})
    code, out, err = run_cli(capsys, path)
    assert code == 1 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == len(expected)
    for line, text in zip(lines, expected, strict=True):
        assert line.startswith(path + ":") and text in line


def test_running_out_of_dice_names_the_list(write, capsys):
    text = json.dumps({**BASE, "dice": {**BASE["dice"], "resist": [5, 5]}}, indent=1)
    path = case(write, text)
    code, _out, err = run_cli(capsys, path)
    line = next(i for i, t in enumerate(text.splitlines(), 1) if '"resist"' in t)
    assert code == 1
    assert err.startswith(f"{path}:{line}:")
    assert "dice.resist: ran out of scripted resist dice: the test needs 14, 2 left" in err


def test_a_defence_the_rules_forbid(write, capsys):
    data = {**BASE, "defender": {**BASE["defender"], "defence": "parry", "initiative": 3}}
    path = case(write, data)
    code, _out, err = run_cli(capsys, path)
    assert code == 1
    assert err.splitlines() == [
        f"{path}: the rules forbid this attack: Parry defends only against melee attacks",
        f"{path}: the rules forbid this attack: Parry needs a melee weapon in hand",
        f"{path}: the rules forbid this attack: the defence costs 5 Initiative; the score is 3"]


def test_dodge_and_full_defense_in_the_report(write, capsys):
    data = {**BASE, "defender": {**BASE["defender"], "defence": ["full_defense", "dodge"],
                                 "ratings": {"gymnastics": 2, "willpower": 3},
                                 "initiative": 18},
            "dice": {**BASE["dice"], "defense": [5, 6, 1, 2, 3, 1, 1, 2, 2, 2]}}
    code, out, err = run_cli(capsys, case(write, data))
    assert code == 0, err
    d = json.loads(out)["defense"]
    assert (d["pool"], d["initiative_cost"], d["initiative_after"]) == (10, 15, 3)
    assert d["options"] == ["full_defense", "dodge"]


def test_odds_are_chapter6_only(capsys):
    code, _out, err = run_cli(capsys, str(CASES / "sr5_issue_example.json"), "--odds")
    assert code == 1 and "--odds is for Chapter 6 attacks only" in err


def test_chapter6_cases_still_go_to_chapter6(capsys):
    ch6 = CASES.parents[1] / "cases" / "vanya_snapshot.json"
    code, out, _err = run_cli(capsys, str(ch6))
    assert code == 0 and json.loads(out)["tn"] == 26


def test_no_traceback_from_the_real_command(write):
    path = case(write, '{"ruleset": "sr4", "attacker": {"pool": "many"}}')
    proc = subprocess.run([sys.executable, "-m", "tactical", "attack", path],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert f"{path}:1:" in proc.stderr and "attacker.pool" in proc.stderr
