"""Building hostile encounter logs from the golden warehouse fight."""

from __future__ import annotations

import json
import shutil
import zlib
from pathlib import Path
from typing import Any

from tactical.encounter.scenario import play
from tactical.encounter.store import files, logformat
from tactical.encounter.store.log import EncounterLog

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "scenarios" / "warehouse_three_rounds.jsonl"
SCENARIO = GOLDEN.with_suffix(".json")


def new_format_log(folder: Path, map_path: Path | None = None) -> Path:
    """The warehouse fight as a log of today's format (its header carries the map), written
    against the map at `map_path` (a copy of the demo map in `folder` by default)."""
    if map_path is None:
        map_path = folder / "warehouse.yaml"
        shutil.copy(ROOT / "maps" / "warehouse.yaml", map_path)
        shutil.copy(ROOT / "maps" / "warehouse.png", folder / "warehouse.png")
    played = play(SCENARIO)
    from tactical.data.library import load_map

    loaded = load_map(map_path)
    log = folder / "fight.jsonl"
    EncounterLog.save_as(log, files.header_for(loaded, "test"), played.records())
    return log


def old_format_log(folder: Path) -> Path:
    """The golden log (its header names the map by a relative path) with the map beside
    it as that path expects, so it can be edited."""
    (folder / "maps").mkdir()
    shutil.copy(ROOT / "maps" / "warehouse.yaml", folder / "maps" / "warehouse.yaml")
    shutil.copy(ROOT / "maps" / "warehouse.png", folder / "maps" / "warehouse.png")
    logs = folder / "a" / "b"
    logs.mkdir(parents=True)
    log = logs / "old.jsonl"
    log.write_bytes(GOLDEN.read_bytes().replace(b"../../maps/", b"../../maps/"))
    return log


def lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def record(seq: int, payload: dict[str, Any]) -> bytes:
    """A record line with a valid checksum, whatever the payload holds."""
    return logformat.encode_record(seq, payload)


def raw_record(seq: int, event_json: str) -> bytes:
    """A record line whose event is written as given (NaN, deep nesting), checksummed."""
    crc = zlib.crc32(f'{{"event":{event_json},"seq":{seq}}}'.encode())
    return f'{{"seq":{seq},"crc":{crc},"event":{event_json}}}\n'.encode()


def rewrite(path: Path, header: dict[str, Any] | None = None,
            records: list[dict[str, Any]] | None = None) -> None:
    contents = lines_of(path)
    head = contents[0] if header is None else (json.dumps(header) + "\n").encode()
    body = b"".join(contents[1:]) if records is None else b"".join(
        record(i, r) for i, r in enumerate(records))
    path.write_bytes(head + body)
