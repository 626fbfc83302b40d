"""The aiming tool of an area attack (issue 27): a blast weapon's rings round the hex under
the cursor (or Auto Fire's vicinity circle, or Suppressive Fire's sector from the shooter)
drawn on the hex grid, the hexes a wall shields hatched out, the spread a miss may scatter
over drawn faintly, and every combatant caught marked with its ring's dice and its cover
("Ganger 2 — 4d6, behind Low wall (light)"), allies in the warning colour. A left click
commits the command the preview shows (AreaAttack, AutoFire, SuppressiveFire: one undoable
command); Esc or the right button cancels. Started from the token menu (`Hands`).

Who is caught is the engine's (encounter/queries/area.py); the tool only draws it, each
aim hex worked out once, on the first move into it."""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from tactical.encounter.model import Hex
from tactical.encounter.queries.area import AreaAimer, AreaMark, AreaPreview, Kind
from tactical.geometry.hexgrid import DIRECTIONS
from tactical.ui.board.blast import RING_COLOURS
from tactical.ui.board.outline import outline
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools import BoardTool, Line, StartedBy, board_tool

ALLY = "#FF2BD6"  # allies caught: magenta, the warning colour
SHIELDED = "#8A8F99"
ZONE = "#3FB6FF"  # the vicinity and the sector


LABEL_M = 0.65  # the marks' words, in metres (a hex is 2 m across): read like the names
AIM_Z = 12.0  # the template: over the path, under the tokens (palette.Z): tokens stay seen
MARKS_Z = 55.0  # the marks' words: over the names, placed clear of them


class _Mark:
    """One mark's words and where they go, in scene metres."""

    def __init__(self, mark: AreaMark, colour: QColor, box: QRectF, centre: QPointF,
                 text: str) -> None:
        self.mark, self.colour, self.box, self.centre, self.text = mark, colour, box, centre, text


def _relative(hexes: Iterable[Hex], centre: Hex) -> tuple[Hex, ...]:
    cq, cr = centre
    return tuple(sorted((q - cq, r - cr) for q, r in hexes))


class _Template:
    """One template's paths round its centre hex, in the item's own coordinates."""

    def __init__(self, fills: list[QPainterPath], borders: list[QPainterPath],
                 shield: QPainterPath, aim: QPainterPath) -> None:
        self.fills, self.borders, self.shield, self.aim = fills, borders, shield, aim
        rect = QRectF()
        for path in (*borders, shield, aim):
            rect = rect.united(path.boundingRect())
        self.rect = rect.adjusted(-1, -1, 1, 1)


class _Shapes:
    """Outlines of hex sets given round (0, 0), each worked out once and kept (the aim
    moves the same shapes about), in coordinates round the (0, 0) hex's centre."""

    LIMIT = 256

    def __init__(self, scene: BoardScene) -> None:
        self.board = scene
        self._paths: dict[tuple[Hex, ...], QPainterPath] = {}
        self._origin = scene.centre((0, 0))

    def __call__(self, shape: tuple[Hex, ...]) -> QPainterPath:
        path = self._paths.get(shape)
        if path is None:
            if len(self._paths) >= self.LIMIT:
                self._paths.clear()
            path = self._paths[shape] = outline(self.board.layout, shape).translated(
                -self._origin)
        return path


