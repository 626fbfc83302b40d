"""A grid whose column count follows the width it is given: as many equal columns as the
widest item allows, up to `columns`, one when the dock is narrow. A fixed two-column grid
asked for twice its widest button: under Shadowrun ("Charge… (Complex + Move + Simple)")
that was wider than the dock at 1280×720, and the whole dock scrolled sideways, every
label's start cut off (issue 25 item 6)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


def empty(layout: QLayout) -> None:
    """Take every item out of `layout` before it is filled anew. A widget is hidden at once
    and deleted once back in the event loop: the button clicked may be the one whose click
    runs the refill."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()
            widget.deleteLater()


class GridFlow(QLayout):
    """`equal`: a grid of equal cells (the actions bar); otherwise items keep their own
    widths and wrap like words (the attack panel's chips), at most `columns` to a row."""

    def __init__(self, parent: QWidget | None = None, columns: int = 2,
                 spacing: int = 4, *, equal: bool = True) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._columns = columns
        self._equal = equal
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    # --- QLayout's item list

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    # --- sizes

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def minimumSize(self) -> QSize:
        widest = max((i.minimumSize().width() for i in self._shown()), default=0)
        return QSize(widest, self._place(QRect(0, 0, widest, 0), move=False))

    def sizeHint(self) -> QSize:
        shown = self._shown()
        widest = max((i.sizeHint().width() for i in shown), default=0)
        n = max(1, min(self._columns, len(shown)))
        width = n * widest + (n - 1) * self.spacing()
        return QSize(width, self._place(QRect(0, 0, width, 0), move=False))

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    # --- placing

    def _shown(self) -> list[QLayoutItem]:
        return [i for i in self._items if not i.isEmpty()]

    def columns_for(self, width: int) -> int:
        """As many columns as the widest item's natural width allows, up to `columns`."""
        shown = self._shown()
        widest = max((i.sizeHint().width() for i in shown), default=0)
        n = self._columns
        while n > 1 and n * widest + (n - 1) * self.spacing() > width:
            n -= 1
        return n

    def _place(self, rect: QRect, *, move: bool) -> int:
        shown = self._shown()
        if not shown:
            return 0
        if not self._equal:
            return self._flow(shown, rect, move=move)
        n = self.columns_for(rect.width())
        gap = self.spacing()
        cell = max(1, (rect.width() - (n - 1) * gap) // n)
        y, row_height = rect.y(), 0
        for k, item in enumerate(shown):
            col = k % n
            if col == 0 and k:
                y += row_height + gap
                row_height = 0
            height = item.sizeHint().height()
            if move:
                item.setGeometry(QRect(QPoint(rect.x() + col * (cell + gap), y),
                                       QSize(cell, height)))
            row_height = max(row_height, height)
        return y + row_height - rect.y()

    def _flow(self, shown: list[QLayoutItem], rect: QRect, *, move: bool) -> int:
        gap = self.spacing()
        x, y, row_height, in_row = rect.x(), rect.y(), 0, 0
        for item in shown:
            hint = item.sizeHint()
            if in_row and (in_row == self._columns
                           or x + hint.width() > rect.x() + rect.width()):
                x, y, row_height, in_row = rect.x(), y + row_height + gap, 0, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            row_height = max(row_height, hint.height())
            in_row += 1
        return y + row_height - rect.y()
