"""Rendering the board to an image without a screen, with the same items as the window: the
`tactical render` command, the documentation pictures and the tests use it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QImage, QImageWriter, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsView

from tactical.core.atomic import CannotWrite, write_file
from tactical.core.types import Hex
from tactical.encounter.queries.audience import AudienceFilter
from tactical.encounter.queries.fog import FogOfWar
from tactical.ui.board.manifest import manifest as scene_manifest
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools.area import AreaTool
from tactical.ui.board.view import BoardView
from tactical.ui.document import EncounterDocument


def application() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    return QApplication(["tactical-render"])


def render_image(document: EncounterDocument, size: tuple[int, int] = (1920, 1080),
                 select: str | None = None, drag: Sequence[Hex] = (),
                 mover: str | None = None, audience: AudienceFilter | None = None,
                 fog: bool = False, key: str | None = None,
                 manifest: dict[str, Any] | None = None,
                 area: tuple[str, str, Hex] | None = None) -> QImage:
    """The board fitted to `size`, `select` selected, and a drag of `mover` through `drag`
    (hexes entered) in progress when given; `area` (attacker, blast weapon, aimed hex):
    the GM aiming it (issue 27, the board's aiming tool). Another `audience` than the GM's draws the
    players' screen (with `fog`, and `key` around the map); `manifest` receives what was
    drawn (tactical/ui/board/audience.py)."""
    if audience is not None and not audience.gm:
        return _render_players(document, size, select, audience, fog, key, manifest)
    width, height = size
    scene = BoardScene(document)
    view = BoardView(scene)
    view.words_on_board = True  # view.render draws no widget: the words with the board
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
        tool = view.tools.by_name["area"]
        assert isinstance(tool, AreaTool)
        if area is not None:
            attacker, weapon, aim = area
            name = document.state.get(attacker).name
            tool.aim_with("blast", attacker, weapon,
                          f"{name}: {document.loaded.library.weapons[weapon].name}")
            view.tools.use("area", scene.centre(aim), attacker)
        image = _paint(view, scene, width, height, manifest)
        if manifest is not None and tool.preview is not None:
            p = tool.preview
            manifest["aiming"] = {"aim": list(p.centre), "odds": p.odds,
                                  "marks": [m.text for m in p.marks],
                                  "shielded": sorted(list(h) for h in p.shielded),
                                  "scatter": sorted(list(h) for h in p.scatter)}
        return image
    finally:
        view.tools.by_name["area"].cancel()
        view.drag_tool.cancel()
        view.close()
        view.deleteLater()


def _paint(view: QGraphicsView, scene: BoardScene, width: int, height: int,
           manifest: dict[str, Any] | None) -> QImage:
    """The view's viewport as an image (and what it shows in `manifest`, if given)."""
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(scene.backgroundBrush().color())
    painter = QPainter(image)
    painter.setRenderHints(view.renderHints())
    view.render(painter, QRectF(0, 0, width, height), view.viewport().rect())
    painter.end()
    if manifest is not None:
        manifest.update(scene_manifest(scene))
    return image


def png_bytes(image: QImage) -> bytes:
    """The image encoded as PNG, in memory; CannotWrite-worthy OSError if Qt refuses."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # QImageWriter names the format as bytes, which PySide6's stubs and runtime agree on
    # (QImage.save's stub says bytes while the binding only takes a str).
    writer = QImageWriter(buffer, QByteArray(b"PNG"))
    if not writer.write(image):
        raise OSError(writer.errorString() or "the PNG encoder failed")
    buffer.close()
    return bytes(data.data())


def save_png(image: QImage, out: Path) -> None:
    """Write the image as a PNG whole or not at all (core/atomic.py): a full disk leaves
    the old file, and says `cannot write FILE: reason` (CannotWrite)."""
    try:
        encoded = png_bytes(image)
    except OSError as error:
        raise CannotWrite(out, str(error)) from None
    write_file(out, encoded)


def _render_players(document: EncounterDocument, size: tuple[int, int], select: str | None,
                    audience: AudienceFilter, fog: bool, key: str | None,
                    manifest: dict[str, Any] | None) -> QImage:
    """The players' screen: its own scene through `audience`, in the players' view."""
    from tactical.ui.player.view import PlayerView, StreamLook, opening_box

    width, height = size
    if select is not None:
        document.select(select)  # the GM's selection: the players' scene must ignore it
    scene = BoardScene(document, audience=audience)
    if fog:
        scene.set_fog(FogOfWar(scene.geometry))
    view = PlayerView(scene, StreamLook(key=key))
    view.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    view.resize(width, height)
    view.show()
    try:
        view.show_box(opening_box(scene))
        image = _paint(view, scene, width, height, manifest)
        if manifest is not None:  # what the players' strip and roll history show (issue 28)
            manifest["initiative"] = view.strip_manifest()
            manifest["rolls"] = [r["headline"] for r in view.shown_rolls]
            manifest["label_width_hexes"] = view.widest_name_hexes()
        return image
    finally:
        view.close()
        view.deleteLater()
        scene.deleteLater()
