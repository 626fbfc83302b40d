"""Encounters on disk: start one with a new log, resume or read a log, save a compact copy.

The log's header carries the map, the sheets and the rule numbers (store/snapshot.py) and
names the ruleset; replaying the log over that initial state rebuilds the encounter. Every
log is checked before it is replayed, so a hostile or mismatched one is a LogError naming
its line, never a traceback (issue 11). Times come from the caller (no clock here).
"""

from __future__ import annotations

import dataclasses
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from tactical.core.dice import Dice, RandomDice
from tactical.data.library import LoadedMap
from tactical.data.problems import DataError
from tactical.encounter.context import Context, OracleFactory, initial_state
from tactical.encounter.encounter import Encounter, LogSink
from tactical.encounter.evolve import fold
from tactical.encounter.history import History, entry_records
from tactical.encounter.model import EncounterState
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.store.log import (
    EncounterLog,
    LogContents,
    LogError,
    ReadOnly,
    damage_warning,
    foreign_warning,
    paused_collection,
    read_log,
)
from tactical.encounter.store.logformat import VERSION
from tactical.encounter.store.meaning import Meaning
from tactical.encounter.store.migrate import migrate
from tactical.encounter.store.records import Bad, Rec, decoded
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
    encounter: Encounter  # replayed, not yet logging (resume gives it the log)
    # (records kept, line, why): from that line on the events cannot have happened
    cut: tuple[int, int, str] | None = None


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


def _complete(records: list[Rec], lines: Sequence[int],
              log_path: Path) -> tuple[list[Rec], array[int], array[int], list[str]]:
    """The records of whole commands only: a command one of whose records was skipped as
    damaged is dropped (its other events alone are not what happened), with the undo and
    redo markers that name it. A last command cut short by a crash is left to _restore,
    which says so. Batches are renumbered in order, as History numbers them, so the markers
    after a dropped command still name the right ones. Also gives each kept record's index
    in `records`."""
    kept: list[Rec] = []
    kept_lines = array("q")  # 8 bytes a record, not an int object
    kept_index = array("q")
    dropped: list[str] = []
    renumber: dict[int, int] = {}
    markers = 0
    index = 0
    count = len(records)
    while index < count:
        record = records[index]
        if record.marker is not None:
            if record.batch in renumber:
                kept.append(record._replace(batch=renumber[record.batch]))
                kept_lines.append(lines[index])
                kept_index.append(index)
            else:
                markers += 1
            index += 1
            continue
        # the command's records: up to a marker, another batch or another first event;
        # whole if they count 0, 1, 2, … and agree on how many there are
        batch, of, whole = record.batch, record.of, record.n == 0
        end = index + 1
        while end < count:
            following = records[end]
            if following.marker is not None or following.batch != batch or following.n == 0:
                break
            whole = whole and following.n == end - index and following.of == of
            end += 1
        if whole and (end - index == of or end == count):
            number = renumber.setdefault(batch, len(renumber))
            kept.extend(records[index:end] if number == batch else
                        (r._replace(batch=number) for r in records[index:end]))
            kept_lines.extend(lines[index:end])
            kept_index.extend(range(index, end))
        else:
            dropped.append(f"'{record.label}' (line {lines[index]})")
        index = end
    warnings = []
    if dropped or markers:
        shown = ", ".join(dropped[:3]) + (f" and {len(dropped) - 3:,} more"
                                           if len(dropped) > 3 else "")
        also = f"; and {markers:,} undo/redo marker(s) naming them" if markers else ""
        warnings.append(f"{log_path}: dropped {len(dropped):,} command(s) one of whose "
                        f"events was damaged: {shown}{also}")
    return kept, kept_lines, kept_index, warnings


