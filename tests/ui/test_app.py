"""The window opens on the demo encounter, and a broken map is a message, not a crash."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QLabel

from tactical.paths import demo_map
from tactical.ui.app import open_map
from tactical.ui.fonts import load_app_font
from tactical.ui.main_window import MainWindow


def test_main_window_opens_on_the_demo_encounter(qtbot):
    loaded, error = open_map(demo_map())
    assert error is None and loaded is not None
    window = MainWindow(loaded)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.windowTitle() == "Tactical — Warehouse 7, Tacoma docks"
    summary = window.findChild(QLabel, "encounterSummary")
    assert "24×16 hexes" in summary.text() and "6 tokens" in summary.text()


def test_broken_map_gives_the_positioned_message(write):
    path = write("m.yaml", "kind: map\nname: x\n")
    loaded, error = open_map(path)
    assert loaded is None
    assert error == f"{path}:1:1: grid: missing required field 'grid'"


def test_bundled_font_is_loaded(qapp):
    font = load_app_font(12)
    assert font.family() in QFontDatabase.families()
    assert "DejaVu Sans" in font.family()
