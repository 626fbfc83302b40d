"""An imported Chummer character plays (issue 29): the SR5 scenario's map holds exactly what
`tactical import` makes of newer.chum5, and its attack rolls the pool, limit and DV the
file's numbers give; under SR4 an imported troll's Strength-based DV is halved and there
is no limit (docs/campaign.md, "SR4")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import yaml

from tactical.cli import main
from tactical.encounter.scenario import play_all

HERE = Path(__file__).parent
SCENARIO = HERE.parents[1] / "scenarios" / "sr5_chummer_import_attack.json"
ALLEY = SCENARIO.parent / "maps" / "chummer_alley.yaml"


def _imported(tmp_path: Path, name: str) -> dict[str, Any]:
    shutil.copy(HERE / name, tmp_path)
    assert main(["import", str(tmp_path / name), "--out", str(tmp_path / "r.yaml")]) == 0
    data: dict[str, Any] = yaml.safe_load((tmp_path / "r.yaml").read_text("utf-8"))
    return data


def _attack(played: Any) -> dict[str, Any]:
    events = [e for e in played.encounter.history.effective_events()
              if type(e).__name__ == "AttackResolved"]
    assert len(events) == 1
    report: dict[str, Any] = json.loads(json.dumps(events[0].result.to_json()))
    return report


def test_the_scenario_map_holds_what_the_import_makes(tmp_path: Path) -> None:
    roster = _imported(tmp_path, "newer.chum5")
    alley = yaml.safe_load(ALLEY.read_text("utf-8"))
    glitch = {k: v for k, v in roster["characters"][0].items()
              if k not in ("portrait", "chummer")}
    assert alley["characters"] == [glitch]
    assert alley["weapons"] == roster["weapons"] and alley["armor"] == roster["armor"]


def test_the_imported_assault_rifle_rolls_the_files_pool_limit_and_dv() -> None:
    played = play_all(SCENARIO)
    assert all(r.refused is None for r in played.results)
    report = _attack(played)
    attack = report["attack"]
    # Automatics 5 (4 + Firearms 1) + Assault Rifles 2, Agility 5 (Chummer's totals)
    assert attack["parts"] == [{"source": "Automatics", "value": 7},
                               {"source": "Agility", "value": 5}]
    assert (attack["pool"], attack["limit"], attack["hits_limited"]) == (12, 5, 5)
    weapon = report["weapon"]
    assert (weapon["base_dv"], weapon["ap"], weapon["damage_type"]) == (11, -2, "P")
    assert report["modified_dv"] == 15 and report["damage"] == 13


def test_an_imported_troll_fights_under_sr4(tmp_path: Path) -> None:
    roster = _imported(tmp_path, "cyclops.chum5")
    eye = {k: v for k, v in roster["characters"][0].items() if k != "chummer"}
    arena = {"kind": "map", "name": "Pit", "ruleset": "sr4", "grid": {"columns": 6, "rows": 4},
             "tokens": [{"id": "big-eye", "character": "big-eye", "side": "a", "hex": [1, 1]},
                        {"id": "ganger", "character": "ganger", "side": "b", "hex": [2, 1]}],
             "characters": [eye], "weapons": roster["weapons"], "armor": roster["armor"]}
    (tmp_path / "pit.yaml").write_text(yaml.safe_dump(arena), "utf-8")
    scenario = {"map": "pit.yaml", "dice": {"d6": [5] * 80},
                "commands": [{"type": "StartCombat"},
                             {"type": "Attack", "attacker": "big-eye", "target": "ganger",
                              "weapon": "big-eye-sledgehammer"}]}
    (tmp_path / "pit.json").write_text(json.dumps(scenario), "utf-8")
    played = play_all(tmp_path / "pit.json")
    assert [r.refused for r in played.results] == [None, None]
    report = _attack(played)
    assert report["ruleset"] == "sr4" and report["attack"]["limit"] is None
    assert report["weapon"]["base_dv"] == 5 + 2  # SR4: ⌈STR 9 ÷ 2⌉ + 2 (STR/2+2 in Chummer)
