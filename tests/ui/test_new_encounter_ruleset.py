"""File ▸ New encounter from map… offers the open encounter's ruleset first (issue 25 item
6): a GM running SR5 who opens another map keeps SR5; with nothing open, the map's own."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QInputDialog

from tactical.ui.main_window import MainWindow
from tactical.ui.rulesets import titles


def offered(monkeypatch, window: MainWindow, map_path: Path) -> str:
    seen: list[str] = []

    def get_item(_parent, _title, _label, names, current, _editable):
        seen.append(names[current])
        return names[current], True

    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(get_item))
    chosen = window.choose_ruleset(map_path)
    assert chosen is not None and titles()[chosen] == seen[0]
    return chosen


def test_the_open_encounters_ruleset_is_the_default(qtbot, tmp_path, monkeypatch, root):
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"),
                                           QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    street = root / "maps" / "street.yaml"  # its own ruleset: chapter6
    assert offered(monkeypatch, window, street) == "chapter6"
    assert window.open_path(street, "sr5")
    assert window.document is not None and window.document.state.ruleset == "sr5"
    assert offered(monkeypatch, window, root / "maps" / "warehouse.yaml") == "sr5"
