"""Encounters on disk: start one with a new log, resume or read a log, save a compact copy.

The log's header carries the map, the sheets and the rule numbers (store/snapshot.py) and
names the ruleset; replaying the log over that initial state rebuilds the encounter. Every
log is checked before it is replayed, so a hostile or mismatched one is a LogError naming
its line, never a traceback (issue 11). Times come from the caller (no clock here).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from tactical.core.dice import Dice
from tactical.core.errors import TacticalError
from tactical.data.library import LoadedMap
from tactical.data.problems import DataError
from tactical.encounter.context import Context, OracleFactory, initial_state
from tactical.encounter.encounter import Encounter, LogSink
from tactical.encounter.events import from_payload
from tactical.encounter.evolve import fold
from tactical.encounter.history import History, entry_records, replay_records
from tactical.encounter.model import EncounterState
from tactical.encounter.store.log import EncounterLog, LogContents, LogError, ReadOnly, read_log
from tactical.encounter.store.logformat import VERSION
from tactical.encounter.store.migrate import migrate
from tactical.encounter.store.snapshot import (
    SNAPSHOT,
    loaded_from_path,
    loaded_from_snapshot,
    snapshot_of,
)
from tactical.rules import registry
from tactical.rules.basenumbers import BaseNumbers
from tactical.rules.registry import DEFAULT, UnknownRuleset

LOG_FORMAT = "tactical-encounter"

# Events only one family of rulesets makes: a header naming the other is not this log's.


def header_for(loaded: LoadedMap, created: str, ruleset: str | None = None,
               rules: BaseNumbers | None = None,
               numbers: Mapping[str, Any] | None = None) -> dict[str, Any]:
    rid = ruleset or loaded.map.ruleset
    return {"map": str(loaded.path.resolve()), "ruleset": rid, "name": loaded.map.name,
            "created": created, SNAPSHOT: snapshot_of(loaded, rid, rules, numbers)}


def start(loaded: LoadedMap, log_path: Path, oracle: OracleFactory, dice: Dice,
          created: str, ruleset: str | None = None) -> Encounter:
    """A new encounter on `loaded` (under `ruleset`, default the map's), logging to a new
    file at `log_path`."""
    log = EncounterLog.create(log_path, header_for(loaded, created, ruleset))
    return Encounter(Context.build(loaded, oracle, ruleset=ruleset or loaded.map.ruleset),
                     dice, cast("LogSink", log))


@dataclass(frozen=True)
class Checked:
    """A log's contents that replay: the map and numbers, the history, the ruleset."""

    loaded: LoadedMap
    rules: BaseNumbers
    ruleset: str
    history: History
    warnings: list[str]
    numbers: dict[str, Any]  # the other rulesets' numbers it was played with


def _ruleset_of(header: dict[str, Any], log_path: Path) -> str:
    rid = header.get("ruleset", DEFAULT)
    try:
        if not isinstance(rid, str):
            raise UnknownRuleset(f"expected a ruleset id; found {rid!r}")
        registry.ruleset(rid)
    except UnknownRuleset as error:
        raise LogError(f"{log_path}:1: ruleset: {error}") from None
    except DataError as error:  # a broken bundled ruleset file: name its line
        raise LogError(f"{log_path}: cannot replay it: the {rid} ruleset shipped with "
                       f"Tactical is broken:\n{error}") from None
    return rid


def _record_problem(record: Any) -> str | None:
    """Why a record (a checksummed JSON object) is not one the engine wrote, or None."""
    if "marker" in record:
        ok = record.get("marker") in ("undo", "redo") and type(record.get("batch")) is int
        return None if ok else "not an undo or redo marker the engine writes"
    fields = {"batch": int, "n": int, "of": int, "label": str, "event": dict}
    for name, kind in fields.items():
        if type(record.get(name)) is not kind:
            return f"its '{name}' is missing or not a{'n' if name == 'event' else ''} " \
                   f"{kind.__name__}"
    if not 0 <= record["n"] < record["of"]:
        return f"event {record['n']} of {record['of']} is not a place in a command"
    try:
        from_payload(record["event"])
    except TacticalError as error:
        return str(error)
    return None


def _complete(records: list[dict[str, Any]], lines: tuple[int, ...],
              log_path: Path) -> tuple[list[dict[str, Any]], list[int], list[str]]:
    """The records of whole commands only: a command one of whose records was skipped as
    damaged is dropped (its other events alone are not what happened), with the undo and
    redo markers that name it. A last command cut short by a crash is left to
    replay_records, which says so. Batches are renumbered in order, as History numbers
    them, so the markers after a dropped command still name the right ones."""
    kept: list[dict[str, Any]] = []
    kept_lines: list[int] = []
    dropped: list[str] = []
    renumber: dict[int, int] = {}
    markers = 0
    index = 0
    while index < len(records):
        record = records[index]
        if "marker" in record:
            if record["batch"] in renumber:
                kept.append({**record, "batch": renumber[record["batch"]]})
                kept_lines.append(lines[index])
            else:
                markers += 1
            index += 1
            continue
        end = index + 1
        while end < len(records) and "marker" not in records[end] and \
                records[end]["batch"] == record["batch"] and records[end]["n"] != 0:
            end += 1
        group = records[index:end]
        whole = [r["n"] for r in group] == list(range(len(group))) and \
            all(r["of"] == group[0]["of"] for r in group)
        last = end == len(records)
        if whole and (len(group) == group[0]["of"] or last):
            number = renumber.setdefault(record["batch"], len(renumber))
            kept.extend({**r, "batch": number} for r in group)
            kept_lines.extend(lines[index:end])
        else:
            dropped.append(f"'{group[0]['label']}' (line {lines[index]})")
        index = end
    warnings = []
    if dropped or markers:
        shown = ", ".join(dropped[:3]) + (f" and {len(dropped) - 3:,} more"
                                           if len(dropped) > 3 else "")
        also = f"; and {markers:,} undo/redo marker(s) naming them" if markers else ""
        warnings.append(f"{log_path}: dropped {len(dropped):,} command(s) one of whose "
                        f"events was damaged: {shown}{also}")
    return kept, kept_lines, warnings


def check(header: dict[str, Any], payloads: list[dict[str, Any]], lines: tuple[int, ...],
          log_path: Path) -> Checked:
    """Everything a log needs to replay, checked: the header's ruleset and map, each record's
    shape, and the fold of its events. LogError names the file and line (issue 11)."""
    rid = _ruleset_of(header, log_path)
    version = header.get("version")
    payloads = migrate(version if type(version) is int else VERSION,
                       registry.ruleset(rid).reaction_kinds, payloads)
    warnings: list[str] = []
    numbers: dict[str, Any] = {}
    try:
        if SNAPSHOT in header:
            loaded, rules, numbers, warnings = loaded_from_snapshot(header, log_path)
        else:
            loaded, rules = loaded_from_path(header, log_path), registry.base_numbers()
    except DataError as error:
        raise LogError(f"cannot replay {log_path}: its map does not load:\n{error}") from None
    if SNAPSHOT in header:  # the snapshot holds the numbers of the ruleset it started under
        started = ([r for r in header[SNAPSHOT]["rules"] if r != registry.DEFAULT]
                   or [registry.DEFAULT])
        if started != [rid]:
            raise LogError(f"{log_path}:1: ruleset: the header says '{rid}', but the fight "
                           f"started under '{started[0]}' (the rule numbers it carries)")
    lines = lines if len(lines) == len(payloads) else tuple(range(2, len(payloads) + 2))
    foreign = registry.ruleset(rid).foreign_events
    for record, line in zip(payloads, lines, strict=True):
        problem = _record_problem(record)
        if problem is not None:
            raise LogError(f"{log_path}:{line}: not a record Tactical writes: {problem}")
        kind = record.get("event", {}).get("type")
        if kind in foreign:
            raise LogError(f"{log_path}:1: ruleset: the header says '{rid}', but line {line} "
                           f"holds a {kind} event, which only {foreign[kind]} makes")
    records, kept_lines, dropped = _complete(payloads, lines, log_path)
    history, replayed = replay_records(records)
    _check_fold(loaded, rid, history, records, kept_lines, log_path)
    if len(replayed) > 3:  # one line each from replay_records: keep the dialog short
        replayed = [*replayed[:3], f"and {len(replayed) - 3:,} more like these"]
    return Checked(loaded, rules, rid, history, [*warnings, *dropped, *replayed], numbers)


def _check_fold(loaded: LoadedMap, ruleset: str, history: History,
                records: list[dict[str, Any]], lines: list[int], log_path: Path) -> None:
    """Replay the events in effect; an event the map and sheets cannot take (a combatant the
    map lacks) is refused with its line instead of a KeyError."""
    first_line: dict[int, int] = {}
    for record, line in zip(records, lines, strict=True):
        if "marker" not in record:
            first_line.setdefault(record["batch"], line)
    try:
        state = initial_state(loaded, ruleset)
    except Exception as error:
        raise LogError(f"cannot replay {log_path}: its map does not set up ({error!r})") \
            from None
    for number in history.done:
        entry = history.entries[number]
        try:
            state = fold(state, entry.events)
        except Exception as error:
            raise LogError(f"{log_path}:{first_line.get(number, '?')}: the command "
                           f"'{entry.label}' does not replay on this map: {error!r}") from None


def resume(log_path: Path, oracle: OracleFactory, dice: Dice) -> tuple[Encounter, list[str]]:
    """Reopen a log to go on with it (after a crash too): its history replayed, ready to
    append. Warnings say what was damaged and dropped. A read-only log opens to look at,
    with nothing saved (a warning says so)."""
    log_path = Path(log_path)
    contents, keep_after = _readable(log_path)
    checked = check(contents.header, contents.payloads, contents.lines, log_path)
    try:
        replay = EncounterLog.open(log_path, keep_after_damage=keep_after)
    except ReadOnly as error:
        warnings = [*contents.warnings, *checked.warnings,
                    f"{error}: opened to look at; nothing done in it is saved. "
                    "File ▸ Save as… keeps a copy you can go on with."]
        return _encounter(checked, oracle, dice, None), warnings
    try:
        if replay.payloads != contents.payloads:  # changed between the read and the open
            checked = check(replay.header, replay.payloads, (), log_path)
        return (_encounter(checked, oracle, dice, replay.log),
                [*replay.warnings, *checked.warnings])
    except BaseException:
        replay.log.close(finished=False)  # never leave it locked ("already open")
        raise


def _readable(log_path: Path) -> tuple[LogContents, bool]:
    """The log's contents that replay: with damaged records mid-file skipped if the rest
    still replays, else cut at the first damage (the old rule). Nothing is changed."""
    contents = read_log(log_path)
    if contents.first_skip is None:
        return contents, True
    try:
        check(contents.header, contents.payloads, contents.lines, log_path)
    except LogError:
        return read_log(log_path, keep_after_damage=False), False
    return contents, True


def _encounter(checked: Checked, oracle: OracleFactory, dice: Dice,
               log: EncounterLog | None) -> Encounter:
    # the oracle plays with the LOG's numbers (its header's snapshot), as the engine does
    context = Context.build(checked.loaded, oracle, rules=checked.rules,
                            ruleset=checked.ruleset, numbers=checked.numbers)
    return Encounter(context, dice, cast("LogSink | None", log), checked.history)


@dataclass(frozen=True)
class LogView:
    """A log read without changing it (for `tactical replay`)."""

    loaded: LoadedMap
    header: dict[str, Any]
    history: History
    events: tuple[Any, ...]  # the events in effect, in order
    warnings: tuple[str, ...]
    rules: BaseNumbers | None = None
    ruleset: str | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict)  # the other rulesets' numbers

    def state_at(self, count: int | None = None) -> EncounterState:
        """The state after the first `count` events in effect (all of them when None)."""
        events = self.events if count is None else self.events[:max(0, count)]
        ruleset = self.ruleset or self.header.get("ruleset")
        return fold(initial_state(self.loaded, ruleset if isinstance(ruleset, str) else None),
                    events)


def read(log_path: Path) -> LogView:
    log_path = Path(log_path)
    contents, _ = _readable(log_path)
    checked = check(contents.header, contents.payloads, contents.lines, log_path)
    return LogView(checked.loaded, contents.header, checked.history,
                   tuple(checked.history.effective_events()),
                   (*contents.warnings, *checked.warnings), checked.rules, checked.ruleset,
                   checked.numbers)


def save_as(encounter: Encounter, path: Path, created: str) -> None:
    """A compacted copy: only the commands still in effect, no undo markers (atomic)."""
    compact = History()
    for number in encounter.history.done:
        entry = encounter.history.entries[number]
        compact.record(entry.label, entry.events)
    records = [r for n in compact.done for r in entry_records(compact.entries[n])]
    EncounterLog.save_as(Path(path), header_for(encounter.ctx.loaded, created,
                                                encounter.state.ruleset, encounter.ctx.rules,
                                                encounter.ctx.numbers),
                         records)
