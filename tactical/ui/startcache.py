"""Pictures of the board's first frame, kept for the next start (issue 13: the first frame
of the demo within 0.4 s). Qt-free: `tactical` asks here before it imports anything big.

Importing the engine and its libraries (numpy, shapely, pydantic) and building the board
takes ~0.5 s, longer than the whole 0.4 s budget. So when a start opens a map as a new
encounter, its first frame is kept as a picture; the next start on the same map shows
that picture in the window at once (~0.2 s) and the live board replaces it as soon as it
is built. The two are the same frame, pixel for pixel: the picture is a grab of it.

A picture is found only for the same map bytes, the same ruleset asked for, the same
version of Tactical, the same board size and pixel ratio, and the same legend edge; with
anything else, no picture is shown and the start is the plain one (the board paints when
it is built). A resumed fight or an encounter log never uses a picture: its board is not
the map's first frame. The folder is a cache: deleting it only costs the next start.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
from pathlib import Path

from tactical import __version__
from tactical.core.atomic import replace_file
from tactical.core.paths import demo_map
from tactical.data.reading import FileRefused, read_bounded
from tactical.encounter.store import autosave

KEEP = 6  # pictures kept (used last first); one per map and window size the GM starts on
MAP_LIMIT = 16 * 1024 * 1024  # bytes of a map hashed (more than a map may have)
PICTURE_LIMIT = 48 * 1024 * 1024  # a 4k board as PNG is ~10 MB; anything bigger is not ours
_NAME = re.compile(r"^[0-9a-f]{32}-\d{1,5}x\d{1,5}@\d{1,3}-[a-z]{1,8}\.png$")


def folder() -> Path:
    override = os.environ.get(autosave.ENV_VAR)  # as the autosaves: tests, portable
    if override:
        return Path(override) / "cache" / "start"
    import platformdirs

    return platformdirs.user_cache_path("Tactical", appauthor=False) / "start"


def map_key(map_path: Path, ruleset: str | None) -> str | None:
    """What a picture of this map's first frame depends on besides the window; None if the
    file cannot be read (the start then says why, as always)."""
    if map_path.suffix.lower() == ".jsonl":
        return None  # an encounter log: its board is the fight as it was left
    try:
        data = read_bounded(map_path, MAP_LIMIT, "map")
    except FileRefused:
        return None
    digest = hashlib.sha256(f"{__version__}\0{ruleset or ''}\0".encode())
    digest.update(data)
    return digest.hexdigest()[:32]


def start_has_picture(path: Path | None, ruleset: str | None) -> bool:
    """Will a start on `path` (None: the demo, unless a fight to resume will be offered)
    show a kept picture? Then `tactical` shows its window before importing the engine."""
    if path is None:
        try:
            if autosave.latest_unfinished() is not None:
                return False
            from tactical.ui.crashes import unexpected_ends

            if unexpected_ends():  # a crash is told first (issue 23)
                return False
        except Exception:  # unreadable: the start will say so, the plain way
            return False
        path = demo_map()
    key = map_key(path, ruleset)
    return key is not None and has_any(key)


def picture_name(key: str, width: int, height: int, ratio: float, legend_edge: str) -> str:
    edge = legend_edge if legend_edge.isalpha() and legend_edge.islower() else "auto"
    return f"{key}-{width}x{height}@{round(ratio * 100)}-{edge[:8]}.png"


def has_any(key: str) -> bool:
    """A picture of this map at some size: the start paints it before the engine loads."""
    try:
        return any(p.name.startswith(key + "-") for p in folder().glob("*.png"))
    except OSError:
        return False


def read(name: str) -> bytes | None:
    """The kept picture's PNG bytes, or None (none kept, or not a file we wrote)."""
    if not _NAME.match(name):
        return None
    try:
        return read_bounded(folder() / name, PICTURE_LIMIT, "picture")
    except FileRefused:
        return None


def used(name: str) -> None:
    """A picture shown: the newest again, so the pictures a GM starts on daily stay."""
    if _NAME.match(name):
        with contextlib.suppress(OSError):
            os.utime(folder() / name)


def writable() -> bool:
    """Whether a picture can be kept (else the start does not spend time making one)."""
    where = folder()
    while not where.exists() and where != where.parent:
        where = where.parent  # the cache folder is made at the first keep
    return os.access(where, os.W_OK)


def keep(name: str, png: bytes) -> None:
    """Write the picture (whole or not at all, core/atomic.py) and drop all but the KEEP
    used last. A failure only means the next start is a plain one: never an error for
    the GM."""
    if not _NAME.match(name) or len(png) > PICTURE_LIMIT:
        return
    where = folder()
    try:
        where.mkdir(parents=True, exist_ok=True)
        replace_file(where / name, png)
    except OSError:
        return
    drop_old(where)


def drop_old(where: Path) -> None:
    """Keep the KEEP pictures used last. What is not a picture we wrote (a link, dangling
    or not: the cache holds none of its own) goes; one that vanishes or cannot be removed
    meanwhile is skipped, never stopping the clean-up of the rest."""
    kept: list[tuple[float, Path]] = []
    for path in where.glob("*.png"):
        if not _NAME.match(path.name):
            continue
        try:
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                path.unlink()
            elif stat.S_ISREG(info.st_mode):
                kept.append((info.st_mtime, path))
        except OSError:
            continue
    kept.sort(reverse=True)
    for _mtime, old in kept[KEEP:]:
        with contextlib.suppress(OSError):
            old.unlink()
