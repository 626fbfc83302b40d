"""The history of an encounter: batches of events (one per command), undo and redo.

The log is append-only, so undo and redo are appended as markers; the state is the fold of
the batches still in effect (ARCHITECTURE: the state is the fold of the events in effect).
Undoing an attack undoes its rolls; redoing it re-applies the very same events, same dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tactical.encounter.events import from_payload, to_payload


@dataclass(frozen=True, slots=True)
class Entry:
    number: int  # the batch number, in the order batches were made
    label: str  # what the GM did, for "Undo Move Kicker"
    events: tuple[Any, ...]


@dataclass
class History:
    entries: dict[int, Entry] = field(default_factory=dict)
    done: list[int] = field(default_factory=list)  # in effect, oldest first
    undone: list[int] = field(default_factory=list)  # redo stack, most recent last

    def effective_events(self) -> Iterator[Any]:
        for number in self.done:
            yield from self.entries[number].events

    def prepare(self, label: str, events: Iterable[Any]) -> Entry:
        """The entry the next command will make (not yet in effect: log it first)."""
        return Entry(len(self.entries), label, tuple(events))

    def record(self, label: str, events: Iterable[Any]) -> Entry:
        return self.commit(self.prepare(label, events))

    def commit(self, entry: Entry) -> Entry:
        self.entries[entry.number] = entry
        self.done.append(entry.number)
        self.undone.clear()  # a new command ends the redo branch
        return entry

    def undo(self) -> Entry | None:
        if not self.done:
            return None
        number = self.done.pop()
        self.undone.append(number)
        return self.entries[number]

    def redo(self) -> Entry | None:
        if not self.undone:
            return None
        number = self.undone.pop()
        self.done.append(number)
        return self.entries[number]

    @property
    def undo_label(self) -> str | None:
        return self.entries[self.done[-1]].label if self.done else None

    @property
    def redo_label(self) -> str | None:
        return self.entries[self.undone[-1]].label if self.undone else None


# --- log records: one event a line, each knowing its batch, so a torn batch is dropped whole


def entry_records(entry: Entry) -> list[dict[str, Any]]:
    count = len(entry.events)
    return [{"batch": entry.number, "n": i, "of": count, "label": entry.label,
             "event": to_payload(e)} for i, e in enumerate(entry.events)]


def marker_record(kind: str, entry: Entry) -> dict[str, Any]:
    return {"marker": kind, "batch": entry.number}


def replay_records(records: Iterable[dict[str, Any]]) -> tuple[History, list[str]]:
    """Rebuild the history from log records; an unfinished last batch (a crash between the
    lines of one command) is dropped with a warning, as if the command never ran."""
    history = History()
    warnings: list[str] = []
    open_batch: list[dict[str, Any]] = []

    def drop_open() -> None:
        if open_batch:
            warnings.append(f"dropped the unfinished command '{open_batch[0]['label']}' "
                            f"({len(open_batch)} of {open_batch[0]['of']} events were written)")
            open_batch.clear()

    for record in records:
        if "marker" in record:
            drop_open()
            number = record["batch"]
            if record["marker"] == "undo" and history.done and history.done[-1] == number:
                history.undo()
            elif record["marker"] == "redo" and history.undone and history.undone[-1] == number:
                history.redo()
            else:
                warnings.append(f"ignored a {record['marker']} marker for batch {number}")
            continue
        if record["n"] == 0:
            drop_open()
        elif not open_batch or record["batch"] != open_batch[0]["batch"]:
            continue  # the rest of a batch whose start was dropped
        open_batch.append(record)
        if record["n"] == record["of"] - 1:
            history.record(record["label"], (from_payload(r["event"]) for r in open_batch))
            open_batch.clear()
    drop_open()
    return history, warnings
