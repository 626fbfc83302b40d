"""What the start says about the last time (issue 23: say what happened). Two different
things leave a fight's log open-ended, and a GM should read them differently:

- a **fight left in progress**: the GM quit (or opened another map) in the middle of a
  fight. Nothing went wrong. Every such fight is offered in one list: "You left a fight
  in progress on … — continue it?"; continue one, or finish it and file it away; Not now
  keeps them for the next start.
- a **crash**: Tactical ended without a normal exit (a Python exception, a fatal signal,
  or killed). Told as such, once, with the path of its report
  (tactical/ui/crashes.py), and the fight it had open is restored without a question.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tactical.encounter.store import autosave
from tactical.encounter.store.log import EncounterLog
from tactical.ui import crashes

MAX_LISTED = 50  # the newest; older ones stay in the encounters folder (File ▸ Continue)


def map_name(fight: autosave.Autosave) -> str:
    name = fight.header.get("name") or Path(str(fight.header.get("map", "?"))).stem
    return str(name)[:80]


def fight_line(fight: autosave.Autosave) -> str:
    last = datetime.fromtimestamp(fight.modified).strftime("%a %d %b, %H:%M")
    return f"{map_name(fight)} — last played {last}"


def question(fights: list[autosave.Autosave]) -> str:
    if len(fights) == 1:
        return f"You left a fight in progress on {map_name(fights[0])} — continue it?"
    return f"You left {len(fights)} fights in progress — continue one of them?"


def file_away(fight: autosave.Autosave) -> None:
    """Finish the fight: its log gets its closed marker and stays in the encounters
    folder (File ▸ Continue an encounter… still opens it); not offered again."""
    with contextlib.suppress(Exception):  # unreadable: File ▸ Open will say why
        EncounterLog.open(fight.path).log.close(finished=True)


class FightsDialog(QDialog):
    """Every fight left in progress in one list: Continue (the selected one), Finish and
    file away (the selected one; the list stays open), Not now."""

    def __init__(self, fights: list[autosave.Autosave], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fightsInProgress")
        self.setWindowTitle("Fights in progress")
        self.fights = list(fights)
        self.chosen: autosave.Autosave | None = None
        layout = QVBoxLayout(self)
        self.label = QLabel(question(self.fights))
        self.label.setWordWrap(True)
        layout.addWidget(self.label)
        self.list = QListWidget()
        for fight in self.fights:
            item = QListWidgetItem(fight_line(fight))
            item.setToolTip(str(fight.path))
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self.continue_selected())
        layout.addWidget(self.list)
        layout.addWidget(QLabel("Each fight was saved up to its last command. Finished "
                                "fights stay in your encounters folder."))
        buttons = QDialogButtonBox()
        self.continue_button = QPushButton("&Continue")
        self.continue_button.setDefault(True)
        self.file_button = QPushButton("&Finish and file away")
        self.later_button = QPushButton("&Not now")
        buttons.addButton(self.continue_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.file_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.continue_button.clicked.connect(self.continue_selected)
        self.file_button.clicked.connect(self.file_selected)
        self.later_button.clicked.connect(self.reject)
        layout.addWidget(buttons)

    def _selected(self) -> int:
        row = self.list.currentRow()
        return row if 0 <= row < len(self.fights) else 0

    def continue_selected(self) -> None:
        if self.fights:
            self.chosen = self.fights[self._selected()]
        self.accept()

    def file_selected(self) -> None:
        if not self.fights:
            self.reject()
            return
        row = self._selected()
        file_away(self.fights.pop(row))
        self.list.takeItem(row)
        if not self.fights:
            self.reject()
            return
        self.label.setText(question(self.fights))
        self.list.setCurrentRow(min(row, len(self.fights) - 1))


def offer_fights(parent: QWidget, fights: list[autosave.Autosave]) -> Path | None:
    """The list of fights left in progress; the one to continue, or None."""
    if not fights:
        return None
    dialog = FightsDialog(fights[:MAX_LISTED], parent)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    try:
        dialog.exec()
        return dialog.chosen.path if dialog.chosen is not None else None
    finally:
        dialog.deleteLater()


def crash_text(ended: crashes.Ended, report: Path, restored: bool | None) -> str:
    """`restored`: True, False (it had no fight that can go on), None (a file was asked
    for: the fight is kept, offered at the next start)."""
    what = {True: "your fight was restored", False: "it had no fight to restore",
            None: "its fight is kept and offered at the next start"}[restored]
    how = ("" if ended.error else " No error was recorded: it was stopped from outside "
           "(killed, a power cut or a shutdown).")
    return (f"Tactical closed unexpectedly; {what}.{how}\n\nWhat happened is written in "
            f"{report}\n(nothing was sent anywhere; attach it to a bug report if you like).")


def tell_crash(parent: QWidget, fights: list[autosave.Autosave],
               restore: bool = True) -> Path | None:
    """Sessions that ended unexpectedly, told once (the latest; every report is filed
    away). The log the latest had open, if it can still be continued: restored (unless
    not `restore`: the GM asked for a file)."""
    try:
        ended = crashes.unexpected_ends()
    except OSError:
        return None
    if not ended:
        return None
    latest = ended[0]
    reports = [crashes.file_away(e) for e in ended]
    open_ones = {f.path.resolve(): f.path for f in fights}
    restored = open_ones.get(latest.log.resolve()) if latest.log is not None else None
    told = (restored is not None) if restore else (None if restored else False)
    QMessageBox.warning(parent, "Tactical closed unexpectedly",
                        crash_text(latest, reports[0], told))
    return restored if restore else None


def offer_resume(parent: QWidget, file_asked_for: bool = False) -> Path | None:
    """At a start: a crash told (its fight restored, unless the GM asked for a file);
    else, with no file asked for, the fights left in progress in one list. The log to
    open, or None (the file asked for, or the demo)."""
    try:
        fights = autosave.resumable()
    except Exception:  # an unreadable encounters folder: the demo, as a fresh install
        fights = []
    restored = tell_crash(parent, fights, restore=not file_asked_for)
    if restored is not None or file_asked_for:
        return restored
    return offer_fights(parent, fights)
