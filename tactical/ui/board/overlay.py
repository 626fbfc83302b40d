"""What a drag in progress shows: the path (its length against the movement left, red dashes
past the limit), each reacting enemy ringed in its trigger's colour with a line to the hex
where the trigger fires, and faint rings on enemies that could react but cannot."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from tactical.core.types import Hex
from tactical.geometry.layout import Layout, hex_corners, hex_to_point
from tactical.rules.reactions import LeftOut
from tactical.rules.reactions import ReactionOffer as Reaction
from tactical.ui.board.labels import LabelItem
from tactical.ui.board.palette import (
    HALO,
    PATH_OK,
    PATH_TOO_LONG,
    TOKEN_RADIUS,
    TRIGGER_LABEL_HEIGHT,
    Z,
)
from tactical.ui.board.shapes import polygon_path, stamp
from tactical.ui.rulesets import RulesetView

RING_GAP = 0.3


class PathItem(QGraphicsItem):
    """The dragged path: hex centres joined, solid within the movement left, red dashes
    past it; hexes where triggers fire outlined in the trigger's colour.

    Drawn by child pieces, one per segment and one per outlined hex, each cached: a step
    that adds a segment paints that segment only, not the whole path again (issue 13:
    restroking the path was most of a drag step)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z.PATH)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.hexes: tuple[Hex, ...] = ()
        self.allowed = 0  # hexes (after the start) within the movement left
        self._pieces: dict[tuple[object, ...], QGraphicsItem] = {}

    def set_path(self, layout: Layout, hexes: tuple[Hex, ...], allowed: int,
                 marks: list[tuple[Hex, QColor]]) -> None:
        self.hexes, self.allowed = hexes, allowed
        points = [hex_to_point(layout, h) for h in hexes]
        wanted: dict[tuple[object, ...], QGraphicsItem | None] = {}
        # a segment is kept by what it draws, not by its place in the path: a path that
        # changed half-way keeps the segments it still walks (only their stacking moves)
        for i in range(1, len(points)):
            wanted[("segment", points[i - 1], points[i], i <= allowed)] = None
        for k, (h, colour) in enumerate(marks):
            scale = 0.92 - 0.12 * sum(1 for h2, _ in marks[:k] if h2 == h)
            mark_key: tuple[object, ...] = ("mark", h, scale, colour.rgba())
            if mark_key not in self._pieces:
                wanted[mark_key] = _HexMark(polygon_path(hex_corners(layout, h, scale)),
                                            colour)
            else:
                wanted[mark_key] = None
        for key in [k for k in self._pieces if k not in wanted]:
            gone = self._pieces.pop(key)
            if gone.scene() is not None:
                gone.scene().removeItem(gone)
        for i in range(1, len(points)):
            key = ("segment", points[i - 1], points[i], i <= allowed)
            kept = self._pieces.get(key)
            if kept is None:
                wanted[key] = _Segment(points[i - 1], points[i], i <= allowed, i)
            elif kept.zValue() != -i:
                kept.setZValue(-i)  # earlier segments over later ones, as when made
        for key, piece in wanted.items():
            if piece is not None:
                self._pieces[key] = piece
                piece.setParentItem(self)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        pass


