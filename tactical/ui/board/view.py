"""The board view: wheel zoom around the cursor, pan with the middle or right button (Space
is the window's End turn shortcut, so it does not pan), zoom to fit, the legend over the
board, the hovered hex as a signal. Left button gestures go to the DragTool. The view keeps
a Python reference to its scene (a view does not own it; a collected scene renders blank)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from tactical.ui.board.drag import DragTool
from tactical.ui.board.palette import PATH_TOO_LONG
from tactical.ui.board.scene import BoardScene

PX_PER_METRE_AT_ZOOM_1 = 24.0  # zoom 1: a 2 m hex is 48 px across the flats
MAX_ZOOM = 8.0


class BoardView(QGraphicsView):
    """Signals: `hex_hovered(hex or None)` when the hex under the cursor changes;
    `zoom_changed(zoom)` (1.0 = a hex 48 px wide)."""

    hex_hovered = Signal(object)
    zoom_changed = Signal(float)

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = scene  # the reference that keeps the scene alive
        self.setScene(scene)
        self.drag_tool = DragTool(scene, self)
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
        self._hovered: tuple[int, int] | None = None
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setMinimumSize(200, 150)
        self.zoom_changed.connect(lambda _z: scene.set_detail(self.transform().m11()))

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
        free = viewport.adjusted(self._panel_width(), 0, 0, 0)
        if free.width() < viewport.width() * 0.5:
            free = viewport
        scale = min(free.width() / max(rect.width(), 1e-6),
                    free.height() / max(rect.height(), 1e-6))
        self.resetTransform()
        self.scale(scale, scale)
        shift = (free.center() - viewport.center()) / scale
        self.centerOn(rect.center() - shift)
        self.zoom_changed.emit(self.zoom)

    def _panel_width(self) -> float:
        legend = self.board.legend
        return legend.width() + 24 if legend.visible else 0.0

    def centre_on_hex(self, h: tuple[int, int]) -> None:
        self.centerOn(self.board.centre(h))

    def _shift(self, delta: QPointF) -> None:
        """Move the view by `delta` metres (no scroll bars: translate the scene rect)."""
        centre = self.mapToScene(self.viewport().rect().center()) + delta
        self.centerOn(centre)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.set_zoom(self.zoom * (1.2 ** steps), event.position().toPoint())
        event.accept()

    # --- mouse

    def mousePressEvent(self, event: QMouseEvent) -> None:
        button = event.button()
        if button in (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if button == Qt.MouseButton.LeftButton:
            self.setFocus()
            self.drag_tool.press(self.mapToScene(event.position().toPoint()))
            event.accept()
            return
        super().mousePressEvent(event)

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
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.drag_tool.move(scene_pos)
        self._hover(scene_pos)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (
                Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton):
            self._pan_from = None
            self.viewport().unsetCursor()
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton:
            self.drag_tool.release(self.mapToScene(event.position().toPoint()))
            event.accept()
            return
        super().mouseReleaseEvent(event)

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
        super().keyPressEvent(event)

    # --- the legend over the board, in viewport pixels

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        legend = self.board.legend
        if not legend.visible:
            return
        painter.save()
        to_viewport = self.viewportTransform().inverted()[0]
        painter.setWorldTransform(to_viewport * painter.worldTransform())
        viewport = QRectF(self.viewport().rect())
        legend.paint(painter, viewport)
        hud = drag_summary(self.drag_tool)
        if hud:
            legend.paint_lines(painter, QRectF(viewport.left() + 12, viewport.top() + 12,
                                               legend.width(), legend.rect(viewport).top()
                                               - viewport.top() - 24), hud)
        painter.restore()


def drag_summary(tool: DragTool) -> list[tuple[str, str]]:
    """The drag in words for the panel: (text, colour) lines."""
    if not tool.dragging or tool.token_id is None:
        return []
    state = tool.document.state
    name = state.get(tool.token_id).name
    step = tool.document.oracle.params.metres_per_hex
    length = (len(tool.path) - 1) * step
    over = length > tool.limit_m + 1e-9
    lines = [(f"{name} moves {length:g} m of {tool.limit_m:g} m"
              + (" — too far" if over else ""), PATH_TOO_LONG.name() if over else "#FFFFFF")]
    if tool.blocked is not None:
        lines.append((f"Cannot enter {tool.blocked[1]}", PATH_TOO_LONG.name()))
    report = tool.report
    if report is not None:
        for r in report.reactions:
            who = state.get(r.reactor).name if r.reactor in state.combatants else r.reactor
            name, colour = tool.scene.view.reaction_looks[r.kind]
            lines.append((f"{name}: {who} at {r.hex[0]},{r.hex[1]} — {r.why}", colour))
        if not report.reactions:
            lines.append((tool.scene.view.no_reactions_note, "#FFFFFF"))
    return lines
