"""Encounters on disk: start one with a new log, resume or read a log, save a compact copy.

The log's header names the map (its path) and the ruleset; replaying the log over the map's
initial state rebuilds the encounter. Times come from the caller (no clock here).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactical.core.dice import Dice
from tactical.data.library import LoadedMap, load_map
from tactical.encounter.context import Context, MapOracle, initial_state
from tactical.encounter.encounter import Encounter
from tactical.encounter.evolve import fold
from tactical.encounter.history import History, entry_records, replay_records
from tactical.encounter.model import EncounterState
from tactical.encounter.store.log import EncounterLog, LogError, read_log

LOG_FORMAT = "tactical-encounter"
OracleFactory = Callable[[LoadedMap], MapOracle]


def header_for(loaded: LoadedMap, created: str, ruleset: str | None = None) -> dict[str, Any]:
    return {"map": str(loaded.path.resolve()), "ruleset": ruleset or loaded.map.ruleset,
            "name": loaded.map.name, "created": created}


def start(loaded: LoadedMap, log_path: Path, oracle: OracleFactory, dice: Dice,
          created: str, ruleset: str | None = None) -> Encounter:
    """A new encounter on `loaded` (under `ruleset`, default the map's), logging to a new
    file at `log_path`."""
    log = EncounterLog.create(log_path, header_for(loaded, created, ruleset))
    return Encounter(Context(loaded, oracle(loaded), ruleset=ruleset or loaded.map.ruleset),
                     dice, log)


def _map_of(header: dict[str, Any], log_path: Path) -> LoadedMap:
    map_path = header.get("map")
    if not isinstance(map_path, str):
        raise LogError(f"{log_path}: the log's header names no map")
    candidate = Path(map_path)
    if not candidate.is_absolute():
        candidate = log_path.parent / candidate
    return load_map(candidate)


def resume(log_path: Path, oracle: OracleFactory, dice: Dice) -> tuple[Encounter, list[str]]:
    """Reopen a log to go on with it (after a crash too): its history replayed, ready to
    append. Warnings say what was damaged and dropped."""
    replay = EncounterLog.open(Path(log_path))
    try:
        loaded = _map_of(replay.header, Path(log_path))
        history, warnings = replay_records(replay.payloads)
    except BaseException:
        replay.log.close(finished=False)
        raise
    ruleset = replay.header.get("ruleset")
    context = Context(loaded, oracle(loaded), ruleset=ruleset if isinstance(ruleset, str)
                      else None)
    encounter = Encounter(context, dice, replay.log, history)
    return encounter, [*replay.warnings, *warnings]


@dataclass(frozen=True)
class LogView:
    """A log read without changing it (for `tactical replay`)."""

    loaded: LoadedMap
    header: dict[str, Any]
    history: History
    events: tuple[Any, ...]  # the events in effect, in order
    warnings: tuple[str, ...]

    def state_at(self, count: int | None = None) -> EncounterState:
        """The state after the first `count` events in effect (all of them when None)."""
        events = self.events if count is None else self.events[:max(0, count)]
        ruleset = self.header.get("ruleset")
        return fold(initial_state(self.loaded, ruleset if isinstance(ruleset, str) else None),
                    events)


def read(log_path: Path) -> LogView:
    contents = read_log(Path(log_path))
    loaded = _map_of(contents.header, Path(log_path))
    history, warnings = replay_records(contents.payloads)
    return LogView(loaded, contents.header, history, tuple(history.effective_events()),
                   (*contents.warnings, *warnings))


def save_as(encounter: Encounter, path: Path, created: str) -> None:
    """A compacted copy: only the commands still in effect, no undo markers (atomic)."""
    compact = History()
    for number in encounter.history.done:
        entry = encounter.history.entries[number]
        compact.record(entry.label, entry.events)
    records = [r for n in compact.done for r in entry_records(compact.entries[n])]
    EncounterLog.save_as(Path(path), header_for(encounter.ctx.loaded, created,
                                                encounter.state.ruleset), records)
