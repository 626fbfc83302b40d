"""Rendering the board to an image without a screen, with the same items as the window: the
`tactical render` command, the documentation pictures and the tests use it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QImage, QImageWriter, QPainter
from PySide6.QtWidgets import QApplication

from tactical.core.types import Hex
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.view import BoardView
from tactical.ui.document import EncounterDocument


def application() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    return QApplication(["tactical-render"])


def render_image(document: EncounterDocument, size: tuple[int, int] = (1920, 1080),
                 select: str | None = None, drag: Sequence[Hex] = (),
                 mover: str | None = None) -> QImage:
    """The board fitted to `size`, `select` selected, and a drag of `mover` through `drag`
    (hexes entered) in progress when given."""
    width, height = size
    scene = BoardScene(document)
    view = BoardView(scene)
    view.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    view.resize(width, height)
    view.show()
    try:
        view.zoom_to_fit()
        if select is not None:
            document.select(select)
        if mover is not None:
            view.drag_tool.begin(mover)
            view.drag_tool.step_to(list(drag))
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(scene.backgroundBrush().color())
        painter = QPainter(image)
        painter.setRenderHints(view.renderHints())
        view.render(painter, QRectF(0, 0, width, height), view.viewport().rect())
        painter.end()
        return image
    finally:
        view.drag_tool.cancel()
        view.close()
        view.deleteLater()


def save_png(image: QImage, out: Path) -> None:
    # QImageWriter names the format as bytes, which PySide6's stubs and runtime agree on
    # (QImage.save's stub says bytes while the binding only takes a str).
    writer = QImageWriter(str(out), QByteArray(b"PNG"))
    if not writer.write(image):
        raise OSError(f"cannot write the image {out}: {writer.errorString()}")
