"""The numbers a fight is played with reach every ruleset's engine (issue 10 item 6): a
house Shadowrun file changes the initiative it rolls, and a log replays an old Shadowrun
fight under the numbers stored in its header, not today's bundled files."""

from __future__ import annotations

import pytest

from tactical.core.dice import ScriptedDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.oracle import GeometryOracle
from tactical.encounter.store import files
from tactical.encounter.store.log import read_log
from tactical.rules import registry
from tests.encounter.test_shadowrun_encounter import ALLEY
from tests.hostile.logs import rewrite


@pytest.fixture
def alley(tmp_path):
    path = tmp_path / "alley.yaml"
    path.write_text(ALLEY, encoding="utf-8")
    return load_map(path)


def reaction_only() -> dict[str, object]:
    """SR5's file with a house rule: Initiative from Reaction alone."""
    numbers = registry.ruleset("sr5").number_files()["sr5"].model_dump(mode="json")
    numbers["initiative"]["attributes"] = ["reaction"]
    return numbers


def wombat_initiative(enc: Encounter) -> int:
    enc.apply(cmd.RollInitiative("wombat"))
    rolled = [e for e in enc.history.effective_events() if isinstance(e, ev.InitiativeRolled)]
    return rolled[-1].total


def test_a_house_shadowrun_file_reaches_the_engine(alley):
    plain = Encounter(Context(alley, GeometryOracle(alley)), ScriptedDice(d6=[6]))
    house = Encounter(Context(alley, GeometryOracle(alley), numbers={"sr5": reaction_only()}),
                      ScriptedDice(d6=[6]))
    intuition = alley.library.characters["wombat"].shadowrun.intuition
    assert wombat_initiative(plain) - wombat_initiative(house) == intuition > 0


def test_an_old_shadowrun_log_replays_under_its_own_numbers(alley, tmp_path):
    log = tmp_path / "fight.jsonl"
    enc = files.start(alley, log, GeometryOracle, ScriptedDice(d6=[6]), "2026-12-01")
    enc.sink.close(finished=False)
    header = read_log(log).header
    header["snapshot"]["rules"]["sr5"] = reaction_only()  # as if sr5.yaml changed since
    rewrite(log, header=header)
    resumed, warnings = files.resume(log, GeometryOracle, ScriptedDice(d6=[6]))
    assert resumed.ctx.ruleset_of("sr5").number_files()["sr5"].initiative.attributes == (
        "reaction",)
    assert any("replaying it under the ones it was played with" in w for w in warnings)
    plain = Encounter(Context(alley, GeometryOracle(alley)), ScriptedDice(d6=[6]))
    assert wombat_initiative(resumed) < wombat_initiative(plain)


def test_the_shadowrun_action_phase_is_the_files(alley):
    numbers = reaction_only()
    numbers["initiative"]["action_phase"] = ["major", "minor"]  # a house phase without a move
    for phase, move in (({}, 1), ({"sr5": numbers}, 0)):
        enc = Encounter(Context(alley, GeometryOracle(alley), numbers=phase),
                        ScriptedDice(d6=[6, 1]))
        enc.apply(cmd.StartCombat())
        budget = enc.state.get(enc.state.actor).budget
        assert (budget.major, budget.move, budget.minor) == (1, move, 1)
