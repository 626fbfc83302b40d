"""The numbers a fight is played with reach every ruleset's engine (issue 10 item 6): a
house Shadowrun file changes the initiative it rolls, and a log replays an old Shadowrun
fight under the numbers stored in its header, not today's bundled files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactical.core.dice import ScriptedDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.oracle import GeometryOracle
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
    # bundled: a move and two Simple actions (RULINGS "Actions": a Complex takes both)
    for phase, slots in (({}, (0, 1, 2)), ({"sr5": numbers}, (1, 0, 1))):
        enc = Encounter(Context(alley, GeometryOracle(alley), numbers=phase),
                        ScriptedDice(d6=[6, 1]))
        enc.apply(cmd.StartCombat())
        budget = enc.state.get(enc.state.actor).budget
        assert (budget.major, budget.move, budget.minor) == slots



# Kicker walks past the shotgun guard (E = 20 m) from 10 m away, never closer than 6 m: in
# its Short band (Snapshot, RULINGS: within Short range) under the bundled bands (Short to
# E/2 = 10 m), never under a house band that ends Short at E/4 = 5 m.
OPEN = """kind: map
name: Open ground
grid: {columns: 16, rows: 10, orientation: flat}
sides: {runners: {name: Runners}, corp: {name: Corp}}
tokens:
  - {id: kicker, character: kicker, side: runners, hex: [1, 3]}
  - {id: guard, character: security-guard, side: corp, hex: [6, 3]}
"""
PAST_THE_GUARD = [(2, 3), (3, 3), (3, 4), (3, 5)]


def _snapshots(enc: Encounter) -> list[tuple[str, tuple[int, int]]]:
    enc.apply(cmd.Move("kicker", tuple(PAST_THE_GUARD)))
    return [(e.reactor, e.hex) for e in enc.history.effective_events()
            if isinstance(e, ev.ReactionOffered) and e.kind == "snapshot"]


def _fight_logged(tmp_path: Path, name: str, text: str = OPEN) -> Path:
    log = tmp_path / f"{name}.jsonl"
    (tmp_path / "open.yaml").write_text(text, encoding="utf-8")
    enc = files.start(load_map(tmp_path / "open.yaml"), log, GeometryOracle,
                      ScriptedDice(d10=[5] * 40, d6=[3] * 40), "2026-12-04")
    for command in (cmd.SetInitiative("kicker", 20), cmd.SetInitiative("guard", 10),
                    cmd.StartCombat()):
        enc.apply(command)
    enc.sink.close(finished=False)
    return log


def test_a_resumed_log_plays_the_map_with_the_numbers_in_its_header(tmp_path):
    """Issue 22.6: the map oracle of a resumed fight is built from the LOG's numbers (its
    header's snapshot: a house-ruled Short band), not from the bundled ruleset.yaml."""
    plain = _fight_logged(tmp_path, "plain")
    house = _fight_logged(tmp_path, "house")
    header = read_log(house).header
    bands = header["snapshot"]["rules"]["chapter6"]["range_bands"]
    short = next(b for b in bands if b["band"] == "short")
    short["max_factor"] = 0.25  # the house's Short band: to E/4
    rewrite(house, header=header)
    as_bundled, _ = files.resume(plain, GeometryOracle, ScriptedDice())
    as_housed, _ = files.resume(house, GeometryOracle, ScriptedDice())
    assert as_housed.ctx.oracle.params.range_bands[1].max_factor == 0.25
    assert _snapshots(as_bundled) == [("guard", (1, 3))]  # 10 m: Short for a shotgun
    assert _snapshots(as_housed) == []  # never within 5 m


# The shield guard holds its stun baton (no Snapshot), its sheet leaves its reach to the
# game: Kicker walks past it at 6 m (three hexes), in its reach only under a house default
# reach of 6 m (bundled: 2 m, an adjacent hex).
BATON = OPEN.replace("character: security-guard,", "character: security-guard-shield,")


def test_a_resumed_log_gives_sheets_the_house_reach_of_its_header(tmp_path):
    (tmp_path / "baton").mkdir()
    house = _fight_logged(tmp_path / "baton", "house", BATON)
    header = read_log(house).header
    assert all("reach_m" not in c for c in header["snapshot"]["characters"]
               if c["id"] == "security-guard-shield")  # left to the game, as on the sheet
    header["snapshot"]["rules"]["chapter6"]["default_reach_m"] = 6.0
    rewrite(house, header=header)
    resumed, _ = files.resume(house, GeometryOracle, ScriptedDice())
    resumed.apply(cmd.Move("kicker", tuple(PAST_THE_GUARD)))
    offers = [(e.reactor, e.kind, e.hex) for e in resumed.history.effective_events()
              if isinstance(e, ev.ReactionOffered)]
    assert offers == [("guard", "intercept", (3, 3))]  # entering 6 m of the guard
