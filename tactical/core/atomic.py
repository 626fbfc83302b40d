"""Every file Tactical writes is whole or not at all (issue 23): the one owner of writing a
file. Maps, pictures, renders, the start-picture cache and the encounter log's rewrites
all come here.

A write goes to a temp file in the target's folder (os.replace cannot cross
filesystems), is flushed to the disk, then renamed over the target: a crash, a kill or a
full disk leaves the old file or the new one, never a cut one. The new file gets the mode
a plain `open(…, "w")` would give it (0o666 less the umask; an existing file keeps its
own), not mkstemp's 0o600. The temp files are named `.<name>.<pid>.<random>.tmp`, so the
next write of the same file removes those a killed writer left behind.

Only the standard library, so a crash-test child process can import it cheaply.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from tactical.core.errors import TacticalError

try:  # POSIX only
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

STALE_SECONDS = 5 * 60  # an unfinished temp file this old is a killed writer's, pid or not
_RANDOM = r"[a-z0-9_]{8}"  # what mkstemp puts between prefix and suffix


class CannotWrite(TacticalError):
    """A file could not be written; nothing was changed. Says `cannot write FILE: reason`."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"cannot write {path}: {reason}")


def reason_of(error: OSError) -> str:
    """What the GM reads: 'No space left on device', not '[Errno 28] …'."""
    return error.strerror or type(error).__name__


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


def new_file_mode() -> int:
    """The mode `open(path, "w")` gives a new file: 0o666 less the process's umask."""
    with contextlib.suppress(OSError, ValueError):  # Linux says it without changing it
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return 0o666 & ~int(line.split()[1], 8)
    mask = os.umask(0o022)  # reading the umask means setting it; put it straight back
    os.umask(mask)
    return 0o666 & ~mask


def _temp_pattern(name: str) -> re.Pattern[str]:
    # `.castle.yaml.<pid>.<random>.tmp`; and the pid-less `.castle.yaml.<random>.tmp`
    # that versions before issue 23 left behind.
    return re.compile(rf"^\.{re.escape(name)}\.(?:(\d+)\.)?{_RANDOM}\.tmp$")


def _alive(pid: int) -> bool:
    if os.name == "nt":  # pragma: no cover - os.kill(pid, 0) would end it on Windows
        return True  # age alone decides there
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: someone else's, alive
        return True
    return True


def clean_stale(path: Path, *, now: float | None = None) -> list[Path]:
    """Remove the temp files an earlier, killed write of `path` left in its folder: those
    whose writer is gone, or older than STALE_SECONDS (its pid may be reused). A write in
    progress in another window (young, writer alive) is left alone. Returns what went."""
    pattern = _temp_pattern(path.name)
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return []
    for entry in entries:
        found = pattern.match(entry.name)
        if found is None:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            pid = int(found.group(1)) if found.group(1) else None
            old = now - info.st_mtime > STALE_SECONDS
            dead = pid is not None and pid != os.getpid() and not _alive(pid)
            if not (old or dead):
                continue
            os.unlink(entry.path)
        except OSError:
            continue  # gone meanwhile, or not ours to remove: the next write tries again
        removed.append(Path(entry.path))
    return removed


def _stage(path: Path, data: bytes, mode: int | None) -> str:
    """Write `data` to a fresh temp file beside `path`, flushed to the disk; its name."""
    folder = path.parent
    clean_stale(path)
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.{os.getpid()}.",
                                suffix=".tmp")
    try:
        try:
            if mode is None:
                try:
                    mode = stat.S_IMODE(os.stat(path).st_mode)  # an existing file's own
                except OSError:
                    mode = new_file_mode()
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            write_all(fd, data)
            fsync_file(fd)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return temp


def replace_file(path: Path, data: bytes, *, mode: int | None = None) -> None:
    """Replace (or create) `path` with `data` all at once. Raises OSError, having changed
    nothing, when the disk is full or the folder cannot be written."""
    path = Path(path)
    temp = _stage(path, data, mode)
    try:
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_dir(path.parent)


def write_files(files: Iterable[tuple[Path, bytes]]) -> None:
    """Write several files that belong together (a map and its picture): every one is
    written out in full before any is put in place, so a full disk changes none of them.
    Raises CannotWrite naming the file that could not be written."""
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in files:
            path = Path(path)
            try:
                staged.append((_stage(path, data, None), path))
            except OSError as error:
                raise CannotWrite(path, reason_of(error)) from None
        for temp, path in staged:
            try:
                os.replace(temp, path)
            except OSError as error:
                raise CannotWrite(path, reason_of(error)) from None
        for folder in {path.parent for _temp, path in staged}:
            with contextlib.suppress(OSError):  # written and renamed: only durability left
                fsync_dir(folder)
    finally:
        for temp, _path in staged:
            with contextlib.suppress(OSError):
                os.unlink(temp)  # those not renamed (a failure); renamed ones are gone


def write_file(path: Path, data: bytes) -> None:
    """replace_file with the GM's message: CannotWrite('cannot write FILE: reason')."""
    try:
        replace_file(path, data)
    except OSError as error:
        raise CannotWrite(path, reason_of(error)) from None
