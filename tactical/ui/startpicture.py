"""The board's picture at a start, and keeping it for the next (see tactical/ui/startcache.py
for why and when: issue 13, the first frame within 0.4 s)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from tactical.ui import startcache
from tactical.ui.menus import BOARD_BACKGROUND

# How long a window with no picture for its size waits for its final size (the window
# manager's) before the board is built without one: what a start can lose, at worst.
SIZE_WAIT_MS = 250
# A window never painted (shown minimized, on another desktop) builds its board anyway.
UNSEEN_WAIT_MS = 1000


def device_size(widget: QWidget) -> tuple[int, int]:
    """`widget`'s size in device pixels, rounded as Qt rounds a grab's (half up)."""
    ratio = widget.devicePixelRatioF()
    return int(widget.width() * ratio + 0.5), int(widget.height() * ratio + 0.5)


def picture_name(widget: QWidget, key: str, legend_edge: str) -> str:
    """The kept picture for `widget`'s size and pixel ratio."""
    width, height = device_size(widget)
    return startcache.picture_name(key, width, height, widget.devicePixelRatioF(),
                                   legend_edge)


class PictureBoard(QWidget):
    """Stands where the board will be until it is built: the picture of its first frame
    kept by an earlier start at this size (or the bare background), and a busy cursor —
    what the GM clicks meanwhile waits and reaches the live board. `painted` runs once,
    just after the picture is on screen; or after SIZE_WAIT_MS if none is kept for the
    sizes the window has had by then (a window manager maximizes the window a moment
    after it is shown: the first frames may be at another size)."""

    def __init__(self, key: str, legend_edge: str, painted: Callable[[], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPicture")
        self.key, self.legend_edge = key, legend_edge
        self._painted: Callable[[], None] | None = painted
        self._images: dict[str, QImage | None] = {}
        self.shown: QImage | None = None  # what the last frame showed
        self.setCursor(Qt.CursorShape.BusyCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._waiting = QTimer(self)
        self._waiting.setSingleShot(True)
        self._waiting.timeout.connect(self._tell)
        self._waiting.start(UNSEEN_WAIT_MS)

    def _image(self) -> QImage | None:
        name = picture_name(self, self.key, self.legend_edge)
        if name not in self._images:
            data = startcache.read(name)
            image = QImage.fromData(QByteArray(data)) if data else QImage()
            ok = not image.isNull() and (image.width(), image.height()) == device_size(self)
            if ok:
                image.setDevicePixelRatio(self.devicePixelRatioF())
                startcache.used(name)
            self._images[name] = image if ok else None
        return self._images[name]

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.shown = self._image()
        if self.shown is not None:
            painter.drawImage(0, 0, self.shown)
        else:
            painter.fillRect(self.rect(), QColor(BOARD_BACKGROUND))
        painter.end()
        if self.shown is not None:
            QTimer.singleShot(0, self._tell)  # after this frame is on screen
        elif self._waiting.remainingTime() > SIZE_WAIT_MS:
            self._waiting.start(SIZE_WAIT_MS)

    def _tell(self) -> None:
        self._waiting.stop()
        if self._painted is not None:
            painted, self._painted = self._painted, None
            painted()


def keep_picture(board: QWidget, key: str, legend_edge: str,
                 shown: QImage | None = None) -> bool:
    """Keep `board`'s current frame for the next start: True if written. Not when it is
    the picture this start showed (`shown`): a picture that went stale (the map's own
    picture changed, another Qt draws otherwise) is written again at the next start."""
    if not startcache.writable():
        return False
    image = board.grab().toImage()
    if shown is not None and shown.convertToFormat(image.format()) == image:
        return False
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # quality 80: zlib's faster levels; the picture is read back once per start
    # (PySide's stub says the format is bytes; at run time only str is taken)
    if not image.save(buffer, "PNG", 80):  # type: ignore[call-overload]
        return False
    name = startcache.picture_name(key, image.width(), image.height(),
                                   board.devicePixelRatioF(), legend_edge)
    startcache.keep(name, bytes(data.data()))
    return True
