"""Where autosave logs live, and which one to offer for resuming after a crash.

Autosave is the log itself: every encounter appends to `<data dir>/encounters/*.jsonl`.
A clean EncounterLog.close() ends the file with a `{"closed":true}` line; a log without
it was cut off (crash, kill, power cut) and can be resumed by EncounterLog.open().
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

from tactical.encounter.store import logformat, logio
from tactical.encounter.store.log import LogError
from tactical.encounter.store.logformat import Payload

ENV_VAR = "TACTICAL_DATA_DIR"  # tests and portable installs point this at their own folder


def data_dir() -> Path:
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    # appauthor=False: on Windows, no extra "Tactical\Tactical" level for the author.
    return platformdirs.user_data_path("Tactical", appauthor=False)


def encounters_dir() -> Path:
    return data_dir() / "encounters"


def new_log_path(map_path: Path | str, started: datetime, folder: Path | None = None) -> Path:
    """A free path for a new encounter's log, named by start time and map, e.g.
    `2026-11-30_142501_warehouse.jsonl`. The caller supplies the time (no clock here).
    Creates the folder; the file itself is made by EncounterLog.create."""
    folder = encounters_dir() if folder is None else folder
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:  # a read-only folder was a raw "[Errno 30]" (issue 11)
        raise LogError(f"cannot save encounters in {folder}: {error.strerror}; set "
                       f"{ENV_VAR} to a folder you can write to") from None
    slug = re.sub(r"[^\w-]+", "-", Path(map_path).stem).strip("-_")[:40] or "encounter"
    stem = f"{started:%Y-%m-%d_%H%M%S}_{slug}"
    path, n = folder / f"{stem}.jsonl", 1
    while path.exists():  # two encounters started in the same second on the same map
        n += 1
        path = folder / f"{stem}-{n}.jsonl"
    return path


@dataclass(frozen=True, slots=True)
class Autosave:
    """A log that can be resumed: enough for the prompt ("Resume warehouse from 14:25?")."""

    path: Path
    header: Payload  # the caller's metadata: "map", "ruleset", "created", ...
    modified: float  # the file's last change (its last append), seconds since the epoch


def is_finished(path: Path) -> bool:
    """Whether the log ends with the clean-close marker (read from its tail only), with
    either line end (a CRLF log is the same log, docs/encounter-log.md)."""
    marker = b"\n" + logformat.CLOSED_LINE  # the header line precedes it at least
    crlf = marker.replace(b"\n", b"\r\n")
    with path.open("rb") as file:
        size = file.seek(0, os.SEEK_END)
        file.seek(max(0, size - len(crlf)))
        tail = file.read()
    return tail.endswith(marker) or tail.endswith(crlf)


def _read_header(path: Path) -> Payload | None:
    with path.open("rb") as file:
        line = file.readline(logformat.MAX_HEADER_BYTES)
    try:
        return logformat.decode_header(line)
    except logformat.RecordError:
        return None


def set_aside(path: Path) -> Path:
    """Rename a log that cannot be resumed to `<name>.set-aside` (then `-2`, …) so it is not
    offered at every start; it stays in the folder for the GM or a bug report."""
    target, n = path.with_name(path.name + ".set-aside"), 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.set-aside-{n}")
    try:
        path.rename(target)
    except OSError as error:
        raise LogError(f"cannot set {path} aside: {error.strerror}") from None
    return target


def resumable(folder: Path | None = None) -> list[Autosave]:
    """Logs not closed cleanly, most recently written first. Skips files that are not
    encounter logs, and logs open in a running Tactical (they are not crashed)."""
    folder = encounters_dir() if folder is None else folder
    sessions = []
    for path in folder.glob("*.jsonl"):  # not the `.damaged-<n>` copies nor temp files
        try:
            if not path.is_file() or is_finished(path) or logio.is_locked(path):
                continue
            header = _read_header(path)
            modified = path.stat().st_mtime
        except OSError:
            continue  # vanished or unreadable: nothing we could resume
        if header is not None:
            sessions.append(Autosave(path, header, modified))
    sessions.sort(key=lambda s: (s.modified, s.path.name), reverse=True)
    return sessions


def latest_unfinished(folder: Path | None = None) -> Autosave | None:
    """The encounter to offer after a crash, or None."""
    found = resumable(folder)
    return found[0] if found else None
