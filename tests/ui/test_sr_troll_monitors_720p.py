"""A troll's condition monitors in the dock at 1280 × 720 (SR4): the grab of Kicker's
action phase on sr4_melee_split showed the whole dock scrolled sideways ("End combat",
the Passes column and "Change fire mode (Simple)" cut at the right edge): his 13 Physical
boxes and "0/13 (13 left)" side by side were wider than the dock."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel

from tactical.core.dice import ScriptedDice
from tests import windows
from tests.ui.test_sr_dock_720p import cut_off, shown_rect

MAPS = Path(__file__).resolve().parents[1] / "scenarios" / "maps"


def test_a_trolls_monitors_keep_the_dock_in_its_width(qtbot, tmp_path):
    win = windows.open_window(qtbot, tmp_path, (1280, 720), MAPS / "sr4_melee_split.yaml",
                              ScriptedDice(d10=[5] * 8, d6=[5, 2, 3] * 40))
    try:
        win.dock.initiative.start_button.click()  # Kicker acts first: his status shown
        qtbot.wait(50)
        assert win.document.state.actor == "kicker"
        scroll = win.dock.sections_scroll
        assert scroll.horizontalScrollBar().maximum() == 0
        assert not cut_off(win), cut_off(win)
        # the count still reads beside or under its boxes, whole
        text = win.dock.findChild(QLabel, "physicalLabel")
        assert text is not None and text.isVisible() and text.text().startswith("0/13")
        assert scroll.viewport().rect().width() >= shown_rect(text, win).right()
    finally:
        windows.close(win)
