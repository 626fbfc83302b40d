"""The editor's tests drive the real main window offscreen."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings

from tactical.ui.main_window import MainWindow
from tests import qtleaks


@pytest.fixture
def window(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    # Not qtbot.addWidget: pytest-qt closes its widgets before this fixture's teardown,
    # and an unsaved map would ask "save first?" in a modal box nobody answers.
    win.resize(1600, 900)
    win.show()
    qtbot.waitExposed(win)
    yield win
    if win.edit_mode.editor is not None:
        win.edit_mode.editor.stack.setClean()  # no "save first?" question at teardown
    win.close()
    win.deleteLater()


@pytest.fixture(autouse=True)
def no_leaked_windows(qapp) -> Iterator[None]:
    yield from qtleaks.no_leaked_windows()
