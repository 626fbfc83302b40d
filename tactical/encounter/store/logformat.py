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
from dataclasses import dataclass, field
from typing import Any

FORMAT = "tactical-encounter-log"
VERSION = 2  # 2: each pending reaction has its own id (store/migrate.py reads 1)
CLOSED_LINE = b'{"closed":true}\n'

# The header's first line is read with a cap, so a huge binary file is refused quickly. It
# carries the map, the sheets and the rule numbers (self-contained logs), so it may be big.
MAX_HEADER_BYTES = 16 << 20
# A whole log is read before it is parsed; a long fight is ~300 bytes an event, so this is
# some 200,000 events, while /dev/zero or a stray video is refused at once (issue 11).
MAX_LOG_BYTES = 64 << 20

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


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def loads(text: str) -> Any:
    """JSON as the log writes it: no NaN or Infinity (json.loads takes them by default) and
    no nesting deep enough to exhaust the stack (100,000 brackets on one line)."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def encode_header(metadata: Mapping[str, object]) -> bytes:
    reserved = {"format", "version"} & set(metadata)
    if reserved:
        raise ValueError(f"header metadata may not set {sorted(reserved)}: the log sets them")
    header = {"format": FORMAT, "version": VERSION, **metadata}
    # Not sorted: "format" stays first, so `head -1` tells a person what the file is.
    # The header carries the whole map (tens of thousands of values on a big map): read the
    # text back and compare, in C, rather than walk it in Python first (issue 13: the walk
    # was a tenth of opening a 400 × 400 map); only a header JSON would change is walked,
    # to say where.
    try:
        text = json.dumps(header, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        encoded = (text + "\n").encode("utf-8")
        same = loads(text) == header
    except (TypeError, ValueError):  # UnicodeEncodeError is a ValueError
        same = False
    if not same:
        check_jsonable(header, "header")
        raise TypeError("header: JSON would not give it back unchanged")
    return encoded


def decode_header(line: bytes) -> Payload:
    """The header of a log whose first line (with its newline) is `line`; raises
    RecordError with a reason the GM can read."""
    if not line:
        raise RecordError("the file is empty (no header line)")
    if not line.endswith(b"\n"):
        raise RecordError("the header line is incomplete (no newline)")
    try:
        header = loads(line.decode("utf-8"))
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
    seq, payload = decode_any(line)
    if seq != expected_seq:
        raise RecordError(f"sequence number {seq!r}, expected {expected_seq}")
    return payload


def decode_any(line: bytes) -> tuple[int, Payload]:
    """The seq and event of one record line, whatever its seq; RecordError saying why not."""
    if not line.endswith(b"\n"):
        raise RecordError("torn last line (no newline: the write was cut short)")
    try:
        record = loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError("not valid UTF-8") from None
    except ValueError as error:
        detail = str(error) if ("nested" in str(error) or "JSON number" in str(error)) else ""
        raise RecordError(f"not valid JSON{f' ({detail})' if detail else ''}") from None
    if not isinstance(record, dict) or set(record) != {"seq", "crc", "event"}:
        raise RecordError('not a log record (expected "seq", "crc" and "event")')
    seq, crc, payload = record["seq"], record["crc"], record["event"]
    if type(seq) is not int or seq < 0:
        raise RecordError(f"sequence number {seq!r} is not a count")
    if not isinstance(payload, dict):
        raise RecordError("the event is not a JSON object")
    event_json = canonical(payload)
    if type(crc) is not int or crc != zlib.crc32(_checked_text(seq, event_json)):
        raise RecordError("checksum mismatch (the line was altered)")
    if _record_line(seq, crc, event_json) != line:
        raise RecordError("not in canonical form (the line was altered)")
    return seq, payload


@dataclass(slots=True)
class Parsed:
    """What a log's bytes hold: the records that survive, and where and why others did not."""

    header: Payload
    payloads: list[Payload]
    valid_size: int  # bytes up to the end of the last good record (closed line not included)
    closed: bool = False
    damage: tuple[int, str] | None = None  # (1-based line, reason) of the bad tail's first line
    dropped_lines: int = 0  # lines from there to the end
    valid_size_of_header: int = 0
    total_lines: int = 0  # record lines after the header, the closed line included
    lines: list[int] = field(default_factory=list)  # each payload's 1-based line number
    skipped: list[tuple[int, str]] = field(default_factory=list)  # bad lines mid-file
    first_skip: int | None = None  # how many payloads precede the first skipped line
    ends: list[int] = field(default_factory=list)  # each payload's line's end offset

    def cut_at_first_skip(self, total_lines: int) -> None:
        """Keep only the records before the first damaged line (the old rule, for when the
        records after it do not replay): the rest becomes the dropped tail."""
        if self.first_skip is None:
            return
        first = self.skipped[0]
        self.payloads, self.lines = self.payloads[:self.first_skip], self.lines[:self.first_skip]
        self.ends = self.ends[:self.first_skip]
        self.valid_size = self.ends[-1] if self.ends else self.valid_size_of_header
        self.damage, self.dropped_lines = first, total_lines - (first[0] - 2)
        self.skipped, self.first_skip, self.closed = [], None, False

    @property
    def damaged(self) -> bool:
        return self.damage is not None or bool(self.skipped)


def split_lines(data: bytes) -> list[bytes]:
    """Lines with their newline; only b"\\n" ends a line (a stray b"\\r" is damage)."""
    lines = data.split(b"\n")
    tail = lines.pop()  # after the last newline: b"" if the file ends cleanly
    return [line + b"\n" for line in lines] + ([tail] if tail else [])


def parse(data: bytes) -> Parsed:
    """Read a whole log. The header must be valid (RecordError otherwise).

    A bad line followed by a good record whose seq carries on the chain (each record's
    checksum covers its seq, so the chain is trustworthy) is skipped: one flipped bit costs
    one record, not the rest of the fight. Bad lines with no good record after them are
    the damaged tail (a torn last write), dropped."""
    end = data.find(b"\n")
    header_line = data if end < 0 else data[: end + 1]
    parsed = Parsed(decode_header(header_line), [], len(header_line))
    parsed.valid_size_of_header = len(header_line)
    lines = split_lines(data[len(header_line):])
    parsed.total_lines = len(lines)
    pending: list[tuple[int, str]] = []  # bad lines not yet followed by a good record
    expected = 0
    offset = len(header_line)
    for index, line in enumerate(lines):
        number = index + 2
        offset += len(line)
        if line == CLOSED_LINE and index == len(lines) - 1 and not pending:
            parsed.closed = True
            break
        try:
            seq, payload = decode_any(line)
            if seq < expected or (seq > expected and not pending):
                raise RecordError(f"sequence number {seq}, expected {expected}")
        except RecordError as error:
            pending.append((number, str(error)))
            continue
        if pending:
            if parsed.first_skip is None:
                parsed.first_skip = len(parsed.payloads)
            parsed.skipped.extend(pending)
            pending.clear()
        parsed.payloads.append(payload)
        parsed.lines.append(number)
        parsed.ends.append(offset)
        parsed.valid_size = offset
        expected = seq + 1
    if pending:
        parsed.damage = pending[0]
        parsed.dropped_lines = len(lines) - (pending[0][0] - 2)
    return parsed
