"""Starting the GUI: the QApplication, the bundled font, the first encounter."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from tactical.data.library import LoadedMap, load_map
from tactical.data.problems import DataError
from tactical.paths import demo_map
from tactical.ui.fonts import load_app_font
from tactical.ui.main_window import MainWindow


def application() -> QApplication:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
        app.setApplicationName("Tactical")
        app.setOrganizationName("Tactical")
    app.setFont(load_app_font(10.0))
    return app


def open_map(path: Path) -> tuple[LoadedMap | None, str | None]:
    """Load a map for the window; a broken file gives a message, never a traceback."""
    try:
        return load_map(path), None
    except DataError as exc:
        return None, str(exc)


def run_gui(path: Path | None) -> int:
    app = application()
    loaded, error = open_map(path or demo_map())
    window = MainWindow(loaded)
    window.show()
    if error:
        print(error, file=sys.stderr)
        QMessageBox.warning(window, "Cannot open the encounter", error)
    return app.exec()
