"""Lists of rows the character form grows and shrinks: skills (name and rank), weapons and
armor (one catalogue item each). Each row has a remove button; a button below adds one.
Row buttons are not "auto default", so Enter anywhere in the form still means OK."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


def small_button(text: str, tip: str) -> QPushButton:
    button = QPushButton(text)
    button.setAutoDefault(False)
    button.setToolTip(tip)
    return button


def narrow(combo: QComboBox) -> QComboBox:
    """A combo box that does not widen the form to its longest item (the form must fit
    720p without scrolling sideways); the open list still shows every item whole."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(14)
    return combo


class _Row(QWidget):
    def __init__(self, fields: list[QWidget], remove_tip: str) -> None:
        super().__init__()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.fields = fields
        for field in fields:
            layout.addWidget(field, 1 if isinstance(field, QComboBox) else 0)
        self.remove = small_button("✕", remove_tip)
        self.remove.setFixedWidth(32)
        layout.addWidget(self.remove)


class Rows(QWidget):
    """Rows of fields; `changed` after any edit, add or removal; `rebuilt` after add or
    removal (the form then fixes the tab order)."""

    changed = Signal()
    rebuilt = Signal()

    def __init__(self, add_text: str, remove_tip: str) -> None:
        super().__init__()
        self._remove_tip = remove_tip
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.rows: list[_Row] = []
        self.add = small_button(add_text, "Add a row (then Tab to it)")
        self.add.clicked.connect(self.add_new)
        self.layout_.addWidget(self.add, 0, Qt.AlignmentFlag.AlignLeft)

    def make_fields(self) -> list[QWidget]:  # pragma: no cover - overridden
        raise NotImplementedError

    def add_new(self) -> None:
        """A new row (from the button): it takes the keyboard focus."""
        row = self._append()
        self.rebuilt.emit()
        self.changed.emit()
        row.fields[0].setFocus()

    def _append(self) -> _Row:
        row = _Row(self.make_fields(), self._remove_tip)
        row.remove.clicked.connect(lambda: self._remove(row))
        self.layout_.insertWidget(len(self.rows), row)
        row.show()  # now, not at the next event loop pass: Tab must find it at once
        self.rows.append(row)
        return row

    def _remove(self, row: _Row) -> None:
        index = self.rows.index(row)
        self.rows.pop(index)
        row.hide()
        row.deleteLater()
        self.rebuilt.emit()
        self.changed.emit()
        (self.rows[min(index, len(self.rows) - 1)].fields[0] if self.rows
         else self.add).setFocus()

    def clear(self) -> None:
        for row in self.rows:
            row.hide()
            row.deleteLater()
        self.rows = []

    def focusables(self) -> list[QWidget]:
        return [w for row in self.rows for w in (*row.fields, row.remove)] + [self.add]


class PickRows(Rows):
    """Catalogue items, one per row, picked from `choices` (id → tooltip): an id outside
    the catalogue cannot be picked; one loaded from a file shows as unknown."""

    def __init__(self, choices: Mapping[str, tuple[str, str]], add_text: str,
                 remove_tip: str) -> None:
        self.choices = dict(choices)  # id → (label, tooltip)
        super().__init__(add_text, remove_tip)

    def make_fields(self) -> list[QWidget]:
        combo = narrow(QComboBox())
        for ident, (label, tip) in self.choices.items():
            combo.addItem(label, ident)
            combo.setItemData(combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        combo.currentIndexChanged.connect(lambda _i: self._picked(combo))
        self._picked(combo, quiet=True)
        return [combo]

    def _picked(self, combo: QComboBox, quiet: bool = False) -> None:
        tip = str(combo.currentData(Qt.ItemDataRole.ToolTipRole) or "")
        combo.setProperty("help", tip)  # what `mark` shows after a problem
        combo.setToolTip(tip)
        if not quiet:
            self.changed.emit()

    def set_ids(self, ids: Iterable[str]) -> None:
        self.clear()
        for ident in ids:
            combo = self._append().fields[0]
            assert isinstance(combo, QComboBox)
            combo.blockSignals(True)
            if combo.findData(ident) < 0:  # not in the catalogue: shown, never offered
                combo.addItem(f"{ident} (unknown)", ident)
            combo.setCurrentIndex(combo.findData(ident))
            combo.blockSignals(False)
            self._picked(combo, quiet=True)

    def ids(self) -> list[str]:
        combos = [row.fields[0] for row in self.rows]
        return [str(c.currentData()) for c in combos
                if isinstance(c, QComboBox) and c.currentData() is not None]


class SkillRows(Rows):
    """Skills: a name (typed, or picked from the skills the roster and the catalogue use)
    and a rank."""

    def __init__(self, known: Iterable[str], add_text: str,
                 rank_range: tuple[int, int]) -> None:
        self.known = sorted(set(known))
        self.rank_range = rank_range
        super().__init__(add_text, "Remove this skill")

    def make_fields(self) -> list[QWidget]:
        name = narrow(QComboBox())
        name.setEditable(True)
        name.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        name.addItems(self.known)
        used = {n for n, _r in self.values()}
        name.setCurrentText(next((k for k in self.known if k not in used), ""))
        name.setToolTip("The skill's id as the rules name it (lower case, _ between words)")
        name.currentTextChanged.connect(lambda _t: self.changed.emit())
        rank = QSpinBox()
        rank.setRange(*self.rank_range)
        rank.setValue(min(max(5, self.rank_range[0]), self.rank_range[1]))
        rank.setToolTip("The skill's value")
        rank.valueChanged.connect(lambda _v: self.changed.emit())
        return [name, rank]

    def set_values(self, skills: Mapping[str, int]) -> None:
        self.clear()
        for skill, value in skills.items():
            name, rank = self._append().fields
            assert isinstance(name, QComboBox) and isinstance(rank, QSpinBox)
            for widget in (name, rank):
                widget.blockSignals(True)
            name.setCurrentText(skill)
            rank.setValue(value)
            for widget in (name, rank):
                widget.blockSignals(False)

    def values(self) -> list[tuple[str, int]]:
        out = []
        for row in self.rows:
            name, rank = row.fields
            assert isinstance(name, QComboBox) and isinstance(rank, QSpinBox)
            out.append((name.currentText().strip(), rank.value()))
        return out
