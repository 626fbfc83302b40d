"""The board's words: the drag in words (and a tool's prompt) on a dark plate at the top
left of the board, an opaque widget of its own over the view's viewport (issue 26).

Being opaque, the plate is left out of the board's repaints (Qt paints no board under an
opaque widget above it), and a drag step that changes its words repaints only the strips of
the plate whose words changed: before, every step repainted the board under the whole plate
and the plate over it, most of a drag step's paint. The words and their layout are the
legend's (`Legend.paint_lines`); `tactical render` draws them with the board instead
(`BoardView.words_on_board`), as the plate shows them."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPaintEvent, QRegion
from PySide6.QtWidgets import QWidget

from tactical.ui.board.legend import PLATE, Legend

Line = tuple[str, str]
_EDGE = 1  # px round the plate: its border drawn whole inside the widget


class BoardWords(QWidget):
    """The plate; `show_lines(box, lines, origin)` places it and repaints what changed."""

    def __init__(self, parent: QWidget, legend: Legend) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.legend = legend
        self.lines: list[Line] = []
        self.box = QRectF()  # where the words may go, in the viewport's pixels
        self._plate = QRect()  # the widget's rectangle, in the viewport's pixels
        self._pieces: set[tuple[object, tuple[float, float, float, float]]] = set()
        self.hide()

    def show_lines(self, box: QRectF, lines: list[Line], origin: QPoint) -> None:
        """`lines` in `box` (viewport pixels; `origin`: the viewport's corner in the
        parent): the plate placed and shown, or hidden when there are none."""
        pieces = self.legend.line_pieces(box, lines)
        if not pieces:
            self.lines, self._pieces, self._plate = [], set(), QRect()
            self.hide()
            return
        plate = self.legend.lines_rect(box, lines).toAlignedRect().adjusted(
            -_EDGE, -_EDGE, _EDGE, _EDGE)
        now = {(key, (r.x(), r.y(), r.width(), r.height())) for key, r in pieces}
        changed = self._pieces ^ now
        moved = plate != self._plate or not self.isVisible()
        self.lines, self.box, self._pieces, self._plate = list(lines), QRectF(box), now, plate
        if moved:
            self.setGeometry(plate.translated(origin))
            rounded = QPainterPath()
            rounded.addRoundedRect(QRectF(self.rect()), 8 + _EDGE, 8 + _EDGE)
            self.setMask(QRegion(rounded.toFillPolygon().toPolygon()))
            self.show()
            self.raise_()
            self.update()
            return
        corner = plate.topLeft()
        for _key, (x, y, w, h) in changed:  # only the strips whose words changed
            self.update(QRectF(x, y, w, h).toAlignedRect().translated(-corner)
                        .adjusted(-2, -2, 2, 2))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), PLATE)  # opaque: nothing of the board shows through
        painter.translate(-self._plate.topLeft())
        exposed = QRectF(event.rect().translated(self._plate.topLeft()))
        self.legend.paint_lines(painter, self.box, self.lines, exposed)
        painter.end()
