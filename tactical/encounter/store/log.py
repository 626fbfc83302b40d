"""The crash-proof encounter log: an append-only JSON Lines file of opaque event payloads.

An append returns only after its line is flushed and fsynced, so a command whose events
were appended survives a kill or a power cut. Opening a log replays its valid prefix; a
torn or altered line and everything after it are dropped with a warning (the damaged file
is kept beside it first), never a crash. Format: docs/encounter-log.md.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import gc
import os
import stat
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple

from tactical.core.errors import TacticalError
from tactical.data.reading import O_NONBLOCK, FileRefused, read_bounded
from tactical.encounter.store import logformat, logio
from tactical.encounter.store.logformat import Payload

__all__ = ["EncounterLog", "LogContents", "LogError", "Payload", "ReadOnly", "Replay",
           "read_log"]


class LogError(TacticalError):
    """The log cannot be created, opened or written; the message names the file."""


@dataclass(frozen=True, slots=True)
class LogContents:
    """A log read without changing it (for `tactical replay` and the resume prompt)."""

    header: Payload
    payloads: list[Any]  # the records' payloads, or what `keep` made of them
    warnings: list[str]
    closed: bool  # ended by a clean close(), so not offered for resuming
    lines: Sequence[int] = ()  # each payload's 1-based line number in the file
    first_skip: int | None = None  # payloads before the first damaged line skipped mid-file
    # what was read, and from which version of the file (device, inode, size, change time):
    # EncounterLog.open(known=...) takes it instead of reading the file a second time
    parsed: logformat.Parsed | None = field(default=None, compare=False, repr=False)
    identity: tuple[int, ...] = field(default=(), compare=False, repr=False)


class Replay(NamedTuple):
    """What EncounterLog.open gives back: the log, ready to append, and what it held."""

    log: EncounterLog
    header: Payload
    payloads: list[Any]  # as LogContents.payloads
    warnings: list[str]


def _lines(found: list[tuple[int, str]]) -> str:
    """'line 5: checksum mismatch' for one; grouped by reason for many (a long damaged log
    gave a 48,523-line dialog; issue 11)."""
    by_reason: dict[str, list[int]] = {}
    for line, reason in found:
        by_reason.setdefault(reason, []).append(line)
    parts = []
    for reason, numbers in by_reason.items():
        shown = ", ".join(str(n) for n in numbers[:3])
        more = f" and {len(numbers) - 3:,} more" if len(numbers) > 3 else ""
        parts.append(f"line{'s' if len(numbers) > 1 else ''} {shown}{more}: {reason}")
    return "; ".join(parts)


def damage_warning(path: Path, parsed: logformat.Parsed, copy: Path | None) -> str:
    """One warning for all the damage in a log: the lines skipped mid-file, the tail
    dropped, and where the original is kept."""
    said = []
    if parsed.skipped:
        said.append(f"skipped {len(parsed.skipped):,} damaged line(s) ({_lines(parsed.skipped)}); "
                    "the records after them still chain, so they are kept")
    if parsed.damage is not None:
        line, reason = parsed.damage
        said.append(f"line {line}: {reason}. Dropped {parsed.dropped_lines:,} line(s) from "
                    "there to the end")
    kept = f"; the damaged file is kept as {copy.name}" if copy else ""
    return (f"{path}, {'; '.join(said)}; replaying the {len(parsed.payloads):,} event(s) "
            f"that survive{kept}.")


def foreign_warning(path: Path, parsed: logformat.Parsed, *, rewritten: bool) -> str:
    """One warning for a log spelt otherwise than Tactical writes it (BOM, CRLF)."""
    then = ("; it is rewritten as Tactical writes logs (\\n line ends, no mark), to go on "
            "with it" if rewritten else "")
    return f"{path} {parsed.foreign}: read as the same records{then}."


def _identity(info: os.stat_result) -> tuple[int, ...]:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def _parse_fd(path: Path, fd: int, keep: logformat.Keep | None) -> logformat.Parsed:
    """The log open at `fd` (a regular file, checked), read from its start a line at a
    time; LogError for a bad header or a file past the limit."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > logformat.MAX_LOG_BYTES:
        _refuse(path)
    os.lseek(fd, 0, os.SEEK_SET)
    # read in pieces of up to a MiB (a small log: its own size, so opening one is cheap)
    stream = os.fdopen(os.dup(fd), "rb", buffering=min(1 << 20, max(1 << 13, info.st_size)))
    try:
        with paused_collection():
            return logformat.parse(stream, keep, limit=logformat.MAX_LOG_BYTES)
    except logformat.RecordError as error:
        raise LogError(f"{path}:1: is not a readable encounter log: {error}") from None
    finally:
        stream.close()


