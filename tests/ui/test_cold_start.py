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


def test_the_map_still_fits_once_the_dock_takes_its_side(qtbot, tmp_path):
    """The board is fitted at the first frame, before the dock exists; the dock then takes
    a third of the window, and the map must be fitted again, not cut off on the right."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, first_frame_first=True)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    assert window.open_path(demo_map())
    window.finish_after_first_frame()
    qtbot.waitUntil(lambda: window.dock is not None and window.dock.isVisible())
    view = window.view
    assert view is not None

    def fits() -> bool:
        shown = view.mapFromScene(view.board.map_rect).boundingRect()
        return view.viewport().rect().adjusted(-2, -2, 2, 2).contains(shown)

    qtbot.waitUntil(fits)
    window.close()
