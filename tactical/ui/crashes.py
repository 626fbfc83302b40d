"""Telling a crash from a fight left in progress (issue 23). Both leave the fight's log
without its closed marker, so the log alone cannot say which; this session's report can.

At start the app opens `<user data>/reports/session-<time>-<pid>.txt`, holds it locked
for as long as it runs, and points `faulthandler` (fatal signals: a segfault, an abort)
and `sys.excepthook` (a Python exception) at it; it also notes there which fight's log
is open. A normal exit removes the file (or, if an exception was reported and the app
went on, keeps it as `error-….txt` for a bug report, not told as a crash). So a session
file that nobody holds at the next start is a session that ended unexpectedly: a crash
(its report says how), or a kill, power cut or shutdown (the report says no error was
recorded). It is told once, then renamed `crash-….txt`. Nothing is sent anywhere.
Qt-free: the file must work when Qt itself is what crashed."""

from __future__ import annotations

import contextlib
import faulthandler
import logging
import os
import platform
import sys
import traceback
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TextIO

from tactical import __version__
from tactical.encounter.store import autosave, logio

log = logging.getLogger(__name__)

SESSION, CRASH, ERROR = "session-", "crash-", "error-"
LOG_LINE = "fight log: "  # the log the session had open when it ended
NO_ERROR = ("No error was recorded: Tactical was stopped from outside (killed, a power cut "
            "or a shutdown).")
MAX_READ = 1 << 20  # a report is read this far (a huge one is not ours to load)
KEEP = 20  # told reports kept (the newest): the folder does not grow for ever


def reports_dir() -> Path:
    return autosave.data_dir() / "reports"


class Watch:
    """This session's report file, locked while the app runs."""

    def __init__(self, path: Path, file: TextIO) -> None:
        self.path = path
        self.file = file
        self.errors = False
        self._previous = sys.excepthook

    @classmethod
    def start(cls, folder: Path | None = None, started: datetime | None = None) -> Watch | None:
        """Open this session's report and install the handlers; None (logged) if the data
        folder cannot be written: the app runs without a report then."""
        folder = reports_dir() if folder is None else folder
        started = started or datetime.now().astimezone()
        prune(folder)
        path = folder / f"{SESSION}{started:%Y-%m-%d_%H%M%S}-{os.getpid()}.txt"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            file = path.open("a", encoding="utf-8", buffering=1)  # O_APPEND: faulthandler
        except OSError as error:  # writes land after our lines, never over them
            log.warning("no crash report this session: %s", error)
            return None
        logio.try_lock(file.fileno())
        file.write(f"Tactical {__version__}, Python {platform.python_version()} on "
                   f"{platform.platform()}; started {started.isoformat(timespec='seconds')}, "
                   f"process {os.getpid()}\n")
        watch = cls(path, file)
        faulthandler.enable(file, all_threads=True)
        sys.excepthook = watch._excepthook
        return watch

    def opened(self, log_path: Path | None) -> None:
        """The fight's log now on screen (the one to restore after a crash)."""
        with contextlib.suppress(OSError, ValueError):
            self.file.write(f"{LOG_LINE}{log_path or '-'}\n")

    def _excepthook(self, kind: type[BaseException], value: BaseException,
                    tb: TracebackType | None) -> None:
        self.errors = True
        with contextlib.suppress(OSError, ValueError):
            self.file.write(f"Python exception at {datetime.now().astimezone():%H:%M:%S}:\n")
            self.file.write("".join(traceback.format_exception(kind, value, tb)))
            self.file.flush()
        self._previous(kind, value, tb)

    def stop(self) -> None:
        """A normal exit: the report goes (or is kept as an error report)."""
        faulthandler.disable()
        if sys.excepthook == self._excepthook:
            sys.excepthook = self._previous
        with contextlib.suppress(OSError):
            self.file.close()
            if self.errors:
                self.path.rename(self.path.with_name(ERROR + self.path.name[len(SESSION):]))
            else:
                self.path.unlink()


@dataclass(frozen=True, slots=True)
class Ended:
    """A session that ended unexpectedly: its report, whether it records an error (a
    Python exception or a fatal signal) and the fight's log it had open."""

    report: Path
    error: bool
    log: Path | None


def _read(path: Path) -> Ended:
    with path.open("rb") as file:
        text = file.read(MAX_READ).decode("utf-8", "replace")
    error = "Python exception" in text or "Fatal Python error" in text
    logs = [line[len(LOG_LINE):].strip() for line in text.splitlines()
            if line.startswith(LOG_LINE)]
    last = logs[-1] if logs else "-"
    return Ended(path, error, None if last == "-" else Path(last))


def unexpected_ends(folder: Path | None = None) -> list[Ended]:
    """Sessions that ended without a normal exit, the latest first (a running Tactical's
    own file is locked and not among them)."""
    folder = reports_dir() if folder is None else folder
    found = []
    for path in sorted(folder.glob(f"{SESSION}*.txt"), reverse=True):
        try:
            if path.is_file() and not logio.is_locked(path):
                found.append(_read(path))
        except OSError:
            continue
    return found


def prune(folder: Path, keep: int = KEEP) -> None:
    """Only the newest `keep` told reports (crash-…, error-…) stay."""
    told = sorted((p for prefix in (CRASH, ERROR) for p in folder.glob(f"{prefix}*.txt")),
                  key=lambda p: p.name[p.name.index("-") + 1:], reverse=True)
    for path in told[keep:]:
        with contextlib.suppress(OSError):
            path.unlink()


def file_away(ended: Ended) -> Path:
    """Told: renamed `crash-…` so it is told once; one that recorded no error says so."""
    target = ended.report.with_name(CRASH + ended.report.name[len(SESSION):])
    try:
        if not ended.error:
            with ended.report.open("a", encoding="utf-8") as file:
                file.write(NO_ERROR + "\n")
        ended.report.rename(target)
    except OSError:
        return ended.report
    return target
