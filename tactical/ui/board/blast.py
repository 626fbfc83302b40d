"""The committed blast on the board (issue 27): once the GM has thrown (never while aiming:
the aim is the GM's tool, painted on the GM's view only), the GM's board and the players'
screen draw where the round landed and its rings on the hex grid, the aimed hex crossed
out with a dashed line to the landing when it scattered. No numbers: the players' screen
shows no NPC's dice or damage. It stays until the turn passes or the throw is undone."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.data.maps import Grid
from tactical.encounter import events as ev
from tactical.encounter.queries.change import Change, How
from tactical.geometry.layout import Layout, hex_to_point
from tactical.geometry.regions import circle, hexes_in, ring
from tactical.ui.board.outline import outline

#: the rings, innermost first: red, orange, amber, yellow (read on a stream at 720p)
RING_COLOURS = ("#FF3B30", "#FF8C1A", "#FFC233", "#FFE680", "#FFF2B3", "#FFFFFF")
BLAST_Z = 12.0  # over the path, under the tokens and their names (palette.Z)


def template_after(change: Change | None,
                   shown: ev.AreaAttackResolved | None) -> ev.AreaAttackResolved | None:
    """The blast to draw after `change`: a throw applied or redone, kept until the turn
    passes; gone with its undo."""
    if change is None:
        return shown
    thrown = next((e for e in change.events if isinstance(e, ev.AreaAttackResolved)), None)
    if change.how is How.UNDONE:
        return None if thrown is not None or change.turn else shown
    if thrown is not None:
        return thrown
    return None if change.turn else shown


class BlastItem(QGraphicsItem):
    def __init__(self, layout: Layout, grid: Grid) -> None:
        super().__init__()
        self.layout, self.grid = layout, grid
        self.setZValue(BLAST_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.blast: ev.AreaAttackResolved | None = None
        self._rings: list[QPainterPath] = []
        self._landing = QPainterPath()
        self._rect = QRectF()
        self.hide()

    def show_blast(self, blast: ev.AreaAttackResolved | None) -> None:
        if blast == self.blast:
            return
        self.prepareGeometryChange()
        self.blast = blast
        self._rings = []
        if blast is None:
            self.hide()
            return
        landing = (blast.landing[0], blast.landing[1])
        radii = blast.rings_m
        for i, outer in enumerate(radii):
            region = circle(landing, outer) if i == 0 else ring(landing, radii[i - 1], outer)
            self._rings.append(outline(self.layout, hexes_in(region, self.layout, self.grid)))
        self._landing = outline(self.layout, [landing])
        rect = QRectF()
        for path in (*self._rings, self._landing):
            rect = rect.united(path.boundingRect())
        aim = QPointF(*hex_to_point(self.layout, blast.aim))
        self._rect = rect.united(QRectF(aim, aim)).adjusted(-2, -2, 2, 2)
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        blast = self.blast
        if blast is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for i in range(len(self._rings) - 1, -1, -1):
            colour = QColor(RING_COLOURS[min(i, len(RING_COLOURS) - 1)])
            fill = QColor(colour)
            fill.setAlpha(110 - 18 * i)
            edge = QPen(colour, 3)
            edge.setCosmetic(True)
            painter.setPen(edge)
            painter.setBrush(QBrush(fill))
            painter.drawPath(self._rings[i])
        white = QPen(QColor("#FFFFFF"), 3)
        white.setCosmetic(True)
        painter.setPen(white)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._landing)
        if blast.aim != blast.landing:  # scattered: from the aimed hex to where it fell
            aim = QPointF(*hex_to_point(self.layout, blast.aim))
            landing = QPointF(*hex_to_point(self.layout, blast.landing))
            dashed = QPen(QColor("#FFFFFF"), 2.5, Qt.PenStyle.DashLine)
            dashed.setCosmetic(True)
            painter.setPen(dashed)
            painter.drawLine(aim, landing)
            d = self.layout.size * 0.45
            painter.setPen(white)
            painter.drawLine(aim + QPointF(-d, -d), aim + QPointF(d, d))
            painter.drawLine(aim + QPointF(-d, d), aim + QPointF(d, -d))
