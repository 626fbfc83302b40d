"""The character dialog (issue 15): a form with a field for each entry of the roster format,
and the same character as YAML in an "Advanced (YAML)" tab, kept in step. Both are checked as
the GM types with the same rules as `tactical validate`: the entry is written out as a
one-character roster and read back through the validator (the schema: attributes 0–20,
Health ≥ 1, …; the catalogue: every weapon and armor id known), so no rule is copied here.
Each problem shows on its field (a red border, the message as its tooltip) and in a list;
OK stays disabled while there is one."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, get_args

import yaml
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tactical.data.character import Character, Roster
from tactical.data.gear import Slug
from tactical.data.kinds import validate_document
from tactical.data.library import Library, reference_problems
from tactical.data.problems import DataError, Problem
from tactical.data.yamlsafe import parse_yaml
from tactical.ui.editor.charfields import default_character
from tactical.ui.editor.charform import CharacterForm
from tactical.ui.editor.marks import PROBLEM_STYLE

HEAD = "kind: characters\ncharacters:\n"
SLUG_PATTERN = str(get_args(Slug)[1].pattern)  # the schema's id rule, for `plain`
HEAD_LINES = 2


def sheet_text(character: Character) -> str:
    """A character as the YAML a GM edits (fields in the schema's order)."""
    data = character.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88)


def _validate(text: str, library: Library) -> tuple[Character | None, list[Problem]]:
    """The one-character sheet `text` read the way `tactical validate` reads a roster."""
    body = "".join(f"    {line}\n" for line in text.splitlines())
    wrapped = HEAD + "  - \n" + body if text.strip() else HEAD + "  - {}\n"
    try:
        doc = parse_yaml(wrapped, "sheet")
        model = validate_document(doc)
        problems = reference_problems(doc, model, library)
    except DataError as error:
        return None, list(error.problems)
    if problems:
        return None, problems
    assert isinstance(model, Roster)
    return model.characters[0], []


def _where(problem: Problem) -> str:
    return problem.path.removeprefix("characters[0]").lstrip(".") or "(sheet)"


def check_sheet(text: str, library: Library) -> tuple[Character | None, list[str]]:
    """The character the text describes, or the problems, one line each with the line and
    column in the sheet (as `tactical validate` prints them)."""
    character, problems = _validate(text, library)
    return character, [f"line {max(1, p.line - HEAD_LINES - 1)}: {_where(p)}: {p.message}"
                       for p in problems]


def check_fields(data: Mapping[str, Any], library: Library
                 ) -> tuple[Character | None, list[tuple[str, str]]]:
    """The form's entry, written as a sheet and checked like one: the character, or each
    problem as (field path, message)."""
    text = yaml.safe_dump(dict(data), sort_keys=False, allow_unicode=True)
    character, problems = _validate(text, library)
    return character, [(_where(p), plain(p.message)) for p in problems]


def plain(message: str) -> str:
    """The validator's message for a malformed id, in words (the rule is the same)."""
    found = re.match(rf"^String should match pattern '{re.escape(SLUG_PATTERN)}'; "
                     r"found (.*)$", message)
    if found is None:
        return message
    return (f"not an id: lower-case letters, digits, - and _ (like ranged_close); "
            f"found {found.group(1)}")


