"""A text label with a dark halo, in metres, above everything it names."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.ui.board.palette import TEXT, Z
from tactical.ui.board.shapes import draw_halo_text, text_path

MIN_PX_PER_M = 7.0  # smaller than this, labels are unreadable: skip them


class LabelItem(QGraphicsItem):
    def __init__(self, text: str = "", height_m: float = 0.5,
                 colour: QColor = TEXT, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setZValue(Z.LABELS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # The haloed text is a filled and stroked path: rasterise it once per zoom, not
        # every frame (measured: labels were half of a frame at zoom 1)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.text = ""
        self._height = height_m
        self._colour = QColor(colour)
        self._path = QPainterPath()
        self._rect = QRectF()
        self.set_text(text)

    @property
    def colour(self) -> QColor:
        return QColor(self._colour)

    def set_text(self, text: str, colour: QColor | None = None) -> None:
        if colour is not None:
            self._colour = QColor(colour)
        if text == self.text:
            self.update()
            return
        self.prepareGeometryChange()
        self.text = text
        self._path = text_path(text, self._height) if text else QPainterPath()
        halo = self._height * 0.35
        self._rect = self._path.boundingRect().adjusted(-halo, -halo, halo, halo)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if option.levelOfDetailFromTransform(painter.worldTransform()) < MIN_PX_PER_M:
            return
        draw_halo_text(painter, self._path, self._height * 0.32, self._colour)
