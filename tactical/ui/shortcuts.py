"""The F1 list (Help ▸ Keyboard shortcuts): the window's shortcuts and the board's gestures
in two columns, in a dialog that fits the screen it opens on — a 720p screen included —
and scrolls when it must (issue 26: one tall message box ran off a 720p screen)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

ROOM = 0.85  # of the screen's free height and width, at most


def two_columns(rows: list[str]) -> str:
    """`rows` (<tr> rows of two cells) as one table, the second half beside the first."""
    half = -(-len(rows) // 2)
    left, right = rows[:half], rows[half:]
    right += ["<tr><td></td><td></td></tr>"] * (len(left) - len(right))
    lines = [f"{a[:-5]}<td width=24></td>{b[4:]}" for a, b in zip(left, right, strict=True)]
    return "<table cellspacing=5>" + "".join(lines) + "</table>"


class ShortcutsDialog(QDialog):
    def __init__(self, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard shortcuts")
        layout = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setObjectName("shortcutsText")
        self.text.setHtml(html)
        self.text.setFrameShape(QTextBrowser.Shape.NoFrame)
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(self._fitting())

    def _fitting(self) -> QSize:
        """The whole table if the screen has room for it, else what it has (it scrolls)."""
        document = self.text.document()
        document.setTextWidth(-1)
        want = document.size().toSize() + QSize(60, 110)
        screen = self.screen() if self.screen() is not None else None
        if screen is None:
            return want
        free = screen.availableGeometry()
        return QSize(min(want.width(), int(free.width() * ROOM)),
                     min(want.height(), int(free.height() * ROOM)))
