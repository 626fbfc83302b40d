"""The encounter log's line format, as pure functions over bytes (docs/encounter-log.md).

Line 1 is a header object; then one record a line, `{"seq":N,"crc":C,"event":{...}}`, and
optionally a last `{"closed":true}` line written by a clean close. A record is accepted only
if it is byte for byte the canonical encoding of what it parses to, so any altered byte is
caught, even one that still parses as JSON to the same values (`1.0` → `1e0`).
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

FORMAT = "tactical-encounter-log"
VERSION = 1
CLOSED_LINE = b'{"closed":true}\n'

# The header's first line is read with a cap, so a huge binary file is refused quickly.
MAX_HEADER_BYTES = 1 << 20

Payload = dict[str, Any]


class RecordError(Exception):
    """Why one line is not a valid record; the reader turns it into a warning."""


def canonical(value: object) -> str:
    """The one JSON spelling of a value: sorted keys, no spaces, UTF-8 text as is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def checksum(seq: int, payload: Payload) -> int:
    """CRC32 of the canonical JSON of {"event": payload, "seq": seq}: it covers both."""
    return zlib.crc32(_checked_text(seq, canonical(payload)))


def _checked_text(seq: int, event_json: str) -> bytes:
    # Exactly canonical({"event": payload, "seq": seq}), built from the payload's canonical
    # text so that writing and checking a record dump the payload only once.
    return f'{{"event":{event_json},"seq":{seq}}}'.encode()


def _record_line(seq: int, crc: int, event_json: str) -> bytes:
    # Key order is fixed, seq first, for people reading the file.
    return f'{{"seq":{seq},"crc":{crc},"event":{event_json}}}\n'.encode()


def check_jsonable(value: object, where: str = "event") -> None:
    """Refuse what JSON would not give back unchanged (a tuple comes back as a list, an int
    key as a string), so the engine replays exactly the values it appended."""
    if value is None or isinstance(value, bool | int | str):
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as error:
                raise TypeError(f"{where}: string is not valid UTF-8 ({error.reason})") from None
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TypeError(f"{where}: {value} is not a finite number; JSON has no NaN/inf")
        return
    if type(value) is list:
        for index, item in enumerate(value):
            check_jsonable(item, f"{where}[{index}]")
        return
    if type(value) is dict:
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{where}: key {key!r} is not a string")
            check_jsonable(item, f"{where}[{key!r}]")
        return
    raise TypeError(f"{where}: {type(value).__name__} is not JSON (use dict, list, str, "
                    "int, float, bool or None)")


def encode_header(metadata: Mapping[str, object]) -> bytes:
    reserved = {"format", "version"} & set(metadata)
    if reserved:
        raise ValueError(f"header metadata may not set {sorted(reserved)}: the log sets them")
    header = {"format": FORMAT, "version": VERSION, **metadata}
    check_jsonable(header, "header")
    # Not sorted: "format" stays first, so `head -1` tells a person what the file is.
    text = json.dumps(header, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode("utf-8")


def decode_header(line: bytes) -> Payload:
    """The header of a log whose first line (with its newline) is `line`; raises
    RecordError with a reason the GM can read."""
    if not line:
        raise RecordError("the file is empty (no header line)")
    if not line.endswith(b"\n"):
        raise RecordError("the header line is incomplete (no newline)")
    try:
        header = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise RecordError("the first line is not a JSON header; is this an encounter log?") \
            from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise RecordError(f'the first line does not say "format": "{FORMAT}"; '
                          "is this an encounter log?")
    version = header.get("version")
    if type(version) is not int:
        raise RecordError(f"the header has no valid version number: {version!r}")
    if version > VERSION:
        raise RecordError(f"it was written by a newer Tactical (log format {version}); "
                          f"this one reads format {VERSION}")
    if version < 1:
        raise RecordError(f"unknown log format version {version}")
    return header


def encode_record(seq: int, payload: Payload) -> bytes:
    """One record line, with its newline."""
    event_json = canonical(payload)
    return _record_line(seq, zlib.crc32(_checked_text(seq, event_json)), event_json)


def encode_records(first_seq: int, payloads: list[Payload]) -> bytes:
    for index, payload in enumerate(payloads):
        if type(payload) is not dict:
            raise TypeError(f"event {index}: {type(payload).__name__} is not a dict")
        check_jsonable(payload)
    return b"".join(encode_record(first_seq + i, p) for i, p in enumerate(payloads))


def decode_record(line: bytes, expected_seq: int) -> Payload:
    """The event of one record line (with its newline); raises RecordError saying why not."""
    if not line.endswith(b"\n"):
        raise RecordError("torn last line (no newline: the write was cut short)")
    try:
        record = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError("not valid UTF-8") from None
    except ValueError:
        raise RecordError("not valid JSON") from None
    if not isinstance(record, dict) or set(record) != {"seq", "crc", "event"}:
        raise RecordError('not a log record (expected "seq", "crc" and "event")')
    seq, crc, payload = record["seq"], record["crc"], record["event"]
    if type(seq) is not int or seq != expected_seq:
        raise RecordError(f"sequence number {seq!r}, expected {expected_seq}")
    if not isinstance(payload, dict):
        raise RecordError("the event is not a JSON object")
    event_json = canonical(payload)
    if type(crc) is not int or crc != zlib.crc32(_checked_text(seq, event_json)):
        raise RecordError("checksum mismatch (the line was altered)")
    if _record_line(seq, crc, event_json) != line:
        raise RecordError("not in canonical form (the line was altered)")
    return payload


@dataclass(slots=True)
class Parsed:
    """What a log's bytes hold: the valid prefix, and where and why it ends early."""

    header: Payload
    payloads: list[Payload]
    valid_size: int  # bytes of header + valid records (the closed line not included)
    closed: bool = False
    damage: tuple[int, str] | None = None  # (1-based line number, reason) of the first bad line
    dropped_lines: int = 0


def split_lines(data: bytes) -> list[bytes]:
    """Lines with their newline; only b"\\n" ends a line (a stray b"\\r" is damage)."""
    lines = data.split(b"\n")
    tail = lines.pop()  # after the last newline: b"" if the file ends cleanly
    return [line + b"\n" for line in lines] + ([tail] if tail else [])


def parse(data: bytes) -> Parsed:
    """Read a whole log. The header must be valid (RecordError otherwise); from the first bad
    record on, nothing is trusted, since later seqs could not be checked against it."""
    end = data.find(b"\n")
    header_line = data if end < 0 else data[: end + 1]
    parsed = Parsed(decode_header(header_line), [], len(header_line))
    lines = split_lines(data[len(header_line):])
    for index, line in enumerate(lines):
        if line == CLOSED_LINE and index == len(lines) - 1:
            parsed.closed = True
            break
        try:
            parsed.payloads.append(decode_record(line, index))
        except RecordError as error:
            parsed.damage = (index + 2, str(error))
            parsed.dropped_lines = len(lines) - index
            break
        parsed.valid_size += len(line)
    return parsed
