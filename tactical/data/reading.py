"""One reading discipline for every file Tactical opens: a regular file, its size bounded
before a byte is parsed (issue 11).

A map, roster, CASE or log may be a symlink to /dev/zero (endless), a FIFO (blocks forever
on open and on read), a folder, or simply huge. Opening with O_NONBLOCK never waits for a
FIFO's writer; fstat on the open descriptor (not the path, which could be swapped between
the check and the read) says what it is; and the read stops one byte past the limit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tactical.core.errors import TacticalError

O_BINARY: int = getattr(os, "O_BINARY", 0)  # Windows opens files as text otherwise
O_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)


class FileRefused(TacticalError):
    """A file that is not a regular file, is too big, or cannot be read; `reason` says why
    (without the path, so callers can position it their own way)."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bounded(path: Path | str, limit: int, what: str = "file", *,
                 head: bool = False) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; FileRefused
    otherwise (a device, a FIFO, a folder, too big, unreadable). With `head`, a bigger
    file is not refused: its first `limit` bytes are returned."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | O_BINARY | O_NONBLOCK)
    except OSError as error:
        raise FileRefused(path, f"cannot read the {what}: {error.strerror or error}") \
            from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            article = "an" if what[:1] in "aeiou" else "a"
            raise FileRefused(path, f"is {_kind(info.st_mode)}, not {article} {what}")
        if info.st_size > limit and not head:
            raise FileRefused(path, f"the {what} is {info.st_size:,} bytes; the limit is "
                              f"{limit:,} bytes")
        chunks: list[bytes] = []
        total = 0
        while total <= limit:  # the file may grow while it is read: stop past the limit
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if head:
            return b"".join(chunks)[:limit]
        if total > limit:
            raise FileRefused(path, f"the {what} is over the limit of {limit:,} bytes")
        return b"".join(chunks)
    except OSError as error:
        raise FileRefused(path, f"cannot read the {what}: {error.strerror or error}") \
            from None
    finally:
        os.close(fd)