@contextlib.contextmanager
def paused_collection() -> Iterator[None]:
    """The cyclic garbage collector paused while a log is read or replayed: that makes
    hundreds of thousands of objects that all stay alive (the events, the history, the
    states), and every collection would walk them all again (issue 23: a third of a long
    log's reading). Nothing read makes a cycle; collection resumes after."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _refuse(path: Path) -> None:
    """Raise the LogError that says what the file is instead of a log (a folder, a FIFO,
    too big): the one reading discipline's words (data/reading.py)."""
    try:
        read_bounded(path, logformat.MAX_LOG_BYTES, "encounter log")
    except FileRefused as error:
        raise LogError(str(error)) from None
    raise LogError(f"{path}: changed while it was read; open it again")


def _open_to_read(path: Path) -> int:
    try:
        return os.open(path, os.O_RDONLY | logio.O_BINARY | O_NONBLOCK)
    except OSError:
        _refuse(path)
        raise  # pragma: no cover - _refuse raises


def read_log(path: Path, *, keep_after_damage: bool = True,
             keep: logformat.Keep | None = None) -> LogContents:
    """Read a log without repairing or locking it. Raises LogError for a bad header.
    `keep` makes what is kept of each record's payload (the payload itself by default)."""
    path = Path(path)
    fd = _open_to_read(path)
    try:
        parsed = _parse_fd(path, fd, keep)
        identity = _identity(os.fstat(fd))
    except OSError as error:
        raise LogError(f"cannot read the encounter log {path}: {error.strerror}") from None
    finally:
        os.close(fd)
    if not keep_after_damage:
        parsed.cut_at_first_skip(parsed.total_lines)
    warnings = [damage_warning(path, parsed, None)] if parsed.damaged else []
    if parsed.foreign:
        warnings.append(foreign_warning(path, parsed, rewritten=False))
    return LogContents(parsed.header, parsed.payloads, warnings, parsed.closed,
                       parsed.lines, parsed.first_skip, parsed, identity)


class ReadOnly(LogError):
    """The log cannot be opened for writing (read-only media or folder, no permission): it
    can still be read, to look at the fight."""


