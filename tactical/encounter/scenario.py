"""Scenario files: a map, scripted dice and a list of commands, played through the engine.

They are regression data (STYLE: golden encounter logs replayed in CI): the test suite plays
each `tests/scenarios/*.json` and compares its log with the committed `*.jsonl`, so a rule
change that alters an outcome shows up as a diff.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactical.core.dice import ScriptedDice
from tactical.core.errors import TacticalError
from tactical.data.library import load_map
from tactical.encounter.commands import command_from_payload
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.history import entry_records
from tactical.encounter.oracle import GeometryOracle
from tactical.encounter.store.log import EncounterLog


@dataclass
class Played:
    encounter: Encounter
    dice: ScriptedDice
    header: dict[str, Any]

    def records(self) -> list[dict[str, Any]]:
        history = self.encounter.history
        return [r for n in sorted(history.entries) for r in entry_records(history.entries[n])]


def play(path: Path) -> Played:
    """Play a scenario; any refused command is an error naming its index."""
    spec = json.loads(Path(path).read_text(encoding="utf-8"))
    loaded = load_map(Path(path).parent / spec["map"])
    dice = ScriptedDice(d10=spec["dice"]["d10"], d6=spec["dice"]["d6"])
    encounter = Encounter(Context(loaded, GeometryOracle(loaded)), dice)
    for index, payload in enumerate(spec["commands"]):
        try:
            encounter.apply(command_from_payload(payload))
        except TacticalError as exc:
            raise TacticalError(f"{path}: command {index} {payload}: {exc}") from None
    header = {"map": spec["map"], "ruleset": loaded.map.ruleset, "name": loaded.map.name,
              "created": "scenario"}
    return Played(encounter, dice, header)


def write_golden(played: Played, log_path: Path) -> None:
    """The scenario's log, as a game would have written it (compacted, closed)."""
    EncounterLog.save_as(log_path, played.header, played.records())
