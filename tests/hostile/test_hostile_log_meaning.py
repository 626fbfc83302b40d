"""Issue 23, "The fold checks meaning, not only form": checksummed events that cannot have
happened — a step through a wall or off the grid, damage of −500, ammunition of −1,000, a
weapon the combatant does not carry, a turn ended twice — end the replay at their line, as a
damaged record does: "line N: why", the events before it kept (store/meaning.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tactical.core.dice import RandomDice
from tactical.encounter import events as ev
from tactical.encounter.events import to_payload
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.store import files
from tactical.encounter.store.log import read_log
from tests.hostile.conftest import run_limited
from tests.hostile.logs import new_format_log, rewrite


def _first_end_turn(records: list[dict[str, Any]]) -> tuple[int, str]:
    """The batch of the fight's first End turn, and whose turn it ended."""
    for r in records:
        if r["event"]["type"] == "TurnEnded":
            return r["batch"], r["event"]["combatant"]
    raise AssertionError("the fight has no End turn")


def _actor_after(records: list[dict[str, Any]], batch: int) -> str:
    return [r["event"]["combatant"] for r in records
            if r["batch"] == batch and r["event"]["type"] == "TurnStarted"][-1]


def insert(records: list[dict[str, Any]], after: int, label: str,
           events: list[Any]) -> tuple[list[dict[str, Any]], int, int]:
    """The records with a command of `events` put right after batch `after` (the later
    ones renumbered); the line of its first record, and how many events precede it."""
    out, at = [], None
    for r in records:
        out.append({**r, "batch": r["batch"] + (r["batch"] > after)})
        if r["batch"] == after and r["n"] == r["of"] - 1:
            at = len(out)
            out.extend({"batch": after + 1, "n": i, "of": len(events), "label": label,
                        "event": to_payload(e)} for i, e in enumerate(events))
    assert at is not None
    return out, at + 2, at


def hostile(tmp_path, events_of):
    """The warehouse fight with a made-up command after the first End turn, checksummed."""
    log = new_format_log(tmp_path)
    records = read_log(log).payloads
    batch, ended = _first_end_turn(records)
    actor = _actor_after(records, batch)
    records, line, before = insert(records, batch, "Made up", events_of(ended, actor))
    rewrite(log, records=records)
    return log, line, before


CASES = {
    "a step through a wall": (
        lambda ended, actor: [ev.TokenPlaced("kicker", (9, -3)),
                              ev.Moved("kicker", ((10, -3),), 2.0)],
        1, "Kicker's step 1 from [9, -3]: Shelving (shelving) is in the way"),
    "a step into cover": (
        lambda ended, actor: [ev.TokenPlaced("kicker", (3, 4)),
                              ev.Moved("kicker", ((4, 4),), 2.0)],
        1, "[4, 4] is inside Cardboard boxes"),
    "a step off the grid": (
        lambda ended, actor: [ev.Moved("kicker", ((40, 40),), 2.0)],
        0, "[40, 40] is off the map"),
    "a jump, not a step": (
        lambda ended, actor: [ev.TokenPlaced("kicker", (2, 8)),
                              ev.Moved("kicker", ((9, 8),), 2.0)],
        1, "[9, 8] is not next to [2, 8]"),
    "damage of -500": (
        lambda ended, actor: [ev.DamageTaken("kicker", -500, "physical", None, "GM")],
        0, "damage -500 is not a count from 0 to 10,000"),
    "ammunition of -1,000": (
        lambda ended, actor: [ev.WeaponReadied("vanya", "ares-predator", -1000)],
        0, "Vanya's rounds loaded -1,000 is not a count from 0 to"),
    "1,000 rounds fired from a loaded magazine": (
        lambda ended, actor: [ev.AmmoSpent("vanya", "ares-predator", 1000)],
        0, "Vanya's rounds fired 1,000 is not a count from 0 to"),
    "a weapon not carried": (
        lambda ended, actor: [ev.WeaponReadied("kicker", "ares-predator", 15)],
        0, "Kicker carries no weapon 'ares-predator'"),
    "Edge not had": (
        lambda ended, actor: [ev.EdgeSpent("kicker", 40, "made up")],
        0, "Kicker's Edge spent 40 is not a count from 0 to"),
    "a turn ended twice": (
        lambda ended, actor: [ev.TurnEnded(ended)],
        0, "it is {actor}'s turn, not {ended}'s"),
    "a turn ended twice in one command": (
        lambda ended, actor: [ev.TurnEnded(actor), ev.TurnEnded(actor)],
        1, "{actor}'s turn has already ended"),
}


@pytest.mark.parametrize("case", CASES)
def test_an_event_that_cannot_have_happened_ends_the_replay_at_its_line(tmp_path, case):
    events_of, bad, why = CASES[case]
    log, line, before = hostile(tmp_path, events_of)
    records = read_log(log).payloads
    batch, ended = _first_end_turn(records)
    why = why.format(ended=ended, actor=_actor_after(records, batch))
    result = run_limited("replay", str(log), "--json")
    assert result.code == 0 and "Traceback" not in result.err, result.err
    said = f"{log}, line {line}: 'Made up' cannot have happened: line {line + bad}: "
    assert said in result.err and why in result.err.split(said)[1].split("\n")[0], result.err
    assert json.loads(result.out)["events"] == before  # the fight up to there, kept


def test_continuing_such_a_log_cuts_it_there_and_keeps_the_original(tmp_path):
    events_of, _, _ = CASES["damage of -500"]
    log, line, before = hostile(tmp_path, events_of)
    original = log.read_bytes()
    encounter, warnings = files.resume(log, GeometryOracle, RandomDice(3))
    encounter.sink.close(finished=False)  # type: ignore[union-attr]
    assert sum(len(encounter.history.entries[n].events) for n in encounter.history.done) \
        == before
    assert any(f"line {line}: 'Made up' cannot have happened" in w and
               "kept as fight.jsonl.damaged-1" in w for w in warnings), warnings
    assert (tmp_path / "fight.jsonl.damaged-1").read_bytes() == original
    assert len(read_log(log).payloads) == before and read_log(log).warnings == []


def test_every_golden_log_makes_sense(tmp_path):
    """The checks are what the engine keeps to: each scenario's golden log replays with no
    word (tests/encounter/test_scenarios.py compares their bytes)."""
    from tests.hostile.logs import ROOT

    logs = sorted((ROOT / "tests" / "scenarios").glob("*.jsonl"))
    assert len(logs) > 30
    for path in logs:
        assert files.read(path).warnings == (), path
