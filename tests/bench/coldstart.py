"""Cold start, run in a fresh interpreter by bench_window.py: `coldstart.py app` starts the
real GUI on the demo map (as `tactical` does), `coldstart.py bare` a bare Qt window. Each
prints "painted" once its first frame is painted, then exits; the caller times the process
from its start to that line."""

from __future__ import annotations

import os
import sys


def main(kind: str) -> int:
    if kind == "app":  # as `tactical` starts: the engine before PySide6 (tactical.cli)
        from tactical.cli import load_engine

        load_engine()
    from PySide6.QtCore import QEvent, QObject, QTimer

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                QTimer.singleShot(0, done)
            return False

    def done() -> None:
        sys.stdout.write("painted\n")
        sys.stdout.flush()
        os._exit(0)

    watcher = FirstPaint()
    if kind == "bare":
        from PySide6.QtWidgets import QApplication, QWidget

        app = QApplication(sys.argv[:1])
        window = QWidget()
        window.resize(1600, 900)
        window.installEventFilter(watcher)
        window.show()
        return app.exec()
    from tactical.ui.app import application, open_first
    from tactical.ui.main_window import MainWindow

    app = application()
    main_window = MainWindow(first_frame_first=True)  # as `tactical` starts (run_gui)
    main_window.show()
    open_first(main_window, None)
    assert main_window.view is not None
    main_window.finish_after_first_frame()
    main_window.view.viewport().installEventFilter(watcher)  # last: its filter runs first
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
