"""`tactical triggers MAP --mover ID --path "q,r …"`: reactions and who is left out."""

from __future__ import annotations

import json

import pytest

from tactical.cli import main

STREET_PATH = "-3,17 -2,17 -1,16 0,16 1,15 2,15 3,14 4,14 5,13 6,13"
WAREHOUSE_PATH = "3,8 4,7 5,7 6,6 7,5 8,5 9,4 10,4 11,3 12,3"


def triggers(root, capsys, map_name, *args):
    code = main(["triggers", str(root / "maps" / map_name), *args])
    out = capsys.readouterr()
    return code, (json.loads(out.out) if code == 0 else None), out.err


def test_wombat_walks_into_a_snapshot(root, capsys):
    code, data, err = triggers(root, capsys, "street.yaml", "--mover", "wombat",
                               "--path", STREET_PATH)
    assert (code, err) == (0, "")
    assert data["path"][0] == [-4, 17]  # the mover's own hex is put first
    assert [(r["reactor"], r["kind"], r["step"], r["hex"]) for r in data["reactions"]] == [
        ("ganger-2", "snapshot", 6, [2, 15])]
    snap = data["reactions"][0]
    assert snap["distance_m"] == 10 and snap["band"] == "short" and snap["cover"] == "partial"
    assert {x["reactor"] for x in data["left_out"]} == {"cutter", "ganger-1"}


def test_no_reaction_left_is_listed(root, capsys):
    _, data, _ = triggers(root, capsys, "street.yaml", "--mover", "wombat", "--path",
                          STREET_PATH, "--no-reaction", "ganger-2")
    assert data["reactions"] == []
    assert {"reactor": "ganger-2", "reasons": ["no Reaction left"]} in data["left_out"]


def test_an_enemy_that_has_not_detected_the_mover_is_left_out_with_why(root, capsys):
    """Ch.6 l.46: a Partially aware enemy cannot react to an enemy it has not detected."""
    _, data, _ = triggers(root, capsys, "street.yaml", "--mover", "wombat", "--path",
                          STREET_PATH, "--undetected-by", "ganger-2")
    assert data["reactions"] == []
    left = {x["reactor"]: x["reasons"] for x in data["left_out"]}
    assert left["ganger-2"] == ["has not detected Wombat"]
    code, _, err = triggers(root, capsys, "street.yaml", "--mover", "wombat", "--path",
                            STREET_PATH, "--undetected-by", "nobody")
    assert code == 1 and "--undetected-by: unknown token 'nobody'" in err


def test_warehouse_snapshot_and_the_unaware_abomination(root, capsys):
    _, data, _ = triggers(root, capsys, "warehouse.yaml", "--mover", "kicker",
                          "--path", WAREHOUSE_PATH)
    assert [(r["reactor"], r["kind"], r["step"]) for r in data["reactions"]] == [
        ("guard-shotgun", "snapshot", 6)]
    assert {"reactor": "abomination", "reasons": ["unaware"]} in data["left_out"]
    assert all(x["reactor"] not in ("kicker", "vanya") for x in data["left_out"])  # allies


def test_intercept_past_a_guard(root, capsys):
    # Past the shield guard at 11,1: enters its reach at 11,2 and goes on.
    _, data, _ = triggers(root, capsys, "warehouse.yaml", "--mover", "kicker",
                          "--path", WAREHOUSE_PATH + " 12,2 11,2 10,2 9,2")
    assert [(r["reactor"], r["kind"], r["step"], r["hex"]) for r in data["reactions"]] == [
        ("guard-shotgun", "snapshot", 6, [8, 5]),
        ("guard-shotgun", "intercept", 10, [12, 3]),  # beside it at 12,3, and goes on
        ("guard-shield", "intercept", 12, [11, 2])]
    # Kicker did not start within anyone's reach: no Attack of Opportunity on leaving.


def test_overwatch_sector(root, capsys):
    _, plain, _ = triggers(root, capsys, "street.yaml", "--mover", "vanya",
                           "--path", "2,11 3,11 4,11")
    _, watched, _ = triggers(root, capsys, "street.yaml", "--mover", "vanya",
                             "--path", "2,11 3,11 4,11", "--overwatch", "cutter",
                             "--overwatch", "ganger-1=180,90,60")
    kinds = {(r["reactor"], r["kind"]) for r in watched["reactions"]}
    assert ("ganger-1", "overwatch") in kinds
    assert ("ganger-1", "overwatch") not in {(r["reactor"], r["kind"])
                                             for r in plain["reactions"]}


@pytest.mark.parametrize(("args", "message"), [
    (["--mover", "nobody", "--path", "1,1"], "unknown mover 'nobody'"),
    (["--mover", "wombat", "--path", "5,5"], "the path jumps from -4,17 to 5,5"),
    (["--mover", "wombat", "--path", "-3,17 x"], "expected a hex as q,r"),
    (["--mover", "wombat", "--path=-3,17", "--overwatch", "cutter=1,2"],
     "expected ID=DIRECTION,WIDTH,RANGE"),
    (["--mover", "wombat", "--path=-3,17", "--no-reaction", "ghost"],
     "--no-reaction: unknown token 'ghost'"),
])
def test_bad_arguments_are_one_line_errors(root, capsys, args, message):
    code, _, err = triggers(root, capsys, "street.yaml", *args)
    assert code == 1
    assert len(err.splitlines()) == 1 and message in err and "Traceback" not in err


SR_ALLEY = """kind: map
name: Alley
ruleset: {ruleset}
grid: {{columns: 10, rows: 6, orientation: flat}}
tokens:
  - {{id: wombat, character: wombat, side: runners, hex: [1, 2]}}
  - {{id: cutter, character: cutter, side: hellhounds, hex: [6, -1]}}
"""


@pytest.mark.parametrize("ruleset", ["sr5", "sr4"])
def test_sr5_intercept_past_cutter_and_none_under_sr4(tmp_path, capsys, ruleset):
    """RULINGS "Intercept on the map": SR5's Intercept, −5 Initiative; SR4 has none."""
    path = tmp_path / "alley.yaml"
    path.write_text(SR_ALLEY.format(ruleset=ruleset), encoding="utf-8")
    code = main(["triggers", str(path), "--mover", "wombat",
                 "--path", "2,1 3,0 4,0 5,0 6,0 7,0 8,0"])
    out = capsys.readouterr()
    assert (code, out.err) == (0, "")
    found = [(r["reactor"], r["kind"], r["step"], r["hex"], r["why"])
             for r in json.loads(out.out)["reactions"]]
    assert found == ([("cutter", "intercept", 4, [5, 0],
                       "2 m, within reach (2 m), −5 Initiative")] if ruleset == "sr5" else [])
