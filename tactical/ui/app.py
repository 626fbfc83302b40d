"""Starting the GUI: the QApplication, the bundled font, and the first encounter — the one
asked for, the one a crash interrupted (if the GM wants it back), or the demo."""

from __future__ import annotations

import contextlib
import sys
from datetime import datetime
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from tactical.core.errors import TacticalError
from tactical.core.paths import demo_map
from tactical.encounter.store import autosave
from tactical.encounter.store.log import EncounterLog
from tactical.ui import startcache
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
    try:
        session = autosave.latest_unfinished()
    except Exception:
        return None
    if session is None:
        return None
    name = session.header.get("name") or Path(str(session.header.get("map", "?"))).stem
    last = datetime.fromtimestamp(session.modified).strftime("%a %d %b, %H:%M")
    answer = QMessageBox.question(
        parent, "Resume the last encounter?",
        f"The encounter on “{str(name)[:80]}” was not closed properly (last played {last}).\n"
        "Everything up to its last command was saved. Resume it?\n\n"
        "(No: it stays in your encounters folder; File ▸ Open can continue it later.)",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes)
    if answer == QMessageBox.StandardButton.Yes:
        return session.path
    # declined: mark it closed so it is not offered at every start (if it cannot be read,
    # File ▸ Open will say why when the GM tries it)
    with contextlib.suppress(Exception):
        EncounterLog.open(session.path).log.close(finished=True)
    return None


def offer_set_aside(parent: QWidget, path: Path) -> None:
    """A resumed log that would not open: offer to move it out of the way, so the next
    start does not offer it again (issue 11: it crashed the app at every start)."""
    answer = QMessageBox.question(
        parent, "Set the encounter aside?",
        f"The interrupted encounter {path.name} could not be opened (see the message "
        "before). Set it aside, so it is not offered again? It is kept beside the others "
        "as “.set-aside”.",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes)
    if answer == QMessageBox.StandardButton.Yes:
        try:
            autosave.set_aside(path)
        except TacticalError as exc:
            QMessageBox.warning(parent, "Cannot set it aside", str(exc))


def open_chosen(window: MainWindow, first: Path, resumed: Path | None,
                ruleset: str | None) -> None:
    if window.open_path(first, ruleset):
        return
    if resumed is not None:
        offer_set_aside(window, resumed)
    if first != demo_map():
        window.start_key = None  # the demo's board is no picture of the map asked for
        window.open_path(demo_map(), ruleset)


def start(window: MainWindow, path: Path | None, ruleset: str | None = None) -> None:
    """What `tactical` does once its window is shown: the first encounter — the one asked
    for, the interrupted one (if the GM wants it back and it opens), or the demo — its
    board painted first and the rest after (issue 13). A new encounter on a map shows the
    picture of its first frame an earlier start kept, until the board is built; and keeps
    one (tactical/ui/startcache.py)."""
    resumed = None if path else offer_resume(window)
    first = path or resumed or demo_map()
    window.start_key = None if resumed else startcache.map_key(first, ruleset)

    def build() -> None:
        try:
            open_chosen(window, first, resumed, ruleset)
        except Exception as exc:  # never a picture left standing over a broken start
            window.set_document(None)
            QMessageBox.critical(window, "Cannot start", f"{first}: {exc!r}"[:4000])
        else:
            if window.view is None:  # nothing opened (the GM was told why): the empty
                window.set_document(None)  # window, not a picture of a board not there
        window.finish_after_first_frame()

    if window.start_key is not None and startcache.has_any(window.start_key):
        window.show_start_picture(build)
    else:
        build()


def run_gui(path: Path | None, ruleset: str | None = None) -> int:
    app = application()
    window = MainWindow(first_frame_first=True)  # the board paints first (issue 13)
    if window.settings.value("window/geometry") is None:
        window.showMaximized()  # first run: the whole screen (a projector, usually)
    else:
        window.show()
    start(window, path, ruleset)
    return app.exec()
