"""The players' window: the same document as the GM's board through the players' audience
(tactical/encounter/queries/audience.py), with its own camera — follow the GM's view, locked, or
auto-framed — optionally at physical scale, on a chosen screen or as a plain window for a
stream. The GM's board shows the frame of what the players see."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QGuiApplication,
    QKeyEvent,
    QPen,
    QScreen,
)
from PySide6.QtWidgets import QGraphicsRectItem, QVBoxLayout, QWidget

from tactical.encounter.queries.audience import Audience, AudienceFilter, AudienceSettings
from tactical.encounter.queries.change import Change
from tactical.encounter.queries.fog import FogOfWar
from tactical.geometry.layout import hex_to_point
from tactical.ui.board.ping import Ping
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.view import BoardView
from tactical.ui.document import EncounterDocument
from tactical.ui.player.camera import (
    Box,
    CameraMode,
    HexSize,
    ScreenInfo,
    auto_frame_ids,
    bounding,
    lerp_box,
    physical_px_per_metre,
)
from tactical.ui.player.view import PlayerView, StreamLook, map_box, opening_box

ANIMATION_MS = 700
FRAME_COLOUR = QColor("#F0E442")  # the players' frame on the GM's board: Okabe–Ito yellow


def screen_info(screen: QScreen) -> ScreenInfo:
    g = screen.geometry()
    return ScreenInfo(screen.name(), (g.x(), g.y(), g.width(), g.height()))


def screens() -> list[ScreenInfo]:
    return [screen_info(s) for s in QGuiApplication.screens()]


class PlayerFrame(QGraphicsRectItem):
    """On the GM's board: the rectangle the players' screen shows (dashed, never filled)."""

    def __init__(self) -> None:
        super().__init__()
        pen = QPen(FRAME_COLOUR, 3, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.setPen(pen)
        self.setZValue(60)  # over the labels (palette.Z.LABELS = 50)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)


class PlayerWindow(QWidget):
    """Signals: `closed()` when the window closes (its own close button included)."""

    closed = Signal()

    def __init__(self, document: EncounterDocument, settings: AudienceSettings,
                 gm_view: BoardView | None = None, look: StreamLook | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(f"Tactical — players' view: {document.loaded.map.name}")
        self.document = document
        self.scene = BoardScene(document, audience=AudienceFilter(Audience.PLAYERS, settings))
        self.view = PlayerView(self.scene, look)
        self.view.resized.connect(lambda: self.show_box(self.box))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.resize(1280, 720)
        self.mode = CameraMode.FOLLOW
        self.box: Box = opening_box(self.scene)  # the tokens players see, not the whole map
        self.animation_ms = ANIMATION_MS
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.valueChanged.connect(self._animate)
        self._from: Box = self.box
        self._to: Box = self.box
        self.placed_on: ScreenInfo | None = None
        self._pinged_to = False  # Shift+G brought the camera to a ping: it stays there
        self.frame: PlayerFrame | None = None
        self.gm_view: BoardView | None = None
        self.set_gm_view(gm_view)
        document.changed.connect(self._document_changed)
        document.pinged.connect(self._pinged)

    # --- what players see

    @property
    def audience(self) -> AudienceFilter:
        return self.scene.audience

    def set_settings(self, settings: AudienceSettings) -> None:
        self.scene.set_audience(AudienceFilter(Audience.PLAYERS, settings))
        self.view.refresh()  # the strip and the rolls through the new filter
        self.view.viewport().update()
        self._document_changed()

    def set_fog(self, on: bool) -> None:
        self.scene.set_fog(FogOfWar(self.scene.geometry) if on else None)

    def set_look(self, look: StreamLook) -> None:
        self.view.look = look
        self.show_box(self.box)

    # --- placement

    def place(self, screen: ScreenInfo | None, full_screen: bool) -> None:
        """On `screen` full screen (a projector, a TV), or a plain window there (to capture
        in OBS); None: a plain window where it is."""
        self.placed_on = screen
        if screen is not None:
            x, y, w, h = screen.geometry
            self.setGeometry(QRect(x, y, w, h) if full_screen else
                             QRect(x + w // 8, y + h // 8, min(1280, w * 3 // 4),
                                   min(720, h * 3 // 4)))
            for qscreen in QGuiApplication.screens():
                if qscreen.name() == screen.name and self.windowHandle() is not None:
                    self.windowHandle().setScreen(qscreen)
        if full_screen:
            self.showFullScreen()
        else:
            self.showNormal()
        self.raise_()

    # --- the camera

    def set_mode(self, mode: CameraMode) -> None:
        self.mode = mode
        if mode is CameraMode.FOLLOW:
            self._follow()
        elif mode is CameraMode.AUTO:
            self._auto(animate=False)

    def set_physical_scale(self, ppi: float | None, hex_size: HexSize = HexSize.INCH) -> None:
        """1 hex = 1 inch (or 25 mm) on a screen of `ppi` pixels per inch; None: fit."""
        if ppi is None:
            self.view.fixed_px_per_m = None
        else:
            metres = self.document.oracle.params.metres_per_hex
            self.view.fixed_px_per_m = physical_px_per_metre(ppi, hex_size, metres)
        self.show_box(self.box)

    def set_gm_view(self, gm_view: BoardView | None) -> None:
        if self.gm_view is not None:
            if self.frame is not None:
                self.gm_view.board.removeItem(self.frame)
            # a closed window follows no more: the GM's view outlives it (a scroll at
            # shutdown asked a deleted players' scene for its tokens)
            self.gm_view.zoom_changed.disconnect(self._followed)
            for bar in (self.gm_view.horizontalScrollBar(), self.gm_view.verticalScrollBar()):
                bar.valueChanged.disconnect(self._followed)
        self.gm_view, self.frame = gm_view, None
        if gm_view is None:
            return
        self.frame = PlayerFrame()
        gm_view.board.addItem(self.frame)
        gm_view.zoom_changed.connect(self._followed)
        for bar in (gm_view.horizontalScrollBar(), gm_view.verticalScrollBar()):
            bar.valueChanged.connect(self._followed)
        self._follow()

    def _followed(self, _value: object) -> None:
        self._follow()

    def show_box(self, box: Box) -> None:
        self.box = box
        self.view.show_box(box)
        if self.frame is not None:
            self.frame.setRect(QRectF(*self.view.visible_box()))

    def _map_box(self) -> Box:
        return map_box(self.scene)

    def _follow(self) -> None:
        """Follow my view: what the GM's board shows; while it is the whole map as Fit left
        it (every opening), the tokens the players see instead (issue 28: a whole map at
        1280 x 720 drew 12-20 px tokens): the GM has not looked at anything yet."""
        if self.mode is not CameraMode.FOLLOW or self.gm_view is None:
            return
        self._pinged_to = False
        self.show_box(opening_box(self.scene) if self.gm_view.fitted else self._gm_box())

    def _keep_tokens_in_view(self) -> None:
        """Following a fitted GM's board: the camera moves only when a token the players
        see leaves the frame or comes into sight outside it (no jump at every step)."""
        left, top, width, height = self.view.visible_box()
        inside = QRectF(left, top, width, height).adjusted(1.0, 1.0, -1.0, -1.0)
        if all(inside.contains(t.pos()) for t in self.scene.tokens.values() if t.isVisible()):
            return
        target = opening_box(self.scene)
        if target != self.box:  # at a physical scale the box may not hold them all: no loop
            self._glide(target)

    def _gm_box(self) -> Box:
        assert self.gm_view is not None
        rect = self.gm_view.mapToScene(self.gm_view.viewport().rect()).boundingRect()
        # what the GM sees of the map: the dark margins round a fitted board are not worth
        # the players' pixels (issue 28: the map came out 420 × 340 px at 720p)
        on_map = rect.intersected(QRectF(*self._map_box()))
        if not on_map.isEmpty():
            rect = on_map
        return (rect.left(), rect.top(), rect.width(), rect.height())

    def auto_box(self) -> Box:
        state = self.document.state
        ids = auto_frame_ids(state, self.document.encounter.history.effective_events(),
                             set(self.scene.tokens), self.audience.settings.player_sides)
        layout = self.scene.layout
        box = bounding(hex_to_point(layout, state.get(i).hex) for i in ids)
        return box if box is not None else self._map_box()

    def _auto(self, animate: bool = True) -> None:
        self._glide(self.auto_box(), animate)

    def _glide(self, target: Box, animate: bool = True) -> None:
        """The camera to `target`, animated when the window is shown."""
        if not animate or self.animation_ms <= 0 or not self.isVisible():
            self._animation.stop()
            self.show_box(target)
            return
        self._from, self._to = self.box, target
        self._animation.stop()
        self._animation.setDuration(self.animation_ms)
        self._animation.start()

    def _animate(self, t: object) -> None:
        self.show_box(lerp_box(self._from, self._to, float(t)))  # type: ignore[arg-type]

    def _pinged(self, ping: Ping) -> None:
        """Shift+G on the GM's board: the camera goes to the ping, the zoom kept (locked
        or following, it is the GM's word just now)."""
        if not ping.look:
            return
        x, y = hex_to_point(self.scene.layout, ping.hex)
        _left, _top, width, height = self.box
        self._pinged_to = True  # there until the GM looks elsewhere (a zoom, a pan, Fit)
        self._glide((x - width / 2, y - height / 2, width, height))

    def _document_changed(self, _change: Change | None = None) -> None:
        if self.mode is CameraMode.AUTO:
            self._auto()
        elif self.mode is CameraMode.FOLLOW and self.gm_view is not None \
                and self.gm_view.fitted and not self._pinged_to:
            self._keep_tokens_in_view()
        # else FOLLOW moves with the GM's view; LOCKED never moves

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()  # out of full screen; the window stays open
            event.accept()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._animation.stop()
        self.set_gm_view(None)
        super().closeEvent(event)
        self.closed.emit()
