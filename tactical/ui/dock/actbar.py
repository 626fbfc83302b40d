"""The acting combatant's actions as buttons, each with its cost (issue 14): the same
entries as the token's right-click menu (tactical.ui.hands), so a GM finds them in the dock
while the turn runs. A button with choices (weapons, patients, the Overwatch zone) opens
them as a menu."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu, QPushButton, QVBoxLayout, QWidget

from tactical.encounter.queries.change import Change
from tactical.ui.dock import style
from tactical.ui.dock.flow import GridFlow, empty
from tactical.ui.document import EncounterDocument
from tactical.ui.hands import Hands
from tactical.ui.menus import fill_menu

COLUMNS = 2  # two where they fit; one when the labels are long (SR's costs at 1280×720)


class ActionsBar(QWidget):
    def __init__(self, document: EncounterDocument, hands: Hands,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actionsBar")
        self.document = document
        self.hands = hands
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.grid = GridFlow(columns=COLUMNS)
        layout.addLayout(self.grid)
        self.buttons: dict[str, QPushButton] = {}  # by entry text (no cost)
        document.changed.connect(self.sync)
        self.sync()

    def sync(self, _change: Change | None = None) -> None:
        empty(self.grid)
        self.buttons = {}
        actor = self.document.state.actor
        self.setVisible(actor is not None)
        if actor is None:
            return
        for entry in self.hands.turn_entries(actor):
            button = QPushButton(entry.label)
            button.setProperty("command", entry.command)
            button.setObjectName(f"act_{entry.command}")
            button.setEnabled(entry.enabled)
            button.setToolTip(entry.tip)
            button.setFont(style.font(button.font(), style.BASE_PT - 1))
            if entry.children:
                menu = QMenu(button)
                fill_menu(menu, entry.children)
                button.setMenu(menu)
            elif entry.run is not None:
                run = entry.run
                button.clicked.connect(lambda _=False, r=run: r())
            self.grid.addWidget(button)
            self.buttons[entry.text] = button
