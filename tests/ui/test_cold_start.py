"""A cold start paints the board first and builds the dock and the map editor just after
(issue 13: cold start ≤ 0.4 s): the GM sees the same window a moment later."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from tactical.core.paths import demo_map
from tactical.encounter import commands as cmd
from tactical.ui.main_window import MainWindow


def test_the_dock_and_editor_come_right_after_the_first_frame(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, first_frame_first=True)
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(demo_map())
    assert window.dock is None and window.edit_mode is None  # the board alone first
    window.finish_after_first_frame()
    qtbot.waitUntil(lambda: window.dock is not None and window.dock.isVisible())
    assert window.edit_mode is not None and "edit_map" in window.action_map
    assert window.dock.toggleViewAction() in window.combat_menu.actions()
    # the late dock follows the document like one built at once
    window.action_map["start"].trigger()
    actor = window.document.state.get(window.document.state.actor).name
    assert window.dock.attack.heading.text() == f"{actor} attacks"
    window._apply(cmd.EndTurn())
    assert window.dock.log.lines and window.dock.log.lines[-1].text
    window.close()


def test_a_window_made_otherwise_has_them_at_once(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    assert window.open_path(demo_map())
    assert window.dock is not None and window.edit_mode is not None
    window.finish_start()  # nothing left to do: the same dock stays
    assert window.dock is not None
    window.close()
