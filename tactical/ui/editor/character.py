"""A character sheet to create or edit, validated as you type with the same rules as
`tactical validate` (issue 15): the schema (attributes 0–20, Health ≥ 1, …) and the
catalogue (every weapon and armor id known). The sheet is the roster format's YAML for one
character (docs/formats.md#characters), so what the GM types is what the map file holds."""

from __future__ import annotations

import yaml
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from tactical.data.character import Character, Roster
from tactical.data.kinds import validate_document
from tactical.data.library import Library, reference_problems
from tactical.data.problems import DataError
from tactical.data.yamlsafe import parse_yaml

HEAD = "kind: characters\ncharacters:\n"
HEAD_LINES = 2


def sheet_text(character: Character) -> str:
    """A character as the YAML a GM edits (fields in the schema's order)."""
    data = character.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88)


def check_sheet(text: str, library: Library) -> tuple[Character | None, list[str]]:
    """The character the text describes, or the problems, one line each with the line and
    column in the sheet (as `tactical validate` prints them)."""
    body = "".join(f"    {line}\n" for line in text.splitlines())
    wrapped = HEAD + "  - \n" + body if text.strip() else HEAD + "  - {}\n"
    try:
        doc = parse_yaml(wrapped, "sheet")
        model = validate_document(doc)
        problems = reference_problems(doc, model, library)
    except DataError as error:
        problems = list(error.problems)
        model = None
    if problems:
        lines = []
        for p in problems:
            line = max(1, p.line - HEAD_LINES - 1)
            path = p.path.removeprefix("characters[0]").lstrip(".") or "(sheet)"
            lines.append(f"line {line}: {path}: {p.message}")
        return None, lines
    assert isinstance(model, Roster)
    return model.characters[0], []


class CharacterDialog(QDialog):
    def __init__(self, library: Library, start: Character | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Character")
        self.library = library
        self.character: Character | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("The character sheet (docs/formats.md, Characters); "
                                "checked as you type:"))
        self.text = QPlainTextEdit()
        self.text.setFont(QFont("DejaVu Sans Mono"))
        self.text.setPlainText(sheet_text(start) if start else "")
        layout.addWidget(self.text, 1)
        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #b00020")
        layout.addWidget(self.problems)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.text.textChanged.connect(self.check)
        self.resize(560, 620)
        self.check()

    def check(self) -> None:
        self.character, problems = check_sheet(self.text.toPlainText(), self.library)
        self.problems.setText("\n".join(problems[:8]) if problems else "")
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.character is not None)
