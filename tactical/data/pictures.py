"""Pictures a data file names (a map's background, a portrait): where they may be, and
whether they can be shown, checked without Qt (the data layer imports no PySide6).

A map a player sends the GM must read nothing else on the GM's computer, so a picture path
is relative and stays inside the file's folder; and an image too big for Qt to decode (its
default allocation limit is 256 MB) or not an image at all is named as such by `validate`,
rather than a background that silently does not appear (issue 11).
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Annotated

from pydantic import AfterValidator

from tactical.data import picturecheck
from tactical.data.reading import FileRefused, read_bounded

MAX_PIXELS = picturecheck.MAX_PIXELS


def contained_path(text: str) -> str:
    pure = PurePosixPath(text.replace("\\", "/"))
    if pure.is_absolute() or PureWindowsPath(text).drive or ".." in pure.parts:
        raise ValueError(f"the picture path {text!r} leaves the map's folder; copy the "
                         "picture next to the map (or into a folder beside it) and give "
                         "its name")
    return text


RelativePicture = Annotated[str, AfterValidator(contained_path)]


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
        read_bounded(image, 16, "picture", head=True)  # a regular file, readable
        with image.open("rb") as stream:
            length = stream.seek(0, os.SEEK_END)

            def read(offset: int, count: int) -> bytes:
                stream.seek(offset)
                return stream.read(count)

            return image_problem(read, length, name)
    except FileRefused as error:
        return f"the picture {name!r}: {error.reason}"
    except OSError as error:
        return f"the picture {name!r}: cannot read it: {error.strerror or error}"


def bytes_problem(data: bytes, name: str) -> str | None:
    """Why the picture `data` (to be written as `name`) cannot be shown, or None."""
    return image_problem(picturecheck.of_bytes(data), len(data), name)


def image_problem(read: picturecheck.Read, length: int, name: str) -> str | None:
    try:
        found = picturecheck.inspect(read, length)
    except picturecheck.Lie as lie:
        return f"the picture {name!r} is not a whole picture: {lie}"
    if found is None:
        return f"the picture {name!r} is not an image Tactical can decode (PNG, JPEG, GIF, " \
               "BMP or WebP)"
    kind, width, height = found
    if width * height > MAX_PIXELS:
        return (f"the picture {name!r} ({kind}) is {width}×{height} pixels, too big to decode "
                f"(at most {MAX_PIXELS:,} pixels); scale it down")
    return None
