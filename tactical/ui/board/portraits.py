"""Token pictures (issue 28): a character's portrait, read like every other file — checked
by name before Qt sees it (tactical/data/pictures.py: inside its folder, a regular file, a
whole image of a kind Tactical decodes, not too many pixels), decoded at most PORTRAIT_PX
square, cropped to its centre so a face is not squashed — and kept once per file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QImageReader, QPixmap

from tactical.data.pictures import picture_problem

PORTRAIT_PX = 256  # a token is at most a few hundred pixels across, even on a 4K projector

_KEPT: dict[Path, tuple[QPixmap | None, str | None]] = {}


def find_portrait(name: str, bases: list[Path]) -> Path | None:
    """The first of `bases` (the map's folder, then the bundled pictures) holding `name`."""
    for base in bases:
        if (base / name).is_file():
            return base / name
    return None


def load_portrait(path: Path) -> tuple[QPixmap | None, str | None]:
    """The picture, square, for a token; or None and why (naming the file)."""
    found = _KEPT.get(path)
    if found is not None:
        return found
    problem = picture_problem(path.parent, path.name)
    pixmap: QPixmap | None = None
    if problem is None:
        reader = QImageReader(str(path))
        reader.setAutoTransform(True)
        size = reader.size()
        if size.isValid() and size.width() > 0 and size.height() > 0:
            k = PORTRAIT_PX / min(size.width(), size.height())
            if k < 1.0:  # decode it small: a 4000 px photo is never held whole
                reader.setScaledSize(QSize(max(1, round(size.width() * k)),
                                           max(1, round(size.height() * k))))
        image = reader.read()
        if image.isNull():
            problem = f"the picture {path.name!r} cannot be decoded: {reader.errorString()}"
        else:
            side = min(image.width(), image.height())
            square = image.copy(QRect((image.width() - side) // 2,
                                      (image.height() - side) // 2, side, side))
            pixmap = QPixmap.fromImage(square)
    _KEPT[path] = found = (pixmap, problem)
    return found
