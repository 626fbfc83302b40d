"""The editor's board: the picture, the hex grid, cover and tokens drawn from the draft
(scene units are metres), the current tool's preview, and the snap marker. Mouse and keys go
to the current tool; characters dropped from the roster become tokens."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QWidget,
)

from tactical.data.maps import Grid
from tactical.geometry.layout import Layout, hex_corners, hex_to_point, layout_for
from tactical.ui.board.palette import COVER_COLOURS, side_colour, with_alpha
from tactical.ui.editor.model import EditorModel
from tactical.ui.tools import Tool

MIME = "application/x-tactical-characters"
SNAP_PX = 14.0  # how near (on screen) a click must be to snap
# Keys the editor handles itself even where the window has a shortcut for them.
OWN_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo,
            QKeySequence.StandardKey.Delete)


class EditorView(QGraphicsView):
    """`dropped(ids, point)` when characters are dropped; `tool` receives the gestures."""

    dropped = Signal(list, QPointF)

    def __init__(self, model: EditorModel, parent: QWidget | None = None) -> None:
        self._scene = QGraphicsScene()
        super().__init__(self._scene, parent)
        self.model = model
        self.tool: Tool | None = None
        self.selected_covers: set[int] = set()
        self.selected_tokens: set[int] = set()
        self.keys_first: Callable[[QKeyEvent], bool] | None = None
        self.names: dict[str, str] = {}  # character id → name, for token labels
        self._fitted = False
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QColor("#20242b"))
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self._picture_key: str | None = None
        self._pixmap = QPixmap()
        self.preview = QGraphicsPathItem()
        self.marker = QGraphicsPathItem()
        # the hex grid: one path per grid, kept across edits (a cover dragged rebuilds the
        # rest at every mouse move; a 200 × 200 grid is 40,000 hexes built in Python)
        self._grid_item: QGraphicsPathItem | None = None
        self._grid_key: object = None
        model.changed.connect(self.rebuild)
        self.rebuild()

    # --- drawing

    def _grid(self, grid: Grid, layout: Layout) -> QGraphicsPathItem:
        path = QPainterPath()
        for column in range(grid.columns):
            for row in range(grid.rows):
                corners = hex_corners(layout, grid.axial_of(column, row))
                path.addPolygon(QPolygonF([QPointF(x, y) for x, y in (*corners, corners[0])]))
        pen = QPen(QColor(255, 255, 255, 110), 1.0)
        pen.setCosmetic(True)
        item = self._scene.addPath(path, pen)
        item.setZValue(-50)
        return item

    def rebuild(self) -> None:
        """Re-read the draft (STYLE: items re-read the model after every change)."""
        scene = self._scene
        for item in scene.items():
            if item not in (self.preview, self.marker, self._grid_item):
                scene.removeItem(item)
        draft = self.model.draft
        layout = layout_for(draft.grid)
        if draft.picture is not None and draft.background is not None:
            key = str(draft.picture)
            if key != self._picture_key:
                self._pixmap, self._picture_key = QPixmap(key), key
            if not self._pixmap.isNull():
                item = scene.addPixmap(self._pixmap)
                item.setScale(draft.background.metres_per_pixel)
                item.setPos(*draft.background.offset_m)
                item.setZValue(-100)
                item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        if draft.grid != self._grid_key:
            if self._grid_item is not None:
                scene.removeItem(self._grid_item)
            self._grid_item, self._grid_key = self._grid(draft.grid, layout), draft.grid
        for i, cover in enumerate(draft.cover):
            colour = COVER_COLOURS[cover.cover_class]
            high = cover.height == "high"
            edge = QPen(QColor("#ffffff") if i in self.selected_covers else QColor(colour),
                        3.0 if i in self.selected_covers else 1.5)
            edge.setCosmetic(True)
            if not high:
                edge.setStyle(Qt.PenStyle.DashLine)
            polygon = QPolygonF([QPointF(x, y) for x, y in cover.polygon])
            scene.addPolygon(polygon, edge, QBrush(with_alpha(colour, 150 if high else 70))
                             ).setZValue(-40)
            if i in self.selected_covers:  # its nodes, to drag (Tiled)
                r = 5 / max(self.scale_px(), 1e-6)
                for x, y in cover.polygon:
                    scene.addRect(QRectF(x - r, y - r, 2 * r, 2 * r), edge,
                                  QBrush(QColor("#ffffff"))).setZValue(-39)
        sides = {k: s.colour for k, s in draft.sides.items()}
        for i, token in enumerate(draft.tokens):
            x, y = hex_to_point(layout, token.hex)
            ring = QPen(QColor("#ffffff") if i in self.selected_tokens else QColor("#000000"),
                        3.0 if i in self.selected_tokens else 1.5)
            ring.setCosmetic(True)
            scene.addEllipse(QRectF(x - 0.8, y - 0.8, 1.6, 1.6), ring,
                             QBrush(side_colour(sides, token.side))).setZValue(10)
            character = self.names.get(token.character, token.character)
            text = QGraphicsSimpleTextItem((token.name or character)[:18])
            text.setBrush(QColor("#ffffff"))
            box = text.boundingRect().adjusted(-3, -1, 3, 1)
            # A dark plate the same size on screen at any zoom, centred under the token.
            plate = scene.addRect(QRectF(0, 0, box.width(), box.height()),
                                  QPen(Qt.PenStyle.NoPen), QBrush(QColor(0, 0, 0, 170)))
            plate.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            plate.setTransform(QTransform.fromTranslate(-box.width() / 2, 0))
            plate.setPos(x, y + 0.85)
            plate.setZValue(11)
            text.setParentItem(plate)
            text.setPos(3, 1)
        assert self._grid_item is not None
        bounds = self._grid_item.boundingRect().adjusted(-4, -4, 4, 4)
        scene.setSceneRect(bounds)
        for item in (self.preview, self.marker):
            if item.scene() is None:
                scene.addItem(item)
        self.preview.setZValue(50)
        self.marker.setZValue(60)

    def show_preview(self, points: list[tuple[float, float]], closed: bool = False) -> None:
        path = QPainterPath()
        if points:
            path.moveTo(*points[0])
            for p in points[1:]:
                path.lineTo(*p)
            if closed:
                path.closeSubpath()
        pen = QPen(QColor("#F0E442"), 2.0)
        pen.setCosmetic(True)
        self.preview.setPen(pen)
        self.preview.setPath(path)

    def show_marker(self, point: tuple[float, float] | None) -> None:
        path = QPainterPath()
        if point is not None:
            r = SNAP_PX / 2 / max(self.scale_px(), 1e-6)
            path.addEllipse(QPointF(*point), r, r)
        pen = QPen(QColor("#56B4E9"), 2.0)
        pen.setCosmetic(True)
        self.marker.setPen(pen)
        self.marker.setPath(path)

    def scale_px(self) -> float:
        """Screen pixels per metre."""
        return float(self.transform().m11())

    def snap_radius(self) -> float:
        return SNAP_PX / max(self.scale_px(), 1e-6)

    def fit(self) -> None:
        self.fitInView(self._scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self._fitted and event.size().width() > 200:  # the first real size
            self._fitted = True
            self.fit()

    # --- input, forwarded to the tool

    def _point(self, event: QMouseEvent) -> QPointF:
        return self.mapToScene(event.position().toPoint())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton:
            super().mousePressEvent(event)
            return
        self.setFocus()
        if self.tool is not None:
            self.tool.press(self._point(event), event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.tool is not None:
            self.tool.move(self._point(event), event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.tool is not None:
            self.tool.release(self._point(event), event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self.tool is not None:
            self.tool.double_click(self._point(event), event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
        self.scale(factor, factor)

    def event(self, event: QEvent) -> bool:
        # Undo, Redo and Delete are the editor's while it has the keyboard: take them
        # before the main window's shortcuts do.
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and (any(event.matches(k) for k in OWN_KEYS)
                     or event.key() in (Qt.Key.Key_Backspace, Qt.Key.Key_Escape,
                                        Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Left,
                                        Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
                                        Qt.Key.Key_Space)
                     or self._tool_claims(event)):
            event.accept()
            return True
        return super().event(event)

    def _tool_claims(self, event: QKeyEvent) -> bool:
        return self.tool is not None and self.tool.claims(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.keys_first is not None and self.keys_first(event):
            return
        if self.tool is not None and self.tool.key(event):
            return
        super().keyPressEvent(event)

    # --- roster drops

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        data = event.mimeData()
        if not data.hasFormat(MIME):
            return
        ids = [i for i in bytes(data.data(MIME).data()).decode("utf-8").split("\n") if i]
        self.dropped.emit(ids, self.mapToScene(event.position().toPoint()))
        event.acceptProposedAction()
