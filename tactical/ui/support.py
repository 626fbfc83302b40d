"""Help ▸ Copy support details (issue 23): what a bug report needs about this machine and
this board, copied to the clipboard for the GM to paste where they choose. Nothing is sent
anywhere, and nothing of the map's content is in it: no map, token, side or character
name, no coordinates, no notes; only sizes and counts."""

from __future__ import annotations

import contextlib
import platform
import statistics
import sys
from collections import deque
from collections.abc import Sequence
from time import perf_counter
from typing import TYPE_CHECKING

import PySide6
from PySide6.QtCore import QEvent, QObject, qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow

from tactical import __version__

if TYPE_CHECKING:
    from tactical.ui.board import BoardView
    from tactical.ui.document import EncounterDocument

FRAMES_KEPT = 20


class FrameTimes(QObject):
    """How long the board's last frames took to paint, in ms. It watches the view's
    viewport from outside the view: on a paint it has the view paint (what the scroll
    area's own filter of its viewport does) and times it."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ms: deque[float] = deque(maxlen=FRAMES_KEPT)
        self._view: BoardView | None = None

    def watch(self, view: BoardView | None) -> None:
        if self._view is not None:
            with contextlib.suppress(RuntimeError):  # the old view is already deleted
                self._view.viewport().removeEventFilter(self)
        self._view = view
        self.ms.clear()
        if view is not None:
            view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        view = self._view
        if view is None or event.type() != QEvent.Type.Paint or watched is not view.viewport():
            return False
        started = perf_counter()
        view.viewportEvent(event)
        self.ms.append((perf_counter() - started) * 1000.0)
        return True  # painted: not twice


def _screens(window: QMainWindow) -> list[str]:
    current = window.screen()
    lines = []
    for n, screen in enumerate(QGuiApplication.screens(), 1):
        g, a = screen.geometry(), screen.availableGeometry()
        mark = " (this window)" if screen is current else ""
        lines.append(f"  screen {n}{mark}: {g.width()}×{g.height()} at {g.x()},{g.y()}, "
                     f"available {a.width()}×{a.height()}, scale "
                     f"{screen.devicePixelRatio():g}, {screen.logicalDotsPerInch():.0f} dpi")
    return lines


def _board(document: EncounterDocument | None, frames: Sequence[float]) -> list[str]:
    if document is None:
        return ["Board: none open"]
    grid = document.loaded.map.grid
    lines = [f"Map: {grid.columns}×{grid.rows} hexes, "
             f"{sum(1 for _ in document.state)} tokens, {len(document.loaded.map.cover)} "
             f"cover shapes; ruleset {document.state.ruleset}; phase "
             f"{document.state.phase.value}, {document.steps} commands"]
    if frames:
        lines.append(f"Last {len(frames)} frames: {', '.join(f'{ms:.1f}' for ms in frames)} "
                     f"ms (median {statistics.median(frames):.1f}, worst {max(frames):.1f})")
    else:
        lines.append("Last frames: none painted yet")
    lines.append(f"Log: {document.path or 'none (not saved)'}")
    return lines


def support_details(window: QMainWindow, document: EncounterDocument | None,
                    frames: Sequence[float], settings_file: str) -> str:
    """`window`'s screens and size, `document`'s board, its last `frames` (ms)."""
    from tactical.ui.crashes import reports_dir

    app = QGuiApplication.instance()
    plugin = app.platformName() if isinstance(app, QGuiApplication) else "?"
    size = window.size()
    state = ("full screen" if window.isFullScreen() else
             "maximised" if window.isMaximized() else "a window")
    lines = [
        f"Tactical {__version__}",
        f"OS: {platform.platform()} ({platform.machine()})",
        f"Python {platform.python_version()}, PySide6 {PySide6.__version__}, Qt {qVersion()}",
        f"Qt platform plugin: {plugin}",
        f"Window: {size.width()}×{size.height()}, {state}",
        "Screens:", *_screens(window),
        *_board(document, frames),
        f"Settings: {settings_file}",
        f"Crash reports: {reports_dir()}",
        f"Frozen: {'yes' if getattr(sys, 'frozen', False) else 'no'}",
    ]
    return "\n".join(lines) + "\n"


def copy_support_details(window: QMainWindow, document: EncounterDocument | None,
                         frames: Sequence[float], settings_file: str) -> str:
    text = support_details(window, document, frames, settings_file)
    QGuiApplication.clipboard().setText(text)
    window.statusBar().showMessage("Support details copied to the clipboard (no map "
                                   "content; nothing was sent)", 8000)
    return text
