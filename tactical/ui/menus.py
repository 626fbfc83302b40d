"""Menu building blocks the window needs before any board exists (issue 13: the window
paints before the engine is imported): entries and how they fill a menu, the dialogs that
ask the GM for a value, the names of the board's layers and legend edges, and the board's
background colour. Qt only."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QMenu,
    QSpinBox,
    QWidget,
)

#: Layers the main window toggles with keys 1–5, in that order.
LAYERS = ("grid", "cover", "bands", "triggers", "tokens")
#: Where the legend may sit (View ▸ Legend position); "auto": left, or bottom when narrow.
LEGEND_EDGES = ("auto", "left", "right", "top", "bottom")
#: Around the map, and where the board is not built yet (tactical/ui/startpicture.py).
BOARD_BACKGROUND = "#1b1c1f"


class Asker(Protocol):
    def number(self, title: str, label: str, value: int, low: int,
               high: int) -> int | None: ...

    def choice(self, title: str, label: str, options: Sequence[str],
               current: int = 0) -> str | None: ...

    def text(self, title: str, label: str, default: str) -> str | None: ...

    def vitals(self, title: str, health: int, stamina: int,
               edge: int) -> tuple[int, int, int] | None: ...


class DialogAsker:
    """The dialogs a GM answers by keyboard (Enter accepts, Esc cancels)."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    def number(self, title: str, label: str, value: int, low: int, high: int) -> int | None:
        got, ok = QInputDialog.getInt(self.parent, title, label, value, low, high)
        return int(got) if ok else None

    def choice(self, title: str, label: str, options: Sequence[str],
               current: int = 0) -> str | None:
        got, ok = QInputDialog.getItem(self.parent, title, label, list(options), current,
                                       False)
        return str(got) if ok else None

    def text(self, title: str, label: str, default: str) -> str | None:
        got, ok = QInputDialog.getText(self.parent, title, label, text=default)
        return str(got) if ok and got.strip() else None

    def vitals(self, title: str, health: int, stamina: int,
               edge: int) -> tuple[int, int, int] | None:
        dialog = QDialog(self.parent)
        dialog.setWindowTitle(title)
        form = QFormLayout(dialog)
        boxes = []
        for name, value, low in (("Health", health, 1), ("Stamina", stamina, 1),
                                 ("Edge", edge, 0)):
            box = QSpinBox()
            box.setRange(low, 9999)
            box.setValue(value)
            form.addRow(name, box)
            boxes.append(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        form.addRow(buttons)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return boxes[0].value(), boxes[1].value(), boxes[2].value()


@dataclass
class Entry:
    """One control: its text, the engine command type it sends ("" for a view action),
    its action cost (Ch.6 Actions), and what it does — or the entries of a submenu."""

    text: str
    command: str = ""
    cost: str = ""
    run: Callable[[], None] | None = None
    children: Sequence[Entry | None] = field(default_factory=list)  # None: a separator
    enabled: bool = True
    tip: str = ""
    checked: bool | None = None  # a condition's tick
    # the command the entry sends, or one that costs what it costs (a dialog's choices to
    # come): the engine's dry run says whether it is enabled (issue 26: one source)
    probe: object | None = None
    # the action the running game is asked whether it has (`Ruleset.offers`) when it is not
    # the command's own name: Chapter 6's Charge and Sprint are Moves of their own kind
    offer: str = ""

    @property
    def label(self) -> str:
        return f"{self.text} ({self.cost})" if self.cost else self.text


def fill_menu(menu: QMenu, entries: Sequence[Entry | None]) -> None:
    """`entries` into `menu` (None: a separator); each action carries its command type in
    the "command" property."""
    for entry in entries:
        if entry is None:
            menu.addSeparator()
            continue
        if entry.children:
            sub = menu.addMenu(entry.label)
            sub.menuAction().setProperty("command", entry.command)
            sub.setToolTipsVisible(True)
            fill_menu(sub, entry.children)
            sub.setEnabled(entry.enabled)
            continue
        action = menu.addAction(entry.label)
        action.setProperty("command", entry.command)
        action.setEnabled(entry.enabled)
        if entry.tip:
            action.setToolTip(entry.tip)
        if entry.checked is not None:
            action.setCheckable(True)
            action.setChecked(entry.checked)
        if entry.run is not None:
            run = entry.run
            action.triggered.connect(lambda _=False, r=run: r())
    menu.setToolTipsVisible(True)


def find_action(menu: QMenu, *path: str) -> object:
    """The action reached by `path` (texts without their cost, e.g. "Ready weapon",
    "Reload Shotgun"): what tests and the docs renderer trigger."""
    current = menu
    for i, text in enumerate(path):
        for action in current.actions():
            words = re.sub(r" \([^)]*\)$", "", action.text())
            if words == text or action.text() == text:
                sub = action.menu()
                if i == len(path) - 1:
                    return action
                if isinstance(sub, QMenu):
                    current = sub
                    break
        else:
            raise KeyError(f"no menu entry {text!r} in {[a.text() for a in current.actions()]}")
    raise KeyError(path)
