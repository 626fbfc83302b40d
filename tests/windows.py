"""The main window as the UI tests open it: private settings, a size, the demo map.

Shared by tests/ui, tests/editor and tests/hostile instead of a set-up written in each file.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from tactical.core.dice import Dice
from tactical.core.paths import demo_map
from tactical.ui.main_window import MainWindow

DEMO = demo_map()


def settings_in(folder: Path, name: str = "settings.ini") -> QSettings:
    """An INI settings file of the test's own (never the tester's)."""
    return QSettings(str(folder / name), QSettings.Format.IniFormat)


def open_window(qtbot, folder: Path, size: tuple[int, int] | None = (1600, 900),
                path: Path | None = DEMO, dice: Dice | None = None) -> MainWindow:
    """A shown MainWindow with settings in `folder`, `path` opened (None: nothing), the
    encounter's dice replaced by `dice` when given, and the map fitted to the view."""
    window = MainWindow(settings=settings_in(folder))
    qtbot.addWidget(window)
    if size is not None:
        window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    if path is not None:
        assert window.open_path(path)
        if dice is not None:
            window.document.encounter.dice = dice
        window.zoom_to_fit()
    return window


def close(window: MainWindow) -> None:
    """Closes an open menu first: a menu left open would outlive the window."""
    if window.last_menu is not None:
        window.last_menu.close()
    window.close()
