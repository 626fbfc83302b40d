"""The dock's panels show and hide their rows with their layouts off and lay out once
(tactical/ui/dock/relayout.py, issue 13): the GM must see them laid out exactly as when
each row was laid out as it was shown (a first try squashed the combo boxes to half
their height)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

from tactical.core.dice import RandomDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.ui.dock import relayout
from tactical.ui.document import EncounterDocument
from tactical.ui.main_window import MainWindow


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()
    QApplication.sendPostedEvents()
    QApplication.processEvents()


def play(qtbot: Any, root: Any, tmp_path: Any) -> list[list[tuple[str, bool, Any]]]:
    """The attack and turn panels' visible widgets and their geometry after each undo and
    redo of a few turns (actors with melee and with ranged weapons: rows come and go), in
    the main window at 1920 × 1080."""
    document = EncounterDocument.for_map(load_map(root / "maps" / "warehouse.yaml"),
                                         RandomDice(7))
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"),
                                           QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    window.set_document(document)
    dock = window.dock
    assert dock is not None
    document.apply(cmd.StartCombat())
    for _ in range(6):
        document.apply(cmd.EndTurn())
    settle()
    seen = []
    for step in (document.undo, document.undo, document.redo, document.undo,
                 document.redo, document.redo):
        step()
        settle()
        seen.append([(w.objectName(), w.isVisible(), w.geometry().getRect())
                     for panel in (dock.attack, dock.turn)
                     for w in panel.findChildren(QWidget) if w.isVisible()])
    window.set_document(None)
    window.close()
    return seen


def test_turns_undone_and_redone_lay_the_panels_out_as_row_by_row(qtbot, root, monkeypatch,
                                                                 tmp_path):
    once = play(qtbot, root, tmp_path)
    monkeypatch.setattr(relayout.OneLayout, "__enter__", lambda self: None)
    monkeypatch.setattr(relayout.OneLayout, "__exit__", lambda self, *exc: None)
    row_by_row = play(qtbot, root, tmp_path)
    assert once == row_by_row
