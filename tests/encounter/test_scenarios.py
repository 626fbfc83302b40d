"""Golden encounters: each tests/scenarios/*.json is played with its scripted dice and must
produce exactly the committed log; the log must replay to the same state (issue 4).

To accept a deliberate rule change, regenerate with `make goldens` (scripts/goldens.py; one
scenario: `make goldens SCENARIO=name`), read the diff it prints, and commit the re-recorded
goldens on their own, naming the rule.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactical.cli import main
from tactical.encounter.report import play_state_json
from tactical.encounter.scenario import play, play_all
from tactical.encounter.store import files
from tactical.encounter.store.log import read_log

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "scenarios").glob("*.json"))
WAREHOUSE = Path(__file__).resolve().parent.parent / "scenarios" / "warehouse_three_rounds.json"


def _contains(actual, expected, where="state"):
    """Every key of `expected` is in `actual` with that value (dicts compared by subset)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, found {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}: no {key!r} (has {sorted(actual)})"
            _contains(actual[key], value, f"{where}.{key}")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, found {actual!r}"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_plays_as_the_rules_say(scenario):
    """A scenario's "expect": what `tactical play --json` must show (a subset): the listed
    commands' results, by index, and the state after the last command. Without "expect",
    every command must be accepted."""
    played = play_all(scenario)
    expect = played.spec.expect if played.spec is not None else None
    results = [r.to_json() for r in played.results]
    if expect is None:
        assert [r for r in results if not r["accepted"]] == []
        return
    for want in expect.get("results", []):
        _contains(results[want["index"]], want, f"results[{want['index']}]")
    _contains(play_state_json(played.encounter.state), expect.get("state", {}))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_reproduces_its_golden_log(scenario):
    played = play_all(scenario)
    assert played.dice.remaining(10) == () and played.dice.remaining(6) == ()
    golden = scenario.with_suffix(".jsonl")
    contents = read_log(golden)
    assert contents.warnings == []
    assert {k: contents.header.get(k) for k in played.header} == played.header
    expected, actual = contents.payloads, played.records()
    for index, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"event {index} differs from {golden.name}"
    assert len(actual) == len(expected)
    view = files.read(golden)
    assert view.state_at() == played.encounter.state


def test_the_warehouse_fight_ends_as_the_rules_say():
    state = play(WAREHOUSE).encounter.state
    kicker, shield = state.get("kicker"), state.get("guard-shield")
    shotgun = state.get("guard-shotgun")
    assert state.phase.value == "ended" and state.round == 3
    # Ch.6 melee example: Kicker's Perfect hit critically injures the shield guard, who
    # drops prone; bleeding (1d6 a round until stabilised) keeps adding to the damage
    assert shield.injury == "critical" and "prone" in {c.value for c in shield.conditions}
    assert shield.damage > shield.health and any(t.kind == "bleed" for t in shield.timers)
    # the shotgun guard: at twice its Health it is dying (as Lethal): out, on a death timer
    assert shotgun.damage >= 2 * shotgun.health
    assert "unconscious" in {c.value for c in shotgun.conditions}
    assert any(t.kind == "death" for t in shotgun.timers)
    # Snapshots and the office guard's shot all missed or were stopped by Kicker's armor
    assert kicker.damage == 0 and kicker.hex == (14, 2)
    # the Abomination came at Vanya, who spent her Reaction and an Edge on a Snapshot
    vanya, monster = state.get("vanya"), state.get("abomination")
    assert vanya.edge == 1 and vanya.reactions == 0
    assert monster.hex == (6, 9) and monster.injury == "moderate" and monster.damage == 18


def test_replay_command_prints_the_state_after_n_events(capsys):
    golden = WAREHOUSE.with_suffix(".jsonl")
    assert main(["replay", str(golden), "--at", "0"]) == 0
    out = capsys.readouterr().out
    assert "— setup" in out and "Kicker" in out and "40/40" in out
    assert main(["replay", str(golden), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    by_id = {c["id"]: c for c in data["combatants"]}
    assert data["phase"] == "ended" and by_id["abomination"]["damage"] == 18
    assert main(["replay", str(golden), "--at", "9999"]) == 1
    assert "--at must be between 0 and" in capsys.readouterr().err


def test_replay_of_a_missing_log_is_a_message(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 1
    assert "tactical replay:" in capsys.readouterr().err
