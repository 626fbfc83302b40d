"""`tactical play SCENARIO.json [--json]`: exactly the documented JSON (docs/encounter.md)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tactical.cli import main

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _scenario(tmp_path: Path, commands: list[dict], d10: tuple[int, ...] = ()) -> Path:
    (tmp_path / "open.yaml").write_text((SCENARIOS / "maps" / "open.yaml").read_text())
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"map": "open.yaml", "dice": {"d10": list(d10), "d6": []},
                                "commands": commands}, indent=1))
    return path


def test_play_json_has_the_documented_shape_and_goes_on_past_a_refusal(tmp_path, capsys):
    path = _scenario(tmp_path, [
        {"type": "SetInitiative", "combatant": c, "value": v}
        for c, v in (("kicker", 30), ("vanya", 20), ("guard", 15), ("shield", 10),
                     ("monster", 5))] + [
        {"type": "StartCombat"},
        {"type": "Attack", "attacker": "kicker", "target": "monster"},  # out of reach
        {"type": "Move", "combatant": "kicker", "path": [[1, 2]]},
    ], d10=(1, 2, 3, 4, 5))  # SetInitiative rolls the d10 tie-break
    assert main(["play", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"results", "state"}
    results = out["results"]
    assert [r["index"] for r in results] == list(range(8))
    assert set(results[0]) == {"index", "type", "accepted", "refused", "events"}
    refused, moved = results[6], results[7]
    assert refused["type"] == "Attack" and refused["accepted"] is False
    assert "reach" in refused["refused"] and refused["events"] == []
    assert moved == {"index": 7, "type": "Move", "accepted": True, "refused": None,
                     "events": ["ActionSpent", "ReactionOffered", "MoveHalted"]}  # Snapshot
    state = out["state"]
    assert set(state) == {"round", "pass", "order", "acting", "pending", "withdrawn",
                          "combatants"}
    assert [(p["offer"], p["kind"]) for p in state["pending"]] == [("o1", "snapshot")]
    assert state["withdrawn"] == []
    assert state["round"] == 1 and state["acting"] == "kicker"
    kicker = state["combatants"]["kicker"]
    assert set(kicker) == {"hex", "health", "stamina", "initiative", "injury", "conditions",
                           "timers", "actions_left", "reactions_left", "edge", "undetected"}
    assert kicker["hex"] == [1, 3] and kicker["health"] == 40 and kicker["stamina"] == 35
    assert kicker["initiative"] == 30 and kicker["edge"] == 3
    assert kicker["actions_left"] == {"major": 2, "move": 0, "minor": 2}
    assert state["combatants"]["guard"]["reactions_left"] == 1  # Initiative 30: two of each
    assert kicker["timers"] == {} and kicker["conditions"] == []


def test_play_text_names_each_command(tmp_path, capsys):
    path = _scenario(tmp_path, [{"type": "Attack", "attacker": "kicker", "target": "guard"}])
    assert main(["play", str(path)]) == 0
    out = capsys.readouterr().out
    assert "0 Attack: REFUSED:" in out and "Kicker" in out


@pytest.mark.parametrize(("content", "where"), [
    ('{"map": "open.yaml", "commands": [{"type": "Jump"}]}', ":1:"),
    ('{"map": "open.yaml",\n "commands": [],\n "dice": {"d10": [11]}}', ":3:"),
    ('{"map": "open.yaml",\n "commands": [],\n "comands": []}', ":3:"),
    ('{"map": "open.yaml", "commands": [', ":2:"),
])
def test_a_bad_scenario_is_one_line_with_its_place(tmp_path, capsys, content, where):
    path = _scenario(tmp_path, [])
    path.write_text(content)
    assert main(["play", str(path), "--json"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{path}{where}") and "Traceback" not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_hostile_scenario_is_refused_cleanly(tmp_path, capsys):
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert main(["play", str(fifo)]) == 1
    assert "pipe" in capsys.readouterr().err
    assert main(["play", "/dev/zero"]) == 1
    assert "device" in capsys.readouterr().err


def test_the_worked_example_in_docs_is_what_play_prints(capsys):
    """docs/encounter.md "Playing a scenario": its JSON is the real output."""
    doc = (SCENARIOS.parent.parent / "docs" / "encounter.md").read_text(encoding="utf-8")
    section = doc.split("## Playing a scenario", 1)[1]
    blocks = [b.split("```", 1)[0] for b in section.split("```json\n")[1:]]
    scenario, printed = (json.loads(b) for b in blocks[:2])
    spec = json.loads((SCENARIOS / "ch6_aoo_while_in_reach.json").read_text())
    assert scenario["commands"] == spec["commands"] and scenario["dice"] == spec["dice"]
    assert main(["play", str(SCENARIOS / "ch6_aoo_while_in_reach.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == printed
