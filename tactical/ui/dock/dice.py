"""Dice typed at the table: `AskDice` asks for each face through a callback; the dock's
callback is a small modal dialog. Cancelling it cancels the whole command (nothing changes):
`RollCancelled` is a TacticalError, so the document reports it as a refusal.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QIntValidator
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tactical.core.dice import DiceError
from tactical.core.errors import TacticalError
from tactical.ui.dock.style import VERMILLION, tint

# callback(sides, prompt) → the face rolled at the table, or None to cancel the command
AskFace = Callable[[int, str], int | None]


class RollCancelled(TacticalError):
    """The GM cancelled typing a die: the command is dropped and nothing changes."""

    def __init__(self, prompt: str) -> None:
        super().__init__(f"Roll cancelled ({prompt}): nothing changed")


class AskDice:
    """A `Dice` whose faces come from the table. `purpose` names what is being rolled
    ("Vanya's attack on Guard"); the dock sets it before each command it applies."""

    def __init__(self, ask: AskFace, purpose: str = "the roll") -> None:
        self.ask = ask
        self.purpose = purpose
        self.asked = 0  # faces asked for since `purpose` was last set

    def begin(self, purpose: str) -> None:
        self.purpose = purpose
        self.asked = 0

    def roll(self, sides: int) -> int:
        self.asked += 1
        prompt = f"d{sides} #{self.asked} for {self.purpose}"
        face = self.ask(sides, prompt)
        if face is None:
            raise RollCancelled(prompt)
        if not 1 <= face <= sides:
            raise DiceError(f"a d{sides} shows 1 to {sides}; {face} was typed ({prompt})")
        return face


def read_face(text: str, sides: int) -> int | None:
    """The face typed: "1".."sides"; a d10's "0" is its 10. None if it is not a face."""
    text = text.strip()
    if not text.isdigit():
        return None
    face = int(text)
    if face == 0 and sides == 10:
        return 10
    return face if 1 <= face <= sides else None


class FaceDialog(QDialog):
    """"d10 #1 for Vanya's attack: __" — type the face and Enter, or click it."""

    def __init__(self, sides: int, prompt: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides = sides
        self.face: int | None = None
        self.setWindowTitle("Type the die rolled at the table")
        layout = QVBoxLayout(self)
        label = QLabel(f"{prompt}:")
        font = QFont(label.font())
        font.setPointSizeF(max(font.pointSizeF(), 10) * 1.3)
        label.setFont(font)
        layout.addWidget(label)
        self.edit = QLineEdit()
        self.edit.setObjectName("faceEdit")
        self.edit.setFont(font)
        self.edit.setValidator(QIntValidator(0, sides, self))
        self.edit.setPlaceholderText(f"1–{sides}" + (" (0 = 10)" if sides == 10 else ""))
        self.edit.setToolTip(f"The face the d{sides} shows; Enter to confirm, Esc cancels "
                             "the whole command")
        layout.addWidget(self.edit)
        if sides <= 20:
            grid = QGridLayout()
            for face in range(1, sides + 1):
                button = QPushButton(str(face))
                button.setAutoDefault(False)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.clicked.connect(lambda _=False, f=face: self._choose(f))
                grid.addWidget(button, (face - 1) // 10, (face - 1) % 10)
            layout.addLayout(grid)
        self.error = QLabel("")
        tint(self.error, VERMILLION)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._confirm)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.edit.setFocus()

    def _choose(self, face: int) -> None:
        self.face = face
        self.accept()

    def _confirm(self) -> None:
        face = read_face(self.edit.text(), self.sides)
        if face is None:
            self.error.setText(f"Type a number from 1 to {self.sides}")
            return
        self._choose(face)


def dialog_asker(parent: QWidget | None = None) -> AskFace:
    """The UI callback: a modal FaceDialog for each die."""

    def ask(sides: int, prompt: str) -> int | None:
        dialog = FaceDialog(sides, prompt, parent)
        try:
            return dialog.face if dialog.exec() == QDialog.DialogCode.Accepted else None
        finally:
            dialog.deleteLater()

    return ask


def announce(dice: object, purpose: str) -> None:
    """Name the next command's rolls for the dialog ("d6 #1 for initiative")."""
    if isinstance(dice, AskDice):
        dice.begin(purpose)
