"""Pictures a data file names (a map's background, a portrait): where they may be, and
whether they can be shown, checked without Qt (the data layer imports no PySide6).

A map a player sends the GM must read nothing else on the GM's computer, so a picture path
is relative and stays inside the file's folder; and an image too big for Qt to decode (its
default allocation limit is 256 MB) or not an image at all is named as such by `validate`,
rather than a background that silently does not appear (issue 11).
"""

from __future__ import annotations

import struct
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Annotated

from pydantic import AfterValidator

from tactical.data.reading import FileRefused, read_bounded

MAX_PIXELS = 256 * 1024 * 1024 // 4  # Qt's QImageReader allocation limit, 4 bytes a pixel


def contained_path(text: str) -> str:
    pure = PurePosixPath(text.replace("\\", "/"))
    if pure.is_absolute() or PureWindowsPath(text).drive or ".." in pure.parts:
        raise ValueError(f"the picture path {text!r} leaves the map's folder; copy the "
                         "picture next to the map (or into a folder beside it) and give "
                         "its name")
    return text


RelativePicture = Annotated[str, AfterValidator(contained_path)]


def _size(head: bytes) -> tuple[str, int, int] | None:
    """(format, width, height) from an image's first bytes, or None if not recognised."""
    if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
        width, height = struct.unpack(">II", head[16:24])
        return "PNG", width, height
    if head.startswith((b"GIF87a", b"GIF89a")):
        width, height = struct.unpack("<HH", head[6:10])
        return "GIF", width, height
    if head.startswith(b"BM") and len(head) >= 26:
        width, height = struct.unpack("<ii", head[18:26])
        return "BMP", abs(width), abs(height)
    if head.startswith(b"\xff\xd8"):
        return _jpeg_size(head)
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return "WebP", 0, 0  # dimensions vary by sub-format; Qt reports failures itself
    return None


def _jpeg_size(data: bytes) -> tuple[str, int, int] | None:
    pos = 2
    while pos + 9 < len(data):
        if data[pos] != 0xFF:
            return None
        marker = data[pos + 1]
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[pos + 5:pos + 9])
            return "JPEG", width, height
        pos += 2 + length
    return "JPEG", 0, 0


def picture_problem(base: Path, name: str) -> str | None:
    """Why the picture `name` (relative to the folder `base`) cannot be shown, or None."""
    image = base / name
    try:
        if not image.resolve().is_relative_to(base.resolve()):
            return (f"the picture {name!r} is a link out of the map's folder; copy the "
                    "picture next to the map")
    except (OSError, RuntimeError):  # a symlink loop
        return f"the picture {name!r} cannot be resolved (a link loop?)"
    if not image.exists():
        return f"image file not found: {image}"
    try:
        head = read_bounded(image, 1 << 16, "picture", head=True)
    except FileRefused as error:
        return f"the picture {name!r}: {error.reason}"
    found = _size(head)
    if found is None:
        return f"the picture {name!r} is not an image Tactical can decode (PNG, JPEG, GIF, " \
               "BMP or WebP)"
    kind, width, height = found
    if width * height > MAX_PIXELS:
        return (f"the picture {name!r} ({kind}) is {width}×{height} pixels, too big to decode "
                f"(at most {MAX_PIXELS:,} pixels); scale it down")
    return None