class _Piece(QGraphicsItem):
    """One cached piece of the path, drawn by `draw` in scene metres."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._rect = rect

    def boundingRect(self) -> QRectF:
        return self._rect

    def draw(self, painter: QPainter) -> None:
        raise NotImplementedError

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self.draw(painter)


class _Segment(_Piece):
    """One step of the path: a segment and the dot on the hex it enters. Every step along
    the same direction looks the same, so it is a stamp (rasterised once per direction,
    look and zoom, then blitted): a path that changes half-way, as a shortest or safest
    path does, brings up to forty new segments in one drag step (issue 26)."""

    def __init__(self, a: tuple[float, float], b: tuple[float, float], ok: bool,
                 index: int) -> None:
        self._a, self._b, self._ok = QPointF(*a), QPointF(*b), ok
        super().__init__(QRectF(self._a, self._b).normalized().adjusted(-0.3, -0.3, 0.3, 0.3))
        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)  # the stamp is the cache
        self._mid = (self._a + self._b) / 2
        self._half = (self._b - self._a) / 2
        self._key = ("path segment", round(self._half.x(), 4), round(self._half.y(), 4), ok)
        self._reach = max(abs(self._half.x()), abs(self._half.y())) + 0.3
        # earlier segments over later ones: each hex's dot over the next segment's halo
        self.setZValue(-index)

    def draw(self, painter: QPainter) -> None:
        painter.save()
        painter.translate(self._mid)
        stamp(painter, self._key, self._reach, self._draw_centred)
        painter.restore()

    def _draw_centred(self, painter: QPainter) -> None:
        """The segment drawn round its middle (the stamp's origin)."""
        a, b = -self._half, self._half
        path = QPainterPath(a)
        path.lineTo(b)
        painter.strokePath(path, QPen(HALO, 0.42, Qt.PenStyle.SolidLine,
                                      Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        if self._ok:
            pen = QPen(PATH_OK, 0.22, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                       Qt.PenJoinStyle.RoundJoin)
        else:
            pen = QPen(PATH_TOO_LONG, 0.22, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap,
                       Qt.PenJoinStyle.RoundJoin)
        painter.strokePath(path, pen)
        painter.setPen(QPen(HALO, 0.06))
        painter.setBrush(PATH_OK if self._ok else PATH_TOO_LONG)
        painter.drawEllipse(b, 0.17, 0.17)


class _HexMark(_Piece):
    def __init__(self, path: QPainterPath, colour: QColor) -> None:
        super().__init__(path.boundingRect().adjusted(-0.3, -0.3, 0.3, 0.3))
        self._path, self._colour = path, colour
        self.setZValue(-100_000.0)  # under every segment, as before

    def draw(self, painter: QPainter) -> None:
        painter.strokePath(self._path, QPen(HALO, 0.34))
        painter.strokePath(self._path, QPen(self._colour, 0.2))


class ReactionMark(QGraphicsItem):
    """A reacting enemy: a ring in its trigger's colour and a line to where it fires."""

    def __init__(self, reaction: Reaction, reactor_at: tuple[float, float],
                 fires_at: tuple[float, float], ring: int, look: tuple[str, str]) -> None:
        super().__init__()
        self.reaction = reaction
        self.reactor = reaction.reactor
        self.kind: str = reaction.kind
        self.setZValue(Z.TRIGGERS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # kept while the reactions stay the same: blit it when the path repaints over it
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setPos(*reactor_at)
        name, colour = look  # the ruleset's name and colour for this kind
        self.colour = QColor(colour)
        self.radius = TOKEN_RADIUS + 0.42 + ring * RING_GAP
        line = QLineF(QPointF(0, 0), QPointF(fires_at[0] - reactor_at[0],
                                             fires_at[1] - reactor_at[1]))
        if line.length() > self.radius:
            line.setP1(line.pointAt(self.radius / line.length()))
        self._line = line
        r = self.radius + 0.3
        self._rect = QRectF(-r, -r, 2 * r, 2 * r).united(
            QRectF(line.p1(), line.p2()).normalized().adjusted(-0.4, -0.4, 0.4, 0.4))
        self.setToolTip(f"{name}: {reaction.why}")

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(HALO, 0.36))
        painter.drawLine(self._line)
        stamp(painter, ("reaction ring", self.radius, self.colour.rgba()), self.radius + 0.3,
              self._ring)
        painter.setPen(QPen(self.colour, 0.16, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap))
        painter.drawLine(self._line)

    def _ring(self, painter: QPainter) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(HALO, 0.36))
        painter.drawEllipse(QPointF(0, 0), self.radius, self.radius)
        painter.setPen(QPen(self.colour, 0.22))
        painter.drawEllipse(QPointF(0, 0), self.radius, self.radius)


class LeftOutMark(QGraphicsItem):
    """An enemy that could react but cannot: a faint dashed ring, the reason in a tooltip."""

    def __init__(self, left: LeftOut, reactor_at: tuple[float, float]) -> None:
        super().__init__()
        self.reactor = left.reactor
        self.reasons = left.reasons
        self.setZValue(Z.TRIGGERS)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setPos(*reactor_at)
        self.setOpacity(0.6)
        self.radius = TOKEN_RADIUS + 0.42
        r = self.radius + 0.2
        self._rect = QRectF(-r, -r, 2 * r, 2 * r)
        self.setToolTip("Cannot react: " + "; ".join(left.reasons))

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        stamp(painter, ("left-out ring", self.radius), self.radius + 0.2, self._ring)

    def _ring(self, painter: QPainter) -> None:
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.setPen(QPen(QColor(220, 220, 220), 0.12, Qt.PenStyle.DotLine))
        painter.drawEllipse(QPointF(0, 0), self.radius, self.radius)


class TriggerOverlay:
    """Owns the drag's items; `show` replaces them (once per hex step), `clear` removes."""

    def __init__(self, scene: QGraphicsScene, layout: Layout, view: RulesetView) -> None:
        self.scene = scene
        self.layout = layout
        self.view = view  # names and colours the reactions (tactical/ui/rulesets/)
        self.path = PathItem()
        self.path.setVisible(False)
        scene.addItem(self.path)
        self.dragged: str | None = None
        self.length_m = 0.0
        self.limit_m = 0.0
        self.reactions: tuple[Reaction, ...] = ()
        self.labels: list[tuple[LabelItem, QPointF, float]] = []  # label, anchor, gap
        self.reaction_marks: list[ReactionMark] = []
        self.left_out_marks: list[LeftOutMark] = []
        self._labels: list[LabelItem] = []
        self._key: object = None  # what the marks show (reactions, left-out, where)
        self._spare: dict[tuple[str, int], list[LabelItem]] = {}  # names put aside
        self.triggers_visible = True

    def show(self, hexes: tuple[Hex, ...], allowed: int, length_m: float, limit_m: float,
             reactions: tuple[Reaction, ...], left_out: tuple[LeftOut, ...],
             where: dict[str, Hex]) -> None:
        looks = self.view.reaction_looks
        marks = [(r.hex, QColor(looks[r.kind][1])) for r in reactions] \
            if self.triggers_visible else []
        self.path.set_path(self.layout, hexes, allowed, marks)
        self.path.setVisible(True)
        self.length_m, self.limit_m = length_m, limit_m
        # The same reactions and left-out enemies as the step before (most steps): keep
        # their items, so nothing under them repaints (issue 13)
        key = (tuple((r, where.get(r.reactor)) for r in reactions),
               tuple((x, where.get(x.reactor)) for x in left_out))
        if key == self._key:
            self.reactions = reactions
            return
        self._clear_marks()
        self._key = key
        self.reactions = reactions
        rings: dict[str, int] = {}
        for reaction in reactions:
            at = hex_to_point(self.layout, where[reaction.reactor])
            ring = rings.get(reaction.reactor, 0)
            rings[reaction.reactor] = ring + 1
            look = looks[reaction.kind]
            mark = ReactionMark(reaction, at, hex_to_point(self.layout, reaction.hex), ring, look)
            self._add(mark, self.reaction_marks)
            label = self._label(look[0], mark.colour)
            label.setVisible(self.triggers_visible)
            self._labels.append(label)
            self.labels.append((label, QPointF(*at), mark.radius + 0.12))
        for left in left_out:
            if left.reactor in where:
                self._add(LeftOutMark(left, hex_to_point(self.layout, where[left.reactor])),
                          self.left_out_marks)

    def _add(self, item: QGraphicsItem, into: list) -> None:  # type: ignore[type-arg]
        item.setVisible(self.triggers_visible)
        self.scene.addItem(item)
        into.append(item)

    def set_triggers_visible(self, on: bool) -> None:
        self.triggers_visible = on
        for item in (*self.reaction_marks, *self.left_out_marks, *self._labels):
            item.setVisible(on)

    def _label(self, text: str, colour: QColor) -> LabelItem:
        """A trigger's name: one put aside at an earlier step if there is one (its text
        and its cached pixels ready), else a new one."""
        spare = self._spare.get((text, colour.rgba()))
        if spare:
            return spare.pop()
        label = LabelItem(text, TRIGGER_LABEL_HEIGHT, colour)
        self.scene.addItem(label)
        return label

    def _clear_marks(self) -> None:
        for item in (*self.reaction_marks, *self.left_out_marks):
            self.scene.removeItem(item)
        for label in self._labels:  # hidden, kept for the next step that names it
            label.setVisible(False)
            self._spare.setdefault((label.text, label.colour.rgba()), []).append(label)
        self.reaction_marks, self.left_out_marks, self._labels = [], [], []
        self.labels = []

    def clear(self) -> None:
        self._clear_marks()
        for spares in self._spare.values():
            for label in spares:
                self.scene.removeItem(label)
        self._spare.clear()
        self._key = None
        self.path.setVisible(False)
        self.dragged = None
        self.reactions = ()

    @property
    def active(self) -> bool:
        return self.path.isVisible()
