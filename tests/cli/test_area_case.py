"""`tactical attack` with an area CASE (issue 27): every target's result and the odds."""

from __future__ import annotations

import json
from pathlib import Path

from tactical.cli import main

YARD = Path(__file__).resolve().parent.parent / "scenarios" / "maps" / "area_yard.yaml"


def _case(tmp_path: Path, **area: object) -> Path:
    spec = {"area": {"map": str(YARD), "attacker": "grenadier", "weapon": "frag-grenade",
                     "aim": [8, 3], **area},
            "dice": {"d10": [5, 6], "d6": [3] * 42}}
    path = tmp_path / "case.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return path


def test_an_area_case_prints_every_target_and_the_odds_of_the_hex(tmp_path, capsys):
    assert main(["attack", str(_case(tmp_path))]) == 0
    out = json.loads(capsys.readouterr().out)
    assert 0 < out["odds_to_hit_hex"] < 1 and out["hit"] and out["landing"] == [8, 3]
    by = {t["target"]: t for t in out["targets"]}
    assert by["vanya"]["ring"] == 0 and by["vanya"]["damage"] == 13  # 6d6 of 3s - armor
    assert by["walled"]["shielded_by"] == "Brick wall" and by["walled"]["damage"] == 0
    assert "far" not in by  # 10 m off: outside the 6 m ring


def test_a_bad_area_case_names_the_field(tmp_path, capsys):
    assert main(["attack", str(_case(tmp_path, aim="north"))]) == 1
    assert "area.aim" in capsys.readouterr().err


def test_an_area_case_under_shadowrun_prints_the_dv_falloff_and_the_throws_odds(tmp_path, capsys):
    # issue 27: the same yard under SR5 (RULINGS "SR area weapons"): 3 sixes land the throw
    # (8 dice [Physical limit 4] vs threshold 3), every resistance die a 3 (no hits)
    spec = {"area": {"map": str(YARD.with_name("area_yard_sr5.yaml")), "attacker": "grenadier",
                     "weapon": "frag-grenade", "aim": [8, 3]},
            "dice": {"d10": [], "d6": [6, 6, 6, 2, 2, 2, 2, 2] + [3] * 140}}
    path = tmp_path / "sr.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    assert main(["attack", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hit"] and out["odds_to_hit_hex"] == 0.531779  # P(3+ hits on 8 dice)
    by = {t["target"]: t for t in out["targets"]}
    assert [by[t]["damage"] for t in ("vanya", "kicker", "runner-2", "runner-3")] == \
        [18, 16, 14, 12]  # 18P, less 1 per metre from the landing point
    assert "Stun" in by["runner-3"]["summary"]  # DV 12 < AV 14 (SR5): Stun
