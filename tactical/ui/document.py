"""The open encounter as the Qt side sees it: one object that owns the session, turns every
gesture's command into events, and tells views to re-read the state (STYLE: Tiled's
document owns undo and emits one typed change signal; items re-read the model).

Views never change domain state themselves: they call `apply`, `undo`, `redo`, and listen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from tactical.core.dice import Dice, RandomDice
from tactical.core.errors import IllegalCommand, TacticalError
from tactical.data.library import LoadedMap
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.model import EncounterState
from tactical.encounter.queries.change import Change, How, change_between
from tactical.encounter.queries.oracle import GeometryOracle


class EncounterDocument(QObject):
    """Signals: `changed(Change)` once after every command, undo and redo (what changed:
    tactical/encounter/queries/change.py; every view syncs from it once); `refused(message)` when a
    command is refused (nothing changed); `selection_changed(token_id or "")`."""

    changed = Signal(object)
    refused = Signal(str)
    selection_changed = Signal(str)

    def __init__(self, encounter: Encounter, path: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.encounter = encounter
        self.path = path  # the log file, when there is one
        self.selected: str | None = None
        # a log made just now for a new encounter: if the GM closes it untouched, it goes
        # (issue 14, defect 10: every launch left an empty autosave behind)
        self.fresh_log = False
        self.saved_at: int | None = None  # the history length when "Save as" last wrote

    @classmethod
    def for_map(cls, loaded: LoadedMap, dice: Dice | None = None,
                parent: QObject | None = None) -> EncounterDocument:
        """An encounter on `loaded` without a log (the caller may attach one)."""
        encounter = Encounter(Context(loaded, GeometryOracle(loaded)), dice or RandomDice())
        return cls(encounter, parent=parent)

    # --- reading

    @property
    def state(self) -> EncounterState:
        return self.encounter.state

    @property
    def loaded(self) -> LoadedMap:
        return self.encounter.ctx.loaded

    @property
    def oracle(self) -> GeometryOracle:
        oracle = self.encounter.ctx.oracle
        assert isinstance(oracle, GeometryOracle)
        return oracle

    # --- changing

    def apply(self, command: Any) -> tuple[Any, ...] | None:
        """Apply a command; None (and `refused`) if the rules say no."""
        before = self.encounter.state
        try:
            events = self.encounter.apply(command)
        except IllegalCommand as exc:
            self.refused.emit("; ".join(exc.reasons))
            return None
        except TacticalError as exc:
            self.refused.emit(str(exc))
            return None
        if events:
            self._changed(change_between(before, self.state, events))
        return events

    def undo(self) -> None:
        self._step(How.UNDONE)

    def redo(self) -> None:
        self._step(How.REDONE)

    def _step(self, how: How) -> None:
        before = self.encounter.state
        entry = self.encounter.undo() if how is How.UNDONE else self.encounter.redo()
        if entry is not None:
            self._changed(change_between(before, self.state, entry.events, how))

    def _changed(self, change: Change) -> None:
        self.changed.emit(change)

    def select(self, token_id: str | None) -> None:
        if token_id != self.selected:
            self.selected = token_id
            self.selection_changed.emit(token_id or "")

    @property
    def steps(self) -> int:
        """How many entries the history holds (done or undone): a change since a save
        changes it."""
        return len(self.encounter.history.entries)

    @property
    def untouched(self) -> bool:
        return not self.encounter.history.entries

    @property
    def saved(self) -> bool:
        """Saved as a copy with nothing done since."""
        return self.saved_at is not None and self.saved_at == self.steps

    @property
    def undo_text(self) -> str:
        label = self.encounter.history.undo_label
        return f"Undo {label}" if label else "Undo"

    @property
    def redo_text(self) -> str:
        label = self.encounter.history.redo_label
        return f"Redo {label}" if label else "Redo"
