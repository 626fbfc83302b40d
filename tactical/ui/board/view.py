"""The board view: wheel zoom around the cursor, zoom to fit, the legend over the board,
the hovered hex as a signal, the right button's context menu (issue 14). Every other
gesture is a tool's (tactical/ui/board/tools/: the drag, the pan, the ruler, the aim): the
view hands the events to its `Toolbox` and paints what the active tools draw. The view
keeps a Python reference to its scene (a view does not own it; a collected scene renders
blank)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QCursor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from tactical.ui.board.scene import BoardScene
from tactical.ui.board.toolbox import Toolbox
from tactical.ui.board.tools import StartedBy
from tactical.ui.board.tools.aim import AimTool, Shape
from tactical.ui.board.tools.drag import DragTool
from tactical.ui.board.tools.group import TokenGroup
from tactical.ui.board.tools.ruler import RulerTool
from tactical.ui.board.words import BoardWords

#: Keys the scroll area moves the view with.
SCROLL_KEYS = frozenset({Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
                         Qt.Key.Key_PageUp, Qt.Key.Key_PageDown, Qt.Key.Key_Home,
                         Qt.Key.Key_End})
T = TypeVar("T")
PX_PER_METRE_AT_ZOOM_1 = 24.0  # zoom 1: a 2 m hex is 48 px across the flats
MAX_ZOOM = 8.0


class BoardView(QGraphicsView):
    """Signals: `hex_hovered(hex or None)` when the hex under the cursor changes;
    `zoom_changed(zoom)` (1.0 = a hex 48 px wide); `status_changed(text)`: the active
    tools' words for the status bar ("" when they have none)."""

    hex_hovered = Signal(object)
    zoom_changed = Signal(float)
    menu_requested = Signal(object, object, QPoint)  # hex, token id or None, global pos
    status_changed = Signal(str)

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = scene  # the reference that keeps the scene alive
        self.setScene(scene)
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
        self._hovered: tuple[int, int] | None = None
        self.fitted = False  # the view as zoom_to_fit left it (the GM has not moved it)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setMinimumSize(200, 150)
        self.zoom_changed.connect(lambda _z: scene.set_detail(self.transform().m11()))
        self._hud_shown: list[tuple[str, str]] = []  # the drag summary last asked to show
        self._hud_box_shown = QRectF()  # and where it might go
        # the summary's plate, opaque, over the viewport (issue 26); `tactical render` has
        # no widgets drawn: it draws the words with the board (drawForeground) instead
        self.words = BoardWords(self, scene.legend)
        self.words_on_board = False
        self._cursor: Qt.CursorShape | None = None  # the tools' cursor last set
        self._status = ""  # and their status words
        self.tools = Toolbox(scene, self)
        self.drag_tool = self._tool("drag", DragTool)
        # Ctrl-click, Ctrl-drag: several tokens; a GM move of one moves them all (issue 26)
        self.group = self._tool("group", TokenGroup)
        self.drag_tool.moves_with = self.group.moves_with
        self.drag_tool.setParent(self)  # it goes with the view (its document connection too)
        self._ruler = self._tool("ruler", RulerTool)
        self._aim = self._tool("aim", AimTool)

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
        self.fitted = False  # before the scroll bars move: the players' camera asks it then
        self.centerOn(self.board.centre(h))

    def _shift(self, delta: QPointF) -> None:
        """Move the view by `delta` metres (no scroll bars: translate the scene rect)."""
        centre = self.mapToScene(self.viewport().rect().center()) + delta
        self.fitted = False  # before the scroll bars move: the players' camera asks it then
        self.centerOn(centre)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.set_zoom(self.zoom * (1.2 ** steps), event.position().toPoint())
        event.accept()

    # --- the tools (tactical/ui/board/tools/): the view only hands them the events

    def tools_changed(self) -> None:
        """An active tool's words, cursor or status changed (or a tool started or ended)."""
        self._words_changed()
        cursor = self.tools.cursor()
        if cursor != self._cursor:
            self._cursor = cursor
            if cursor is None:
                self.viewport().unsetCursor()
            else:
                self.viewport().setCursor(cursor)
        status = self.tools.status()
        if status != self._status:
            self._status = status
            self.status_changed.emit(status)

    def redraw_tools(self) -> None:
        """What an active tool paints changed."""
        self.viewport().update()

    def scroll_by(self, dx_px: float, dy_px: float) -> None:
        """The board follows the hand by (dx, dy) viewport pixels (the pan)."""
        scale = self.transform().m11()
        self._shift(QPointF(-dx_px / scale, -dy_px / scale))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        point = event.position().toPoint()
        if event.button() == Qt.MouseButton.LeftButton:
            self.setFocus()
        if self.tools.press(self.mapToScene(point), event):
            event.accept()
            return
        if event.button() == Qt.MouseButton.RightButton:  # the menu opens on the press itself
            self.request_menu(point, event.globalPosition().toPoint())
            event.accept()
            return
        super().mousePressEvent(event)

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
        scene_pos = self.mapToScene(event.position().toPoint())
        if self.tools.move(scene_pos, event):
            event.accept()
            return
        self._hover(scene_pos)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.tools.release(self.mapToScene(event.position().toPoint()), event):
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and self.tools.claims(event):
            event.accept()  # the key comes to keyPressEvent, not to the window's shortcut
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.tools.key(event, self.mapToScene(self.mapFromGlobal(QCursor.pos()))):
            event.accept()
            return
        if event.key() in SCROLL_KEYS:  # the scroll area moves the view: no longer fitted
            self.fitted = False
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if self.tools.key_release(event):
            event.accept()
            return
        super().keyReleaseEvent(event)

    # --- the built-in tools by name (menus, the window, the render command)

    @property
    def ruler(self) -> tuple[QPointF, QPointF] | None:
        return self._ruler.line

    def ruler_text(self) -> str:
        return self._ruler.text()

    def start_ruler(self, scene_pos: QPointF, follow: bool = False) -> None:
        """Measure from the hex at `scene_pos`; `follow`: the end follows the mouse until
        the next click (Measure from here), else until the button or M lifts."""
        self.tools.use("ruler", scene_pos, by=StartedBy.MENU if follow else StartedBy.CODE)

    def pick_point(self, prompt: str, then: Callable[[QPointF], None],
                   shape: Shape | None = None, status: str = "") -> None:
        """The next left click on the board goes to `then` (Esc cancels); `shape(point)`,
        a polygon in metres, is drawn under the mouse until then; `status`: the status
        bar's words meanwhile."""
        self._aim.aim(prompt, then, shape, status)
        self.tools.use("aim", self.mapToScene(self.mapFromGlobal(QCursor.pos())))

    @property
    def picking(self) -> bool:
        return self._aim.busy

    def cancel_drag(self) -> None:
        self.drag_tool.cancel()

    def _tool(self, name: str, kind: type[T]) -> T:
        tool = self.tools.by_name[name]
        assert isinstance(tool, kind)
        return tool

    @property
    def hovered_hex(self) -> tuple[int, int] | None:
        """The map hex under the cursor (None: off the map or off the view)."""
        return self._hovered

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

    # --- the legend over the board, in viewport pixels

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        legend = self.board.legend
        painter.save()
        to_viewport = self.viewportTransform().inverted()[0]
        painter.setWorldTransform(to_viewport * painter.worldTransform())
        viewport = QRectF(self.viewport().rect())
        if legend.visible:
            legend.paint(painter, viewport)
        hud = self.tools.lines() if self.words_on_board else []
        if hud:  # the drag summary shows with the legend hidden too (issue 14, defect 2)
            legend.paint_lines(painter, self._hud_box(), hud)
        self.tools.paint(painter, self)
        painter.restore()

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

    def _words_changed(self) -> None:
        """The drag summary follows every step: its plate (board/words.py, over the
        viewport) repaints the strips whose words changed (a step changes its first line,
        the metres, and the lines after a reaction that came or went), and no board under
        it (issue 26). Without this it showed the first step's words, or a mix of two
        steps'."""
        hud = self.tools.lines()
        box = self._hud_box()
        if (hud, box) == (self._hud_shown, self._hud_box_shown):
            return
        self._hud_shown, self._hud_box_shown = hud, box
        if self.words_on_board:  # `tactical render`: drawn with the board (drawForeground)
            self.viewport().update()
            return
        self.words.show_lines(box, hud, self.viewport().geometry().topLeft())

    def place_words(self) -> None:
        """Where the summary may go changed (the legend shown, hidden or moved)."""
        self._words_changed()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._words_changed()