class EncounterLog:
    """An encounter log open for appending. Make one with create() or open()."""

    def __init__(self, path: Path, fd: int, size: int, next_seq: int) -> None:
        self._path = path
        self._fd: int | None = fd
        self._size = size  # bytes of valid content; the file position stays here
        self._next_seq = next_seq
        self._broken: str | None = None

    @property
    def path(self) -> Path:
        return self._path

    @property
    def next_seq(self) -> int:
        """The seq the next appended event gets (= the number of events in the log)."""
        return self._next_seq

    @property
    def closed(self) -> bool:
        return self._fd is None

    @classmethod
    def create(cls, path: Path, header_metadata: Mapping[str, object], *,
               overwrite: bool = False) -> EncounterLog:
        """A new, empty log holding only its header. Refuses an existing file unless
        `overwrite`, and a log another window has open in any case."""
        path = Path(path)
        header = logformat.encode_header(header_metadata)  # bad metadata: nothing written
        try:
            if overwrite and path.exists():
                if logio.is_locked(path):
                    raise LogError(f"{path} is open in another encounter; not overwriting it")
                logio.atomic_write(path, header)
                fd = os.open(path, os.O_RDWR | logio.O_BINARY)
            else:
                fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | logio.O_BINARY, 0o644)
                try:
                    logio.write_all(fd, header)
                    logio.fsync_file(fd)
                    logio.fsync_dir(path.parent)
                except OSError:  # e.g. disk full: leave no headless file behind
                    os.close(fd)
                    path.unlink(missing_ok=True)
                    raise
        except FileExistsError:
            raise LogError(f"{path} already exists; not overwriting an encounter log") from None
        except OSError as error:
            raise LogError(f"cannot create the encounter log {path}: {error.strerror}") \
                from None
        if not logio.try_lock(fd):  # lost a race with another window opening it
            os.close(fd)
            raise LogError(f"{path} is open in another encounter")
        os.lseek(fd, 0, os.SEEK_END)
        return cls(path, fd, len(header), 0)

    @classmethod
    def open(cls, path: Path, *, keep_after_damage: bool = True,
             keep: logformat.Keep | None = None, known: LogContents | None = None,
             cut: tuple[int, int, str] | None = None) -> Replay:
        """Open a log to continue it. If lines are damaged, keeps a copy of the file as
        `<name>.damaged-<n>` first, then repairs the log: a damaged tail is cut off; records
        skipped mid-file are left out and the rest renumbered (written atomically). Strips a
        clean-close marker. A log spelt with a byte-order mark or CRLF line ends is
        rewritten as Tactical writes logs (atomically; the same records). ReadOnly if the
        file cannot be written (read it instead).
        `keep_after_damage=False`: drop everything from the first damaged line instead (for
        records that chain but do not replay without the one skipped). `keep`: as read_log.
        `known`: what read_log read from this file, taken as is if the file has not changed
        since (a long log is read once). `cut` (records kept, line, why): the records from
        that line on are dropped as damage (an event that does not make sense there)."""
        path = Path(path)
        try:
            fd = os.open(path, os.O_RDWR | logio.O_BINARY | O_NONBLOCK)
        except OSError as error:
            if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM) and path.is_file():
                raise ReadOnly(f"{path} is read-only ({error.strerror})") from None
            raise LogError(f"cannot open the encounter log {path}: {error.strerror}") from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                _refuse(path)
            if not logio.try_lock(fd):
                raise LogError(f"{path} is already open in another encounter")
            info = os.fstat(fd)
            if known is not None and known.parsed is not None and \
                    known.identity == _identity(info):
                parsed = dataclasses.replace(known.parsed)  # cut below makes new lists
            else:
                parsed = _parse_fd(path, fd, keep)
            if not keep_after_damage:
                parsed.cut_at_first_skip(parsed.total_lines)
            if cut is not None and cut[0] < len(parsed.payloads):
                parsed.cut(cut[0], (cut[1], cut[2]), parsed.total_lines)
            warnings = []
            if parsed.damaged:
                copy = cls._keep_copy(path)
                warnings.append(damage_warning(path, parsed, copy))
            if parsed.foreign:
                warnings.append(foreign_warning(path, parsed, rewritten=True))
            if parsed.skipped or parsed.foreign:
                fd = cls._rewrite(path, fd, parsed)
                size = os.lseek(fd, 0, os.SEEK_END)
            else:
                if parsed.valid_size != info.st_size:
                    os.ftruncate(fd, parsed.valid_size)
                    logio.fsync_file(fd)
                size = os.lseek(fd, parsed.valid_size, os.SEEK_SET)
        except OSError as error:
            os.close(fd)
            raise LogError(f"cannot repair the encounter log {path}: {error.strerror}; "
                           "nothing was changed") from None
        except BaseException:
            os.close(fd)
            raise
        log = cls(path, fd, size, len(parsed.payloads))
        return Replay(log, parsed.header, parsed.payloads, warnings)

    @staticmethod
    def _keep_copy(path: Path) -> Path:
        try:
            # the file's bytes, read again only now that they are damaged (a normal open
            # never holds the whole log in memory)
            return logio.keep_copy(path, path.read_bytes())
        except OSError as error:
            if error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                raise ReadOnly(f"{path} is damaged and its folder is read-only, so it cannot "
                               f"be repaired ({error.strerror})") from None
            raise LogError(f"{path} is damaged and cannot be repaired: there is no room to "
                           f"keep a copy of it first ({error.strerror}); nothing was changed. "
                           "Free some disk space and open it again.") from None

    @staticmethod
    def _rewrite(path: Path, fd: int, parsed: logformat.Parsed) -> int:
        """The log's records that are kept (without its skipped lines and dropped tail),
        renumbered, as Tactical writes them, replacing the file atomically; the lock moves
        to the new file. Returns its fd (the old one is closed). The records are read
        again from the file as they stand (the kept ones are not held as JSON)."""
        count = len(parsed.payloads)
        lines = [parsed.header_line]

        def copy(payload: Payload) -> None:
            if len(lines) <= count:
                lines.append(logformat.encode_record(len(lines) - 1, payload))

        _parse_fd(path, fd, copy)
        if len(lines) != count + 1:
            raise LogError(f"{path} changed while it was repaired; nothing was changed")
        logio.atomic_write(path, b"".join(lines))
        new = os.open(path, os.O_RDWR | logio.O_BINARY)
        if not logio.try_lock(new):
            os.close(new)
            raise LogError(f"{path} was opened in another encounter during its repair")
        os.close(fd)
        return new

    def append(self, payload: Payload) -> int:
        """Append one event durably; returns its seq."""
        return self.append_many([payload]).start

    def append_many(self, payloads: Iterable[Payload]) -> range:
        """Append the events of one command with one write and one fsync; returns their
        seqs. Payloads must be JSON as is (TypeError otherwise, before anything is written).
        If the disk refuses, the log is cut back to before this call and LogError raised."""
        fd = self._writable()
        batch = list(payloads)
        data = logformat.encode_records(self._next_seq, batch)
        first, count = self._next_seq, len(batch)
        if self._size + len(data) > logformat.MAX_LOG_BYTES:
            # what is written can be read back (issue 23): never past the reader's limit
            raise LogError(f"the encounter log {self._path} is full: it holds "
                           f"{self._size:,} bytes and Tactical reads logs of up to "
                           f"{logformat.MAX_LOG_BYTES:,}; the last command was not recorded. "
                           "File ▸ Save as… writes a compact copy to go on with.")
        if data:
            try:
                logio.write_all(fd, data)
                logio.fsync_file(fd)
            except OSError as error:
                self._cut_back()
                raise LogError(f"could not save to the encounter log {self._path}: "
                               f"{error.strerror}; the last command was not recorded") from None
            self._size += len(data)
            self._next_seq += count
        return range(first, first + count)

    def close(self, *, finished: bool = True) -> None:
        """Close the file. `finished` (a clean end) writes the closed marker, so the
        session is not offered for resuming; leave it False to keep it resumable."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            if finished and self._broken is None:
                logio.write_all(fd, logformat.CLOSED_LINE)
                logio.fsync_file(fd)
        except OSError as error:
            raise LogError(f"could not mark {self._path} as closed: {error.strerror}") \
                from None
        finally:
            os.close(fd)  # also releases the lock

    def __del__(self) -> None:
        # A log dropped without close() would hold its fd and lock for the life of the
        # process; close it (unmarked: resumable), and say so.
        if getattr(self, "_fd", None) is not None:
            self.close(finished=False)
            warnings.warn(f"encounter log {self._path} was not closed", ResourceWarning,
                          stacklevel=2)

    def __enter__(self) -> EncounterLog:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        # An exception is not a clean end: leave the log resumable.
        self.close(finished=kind is None)

    @staticmethod
    def save_as(path: Path, header_metadata: Mapping[str, object],
                payloads: Iterable[Payload]) -> None:
        """Write a compacted copy atomically (temp file, fsync, rename, fsync the folder):
        a crash leaves the old file or the complete new one. Marked closed. Refuses to
        replace a log that is open for appending."""
        path = Path(path)
        data = (logformat.encode_header(header_metadata)
                + logformat.encode_records(0, list(payloads)) + logformat.CLOSED_LINE)
        if logio.is_locked(path):
            raise LogError(f"{path} is the log of an open encounter; save to another file")
        try:
            logio.atomic_write(path, data)
        except OSError as error:
            raise LogError(f"could not save {path}: {error.strerror}") from None

    def _writable(self) -> int:
        if self._fd is None:
            raise LogError(f"the encounter log {self._path} is closed")
        if self._broken is not None:
            raise LogError(f"the encounter log {self._path} cannot be written: {self._broken}")
        return self._fd

    def _cut_back(self) -> None:
        """After a failed write, remove its partial line so the file stays a valid log."""
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, self._size)
            os.lseek(self._fd, self._size, os.SEEK_SET)
            logio.fsync_file(self._fd)
        except OSError as error:
            # Appending after a partial line would hide it mid-file; refuse from now on.
            self._broken = f"a failed write could not be undone ({error.strerror})"
