"""Token pictures (issue 28): a character's portrait inside its token's circle, the arcs and
badges over it; a picture that cannot be shown leaves the initials and is named."""

from __future__ import annotations

from pathlib import Path

import yaml
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from tactical.core.dice import RandomDice
from tactical.data.library import load_map
from tactical.ui.board import BoardScene, BoardView
from tactical.ui.board.portraits import PORTRAIT_PX, load_portrait
from tactical.ui.document import EncounterDocument

FACE = QColor("#00FF00")  # no side colour, cover or text colour is near it
NEWBIE = {"id": "newbie", "name": "Newbie", "health": 5, "stamina": 5, "portrait": "face.png",
          "attributes": {"AG": 1, "CU": 1, "ST": 1, "VI": 1, "RE": 1, "PR": 1}}


def write_map(folder: Path, picture: bytes | None) -> Path:
    if picture is not None:
        (folder / "face.png").write_bytes(picture)
    path = folder / "portraits.yaml"
    path.write_text(yaml.safe_dump({
        "kind": "map", "name": "Portraits", "grid": {"columns": 8, "rows": 8},
        "sides": {"a": {"name": "A"}, "b": {"name": "B"}},
        "characters": [NEWBIE],
        "tokens": [{"id": "newbie", "character": "newbie", "side": "a", "hex": [2, 2]},
                   {"id": "guard", "character": "security-guard", "side": "b", "hex": [5, 2]}],
    }, sort_keys=False), encoding="utf-8")
    return path


def png(width: int, height: int, colour: QColor) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(colour)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def board(qtbot, path: Path) -> BoardView:
    document = EncounterDocument.for_map(load_map(path), RandomDice(1))
    view = BoardView(BoardScene(document))
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    view.zoom_to_fit()
    return view


def pixel(view: BoardView, token: str, dx_m: float = 0.0) -> QColor:
    centre = view.board.tokens[token].pos() + QPointF(dx_m, 0.0)
    return view.viewport().grab().toImage().pixelColor(view.mapFromScene(centre))


def test_a_portrait_fills_the_token_circle_under_its_arcs(qtbot, tmp_path):
    view = board(qtbot, write_map(tmp_path, png(400, 300, FACE)))  # not square: cropped
    assert view.board.picture_problems == {}
    assert pixel(view, "newbie") == FACE  # the face in the middle of the token
    assert pixel(view, "guard") != FACE  # no portrait: initials on its side's colour
    outside = pixel(view, "newbie", dx_m=1.05)  # the arc's ring beside the disc
    assert outside != FACE  # the arcs stay on top, outside the clipped picture
    pixmap, problem = load_portrait(tmp_path / "face.png")
    assert problem is None and pixmap is not None
    assert pixmap.width() == pixmap.height() <= PORTRAIT_PX  # decoded small and square


def test_a_portrait_that_cannot_be_shown_is_named_and_the_initials_stay(qtbot, tmp_path):
    path = write_map(tmp_path, png(8, 8, FACE))
    document = EncounterDocument.for_map(load_map(path), RandomDice(1))
    (tmp_path / "face.png").write_bytes(b"\x89PNG\r\n\x1a\n not really")  # changed since
    scene = BoardScene(document)
    assert "'face.png'" in scene.picture_problems["newbie"]
    assert scene.tokens["newbie"].look is not None  # drawn with its initials


def test_the_gm_is_told_which_portrait_is_not_shown(qtbot, tmp_path):
    """A portrait the roster names but the folder lacks (or one changed since the map was
    read) leaves the initials; the GM's window names the picture, not silence."""
    from tests.windows import open_window

    path = write_map(tmp_path, None)  # face.png was never copied beside the map
    window = open_window(qtbot, tmp_path, (1280, 720), path)
    message = window.statusBar().currentMessage()
    assert "'face.png'" in message and "portrait" in message
    assert window.scene is not None and window.scene.tokens["newbie"].look is not None
    window.close()
