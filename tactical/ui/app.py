"""Starting the GUI: the QApplication, the bundled font, this session's crash report, and
the first encounter — the one asked for, the one a crash interrupted (restored), a fight
left in progress (if the GM wants it back), or the demo."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from tactical.core.errors import TacticalError
from tactical.core.paths import demo_map
from tactical.encounter.store import autosave
from tactical.ui import crashes, resume, startcache
from tactical.ui.fonts import load_app_font
from tactical.ui.main_window import MainWindow
from tactical.ui.screenfit import keep_on_screen


def application() -> QApplication:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
        app.setApplicationName("Tactical")
        app.setOrganizationName("Tactical")
    app.setFont(load_app_font(10.0))
    return app


def offer_resume(parent: QWidget) -> Path | None:
    """The fight to open at a start with no file asked for: the one a crash interrupted
    (told as a crash), or one of the fights left in progress the GM chooses to continue
    (tactical/ui/resume.py)."""
    return resume.offer_resume(parent)


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
    resumed = resume.offer_resume(window, file_asked_for=path is not None)
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


def show_window(window: MainWindow) -> None:
    """As it was left, or the whole screen: at the first run (a projector, usually) and
    when the saved layout does not fit this screen (issue 23)."""
    if window.start_maximised:
        window.showMaximized()
    else:
        window.show()
    keep_on_screen(window)


def run_gui(path: Path | None, ruleset: str | None = None) -> int:
    watch = crashes.Watch.start()  # issue 23: a crash is told as such at the next start
    app = application()
    window = MainWindow(first_frame_first=True)  # the board paints first (issue 13)
    if watch is not None:
        window.log_shown = watch.opened
    show_window(window)
    start(window, path, ruleset)
    code = app.exec()
    if watch is not None:
        watch.stop()  # a normal exit: not a crash
    return code
