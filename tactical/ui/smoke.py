"""The Qt half of `tactical --smoke-test` and `--first-frame` (tactical/cli/smoke.py): the
real main window, with its settings in a file the caller names (never the user's)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from tactical.core.errors import TacticalError
from tactical.ui.app import application, start
from tactical.ui.board.render import save_png
from tactical.ui.main_window import MainWindow

SIZE = (1280, 800)


def first_frame(log_path: Path, settings_path: Path, png_path: Path) -> str:
    """Open the encounter log in the main window offscreen and draw one frame to a PNG;
    TacticalError if the frame is blank or the window could not open the log."""
    app = application()
    settings = QSettings(str(settings_path), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.resize(*SIZE)
    window.show()
    try:
        if not window.open_path(log_path) or window.document is None:
            raise TacticalError(f"the window could not open {log_path.name}")
        app.processEvents()
        window.zoom_to_fit()
        image = window.grab().toImage()
        colours = _colours(image)
        if colours < 16:  # the board draws a grid, cover and tokens: not a flat colour
            raise TacticalError(f"the frame is blank ({colours} colours)")
        save_png(image, png_path)  # the PNG writer works (OSError otherwise)
        round_ = window.document.state.round
    finally:
        window.close()  # closes the log (the fight stays resumable in the temporary folder)
        window.deleteLater()
        app.processEvents()
        settings.sync()  # written now, while the temporary folder is still there
    return (f"window drew {image.width()}x{image.height()} offscreen ({colours} colours, "
            f"round {round_}, platform {QApplication.platformName()})")


def _colours(image: QImage, step: int = 7) -> int:
    seen = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            seen.add(image.pixel(x, y))
    return len(seen)


class _FirstPaint(QObject):
    """Prints "painted" at the first paint of the watched widget, then quits the app."""

    def __init__(self, app: QApplication) -> None:
        super().__init__()
        self.app = app
        self.done = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self.done:
            self.done = True
            QTimer.singleShot(0, self.finish)
        return False

    def finish(self) -> None:
        sys.stdout.write("painted\n")
        sys.stdout.flush()
        self.app.quit()


def time_first_paint(settings_path: Path) -> int:
    """The GUI as `tactical` starts it, on the demo; quits after its first painted frame."""
    app = application()
    settings = QSettings(str(settings_path), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, first_frame_first=True)  # as run_gui (issue 13)
    window.show()
    start(window, None)  # fresh user folders: no picture kept, the board is built at once
    if window.view is None:
        print("first frame: the demo did not open", file=sys.stderr)
        return 1
    watcher = _FirstPaint(app)
    window.view.viewport().installEventFilter(watcher)
    code = app.exec()
    window.close()
    settings.sync()  # written now, while the temporary folder is still there
    return code
