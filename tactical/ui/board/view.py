"""The board view: wheel zoom around the cursor, pan by dragging empty board (Space is the
window's End turn shortcut, so it does not pan), zoom to fit, the legend over the board, the
hovered hex as a signal. Left button gestures on a token go to the DragTool (Shift: a GM
move); the right button asks for a context menu (issue 14); the middle button or a held M
draws the ruler (metres and the selected weapon's band). The view keeps a Python reference
to its scene (a view does not own it; a collected scene renders blank)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import hypot

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from tactical.geometry.bands import band_at, weapon_range
from tactical.geometry.hexgrid import hex_distance
from tactical.rules.reactions import ReactionOffer as Reaction
from tactical.ui.board.drag import DragTool
from tactical.ui.board.group import TokenGroup
from tactical.ui.board.palette import PATH_TOO_LONG
from tactical.ui.board.scene import BoardScene

#: Keys the scroll area moves the view with.
SCROLL_KEYS = frozenset({Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
                         Qt.Key.Key_PageUp, Qt.Key.Key_PageDown, Qt.Key.Key_Home,
                         Qt.Key.Key_End})
PX_PER_METRE_AT_ZOOM_1 = 24.0  # zoom 1: a 2 m hex is 48 px across the flats
MAX_ZOOM = 8.0


class BoardView(QGraphicsView):
    """Signals: `hex_hovered(hex or None)` when the hex under the cursor changes;
    `zoom_changed(zoom)` (1.0 = a hex 48 px wide)."""

    hex_hovered = Signal(object)
    zoom_changed = Signal(float)
    menu_requested = Signal(object, object, QPoint)  # hex, token id or None, global pos

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = scene  # the reference that keeps the scene alive
        self.setScene(scene)
        self.drag_tool = DragTool(scene, self)
        self.group = TokenGroup(scene)  # Ctrl-click, Ctrl-drag: several tokens (issue 26)
        self.drag_tool.moves_with = self.group.moves_with
        # No SmoothPixmapTransform for the whole view: it filters every cached tile and
        # cover chunk on each frame (measured: 25 ms → 8 ms a frame zoomed out). The
        # background image smooths itself (its transformation mode); portraits likewise.
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._pan_from: QPoint | None = None
        self.ruler: tuple[QPointF, QPointF] | None = None  # scene points (metres)
        self._ruler_follows = False  # "Measure from here": the end follows the mouse
        self._pick: Callable[[QPointF], None] | None = None
        self.pick_prompt = ""
        # what the pick would make, drawn under the mouse (the Overwatch sector)
        self.pick_shape: Callable[[QPointF], Sequence[tuple[float, float]]] | None = None
        self._mouse: QPointF | None = None
        self._hovered: tuple[int, int] | None = None
        self.fitted = False  # the view as zoom_to_fit left it (the GM has not moved it)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setMinimumSize(200, 150)
        self.zoom_changed.connect(lambda _z: scene.set_detail(self.transform().m11()))
        self._hud_shown: list[tuple[str, str]] = []  # the drag summary last asked to show
        self._hud_rect = QRectF()  # and where (viewport pixels)
        for signal in (self.drag_tool.started, self.drag_tool.stepped,
                       self.drag_tool.finished):
            signal.connect(self._drag_changed)

    # --- zoom

    @property
    def zoom(self) -> float:
        return self.transform().m11() / PX_PER_METRE_AT_ZOOM_1

    def set_zoom(self, zoom: float, anchor: QPoint | None = None) -> None:
        """Zoom to `zoom` keeping the scene point under `anchor` (viewport px) in place."""
        zoom = max(self._min_zoom(), min(MAX_ZOOM, zoom))
        anchor = anchor if anchor is not None else self.viewport().rect().center()
        before = self.mapToScene(anchor)
        scale = zoom * PX_PER_METRE_AT_ZOOM_1
        self.resetTransform()
        self.scale(scale, scale)
        after = self.mapToScene(anchor)
        self._shift(before - after)
        self.zoom_changed.emit(self.zoom)

    def _min_zoom(self) -> float:
        rect = self.board.map_rect
        vp = self.viewport().rect()
        fit = min(vp.width() / max(rect.width(), 1e-6), vp.height() / max(rect.height(), 1e-6))
        return min(1.0, 0.5 * fit / PX_PER_METRE_AT_ZOOM_1)

    def zoom_to_fit(self, rect: QRectF | None = None) -> None:
        """The whole map (or `rect`, in metres) in the view beside the legend panel."""
        rect = rect or self.board.map_rect
        margin = max(rect.width(), rect.height()) * 0.02
        rect = rect.adjusted(-margin, -margin, margin, margin)
        viewport = QRectF(self.viewport().rect())
        free = self._free(viewport)
        scale = min(free.width() / max(rect.width(), 1e-6),
                    free.height() / max(rect.height(), 1e-6))
        self.resetTransform()
        self.scale(scale, scale)
        shift = (free.center() - viewport.center()) / scale
        self.centerOn(rect.center() - shift)
        self.fitted = True
        self.zoom_changed.emit(self.zoom)

    def _free(self, viewport: QRectF) -> QRectF:
        """The viewport beside the legend on its edge (all of it if that leaves < half)."""
        legend = self.board.legend
        if not legend.visible:
            return viewport
        box = legend.rect(viewport)
        side = legend.side(viewport)
        free = {"left": viewport.adjusted(box.right() + 12, 0, 0, 0),
                "right": viewport.adjusted(0, 0, box.left() - viewport.right() - 12, 0),
                "top": viewport.adjusted(0, box.bottom() + 12, 0, 0),
                "bottom": viewport.adjusted(0, 0, 0, box.top() - viewport.bottom() - 12),
                }[side]
        if free.width() < viewport.width() * 0.5 or free.height() < viewport.height() * 0.5:
            return viewport
        return free

    def centre_on_hex(self, h: tuple[int, int]) -> None:
        self.centerOn(self.board.centre(h))
        self.fitted = False

    def _shift(self, delta: QPointF) -> None:
        """Move the view by `delta` metres (no scroll bars: translate the scene rect)."""
        centre = self.mapToScene(self.viewport().rect().center()) + delta
        self.centerOn(centre)
        self.fitted = False

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.set_zoom(self.zoom * (1.2 ** steps), event.position().toPoint())
        event.accept()

    # --- mouse

    def mousePressEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        point = event.position().toPoint()
        scene_pos = self.mapToScene(point)
        if button == Qt.MouseButton.MiddleButton:  # the ruler (issue 14)
            self.start_ruler(scene_pos)
            event.accept()
            return
        if button == Qt.MouseButton.LeftButton:
            self.setFocus()
            if self._ruler_follows:  # a click ends "Measure from here"
                self.stop_ruler()
                event.accept()
                return
            if self._pick is not None:
                pick, self._pick = self._pick, None
                self.pick_prompt = ""
                self.pick_shape = None
                self.viewport().unsetCursor()
                pick(scene_pos)
                self.viewport().update()
                event.accept()
                return
            if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
                self._group_press(scene_pos)
                event.accept()
                return
            if self.board.token_at(scene_pos) not in self.group.ids:
                self.group.clear()  # a token outside the group: the group is let go
                self.viewport().update()
            gm = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            if not self.drag_tool.press(scene_pos, gm=gm):  # empty board: pan
                self._pan_from = point
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            self._drag_changed()  # a press clears the last drop's note
            event.accept()
            return
        if button == Qt.MouseButton.RightButton:  # the menu opens on the press itself
            self.request_menu(point, event.globalPosition().toPoint())
            event.accept()
            return
        super().mousePressEvent(event)

    def _group_press(self, scene_pos: QPointF) -> None:
        """Ctrl-click a token: in or out of the group; Ctrl-drag on the board: a band."""
        token = self.board.token_at(scene_pos)
        if token is not None:
            self.group.toggle(token)
        else:
            self.group.start_band(scene_pos)
        self.viewport().update()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """The Menu key (a right click opens the menu on its press)."""
        if event.reason() != QContextMenuEvent.Reason.Mouse:
            self.request_menu(event.pos(), event.globalPos())
        event.accept()

    def request_menu(self, point: QPoint, global_pos: QPoint) -> None:
        """`menu_requested` for the hex (and token) at `point` in the viewport."""
        if self.drag_tool.dragging:
            return
        scene_pos = self.mapToScene(point)
        h = self.board.hex_at(scene_pos)
        if self.board.map.grid.contains(h):
            self.menu_requested.emit(h, self.board.token_at(scene_pos), global_pos)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = event.position().toPoint()
        if self._pan_from is not None:
            delta = point - self._pan_from
            self._pan_from = point
            scale = self.transform().m11()
            self._shift(QPointF(-delta.x() / scale, -delta.y() / scale))
            event.accept()
            return
        scene_pos = self.mapToScene(point)
        self._mouse = scene_pos
        if self.group.band is not None:
            self.group.stretch_band(scene_pos)
            self.viewport().update()
            event.accept()
            return
        if self.pick_shape is not None:
            self.viewport().update()
        if self.ruler is not None and (self._ruler_follows or event.buttons()
                                       & Qt.MouseButton.MiddleButton):
            self.ruler = (self.ruler[0], scene_pos)
            self.viewport().update()
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.drag_tool.move(scene_pos)
        self._hover(scene_pos)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.group.band is not None and event.button() == Qt.MouseButton.LeftButton:
            self.group.stretch_band(self.mapToScene(event.position().toPoint()))
            self.group.end_band()
            self.viewport().update()
            event.accept()
            return
        if self._pan_from is not None and event.button() == Qt.MouseButton.LeftButton:
            self._pan_from = None
            self.viewport().unsetCursor()
            self.drag_tool.release(self.mapToScene(event.position().toPoint()))
            event.accept()
            return
        if event.button() == Qt.MouseButton.MiddleButton and not self._ruler_follows:
            self.stop_ruler()
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton:
            gm = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.drag_tool.release(self.mapToScene(event.position().toPoint()), gm=gm)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    # --- the ruler and one-click picks

    def start_ruler(self, scene_pos: QPointF, follow: bool = False) -> None:
        """Measure from the centre of the hex at `scene_pos`; `follow`: the end follows the
        mouse until the next click (Measure from here), else until the button or M lifts."""
        start = self.board.centre(self.board.hex_at(scene_pos))
        self.ruler = (start, start)
        self._ruler_follows = follow
        self.viewport().update()

    def stop_ruler(self) -> None:
        self.ruler = None
        self._ruler_follows = False
        self.viewport().update()

    def ruler_text(self) -> str:
        """"8 m (4 hexes) — Short for the Pistol": the selected combatant's ready weapon."""
        if self.ruler is None:
            return ""
        a, b = (self.board.hex_at(p) for p in self.ruler)
        document = self.board.document
        step = document.oracle.params.metres_per_hex
        hexes = hex_distance(a, b)
        metres = hexes * step
        text = f"{metres:g} m ({hexes} hex{'es' if hexes != 1 else ''})"
        selected = document.selected
        c = document.state.combatants.get(selected) if selected else None
        weapons = document.loaded.library.weapons
        if c is not None and c.weapon in weapons:
            weapon = weapon_range(weapons[c.weapon or ""], document.oracle.params)
            if weapon is not None:
                span = band_at(metres, weapon, document.oracle.params)
                band = span.band.value.capitalize() if span else "Out of range"
                text += f" — {band} for {c.name}'s {weapon.name}"
            else:
                text += f" — {c.name}'s {weapons[c.weapon or ''].name} is a melee weapon"
        return text

    def pick_point(self, prompt: str, then: Callable[[QPointF], None],
                   shape: Callable[[QPointF], Sequence[tuple[float, float]]] | None = None,
                   ) -> None:
        """The next left click on the board goes to `then` (Esc cancels); `shape(point)`,
        a polygon in metres, is drawn under the mouse until then."""
        self._pick = then
        self.pick_prompt = prompt
        self.pick_shape = shape
        self.viewport().setCursor(Qt.CursorShape.CrossCursor)
        self.viewport().update()

    def cancel_pick(self) -> None:
        self._pick = None
        self.pick_prompt = ""
        self.pick_shape = None
        self.viewport().unsetCursor()
        self.viewport().update()

    @property
    def picking(self) -> bool:
        return self._pick is not None

    def leaveEvent(self, event: object) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.hex_hovered.emit(None)
        super().leaveEvent(event)  # type: ignore[arg-type]

    def _hover(self, scene_pos: QPointF) -> None:
        h = self.board.hex_at(scene_pos)
        inside = self.board.map.grid.contains(h)
        now = h if inside else None
        if now != self._hovered:
            self._hovered = now
            self.hex_hovered.emit(now)

    # --- keys

    def cancel_drag(self) -> None:
        self.drag_tool.cancel()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.drag_tool.dragging:
            self.cancel_drag()
            event.accept()
            return
        if event.key() == Qt.Key.Key_Escape and self.group.ids and not self.picking:
            self.group.clear()
            self.viewport().update()
            event.accept()
            return
        if event.key() == Qt.Key.Key_Escape and (self.picking or self.ruler is not None):
            self.cancel_pick()
            self.stop_ruler()
            event.accept()
            return
        if event.key() == Qt.Key.Key_M and not event.isAutoRepeat():  # hold M: the ruler
            cursor = self.mapFromGlobal(self.cursor().pos())
            self.start_ruler(self.mapToScene(cursor))
            event.accept()
            return
        if event.key() in SCROLL_KEYS:  # the scroll area moves the view: no longer fitted
            self.fitted = False
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_M and not event.isAutoRepeat():
            self.stop_ruler()
            event.accept()
            return
        super().keyReleaseEvent(event)

    # --- the legend over the board, in viewport pixels

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        legend = self.board.legend
        painter.save()
        to_viewport = self.viewportTransform().inverted()[0]
        painter.setWorldTransform(to_viewport * painter.worldTransform())
        viewport = QRectF(self.viewport().rect())
        if legend.visible:
            legend.paint(painter, viewport)
        hud = self._hud_lines()
        if hud:  # the drag summary shows with the legend hidden too (issue 14, defect 2)
            legend.paint_lines(painter, self._hud_box(), hud)
        if self.group.ids or self.group.band is not None:
            self.group.paint(painter, lambda p: QPointF(self.mapFromScene(p)))
        if self.ruler is not None:
            self._paint_ruler(painter)
        if self.pick_shape is not None and self._mouse is not None:
            polygon = QPolygonF([QPointF(self.mapFromScene(QPointF(x, y)))
                                 for x, y in self.pick_shape(self._mouse)])
            painter.setPen(QPen(QColor("#56B4E9"), 2, Qt.PenStyle.DashLine))
            painter.setBrush(QBrush(QColor(86, 180, 233, 50)))
            painter.drawPolygon(polygon)
        painter.restore()

    def _hud_lines(self) -> list[tuple[str, str]]:
        if self.pick_prompt:
            return [(self.pick_prompt + " (Esc cancels)", "#FFFFFF")]
        return drag_summary(self.drag_tool)

    def _hud_box(self) -> QRectF:
        """Where the drag summary may go, in viewport pixels: beside the legend."""
        legend = self.board.legend
        viewport = QRectF(self.viewport().rect())
        box = legend.rect(viewport)
        side = legend.side(viewport)
        bottom = box.top() if legend.visible and side in ("left", "bottom") \
            else viewport.bottom()
        top = box.bottom() + 12 if legend.visible and side == "top" else viewport.top() + 12
        width = min(viewport.width() - 24, max(legend.width(), 420.0))
        return QRectF(viewport.left() + 12, top, width, bottom - top - 12)

    def _drag_changed(self, *_: object) -> None:
        """The drag summary follows every step: repaint where it was and where it is now
        (only the region a step changes is repainted, and the summary is far from it —
        without this it showed the first step's words, or a mix of two steps')."""
        if len(self.group.ids) > 1 and self.drag_tool.gm:  # its rings follow the tokens
            self.viewport().update()
        hud = self._hud_lines()
        if hud == self._hud_shown:
            return
        self._hud_shown = hud
        box = self._hud_box()
        now = self.board.legend.lines_rect(box, hud)
        dirty = now.united(self._hud_rect) if not self._hud_rect.isEmpty() else now
        self._hud_rect = now
        if not dirty.isEmpty():
            # through the scene, so it is painted with what the step changed, in one pass
            # (the viewport's own update came first, and the step's items made a second)
            self.board.update(self.mapToScene(
                dirty.toAlignedRect().adjusted(-2, -2, 2, 2)).boundingRect())

    def _paint_ruler(self, painter: QPainter) -> None:
        assert self.ruler is not None
        a, b = (QPointF(self.mapFromScene(p)) for p in self.ruler)
        pen = QPen(QColor("#FFD166"), 3, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(a, b)
        painter.setBrush(QBrush(QColor("#FFD166")))
        painter.drawEllipse(a, 4, 4)
        text = self.ruler_text()
        font = QFont(self.font())
        font.setPixelSize(18)
        font.setBold(True)
        painter.setFont(font)
        box = QFontMetricsF(font).boundingRect(text).adjusted(-8, -4, 8, 4)
        length = hypot(b.x() - a.x(), b.y() - a.y())
        box.moveTopLeft(b + QPointF(14, -box.height() - 6 if length else 14))
        room = QRectF(self.viewport().rect()).adjusted(4, 4, -4, -4)  # keep it on screen
        box.moveLeft(max(room.left(), min(box.left(), room.right() - box.width())))
        box.moveTop(max(room.top(), min(box.top(), room.bottom() - box.height())))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(20, 20, 28, 220)))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(QColor("#FFFFFF"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def drag_summary(tool: DragTool) -> list[tuple[str, str]]:
    """The drag in words for the panel: (text, colour) lines; after a drop that moved
    nothing, why."""
    if not tool.dragging or tool.token_id is None:
        return [(tool.drop_note, PATH_TOO_LONG.name())] if tool.drop_note else []
    state = tool.document.state
    name = state.get(tool.token_id).name
    step = tool.document.oracle.params.metres_per_hex
    length = (len(tool.path) - 1) * step
    if tool.gm:
        group = tool.moves_with(tool.token_id)
        who = f"{name} and {len(group) - 1} more (formation kept)" if len(group) > 1 else name
        return [(f"GM move: {who} {length:g} m — no action, no reaction", "#FFFFFF")]
    over = length > tool.limit_m + 1e-9
    lines = [(f"{name} moves {length:g} m of {tool.limit_m:g} m"
              + (" — too far: the drop stops at the limit" if over else ""),
              PATH_TOO_LONG.name() if over else "#FFFFFF")]
    if tool.blocked is not None:
        lines.append((f"Cannot enter {tool.blocked[1]}", PATH_TOO_LONG.name()))
    report = tool.report
    if report is not None:
        reach = min(report.allowed, len(tool.path) - 1)
        within = [r for r in report.reactions if r.step <= reach]
        beyond = [r for r in report.reactions if r.step > reach]

        def said(r: Reaction, before: str = "") -> tuple[str, str]:
            who = state.get(r.reactor).name if r.reactor in state.combatants else r.reactor
            name, colour = tool.scene.view.reaction_looks[r.kind]
            return f"{before}{name}: {who} at {r.hex[0]},{r.hex[1]} — {r.why}", colour

        lines += [said(r) for r in within]
        if not within:  # issue 26: not "No reactions" while the board rings one further on
            lines.append(("No reactions within the movement left" if beyond
                          else tool.scene.view.no_reactions_note, "#FFFFFF"))
        lines += [said(r, "Past the limit, not this Move — ") for r in beyond]
    return lines
