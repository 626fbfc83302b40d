"""The mouse wheel over the dock scrolls the dock (issue 25 item 6): a combo box or spin box
the pointer only passes over never changes its value; once clicked (focused) it takes the
wheel as usual."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QScrollArea, QWidget


class WheelGuard(QObject):
    """Installed on every combo and spin box under `root`: an unfocused one passes the wheel
    to `scroll`'s scroll bar."""

    def __init__(self, root: QWidget, scroll: QScrollArea) -> None:
        super().__init__(root)
        self.scroll = scroll
        self.guard(root)

    def guard(self, root: QWidget) -> None:
        for w in root.findChildren(QWidget):
            if isinstance(w, QComboBox | QAbstractSpinBox):
                w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # not WheelFocus
                w.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Wheel and isinstance(watched, QWidget)
                and not watched.hasFocus()):
            QApplication.sendEvent(self.scroll.verticalScrollBar(), event)
            return True
        return super().eventFilter(watched, event)