def check(header: dict[str, Any], payloads: list[Any], lines: Sequence[int],
          log_path: Path, oracle: OracleFactory = GeometryOracle,
          dice: Dice | None = None) -> Checked:
    """Everything a log needs to replay, checked: the header's ruleset and map, each record's
    shape, and the fold of its events, each asked first whether it makes sense there
    (store/meaning.py). LogError names the file and line (issue 11); an event that cannot
    have happened ends the replay at its command (Checked.cut), as damage would."""
    rid = _ruleset_of(header, log_path)
    if _version(header) < VERSION:  # an older format's records, as JSON (migrate on read)
        payloads = migrate(_version(header), registry.ruleset(rid).reaction_kinds, payloads)
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
    lines = lines if len(lines) == len(payloads) else range(2, len(payloads) + 2)
    foreign = registry.ruleset(rid).foreign_events
    records: list[Rec] = []
    for payload, line in zip(payloads, lines, strict=True):
        record = payload if isinstance(payload, Rec | Bad) else decoded(payload)
        if isinstance(record, Bad):
            raise LogError(f"{log_path}:{line}: not a record Tactical writes: "
                           f"{record.problem}")
        kind = type(record.event).__name__
        if record.event is not None and kind in foreign:
            raise LogError(f"{log_path}:1: ruleset: the header says '{rid}', but line {line} "
                           f"holds a {kind} event, which only {foreign[kind]} makes")
        records.append(record)
    kept, kept_lines, kept_index, dropped = _complete(records, lines, log_path)
    try:
        # the oracle plays with the LOG's numbers (its header's snapshot), as the engine does
        ctx = Context.build(loaded, oracle, rules=rules, ruleset=rid, numbers=numbers)
        encounter = Encounter(ctx, dice or RandomDice())
    except Exception as error:
        raise LogError(f"cannot replay {log_path}: its map does not set up ({error!r})") \
            from None
    with paused_collection():
        replayed, cut = _restore(encounter, kept, kept_lines, kept_index, log_path)
    if len(replayed) > 3:  # one line each: keep the dialog short
        replayed = [*replayed[:3], f"and {len(replayed) - 3:,} more like these"]
    return Checked(loaded, rules, rid, encounter.history, [*warnings, *dropped, *replayed],
                   numbers, encounter, cut)


def _restore(encounter: Encounter, records: list[Rec], lines: array[int], index: array[int],
             log_path: Path) -> tuple[list[str], tuple[int, int, str] | None]:
    """Put the log's commands back into effect in the order they were made, undo and redo
    markers included (History's rules: an unfinished last command is dropped with a
    warning, as if it never ran; a marker naming another command is ignored). Each event
    is checked before it is folded; the first that cannot have happened stops the replay:
    (how many records precede its command, that command's first line, why)."""
    warnings: list[str] = []
    meaning = Meaning(encounter.ctx)
    open_batch: list[int] = []  # positions in `records` of the command being read

    def drop_open() -> None:
        if open_batch:
            first = records[open_batch[0]]
            warnings.append(f"dropped the unfinished command '{first.label}' "
                            f"({len(open_batch)} of {first.of} events were written)")
            open_batch.clear()

    for at, record in enumerate(records):
        if record.marker is not None:
            drop_open()
            history = encounter.history
            if record.marker == "undo" and history.done and history.done[-1] == record.batch:
                encounter.undo()
            elif record.marker == "redo" and history.undone and \
                    history.undone[-1] == record.batch:
                encounter.redo()
            else:
                warnings.append(f"ignored a {record.marker} marker for batch {record.batch}")
            continue
        if record.n == 0:
            drop_open()
        elif not open_batch or record.batch != records[open_batch[0]].batch:
            continue  # the rest of a command whose start was dropped
        open_batch.append(at)
        if record.n != record.of - 1:
            continue
        first = open_batch[0]
        meaning.begin_command()
        try:
            refused = encounter.restore(record.label,
                                        tuple(records[i].event for i in open_batch),
                                        meaning.problem)
        except Exception as error:
            raise LogError(f"{log_path}:{lines[first]}: the command '{record.label}' does "
                           f"not replay on this map: {error!r}") from None
        if refused is not None:
            event, why = refused
            return warnings, (index[first], lines[first],
                              f"'{record.label}' cannot have happened: line "
                              f"{lines[open_batch[event]]}: {why}")
        open_batch.clear()
    drop_open()
    return warnings, None


