"""Render packaging/icons/tactical.svg to the icon files the installers use: tactical.png
(Linux, 256 px), tactical.ico (Windows) and tactical.icns (macOS). Run once after changing
the SVG (needs PySide6): python packaging/icons/make_icons.py"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter
from PySide6.QtSvg import QSvgRenderer

HERE = Path(__file__).resolve().parent


def render(size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    QSvgRenderer(str(HERE / "tactical.svg")).render(painter)
    painter.end()
    return image


def write(image: QImage, path: Path, kind: bytes) -> None:
    writer = QImageWriter(str(path), kind)
    if not writer.write(image):
        raise SystemExit(f"cannot write {path}: {writer.errorString()}")


def main() -> None:
    _app = QGuiApplication([])
    write(render(256), HERE / "tactical.png", b"png")
    write(render(256), HERE / "tactical.ico", b"ico")
    write(render(512), HERE / "tactical.icns", b"icns")


if __name__ == "__main__":
    main()