class AimItem(QGraphicsItem):
    """The aim drawn in the GM's scene (never the players'): the template's fills under
    the tokens, its borders, the shielded hexes hatched, then (MarksItem) each caught
    combatant's ring and words; the scatter spread is ScatterItem's. The template is
    drawn round its centre hex and moved there: a step whose template has the same shape
    (nothing shielded, clear of the map's edge) only moves the picture Qt keeps of it
    (DeviceCoordinateCache), drawn again only when the shape changes or the view zooms."""

    def __init__(self, scene: BoardScene) -> None:
        super().__init__()
        self.board = scene
        self.setZValue(AIM_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.preview: AreaPreview | None = None
        self.words = MarksItem(scene)
        self.spread = ScatterSpread(scene)
        self.shapes = _Shapes(scene)
        self.template = _Template([], [], QPainterPath(), QPainterPath())
        self._key: tuple[object, ...] | None = None
        self._templates: dict[tuple[object, ...], _Template] = {}
        self.repaints = 0  # times the template was drawn anew (not only moved)
        self.hide()

    @property
    def marks(self) -> list[_Mark]:
        return self.words.marks

    def set_preview(self, preview: AreaPreview | None) -> None:
        self.preview = preview
        self.words.set_preview(preview)
        self.spread.set_preview(preview)
        if preview is None:
            self.hide()
            return
        key = self._key_of(preview)
        if key != self._key:
            self.prepareGeometryChange()
            self._key = key
            found = self._templates.get(key)
            if found is None:
                if len(self._templates) >= 64:
                    self._templates.clear()
                found = self._templates[key] = self._template(preview)
            self.template = found
            self.update()
        self.setPos(self.board.centre(preview.centre))
        self.show()

    @staticmethod
    def _key_of(preview: AreaPreview) -> tuple[object, ...]:
        c = preview.centre
        return (preview.kind, tuple(_relative(ring, c) for ring in preview.rings),
                _relative(preview.shielded, c))

    def _template(self, preview: AreaPreview) -> _Template:
        c = preview.centre
        shielded = _relative(preview.shielded, c)
        rings = [_relative(ring, c) for ring in preview.rings]
        borders = [self.shapes(ring) for ring in rings]
        cut = set(shielded)
        fills = [border if not cut.intersection(ring) else
                 self.shapes(tuple(h for h in ring if h not in cut))
                 for ring, border in zip(rings, borders, strict=True)]
        aim = self.shapes(((0, 0),)) if preview.kind != "sector" else QPainterPath()
        return _Template(fills, borders, self.shapes(shielded), aim)

    def boundingRect(self) -> QRectF:
        return self.template.rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        p, t = self.preview, self.template
        if p is None:
            return
        self.repaints += 1
        # no antialiasing: the hex grid's straight edges, and a quarter of the fill's cost
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        zone = p.kind != "blast"
        for i in range(len(t.fills) - 1, -1, -1):  # outermost first
            colour = QColor(ZONE if zone else RING_COLOURS[min(i, len(RING_COLOURS) - 1)])
            fill = QColor(colour)
            fill.setAlpha(70 if zone else 130 - 25 * i)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(fill))
            painter.drawPath(t.fills[i])
        for i in range(len(t.borders) - 1, -1, -1):
            colour = QColor(ZONE if zone else RING_COLOURS[min(i, len(RING_COLOURS) - 1)])
            edge = QPen(colour, 4)
            edge.setCosmetic(True)
            painter.setPen(edge)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(t.borders[i])
        if not t.shield.isEmpty():  # the line of effect does not reach: hatched grey
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor(20, 20, 26, 170)))
            painter.drawPath(t.shield)
            painter.setBrush(QBrush(QColor(SHIELDED), Qt.BrushStyle.BDiagPattern))
            painter.drawPath(t.shield)
        if not t.aim.isEmpty():
            cross = QPen(QColor("#FFFFFF"), 3)
            cross.setCosmetic(True)
            painter.setPen(cross)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(t.aim)


