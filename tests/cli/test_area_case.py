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
