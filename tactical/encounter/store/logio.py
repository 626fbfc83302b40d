"""Durable file operations for the encounter log: fsync, atomic replace, locks, copies.

Only the standard library, so a crash-test child process can import the log cheaply.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

# One owner of writing a file whole or not at all (tactical/core/atomic.py); the log's
# rewrites (compaction, repair, overwrite) use it like every other file Tactical writes.
from tactical.core.atomic import fsync_dir, fsync_file, write_all
from tactical.core.atomic import replace_file as atomic_write

__all__ = ["O_BINARY", "atomic_write", "fsync_dir", "fsync_file", "is_locked", "keep_copy",
           "try_lock", "write_all"]

try:  # POSIX only; on Windows a log is not locked (see docs/encounter-log.md)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

# Windows opens files in text mode unless told otherwise; elsewhere the flag does not exist.
O_BINARY: int = getattr(os, "O_BINARY", 0)


def try_lock(fd: int) -> bool:
    """An exclusive advisory lock, held until the fd is closed or the process dies (so a
    killed Tactical never leaves a stale lock). False if another open log holds it."""
    if fcntl is None:  # pragma: no cover - Windows
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def is_locked(path: Path) -> bool:
    """Whether a log at `path` is open for appending (in this process or another)."""
    try:
        fd = os.open(path, os.O_RDONLY | O_BINARY)
    except OSError:
        return False
    try:
        return not try_lock(fd)
    finally:
        os.close(fd)  # closing drops the probe's own lock, if it got one


def keep_copy(path: Path, data: bytes) -> Path:
    """Save `data` (the damaged log) beside `path` as `<name>.damaged-<n>`, first free n,
    durably, before the log is cut back; returns the copy's path."""
    n = 1
    while True:
        copy = path.with_name(f"{path.name}.damaged-{n}")
        try:
            fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_BINARY, 0o644)
        except FileExistsError:
            n += 1
            continue
        try:
            try:
                write_all(fd, data)
                fsync_file(fd)
            finally:
                os.close(fd)
            fsync_dir(path.parent)
        except BaseException:
            # a full disk: never leave an empty or partial copy that looks like a backup
            with contextlib.suppress(OSError):
                os.unlink(copy)
            raise
        return copy