class ScatterItem(QGraphicsItem):
    """One ray of the faint spread a miss may land on from the aimed hex, in one of the six
    directions, a dot in each hex of it: its own item, kept as a picture and moved like the
    template, so a step repaints six thin boxes round the rays, not one box round the whole
    spread. (Dots, not the hexes' dashed outlines: dashing a ray cost more than the rest of
    its repaint, and a ray is drawn again whenever the throw's cap or a wall changes it.)"""

    DOT_M = 0.42  # a dot's width in metres: about 10 px at the board's 1:1 zoom

    def __init__(self, scene: BoardScene) -> None:
        super().__init__()
        self.board = scene
        self.setZValue(AIM_Z + 0.1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.dots = QPolygonF()
        self.shape_: tuple[Hex, ...] | None = None
        self._rect = QRectF()
        self.hide()

    def set_ray(self, shape: tuple[Hex, ...], at: QPointF) -> None:
        if not shape:
            self.shape_ = None
            self.hide()
            return
        if shape != self.shape_:
            self.prepareGeometryChange()
            self.shape_ = shape
            origin = self.board.centre((0, 0))
            self.dots = QPolygonF([self.board.centre(h) - origin for h in shape])
            self._rect = self.dots.boundingRect().adjusted(-self.DOT_M, -self.DOT_M,
                                                           self.DOT_M, self.DOT_M)
            self.update()
        self.setPos(at)
        self.show()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        dot = QPen(QColor(255, 255, 255, 200), self.DOT_M)
        dot.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(dot)
        painter.drawPoints(self.dots)


class ScatterSpread:
    """The scatter spread as six rays (ScatterItem), one per direction from the aimed hex."""

    def __init__(self, scene: BoardScene) -> None:
        self.board = scene
        self.rays = [ScatterItem(scene) for _ in range(6)]

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return tuple(h for ray in self.rays if ray.shape_ for h in ray.shape_)

    def set_preview(self, preview: AreaPreview | None) -> None:
        rays: dict[Hex, list[Hex]] = {}
        if preview is not None:
            for dq, dr in _relative(preview.scatter, preview.centre):
                k = max(abs(dq), abs(dr), abs(dq + dr))
                rays.setdefault((dq // k, dr // k), []).append((dq, dr))
        at = self.board.centre(preview.centre) if preview is not None else QPointF()
        # each item keeps its direction: a ray is drawn again only when its own length changes
        for item, step in zip(self.rays, DIRECTIONS, strict=True):
            item.set_ray(tuple(sorted(rays.get(step, ()))), at)


class MarksItem(QGraphicsItem):
    """Each caught combatant's ring and words ("Ganger 2 — 4d6, behind …"), over the names,
    each box placed clear of the tokens, their names and the boxes before it."""

    def __init__(self, scene: BoardScene) -> None:
        super().__init__()
        self.board = scene
        self.setZValue(MARKS_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.preview: AreaPreview | None = None
        self.marks: list[_Mark] = []
        self._rect = QRectF()
        self._font = QFont()
        self._font.setPixelSize(100)
        self._font.setBold(True)
        self._metrics = QFontMetricsF(self._font)
        self._shown: tuple[AreaMark, ...] | None = None
        self.hide()

    def forget(self) -> None:
        """Place the marks anew at the next preview (the board changed under them)."""
        self._shown = None

    def set_preview(self, preview: AreaPreview | None) -> None:
        shown = None if preview is None else preview.marks
        if shown and shown == self._shown:
            self.preview = preview  # the same marks: nothing to place or repaint again
            return
        self._shown = shown
        self.prepareGeometryChange()
        self.preview = preview
        self.marks = []
        if preview is None or not preview.marks:
            self.hide()
            return
        self._place_marks(preview)
        rect = QRectF()
        for m in self.marks:
            r = self.board.layout.size
            rect = rect.united(m.box).united(QRectF(m.centre.x() - r, m.centre.y() - r,
                                                    2 * r, 2 * r))
        self._rect = rect.adjusted(-0.5, -0.5, 0.5, 0.5)
        self.show()
        self.update()

    def _place_marks(self, preview: AreaPreview) -> None:
        self.marks = []
        radius = self.board.layout.size * 0.95
        k = LABEL_M / 100
        taken = [QRectF(c.x() - radius, c.y() - radius, 2 * radius, 2 * radius)
                 for m in preview.marks for c in (self.board.centre(m.hex),)]
        caught = {m.id for m in preview.marks}
        for token in self.board.tokens.values():
            if not token.isVisible():
                continue
            if token.token_id not in caught:  # the thrower and those outside the rings:
                c = token.pos()  # a mark's label laid over one hid it (720p play-test)
                taken.append(QRectF(c.x() - radius, c.y() - radius, 2 * radius, 2 * radius))
            elif token.name_label.isVisible():  # the names under the tokens caught
                taken.append(token.name_label.sceneBoundingRect())
        room = self.board.map_rect
        for mark in preview.marks:
            centre = self.board.centre(mark.hex)
            text = ("⚠ " if mark.ally and mark.hit and not mark.shielded else "") + mark.text
            w = self._metrics.horizontalAdvance(text) * k + 0.5
            h = LABEL_M * 1.35
            tries = [QPointF(0, radius + h / 2), QPointF(0, -radius - h / 2),
                     QPointF(radius + w / 2, 0), QPointF(-radius - w / 2, 0),
                     QPointF(0, radius + 1.5 * h), QPointF(0, -radius - 1.5 * h),
                     QPointF(radius + w / 2, h), QPointF(-radius - w / 2, -h)]
            best, overlap = QRectF(), math.inf
            for offset in tries:
                box = QRectF(0, 0, w, h)
                box.moveCenter(centre + offset)
                cost = sum(_area(box.intersected(t)) for t in taken) + \
                    2 * (_area(box) - _area(box.intersected(room)))
                if cost < overlap:
                    best, overlap = box, cost
                if cost == 0:
                    break
            taken.append(best)
            self.marks.append(_Mark(mark, QColor(_colour(preview, mark)), best, centre, text))

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.preview is not None:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            self._paint_marks(painter)

    def _paint_marks(self, painter: QPainter) -> None:
        radius = self.board.layout.size * 0.95
        k = LABEL_M / 100
        for m in self.marks:
            ring = QPen(m.colour, 5 if m.mark.ally and m.mark.hit else 4)
            ring.setCosmetic(True)
            painter.setPen(ring)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(m.centre, radius, radius)
            edge = QPen(m.colour, 2)
            edge.setCosmetic(True)
            painter.setPen(edge)
            painter.setBrush(QBrush(QColor(12, 12, 18, 230)))
            painter.drawRoundedRect(m.box, 0.2, 0.2)
            painter.save()
            painter.translate(m.box.center())
            painter.scale(k, k)
            painter.setFont(self._font)
            painter.setPen(QColor(ALLY if m.mark.ally and m.mark.hit and not m.mark.shielded
                                  else "#FFFFFF"))
            inner = QRectF(-m.box.width() / (2 * k), -m.box.height() / (2 * k),
                           m.box.width() / k, m.box.height() / k)
            painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, m.text)
            painter.restore()


def _area(r: QRectF) -> float:
    return 0.0 if r.isEmpty() else r.width() * r.height()


def _colour(p: AreaPreview, mark: AreaMark) -> str:
    if mark.shielded or not mark.hit:
        return SHIELDED
    if mark.ally:
        return ALLY
    return RING_COLOURS[min(mark.ring or 0, len(RING_COLOURS) - 1)] if p.kind == "blast" \
        else ZONE


@board_tool
class AreaTool(BoardTool, QObject):
    name, title = "area", "Area attack"
    aimed = Signal(object)  # the AreaPreview under the cursor (None: cancelled, committed)
    committed = Signal(object)  # the events of the committed command (None: refused)

    def __init__(self, scene: BoardScene, parent: QObject | None = None) -> None:
        QObject.__init__(self, parent)
        BoardTool.__init__(self, scene)
        self.document = scene.document
        self.aimer: AreaAimer | None = None
        self.prompt = ""
        self.preview: AreaPreview | None = None
        self.hex: Hex | None = None
        self.previews = 0  # worked out (one per new aim hex)
        self.item = AimItem(scene)  # in the GM's scene only: this tool is the GM's
        scene.addItem(self.item)
        scene.addItem(self.item.words)
        for ray in self.item.spread.rays:
            scene.addItem(ray)
        self.document.changed.connect(self._document_changed)

    def aim_with(self, kind: Kind, attacker: str, weapon: str | None, prompt: str) -> None:
        """What the next `use("area")` aims: `kind` of `attacker`'s area attack."""
        self.aimer = AreaAimer(kind, attacker, weapon)
        self.prompt = prompt

    # --- the gesture

    def start(self, at: QPointF, token: str | None, by: StartedBy) -> None:
        self.hex = None
        self.follow(at)

    def follow(self, at: QPointF) -> None:
        h = self.scene.hex_at(at)
        if self.aimer is None or h == self.hex or not self.document.loaded.map.grid.contains(h):
            return
        self.hex = h
        self._work_out()

    def _work_out(self) -> None:
        assert self.aimer is not None and self.hex is not None
        self.previews += 1
        self.preview = self.aimer.preview(self.document.state, self.document.encounter.ctx,
                                          self.hex)
        self.item.set_preview(self.preview)  # only what it covered and covers is repainted
        self.aimed.emit(self.preview)
        self.changed()

    def _document_changed(self, *_: object) -> None:
        if self.aimer is not None and self.hex is not None:
            if self.aimer.attacker not in self.document.state.combatants:
                self.cancel()
            else:
                self.item.words.forget()
                self._work_out()  # another command while aiming: the same hex anew

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        self.follow(at)
        return False

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if self.aimer is None:
            return False
        if event.button() == Qt.MouseButton.RightButton:
            self.cancel()
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.follow(at)
        self.commit()
        return True

    def commit(self) -> bool:
        """The command the preview shows, applied; refused, the tool keeps aiming and
        says why."""
        preview = self.preview
        if preview is None or not preview.allowed:
            self.changed()
            return False
        self._clear()
        self.end()
        events = self.document.apply(preview.command)
        self.committed.emit(events)
        return events is not None

    def cancel(self) -> None:
        self._clear()
        super().cancel()

    def _clear(self) -> None:
        self.aimer, self.preview, self.hex = None, None, None
        self.item.set_preview(None)
        self.prompt = ""
        self.aimed.emit(None)

    @property
    def busy(self) -> bool:
        return self.aimer is not None

    # --- what it shows

    def lines(self) -> list[Line]:
        if self.aimer is None:
            return []
        out: list[Line] = [(self.prompt + " (click commits, Esc cancels)", "#FFFFFF")]
        p = self.preview
        if p is not None:
            if p.odds is not None:
                out.append((f"{p.odds:.0%} to hit the hex; a miss scatters (the dotted "
                            "hexes)", "#FFD166"))  # no hex named: the words stay put
            hit = sum(1 for m in p.marks if m.hit and not m.shielded)
            allies = [m.name for m in p.marks if m.ally and m.hit and not m.shielded]
            out.append((f"{hit} caught" + (f", allies: {', '.join(allies)}" if allies else ""),
                        ALLY if allies else "#FFFFFF"))
            out += [(why, "#FF6B6B") for why in p.refusals[:2]]
        return out

    def cursor(self) -> Qt.CursorShape | None:
        return Qt.CursorShape.CrossCursor if self.aimer is not None else None

    def status(self) -> str:
        return self.prompt
