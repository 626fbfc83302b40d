"""Scenario files: a map, scripted dice and a list of commands, played through the engine.

They are regression data (STYLE: golden encounter logs replayed in CI): the test suite plays
each `tests/scenarios/*.json` and compares its log with the committed `*.jsonl`, so a rule
change that alters an outcome shows up as a diff. `tactical play` plays one and prints what
each command did (docs/encounter.md "Playing a scenario").

A scenario is read like every other file (tactical/data/reading.py through `read_yaml`:
regular files only, bounded), validated with its line numbers; a refused command does not
stop the run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import Field

from tactical.core.dice import ScriptedDice
from tactical.core.errors import TacticalError
from tactical.data.library import load_map
from tactical.data.problems import DataError
from tactical.data.schema import Frozen, validate
from tactical.data.yamlsafe import read_yaml
from tactical.encounter.commands import command_from_payload
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.history import entry_records
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.store.log import EncounterLog

MAX_COMMANDS = 5_000


class ScenarioDice(Frozen):
    d10: tuple[int, ...] = ()
    d6: tuple[int, ...] = ()


class ScenarioFile(Frozen):
    name: str = ""
    description: str = ""
    map: str = Field(min_length=1)  # relative to the scenario file
    dice: ScenarioDice = ScenarioDice()
    commands: tuple[dict[str, Any], ...] = Field(max_length=MAX_COMMANDS)
    # what the test suite checks after playing (a subset of `tactical play --json`)
    expect: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Result:
    """What one command did: its events' type names, or why it was refused."""

    index: int
    type: str
    refused: str | None
    events: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "type": self.type, "accepted": self.refused is None,
                "refused": self.refused, "events": list(self.events)}


@dataclass
class Played:
    encounter: Encounter
    dice: ScriptedDice
    header: dict[str, Any]
    results: list[Result] = field(default_factory=list)
    spec: ScenarioFile | None = None

    def records(self) -> list[dict[str, Any]]:
        history = self.encounter.history
        return [r for n in sorted(history.entries) for r in entry_records(history.entries[n])]


def read_scenario(path: Path) -> tuple[ScenarioFile, list[object]]:
    """The scenario and its commands; DataError with `file:line:column: field: message`."""
    doc = read_yaml(path)  # JSON is YAML; read bounded, a regular file only
    spec = validate(doc, ScenarioFile)
    commands: list[object] = []
    problems = []
    for index, payload in enumerate(spec.commands):
        try:
            commands.append(command_from_payload(payload))
        except TacticalError as exc:
            problems.append(doc.problem(("commands", index), str(exc)))
    try:
        ScriptedDice(d10=spec.dice.d10, d6=spec.dice.d6)
    except TacticalError as exc:
        problems.append(doc.problem(("dice",), str(exc)))
    if problems:
        raise DataError(problems)
    return spec, commands


def play_all(path: Path) -> Played:
    """Play every command in order; a refusal is recorded and the run goes on."""
    path = Path(path)
    spec, commands = read_scenario(path)
    loaded = load_map(path.parent / spec.map)
    dice = ScriptedDice(d10=spec.dice.d10, d6=spec.dice.d6)
    encounter = Encounter(Context(loaded, GeometryOracle(loaded)), dice)
    results: list[Result] = []
    for index, command in enumerate(commands):
        name = type(command).__name__
        try:
            events = encounter.apply(command)
        except TacticalError as exc:
            results.append(Result(index, name, str(exc), ()))
            continue
        results.append(Result(index, name, None, tuple(type(e).__name__ for e in events)))
    header = {"map": spec.map, "ruleset": loaded.map.ruleset, "name": loaded.map.name,
              "created": "scenario"}
    return Played(encounter, dice, header, results, spec)


def play(path: Path) -> Played:
    """Play a scenario; any refused command is an error naming its index."""
    played = play_all(path)
    for result in played.results:
        if result.refused is not None:
            raise TacticalError(f"{path}: command {result.index} ({result.type}): "
                                f"{result.refused}")
    return played


def write_golden(played: Played, log_path: Path) -> None:
    """The scenario's log, as a game would have written it (compacted, closed)."""
    EncounterLog.save_as(log_path, played.header, played.records())