class CharacterDialog(QDialog):
    """Create or edit a character. `taken`: ids other characters already use (a new id
    must not replace one of them); `fixed_id`: the character is the map's own and tokens
    refer to it, so its id stays. After OK, `character` is the checked character."""

    def __init__(self, library: Library, start: Character | None = None,
                 parent: QWidget | None = None, *, taken: Collection[str] = (),
                 fixed_id: bool = False, base: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit character" if fixed_id else "New character")
        self.setStyleSheet(PROBLEM_STYLE)
        self.library = library
        self.taken = set(taken)
        self.start = start
        self.fixed_id = fixed_id
        self.character: Character | None = None
        self._loading = False
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        self.form = CharacterForm(library, self.taken)
        self.form.base = base  # the map's folder: where a portrait is looked for
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.form)
        self.tabs.addTab(scroll, "&Form")
        self.text = QPlainTextEdit()
        self.text.setFont(QFont("DejaVu Sans Mono"))
        yaml_tab = QWidget()
        yaml_layout = QVBoxLayout(yaml_tab)
        yaml_layout.addWidget(QLabel("The same character in the roster format "
                                     "(docs/formats.md, Characters), checked as you type:"))
        yaml_layout.addWidget(self.text, 1)
        self.tabs.addTab(yaml_tab, "Advanced (&YAML)")
        layout.addWidget(self.tabs, 1)
        self.summary = QLabel()
        layout.addWidget(self.summary)
        self.problems = QListWidget()
        self.problems.setToolTip("Click a problem to go to its field")
        self.problems.itemClicked.connect(self._go_to)
        self.problems.itemActivated.connect(self._go_to)
        layout.addWidget(self.problems)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setDefault(True)  # Enter in any field is OK (when the character is valid)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        if start is not None:
            self.form.load(start.model_dump(mode="json", by_alias=True))
        else:
            data = default_character(library)
            data["id"] = self.form.unique(str(data["id"]))
            self.form.load(data)
        if fixed_id:
            self.form.ident.setReadOnly(True)
            self.form.ident.setToolTip("Tokens on the map refer to this id, so it stays")
        self.form.changed.connect(self.check)
        self.text.textChanged.connect(self._text_changed)
        self.tabs.currentChanged.connect(self._tab_changed)
        self.resize(1100, 680)  # fits a 1280 × 720 screen; the form scrolls if need be
        self.check()
        self.form.name.setFocus()

    # --- checking

    def _own_problems(self, character: Character | None, data: Mapping[str, Any]
                      ) -> list[tuple[str, str]]:
        """What `tactical validate` cannot know: the map's other characters."""
        ident = character.id if character is not None else str(data.get("id", ""))
        if self.fixed_id and self.start is not None and ident != self.start.id:
            return [("id", f"tokens refer to this character as '{self.start.id}'; "
                           "its id stays")]
        if ident in self.taken:
            return [("id", f"'{ident}' is another character's id; pick another")]
        return []

    def check(self) -> None:
        if self.tabs.currentIndex() == 1:
            self._check_text()
            return
        data, problems = self.form.data()
        character, found = check_fields(data, self.library)
        problems = [*problems, *found, *self._own_problems(character, data)]
        self.form.mark_problems(problems)
        self.character = None if problems else character
        self._show([(f"{path}: {message}", path) for path, message in problems])

    def _check_text(self) -> None:
        character, lines = check_sheet(self.text.toPlainText(), self.library)
        own = self._own_problems(character, {}) if character is not None else []
        self.character = None if own else character
        self._show([(line, None) for line in lines]
                   + [(f"{path}: {message}", None) for path, message in own])
        if self.character is not None:  # the form follows a valid sheet
            self._loading = True
            self.form.load(self.character.model_dump(mode="json", by_alias=True))
            self.form.mark_problems([])
            self._loading = False

    def _show(self, problems: Sequence[tuple[str, str | None]]) -> None:
        self.problems.clear()
        for text, path in problems:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, path)
            self.problems.addItem(item)
        self.problems.setVisible(bool(problems))
        rows = min(len(problems), 4)  # the form keeps the height; the list scrolls
        self.problems.setFixedHeight(rows * self.problems.sizeHintForRow(0)
                                     + 2 * self.problems.frameWidth() + 2 if rows else 0)
        self.summary.setText(f"{len(problems)} problem{'s' * (len(problems) != 1)}: OK "
                             "is disabled until they are fixed" if problems else
                             "Valid: the same rules as tactical validate")
        self.summary.setStyleSheet("color: #b00020" if problems else "color: #1b5e20")
        self.ok.setEnabled(not problems and self.character is not None)

    def problem_texts(self) -> list[str]:
        return [self.problems.item(i).text() for i in range(self.problems.count())]

    def _go_to(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        widget = self.form.widget_for(str(path)) if path is not None else None
        if widget is not None:
            widget.setFocus()
            self.tabs.currentWidget().ensureWidgetVisible(widget)  # type: ignore[attr-defined]
        elif self.tabs.currentIndex() == 1:
            self.text.setFocus()

    # --- the two tabs in step

    def _text_changed(self) -> None:
        if not self._loading:
            self.check()

    def _tab_changed(self, index: int) -> None:
        if index == 1:  # the sheet shows the form as it is, valid or not
            data, _problems = self.form.data()
            text = sheet_text(self.character) if self.character is not None else \
                yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88)
            self._loading = True
            self.text.setPlainText(text)
            self._loading = False
        self.check()
