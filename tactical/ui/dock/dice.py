"""Dice typed at the table: `AskDice` asks for faces through a callback; the dock's
callback is a small modal dialog that takes every die of a roll at once ("9 9", then
"6 6 3 4 1 2": one dialog per roll, keyboard only — issue 14, defect 9). Faces typed beyond
the die asked for serve the next dice of that size in the same command. Cancelling cancels
the whole command (nothing changes): `RollCancelled` is a TacticalError, so the document
reports it as a refusal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QFont, QRegularExpressionValidator
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

# callback(sides, prompt) → the face(s) rolled at the table (the first for this die, the
# rest for the next dice of that size), or None to cancel the command
AskFace = Callable[[int, str], int | Sequence[int] | None]


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
        self.asked = 0  # faces used since `purpose` was last set
        self.typed: dict[int, list[int]] = {}  # faces typed ahead, by die size

    def begin(self, purpose: str) -> None:
        self.purpose = purpose
        self.asked = 0
        self.typed = {}

    def begin_test(self, label: str) -> None:
        """One test of a dice pool game is asked for on its own, naming who rolls what
        ("Guard (shotgun) — defence, 7 dice"; tactical.rules.shadowrun.pools.PoolRoller):
        faces typed beyond one test's pool are not carried into the opponent's."""
        self.begin(label)

    def roll(self, sides: int) -> int:
        self.asked += 1
        ahead = self.typed.get(sides)
        if ahead:
            return ahead.pop(0)
        prompt = f"d{sides} #{self.asked} for {self.purpose}"
        got = self.ask(sides, prompt)
        if got is None:
            raise RollCancelled(prompt)
        faces = [got] if isinstance(got, int) else list(got)
        if not faces:
            raise RollCancelled(prompt)
        for face in faces:
            if not 1 <= face <= sides:
                raise DiceError(f"a d{sides} shows 1 to {sides}; {face} was typed ({prompt})")
        self.typed[sides] = faces[1:]
        return faces[0]


def read_face(text: str, sides: int) -> int | None:
    """The face typed: "1".."sides"; a d10's "0" is its 10. None if it is not a face."""
    text = text.strip()
    if not text.isdigit():
        return None
    face = int(text)
    if face == 0 and sides == 10:
        return 10
    return face if 1 <= face <= sides else None


def read_faces(text: str, sides: int) -> list[int] | None:
    """Every face typed ("9 9", "6,6,3"); None if any is not a face or none is typed."""
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    faces = [read_face(w, sides) for w in words]
    if not faces or any(f is None for f in faces):
        return None
    return [f for f in faces if f is not None]


class FaceDialog(QDialog):
    """"d10 #1 for Vanya's attack: __" — type the faces of this roll ("9 9") and Enter, or
    click the last one."""

    def __init__(self, sides: int, prompt: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides = sides
        self.faces: list[int] = []
        self.setWindowTitle("Type the dice rolled at the table")
        layout = QVBoxLayout(self)
        label = QLabel(f"{prompt}:")
        font = QFont(label.font())
        font.setPointSizeF(max(font.pointSizeF(), 10) * 1.3)
        label.setFont(font)
        layout.addWidget(label)
        self.edit = QLineEdit()
        self.edit.setObjectName("faceEdit")
        self.edit.setFont(font)
        self.edit.setValidator(QRegularExpressionValidator(
            QRegularExpression(r"[0-9 ,;]*"), self))
        self.edit.setPlaceholderText(f"every d{sides} of this roll, e.g. 4 2 6"
                                     + (" (0 = 10)" if sides == 10 else ""))
        self.edit.setToolTip(f"The faces the d{sides}s show, separated by spaces; Enter "
                             "confirms, Esc cancels the whole command; more are asked for if "
                             "the roll needs them")
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

    @property
    def face(self) -> int | None:
        return self.faces[0] if self.faces else None

    def _choose(self, face: int) -> None:
        """A click: the faces typed so far, then this one."""
        self.faces = [*(read_faces(self.edit.text(), self.sides) or []), face]
        self.accept()

    def _confirm(self) -> None:
        faces = read_faces(self.edit.text(), self.sides)
        if faces is None:
            self.error.setText(f"Type numbers from 1 to {self.sides}, separated by spaces")
            return
        self.faces = faces
        self.accept()


def dialog_asker(parent: QWidget | None = None) -> AskFace:
    """The UI callback: a modal FaceDialog for each roll (all its dice at once)."""

    def ask(sides: int, prompt: str) -> list[int] | None:
        dialog = FaceDialog(sides, prompt, parent)
        try:
            return dialog.faces if dialog.exec() == QDialog.DialogCode.Accepted else None
        finally:
            dialog.deleteLater()

    return ask


def announce(dice: object, purpose: str) -> None:
    """Name the next command's rolls for the dialog ("d6 #1 for initiative")."""
    if isinstance(dice, AskDice):
        dice.begin(purpose)
