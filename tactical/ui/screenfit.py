"""Screens change (issue 23): a laptop goes from a 1920 × 1080 monitor to its own 1280 × 720
panel, a projector is unplugged. A saved window layout that does not fit the screen it
opens on is replaced by the whole screen (maximised), so the dock, the log, the legend and
the title bar's buttons are never left off-screen; a window whose screen goes away while
it is open is fitted to the one it lands on. Qt only."""

from __future__ import annotations

import logging

from PySide6.QtCore import QByteArray, QRect
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QMainWindow, QWidget

from tactical.ui.settings import Settings

log = logging.getLogger(__name__)

#: How a geometry QWidget.saveGeometry wrote begins (Qt's magic number, big-endian).
GEOMETRY_MAGIC = QByteArray(bytes.fromhex("01d9d0cb"))
#: What a window manager adds around a window not shown yet (title bar, borders): the
#: frame is known only once shown, and a window that fits only without it does not fit.
FRAME_ALLOWANCE = (16, 40)


def screen_of(widget: QWidget) -> QScreen | None:
    return widget.screen() or QGuiApplication.primaryScreen()


def fits(frame: QRect, area: QRect) -> bool:
    """Whether a window's frame lies wholly inside a screen's available area."""
    return area.contains(frame)


def restore_geometry(window: QMainWindow, prefs: Settings) -> bool:
    """The saved size and place, if there is one, Qt can read it and it fits the screen
    the window opens on. False: show the window maximised (the first run's whole screen).
    Qt refuses a geometry saved on a larger screen (restoreGeometry returns False) and the
    window kept its default 1600 × 900 on a 1280 × 720 screen before (issue 23)."""
    saved = prefs.blob("window/geometry")
    if saved is None:
        return False
    if not saved.startsWith(GEOMETRY_MAGIC):
        prefs.warn("window/geometry", "is not a window geometry")
        return False
    if not window.restoreGeometry(saved):  # a screen change, nothing wrong: no warning
        log.info("the saved window geometry does not fit this screen: maximised")
        return False
    if window.isMaximized() or window.isFullScreen():
        return True  # the window manager fits it to the screen
    screen = screen_of(window)
    if screen is None:
        return True
    dx, dy = FRAME_ALLOWANCE
    frame = window.geometry().adjusted(-dx // 2, -dy, dx // 2, dx // 2)
    if fits(frame, screen.availableGeometry()):
        return True
    log.info("the saved window geometry is larger than this screen: maximised")
    return False


def restore_state(window: QMainWindow, prefs: Settings) -> None:
    """The docks and toolbars as they were; bytes Qt cannot read leave them as built."""
    state = prefs.blob("window/state")
    if state is not None and not window.restoreState(state):
        prefs.warn("window/state", "is not a layout this Qt can read")


def keep_on_screen(window: QWidget) -> None:
    """While shown: when the window moves to another screen (its own was unplugged) and
    no longer fits there, maximise it on that screen."""
    handle = window.windowHandle()
    if handle is None:
        return

    def moved(screen: QScreen | None) -> None:
        if screen is None or window.isMaximized() or window.isFullScreen():
            return
        if not fits(window.frameGeometry(), screen.availableGeometry()):
            window.showMaximized()

    handle.screenChanged.connect(moved)
