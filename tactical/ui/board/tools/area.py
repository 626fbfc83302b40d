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
)
from PySide6.QtWidgets import QGraphicsView

from tactical.encounter.model import Hex
from tactical.encounter.queries.area import AreaAimer, AreaPreview, Kind
from tactical.ui.board.blast import RING_COLOURS
from tactical.ui.board.outline import outline
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools import BoardTool, Line, StartedBy, board_tool

ALLY = "#FF2BD6"  # allies caught: magenta, the warning colour
SHIELDED = "#8A8F99"
ZONE = "#3FB6FF"  # the vicinity and the sector
LABEL_PX = 15


class _Drawn:
    """One preview's paths in scene metres, built once per aim hex."""

    def __init__(self, scene: BoardScene, preview: AreaPreview) -> None:
        layout = scene.layout
        shielded = preview.shielded
        self.fills = [outline(layout, [h for h in ring if h not in shielded])
                      for ring in preview.rings]
        self.borders = [outline(layout, ring) for ring in preview.rings]
        self.shield = outline(layout, sorted(shielded))
        self.scatter = outline(layout, preview.scatter)
        self.aim = outline(layout, [preview.centre]) if preview.kind != "sector" else \
            QPainterPath()


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
        self._drawn: _Drawn | None = None
        self.label_boxes: list[QRectF] = []  # where the last paint put the marks' words
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
        self._drawn = _Drawn(self.scene, self.preview)
        self.aimed.emit(self.preview)
        self.changed()
        self.redraw()

    def _document_changed(self, *_: object) -> None:
        if self.aimer is not None and self.hex is not None:
            if self.aimer.attacker not in self.document.state.combatants:
                self.cancel()
            else:
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
        was = self.aimer is not None
        self._clear()
        super().cancel()
        if was:
            self.redraw()

    def _clear(self) -> None:
        self.aimer, self.preview, self.hex, self._drawn = None, None, None, None
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
                out.append((f"{p.odds:.0%} to hit {list(p.centre)}; a miss scatters "
                            "(faint hexes)", "#FFD166"))
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

    def paint(self, painter: QPainter, view: QGraphicsView) -> None:
        p, drawn = self.preview, self._drawn
        if p is None or drawn is None:
            return
        painter.save()
        painter.setWorldTransform(view.viewportTransform(), True)  # scene metres
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        zone = p.kind != "blast"
        for i in range(len(drawn.fills) - 1, -1, -1):  # outermost first
            colour = QColor(ZONE if zone else RING_COLOURS[min(i, len(RING_COLOURS) - 1)])
            fill = QColor(colour)
            fill.setAlpha(70 if zone else 95 - 15 * i)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(fill))
            painter.drawPath(drawn.fills[i])
            edge = QPen(colour, 3)
            edge.setCosmetic(True)
            painter.setPen(edge)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(drawn.borders[i])
        if not drawn.shield.isEmpty():  # the line of effect does not reach: hatched grey
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor(30, 30, 36, 150)))
            painter.drawPath(drawn.shield)
            painter.setBrush(QBrush(QColor(SHIELDED), Qt.BrushStyle.BDiagPattern))
            painter.drawPath(drawn.shield)
        if not drawn.scatter.isEmpty():
            faint = QPen(QColor(255, 255, 255, 110), 1.5, Qt.PenStyle.DashLine)
            faint.setCosmetic(True)
            painter.setPen(faint)
            painter.setBrush(QBrush(QColor(255, 255, 255, 28)))
            painter.drawPath(drawn.scatter)
        if not drawn.aim.isEmpty():
            cross = QPen(QColor("#FFFFFF"), 3)
            cross.setCosmetic(True)
            painter.setPen(cross)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(drawn.aim)
        painter.restore()
        self._paint_marks(painter, view, p)

    def _paint_marks(self, painter: QPainter, view: QGraphicsView, p: AreaPreview) -> None:
        font = QFont(view.font())
        font.setPixelSize(LABEL_PX)
        font.setBold(True)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        radius = self.scene.layout.size * view.transform().m11() * 0.95
        room = QRectF(view.viewport().rect()).adjusted(4, 4, -4, -4)
        self.label_boxes = []
        for mark in p.marks:
            centre = QPointF(view.mapFromScene(self.scene.centre(mark.hex)))
            if not room.adjusted(-200, -60, 200, 60).contains(centre):
                continue
            colour = QColor(SHIELDED if mark.shielded or not mark.hit else
                            ALLY if mark.ally else
                            RING_COLOURS[min(mark.ring or 0, len(RING_COLOURS) - 1)]
                            if p.kind == "blast" else ZONE)
            ring_pen = QPen(colour, 4 if mark.ally and mark.hit else 3)
            painter.setPen(ring_pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, radius, radius)
            text = ("⚠ " if mark.ally and mark.hit and not mark.shielded else "") + mark.text
            box = metrics.boundingRect(text).adjusted(-6, -3, 6, 3)
            box.moveCenter(QPointF(centre.x(), centre.y() + radius + box.height() / 2 + 2))
            box.moveLeft(max(room.left(), min(box.left(), room.right() - box.width())))
            self.label_boxes.append(box)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor(12, 12, 18, 225)))
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(QPen(colour, 2))
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(QColor(ALLY if mark.ally and mark.hit and not mark.shielded
                                  else "#FFFFFF"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
