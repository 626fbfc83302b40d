"""Durable file operations for the encounter log: fsync, atomic replace, locks, copies.

Only the standard library, so a crash-test child process can import the log cheaply.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

try:  # POSIX only; on Windows a log is not locked (see docs/encounter-log.md)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

# Windows opens files in text mode unless told otherwise; elsewhere the flag does not exist.
O_BINARY: int = getattr(os, "O_BINARY", 0)


def fsync_file(fd: int) -> None:
    """Flush to the disk itself. On macOS, fsync stops at the drive's cache; F_FULLFSYNC
    is what survives a power cut."""
    full = getattr(fcntl, "F_FULLFSYNC", None)
    if full is not None:
        try:
            fcntl.fcntl(fd, full)
            return
        except OSError:
            pass  # not supported by this filesystem: plain fsync is the best there is
    os.fsync(fd)


def fsync_dir(folder: Path) -> None:
    """Make a created, renamed or truncated entry in `folder` survive a power cut.
    Windows cannot open a folder to fsync it (and NTFS journals the rename)."""
    if os.name == "nt":  # pragma: no cover
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    """os.write may write less than asked (disk nearly full, a signal): loop until done."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


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


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` by `data` all at once: a crash leaves the old file or the new one,
    never a mix. Temp file in the same folder (os.replace cannot cross filesystems)."""
    folder = path.parent
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        try:
            write_all(fd, data)
            fsync_file(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_dir(folder)


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
