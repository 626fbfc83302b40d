"""The main window. The board and the combat dock arrive with their own issues."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QWidget

from tactical import __version__
from tactical.data.library import LoadedMap


class MainWindow(QMainWindow):
    def __init__(self, loaded: LoadedMap | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.loaded = loaded
        self.resize(1600, 900)
        self.setMinimumSize(800, 500)
        title = loaded.map.name if loaded else "no encounter"
        self.setWindowTitle(f"Tactical — {title}")
        summary = QLabel(self._summary())
        summary.setAlignment(Qt.AlignmentFlag.AlignCenter)
        summary.setObjectName("encounterSummary")
        self.setCentralWidget(summary)
        self._build_menus()
        self.statusBar().showMessage(f"Tactical {__version__}")

    def _summary(self) -> str:
        if self.loaded is None:
            return "No encounter loaded. File ▸ Open… (Ctrl+O)"
        m = self.loaded.map
        return (f"{m.name}\n{m.grid.columns}×{m.grid.rows} hexes · {len(m.cover)} cover · "
                f"{len(m.tokens)} tokens · ruleset {m.ruleset}")

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        help_menu = self.menuBar().addMenu("&Help")
        about = QAction("&About Tactical", self)
        about.triggered.connect(lambda: QMessageBox.about(
            self, "About Tactical", f"Tactical {__version__}\nA game master's combat board."))
        help_menu.addAction(about)