def resume(log_path: Path, oracle: OracleFactory, dice: Dice) -> tuple[Encounter, list[str]]:
    """Reopen a log to go on with it (after a crash too): its history replayed, ready to
    append. Warnings say what was damaged and dropped. A read-only log opens to look at,
    with nothing saved (a warning says so). The log is read once, a line at a time, and
    replayed once (issue 23: a 300,000-event fight resumes in seconds)."""
    log_path = Path(log_path)
    contents, keep_after, checked = _readable(log_path, oracle, dice)
    try:
        replay = EncounterLog.open(log_path, keep_after_damage=keep_after,
                                   keep=decoded if _version(contents.header) >= VERSION else None,
                                   known=contents, cut=checked.cut)
    except ReadOnly as error:
        warnings = [*_view_warnings(log_path, contents, checked), *checked.warnings,
                    f"{error}: opened to look at; nothing done in it is saved. "
                    "File ▸ Save as… keeps a copy you can go on with."]
        return checked.encounter, warnings
    try:
        expected = contents.payloads if checked.cut is None else \
            contents.payloads[:checked.cut[0]]
        if replay.payloads != expected:  # changed between the read and the open
            checked = check(replay.header, replay.payloads, (), log_path, oracle, dice)
            if checked.cut is not None:
                raise LogError(f"{log_path} changed while it was opened; open it again")
        checked.encounter.sink = cast("LogSink", replay.log)
        return checked.encounter, [*replay.warnings, *checked.warnings]
    except BaseException:
        replay.log.close(finished=False)  # never leave it locked ("already open")
        raise


def _readable(log_path: Path, oracle: OracleFactory,
              dice: Dice | None) -> tuple[LogContents, bool, Checked]:
    """The log's contents that replay, and their check: with damaged records mid-file
    skipped if the rest still replays (and makes sense), else cut at the first damage (the
    old rule). Nothing is changed."""
    contents = _read(log_path)
    if contents.first_skip is None:
        return contents, True, check(contents.header, contents.payloads, contents.lines,
                                     log_path, oracle, dice)
    try:
        checked = check(contents.header, contents.payloads, contents.lines, log_path,
                        oracle, dice)
        if checked.cut is None:
            return contents, True, checked
    except LogError:
        pass
    contents = _read(log_path, keep_after_damage=False)
    return contents, False, check(contents.header, contents.payloads, contents.lines,
                                  log_path, oracle, dice)


def _version(header: Mapping[str, Any]) -> int:
    version = header.get("version")
    return version if type(version) is int else VERSION


def _read(log_path: Path, *, keep_after_damage: bool = True) -> LogContents:
    """The log's records, each kept as its event; a log of an older format is read again
    as JSON records, which check() migrates (store/migrate.py) and then decodes."""
    contents = read_log(log_path, keep_after_damage=keep_after_damage, keep=decoded)
    if _version(contents.header) < VERSION:
        contents = read_log(log_path, keep_after_damage=keep_after_damage)
    return contents


def _view_warnings(log_path: Path, contents: LogContents, checked: Checked) -> list[str]:
    """What reading the log without repairing it says: its damage, the events cut off
    because they cannot have happened, how it is spelt."""
    if checked.cut is None or contents.parsed is None:
        return list(contents.warnings)
    parsed = dataclasses.replace(contents.parsed)
    kept, line, why = checked.cut
    parsed.cut(kept, (line, why), parsed.total_lines)
    said = [damage_warning(log_path, parsed, None)]
    if parsed.foreign:
        said.append(foreign_warning(log_path, parsed, rewritten=False))
    return said


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
    contents, _, checked = _readable(log_path, GeometryOracle, None)
    return LogView(checked.loaded, contents.header, checked.history,
                   tuple(checked.history.effective_events()),
                   (*_view_warnings(log_path, contents, checked), *checked.warnings),
                   checked.rules, checked.ruleset, checked.numbers)


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
