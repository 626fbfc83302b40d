"""Starting the GUI: the QApplication, the bundled font, and the first encounter — the one
asked for, the one a crash interrupted (if the GM wants it back), or the demo."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from tactical.encounter import sessions
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


def offer_resume(parent: QWidget) -> Path | None:
    """After a crash (a log never closed cleanly), ask whether to go on with it."""
    session = sessions.latest_unfinished()
    if session is None:
        return None
    name = session.header.get("name") or Path(str(session.header.get("map", "?"))).stem
    answer = QMessageBox.question(
        parent, "Resume the last encounter?",
        f"The encounter on “{name}” was not closed (started {session.header.get('created')})."
        "\nEverything up to the last command was saved. Resume it?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes)
    return session.path if answer == QMessageBox.StandardButton.Yes else None


def run_gui(path: Path | None, ruleset: str | None = None) -> int:
    app = application()
    window = MainWindow()
    if window.settings.value("window/geometry") is None:
        window.showMaximized()  # first run: the whole screen (a projector, usually)
    else:
        window.show()
    first = path or offer_resume(window) or demo_map()
    if not window.open_path(first, ruleset) and first != demo_map():
        window.open_path(demo_map(), ruleset)
    return app.exec()
