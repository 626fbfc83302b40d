"""Pending reactions, in the order the engine settles them: one row per offer (its own id,
issue 22 item 4), each with Resolve (the attack panel prefilled for the reactor against the
mover, for that offer) and Decline; below them the offers withdrawn this turn, each with the
ruleset's reason (Ch.6 l.150: one Reaction per round)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tactical.encounter import commands as cmd
from tactical.encounter.model import PendingReaction
from tactical.rules.reactions import spec_named
from tactical.ui.dock import style
from tactical.ui.dock.style import rule
from tactical.ui.document import EncounterDocument
from tactical.ui.rulesets import view_of


class ReactionsPanel(QWidget):
    """Signal `resolve_requested(offer id)`: the dock opens the attack panel for it."""

    resolve_requested = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(rule())
        self.heading = style.title("Pending reactions")
        style.tint(self.heading, style.PURPLE)
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.rows = QWidget()
        self.grid = QGridLayout(self.rows)
        self.grid.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.rows)
        self.buttons: dict[str, tuple[QPushButton, QPushButton]] = {}  # by offer id
        self.gone: dict[str, QLabel] = {}  # withdrawn offers' reasons, by offer id
        document.changed.connect(self.sync)
        self.sync()

    def row(self, reactor: str, kind: str | None = None) -> tuple[QPushButton, QPushButton]:
        """The (Resolve, Decline) buttons of `reactor`'s offer (of `kind`, else its first)."""
        offer = next(p for p in self.document.state.pending
                     if p.reactor == reactor and kind in (None, p.kind))
        return self.buttons[offer.id]

    def reactors(self) -> list[str]:
        """Who has a row, in order, once each."""
        return list(dict.fromkeys(p.reactor for p in self.document.state.pending
                                  if p.id in self.buttons))

    def sync(self, _events: Any = None) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        self.buttons.clear()
        self.gone.clear()
        state = self.document.state
        pending = state.pending
        self.setVisible(bool(pending) or bool(state.withdrawn))
        halted = state.halted
        where = ""
        if halted is not None:
            where = (f" — {state.get(halted.mover).name} halted, "
                     f"{halted.metres_left:g} m of the move left")
        self.heading.setText(f"Pending reactions ({len(pending)}){where}" if pending
                             else "Reactions withdrawn this turn")
        kinds = self.document.encounter.ctx.ruleset_of(state.ruleset).reaction_kinds
        for row, offer in enumerate(pending):
            label = style.wrap(QLabel(f"{row + 1}. {self._title(offer)}"))
            label.setToolTip(offer.why)
            why = style.wrap(QLabel(offer.why))
            style.tint(why, style.PURPLE)
            spec = spec_named(kinds, offer.kind)
            by_choice = spec is not None and spec.settle == "stop_or_go_on"
            reactor, mover = state.get(offer.reactor), state.get(offer.mover)
            resolve = QPushButton("Resolve (stop / go on)…" if by_choice else "Resolve…")
            resolve.setObjectName(f"resolve_{offer.id}")
            resolve.setToolTip(f"Open the attack panel for {reactor.name} against "
                               f"{mover.name} ({view_of(state).reaction_title(offer.kind)})")
            decline = QPushButton("Decline")
            decline.setObjectName(f"decline_{offer.id}")
            decline.setToolTip(f"{reactor.name} lets {mover.name} pass "
                               f"({view_of(state).reaction_title(offer.kind)})")
            resolve.clicked.connect(lambda _=False, o=offer.id: self.resolve_requested.emit(o))
            decline.clicked.connect(lambda _=False, o=offer: self.document.apply(
                cmd.DeclineReaction(o.reactor, offer=o.id)))
            self.grid.addWidget(label, row * 2, 0)
            self.grid.addWidget(resolve, row * 2, 1)
            self.grid.addWidget(decline, row * 2, 2)
            self.grid.addWidget(why, row * 2 + 1, 0, 1, 3)
            self.buttons[offer.id] = (resolve, decline)
        first = len(pending) * 2
        for index, gone in enumerate(state.withdrawn):
            note = style.wrap(QLabel(f"<s>{self._title(gone.offer)}</s>: no longer on offer "
                                     f"— {gone.why}"))
            note.setObjectName(f"gone_{gone.offer.id}")
            style.tint(note, style.VERMILLION)
            self.grid.addWidget(note, first + index, 0, 1, 3)
            self.gone[gone.offer.id] = note
        self.grid.setColumnStretch(0, 1)

    def _title(self, offer: PendingReaction) -> str:
        state = self.document.state
        reactor, mover = state.get(offer.reactor), state.get(offer.mover)
        kind = view_of(state).reaction_title(offer.kind)
        return (f"<b>{reactor.name}</b> — {kind} on {mover.name} at "
                f"({offer.hex[0]}, {offer.hex[1]})")
