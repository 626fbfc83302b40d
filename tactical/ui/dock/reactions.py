"""Pending reactions, in the order the engine settles them, each with Resolve (the attack
panel prefilled for the reactor against the mover) and Decline."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tactical.encounter import commands as cmd
from tactical.rules.reactions import spec_named
from tactical.ui.dock import style
from tactical.ui.dock.style import rule
from tactical.ui.document import EncounterDocument
from tactical.ui.rulesets import view_of


class ReactionsPanel(QWidget):
    """Signal `resolve_requested(reactor id)`: the dock opens the attack panel for it."""

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
        self.buttons: dict[str, tuple[QPushButton, QPushButton]] = {}
        document.changed.connect(self.sync)
        self.sync()

    def sync(self, _events: Any = None) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        self.buttons.clear()
        state = self.document.state
        pending = state.pending
        self.setVisible(bool(pending))
        halted = state.halted
        where = ""
        if halted is not None:
            where = (f" — {state.get(halted.mover).name} halted, "
                     f"{halted.metres_left:g} m of the move left")
        self.heading.setText(f"Pending reactions ({len(pending)}){where}")
        kinds = self.document.encounter.ctx.ruleset_of(state.ruleset).reaction_kinds
        for row, offer in enumerate(pending):
            reactor, mover = state.get(offer.reactor), state.get(offer.mover)
            kind = view_of(state).reaction_title(offer.kind)
            label = style.wrap(QLabel(f"{row + 1}. <b>{reactor.name}</b> — {kind} on "
                                      f"{mover.name} at ({offer.hex[0]}, {offer.hex[1]})"))
            label.setToolTip(offer.why)
            why = style.wrap(QLabel(offer.why))
            style.tint(why, style.PURPLE)
            spec = spec_named(kinds, offer.kind)
            by_choice = spec is not None and spec.settle == "stop_or_go_on"
            resolve = QPushButton("Resolve (stop / go on)…" if by_choice else "Resolve…")
            resolve.setObjectName(f"resolve_{offer.reactor}")
            resolve.setToolTip(f"Open the attack panel for {reactor.name} against {mover.name}")
            decline = QPushButton("Decline")
            decline.setObjectName(f"decline_{offer.reactor}")
            decline.setToolTip(f"{reactor.name} lets {mover.name} pass")
            resolve.clicked.connect(lambda _=False, r=offer.reactor:
                                    self.resolve_requested.emit(r))
            decline.clicked.connect(lambda _=False, r=offer.reactor:
                                    self.document.apply(cmd.DeclineReaction(r)))
            self.grid.addWidget(label, row * 2, 0)
            self.grid.addWidget(resolve, row * 2, 1)
            self.grid.addWidget(decline, row * 2, 2)
            self.grid.addWidget(why, row * 2 + 1, 0, 1, 3)
            self.buttons[offer.reactor] = (resolve, decline)
        self.grid.setColumnStretch(0, 1)
