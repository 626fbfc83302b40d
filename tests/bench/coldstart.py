"""Cold start, run in a fresh interpreter by bench_window.py.

`coldstart.py bare`: a bare Qt window. `coldstart.py app`: the real start of `tactical` on
the demo (as tactical.cli and tactical.ui.app.run_gui do it). Each prints "painted CPU" once
the first frame showing the board is on screen (for `app`: the kept picture of the board
when there is one, else the live board; CPU: seconds the process used so far), and exits.
`coldstart.py live`: the same start, timed to the live board's first frame; it then waits
until the start is finished (the dock built, the board's picture kept) and exits.
"""

from __future__ import annotations

import os
import resource
import sys


def cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def report() -> None:
    sys.stdout.write(f"painted {cpu():.4f}\n")
    sys.stdout.flush()


def bare() -> int:
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                QTimer.singleShot(0, lambda: (report(), os._exit(0)))
            return False

    app = QApplication(sys.argv[:1])
    window = QWidget()
    window.resize(1600, 900)
    watcher = FirstPaint()
    window.installEventFilter(watcher)
    window.show()
    return app.exec()


def tactical(kind: str) -> int:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as tactical.cli.main does
    from tactical.ui import startcache

    if not startcache.start_has_picture(None, None):  # as tactical.cli.main does
        from tactical.cli import load_engine

        load_engine()
    from PySide6.QtCore import QEvent, QObject, QTimer

    from tactical.ui.app import application, start
    from tactical.ui.main_window import MainWindow
    from tactical.ui.startpicture import PictureBoard

    app = application()
    window = MainWindow(first_frame_first=True)  # as run_gui makes it

    def live_painted() -> bool:
        return window.view is not None and window.document is not None

    def finished() -> None:  # the dock built and the picture kept: the start is over
        if window.dock is None:
            QTimer.singleShot(5, finished)
        else:
            os._exit(0)

    class FirstBoardFrame(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and kind == "app" \
                    and isinstance(watched, PictureBoard):
                QTimer.singleShot(0, lambda: watched.shown is not None and done())
            elif event.type() == QEvent.Type.Paint and live_painted() \
                    and window.view is not None and watched is window.view.viewport():
                QTimer.singleShot(0, done)
            return False

    told = False

    def done() -> None:
        nonlocal told
        if told:
            return
        told = True
        report()
        if kind == "app":
            os._exit(0)
        finished()

    watcher = FirstBoardFrame()
    app.installEventFilter(watcher)
    window.show()
    start(window, None)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(bare() if sys.argv[1] == "bare" else tactical(sys.argv[1]))
