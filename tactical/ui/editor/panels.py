"""The editor's side panel: the selected cover's label, class and height with its PT/DR
(Ch.6 Cover, from the ruleset file), the roster to drag characters from, and the side new
tokens join."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tactical.data.character import Character
from tactical.data.maps import Cover, CoverClass, Side, Token
from tactical.rules import registry
from tactical.ui.editor.view import MIME


def pt_dr(cover_class: str) -> str:
    value = registry.base_numbers().cover_classes[cover_class]  # type: ignore[index]
    return f"PT {value.pt} / DR {value.dr}"


class CoverPanel(QGroupBox):
    """Edits the selected cover (or the defaults for new cover when none is selected);
    `edited(label, class, height, door)` when the GM changes a field."""

    edited = Signal(str, str, str, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Cover", parent)
        form = QFormLayout(self)
        self.label = QLineEdit()
        self.label.setPlaceholderText("e.g. Crates")
        self.cover_class = QComboBox()
        self.cover_class.addItems([c.value for c in CoverClass])
        self.cover_class.setCurrentText(CoverClass.MEDIUM.value)
        self.cover_height = QComboBox()
        self.cover_height.addItems(["high", "low"])
        self.door = QCheckBox("&Door: opens and closes mid-fight")
        self.door.setToolTip("Combat ▸ Doors and cover… opens it (it stops blocking sight "
                             "and movement) and closes it again")
        self.values = QLabel()
        self.values.setWordWrap(True)
        self.what = QLabel("New cover")
        form.addRow(self.what)
        form.addRow("&Label", self.label)
        form.addRow("&Class", self.cover_class)
        form.addRow("&Height", self.cover_height)
        form.addRow(self.door)
        form.addRow("PT/DR", self.values)
        self._quiet = False
        self.label.editingFinished.connect(self._emit)
        self.cover_class.currentTextChanged.connect(self._emit)
        self.cover_height.currentTextChanged.connect(self._emit)
        self.door.toggled.connect(self._emit)
        self._show_values()

    def _show_values(self) -> None:
        high = self.cover_height.currentText() == "high"
        self.values.setText(pt_dr(self.cover_class.currentText())
                            + ("; blocks sight" if high else "; waist high, sight passes"))

    def _emit(self, *_: object) -> None:
        self._show_values()
        if not self._quiet:
            self.edited.emit(self.label.text(), self.cover_class.currentText(),
                             self.cover_height.currentText(), self.door.isChecked())

    def show_cover(self, cover: Cover | None) -> None:
        self._quiet = True
        self.what.setText("Selected cover" if cover else "New cover")
        if cover is not None:
            self.label.setText(cover.label)
            self.cover_class.setCurrentText(cover.cover_class.value)
            self.cover_height.setCurrentText(cover.height)
            self.door.setChecked(cover.door)
        self._show_values()
        self._quiet = False


class TokenPanel(QGroupBox):
    """The selected token's name, side and awareness (Ch.6 Awareness: an Unaware
    combatant loses round 1); `edited(name, side, aware)`."""

    edited = Signal(str, str, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Token", parent)
        form = QFormLayout(self)
        self.token_name = QLineEdit()
        self.token_name.setPlaceholderText("the character's name")
        self.token_side = QComboBox()
        self.aware = QCheckBox("Aware when the fight starts")
        self.aware.setToolTip("Unchecked: Unaware, it loses round 1 (Ch.6 Awareness)")
        form.addRow("N&ame", self.token_name)
        form.addRow("S&ide", self.token_side)
        form.addRow(self.aware)
        self.character = QPushButton("C&haracter…")
        self.character.setToolTip("The token's character in the form (a bundled one is "
                                  "copied into the map first)")
        form.addRow(self.character)
        self._quiet = False
        self.token_name.editingFinished.connect(self._emit)
        self.token_side.currentIndexChanged.connect(self._emit)
        self.aware.toggled.connect(self._emit)

    def _emit(self, *_: object) -> None:
        if not self._quiet:
            self.edited.emit(self.token_name.text(), str(self.token_side.currentData()),
                             self.aware.isChecked())

    def show_token(self, token: Token | None, sides: dict[str, Side]) -> None:
        self._quiet = True
        self.setVisible(token is not None)
        self.token_side.clear()
        for key, side in sides.items():
            self.token_side.addItem(side.name, key)
        if token is not None:
            if self.token_side.findData(token.side) < 0:
                self.token_side.addItem(token.side, token.side)
            self.token_side.setCurrentIndex(self.token_side.findData(token.side))
            self.token_name.setText(token.name or "")
            self.aware.setChecked(token.aware)
        self._quiet = False


class RosterList(QListWidget):
    """Characters to drag onto the map; several selected are dropped together."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)

    def fill(self, characters: Iterable[Character]) -> None:
        self.clear()
        ordered = sorted(characters, key=lambda c: c.name.lower())
        names = Counter(c.name for c in ordered)
        for c in ordered:
            # the name (its id only when two share it): a "(security-guard-shield)" after
            # each name ran past the panel (issue 26); the id is in the tooltip
            item = QListWidgetItem(c.name if names[c.name] == 1 else f"{c.name}  ({c.id})")
            item.setToolTip(f"{c.name} — id {c.id}")
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            self.addItem(item)

    def ids(self, items: Iterable[QListWidgetItem]) -> list[str]:
        return [str(i.data(Qt.ItemDataRole.UserRole)) for i in items]

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:  # type: ignore[override]
        data = QMimeData()
        data.setData(MIME, "\n".join(self.ids(items)).encode("utf-8"))
        return data

    def mimeTypes(self) -> list[str]:
        return [MIME]


class SidePanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.cover = CoverPanel()
        layout.addWidget(self.cover)
        self.token = TokenPanel()
        self.token.hide()
        layout.addWidget(self.token)
        tokens = QGroupBox("Characters")
        inner = QVBoxLayout(tokens)
        self.side = QComboBox()
        inner.addWidget(QLabel("Drag onto the map; new tokens join:"))
        inner.addWidget(self.side)
        side_row = QHBoxLayout()
        self.side_name = QPushButton("Name…")
        self.side_colour = QPushButton("Colour…")
        self.side_add = QPushButton("Add…")
        for button in (self.side_name, self.side_colour, self.side_add):
            side_row.addWidget(button)
        inner.addLayout(side_row)
        self.roster = RosterList()
        inner.addWidget(self.roster, 1)
        character_row = QHBoxLayout()
        self.new_character = QPushButton("New character…")
        self.new_character.setToolTip("A new character of the map's own (the form starts "
                                      "from a street samurai)")
        character_row.addWidget(self.new_character)
        self.edit_character = QPushButton("Edit…")
        self.edit_character.setToolTip("The selected character in the form (or double-click "
                                       "it): the map's own is edited, any other copied")
        character_row.addWidget(self.edit_character)
        self.open_roster = QPushButton("Open roster…")
        self.open_roster.setToolTip("Characters from a roster file; those dropped on the "
                                    "map are copied into it, so the map stands alone")
        character_row.addWidget(self.open_roster)
        inner.addLayout(character_row)
        layout.addWidget(tokens, 1)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        layout.addWidget(self.hint)

    def set_sides(self, sides: dict[str, Side]) -> None:
        current = self.side.currentData()
        self.side.clear()
        for key, side in sides.items():
            self.side.addItem(side.name, key)
        index = self.side.findData(current)
        self.side.setCurrentIndex(max(index, 0))
