"""The full picture check (data/picturecheck.py) passes every picture Qt itself writes, at
its true size, so a GM's real background is never refused; the lying ones are refused in
tests/hostile/test_hostile_files.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage, QImageReader

from tactical.data import picturecheck
from tactical.data.pictures import bytes_problem, picture_problem

ROOT = Path(__file__).resolve().parents[2]


def encoded(fmt: str, *, alpha: bool = False, quality: int = -1) -> bytes:
    kind = QImage.Format.Format_ARGB32 if alpha else QImage.Format.Format_RGB32
    image = QImage(301, 203, kind)
    image.fill(QColor(120, 140, 90, 128 if alpha else 255))
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, fmt, quality)
    return bytes(data.data())


@pytest.mark.parametrize(("fmt", "alpha", "quality", "kind"), [
    ("PNG", False, -1, "PNG"), ("PNG", True, -1, "PNG"), ("JPEG", False, 80, "JPEG"),
    ("WEBP", False, 80, "WebP"), ("WEBP", False, 100, "WebP"), ("WEBP", True, 80, "WebP"),
    ("BMP", False, -1, "BMP"),
])
def test_pictures_qt_writes_pass_at_their_size(fmt, alpha, quality, kind):
    data = encoded(fmt, alpha=alpha, quality=quality)
    assert picturecheck.inspect(picturecheck.of_bytes(data), len(data)) == (kind, 301, 203)
    assert bytes_problem(data, f"bg.{fmt.lower()}") is None


@pytest.mark.parametrize("picture", sorted([*ROOT.glob("maps/*.png"), *ROOT.glob("docs/*.png"),
                                            *ROOT.glob("packaging/icons/*.png")]),
                         ids=lambda p: p.name)
def test_the_shipped_pictures_pass_at_the_size_qt_reads(picture):
    assert picture_problem(picture.parent, picture.name) is None
    data = picture.read_bytes()
    _kind, width, height = picturecheck.inspect(picturecheck.of_bytes(data), len(data))
    size = QImageReader(str(picture)).size()
    assert (width, height) == (size.width(), size.height())
