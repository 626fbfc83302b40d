"""The encounter log's line format, as pure functions over bytes (docs/encounter-log.md).

Line 1 is a header object; then one record a line, `{"seq":N,"crc":C,"event":{...}}`, and
optionally a last `{"closed":true}` line written by a clean close. A record is accepted if
its checksum matches its event's bytes as written (for a line the writer made, the
canonical text), or, read the slow way, if it is byte for byte the canonical encoding of
what it parses to; so any altered byte is caught, even one that still parses as JSON to
the same values (`1.0` → `1e0`). A `\r\n` line end and a byte-order mark are read as the
writer's `\n` and nothing (issue 23).
"""

from __future__ import annotations

import codecs
import io
import json
import math
import re
import zlib
from array import array
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import IO, Any

FORMAT = "tactical-encounter-log"
VERSION = 2  # 2: each pending reaction has its own id (store/migrate.py reads 1)
CLOSED_LINE = b'{"closed":true}\n'

# The header's first line is read with a cap, so a huge binary file is refused quickly. It
# carries the map, the sheets and the rule numbers (self-contained logs), so it may be big.
MAX_HEADER_BYTES = 16 << 20
# A log is read a line at a time, each record kept only as the event it holds, so reading
# costs time and memory in proportion to the fight (issue 23: a 300,000-event fight, 74 MB,
# resumes in seconds). A fight is ~250 bytes an event: this is a million events, far past
# any fight at a table, and the writer refuses to grow a log past it (log.py), so what is
# written can always be read back; /dev/zero or a stray video is refused at once.
MAX_LOG_BYTES = 256 << 20
# A record line is a few hundred bytes; one longer than this is damage, read past in pieces.
MAX_LINE_BYTES = 16 << 20
BOM = codecs.BOM_UTF8

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


_DECODER = json.JSONDecoder(parse_constant=_no_constant)  # one, not one a line
# (text, index) -> (value, end): the C scanner decode() calls (an instance attribute the
# stubs do not name)
_SCAN: Callable[[str, int], tuple[Any, int]] = vars(_DECODER)["scan_once"]


def loads(text: str) -> Any:
    """JSON as the log writes it: no NaN or Infinity (json.loads takes them by default) and
    no nesting deep enough to exhaust the stack (100,000 brackets on one line)."""
    try:
        return _DECODER.decode(text)
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
    line = _unix(line.removeprefix(BOM))  # the same header (issue 23)
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
    """The seq and event of one record line, whatever its seq; RecordError saying why not.

    The fast way first (a 300,000-event log is read in seconds, issue 23): the line has the
    layout the writer gives it and its checksum matches the event's bytes as they stand,
    which for a line the writer made is its canonical text. Anything else is read the slow
    way, which says what is wrong with it."""
    match = _RECORD.match(line)
    if match is not None:
        seq_text, crc_text, event_bytes = match.groups()
        crc = zlib.crc32(b"," + _SEQ_KEY + seq_text + b"}",
                         zlib.crc32(event_bytes, _EVENT_CRC))
        if len(crc_text) <= 10 and int(crc_text) == crc:
            payload = _event_object(event_bytes)
            if payload is not None:
                return int(seq_text), payload
    return _decode_slowly(line)


def _event_object(event_bytes: bytes) -> Payload | None:
    """The JSON object `event_bytes` spells whole, or None (the slow way says why). The
    decoder's C scanner is called directly: decode() wraps it in Python that skips
    whitespace the writer never writes, a sixth of a long log's reading (issue 23)."""
    try:
        text = event_bytes.decode("utf-8")
        payload, end = _SCAN(text, 0)
    except (UnicodeDecodeError, ValueError, StopIteration, RecursionError):
        return None  # ValueError: bad JSON or NaN; StopIteration: no value at all
    return payload if end == len(text) and type(payload) is dict else None


_RECORD = re.compile(rb'\{"seq":(0|[1-9][0-9]{0,18}),"crc":([0-9]+),"event":(\{.*\})\}\n\Z',
                     re.DOTALL)
_SEQ_KEY = b'"seq":'
_EVENT_CRC = zlib.crc32(b'{"event":')


def _decode_slowly(line: bytes) -> tuple[int, Payload]:
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


Keep = Callable[[Payload], Any]


@dataclass(slots=True)
class Parsed:
    """What a log's bytes hold: the records that survive, and where and why others did not.
    Offsets and sizes are in the file's own bytes (a byte-order mark and CRLF included)."""

    header: Payload
    payloads: list[Any]  # each record's event, or what `keep` made of it
    valid_size: int  # bytes up to the end of the last good record (closed line not included)
    closed: bool = False
    damage: tuple[int, str] | None = None  # (1-based line, reason) of the bad tail's first line
    dropped_lines: int = 0  # lines from there to the end
    valid_size_of_header: int = 0
    total_lines: int = 0  # record lines after the header, the closed line included
    # each payload's 1-based line number, and its line's end offset (arrays: 8 bytes each,
    # not an int object each, for a 300,000-record log)
    lines: array[int] = field(default_factory=lambda: array("q"))
    skipped: list[tuple[int, str]] = field(default_factory=list)  # bad lines mid-file
    first_skip: int | None = None  # how many payloads precede the first skipped line
    ends: array[int] = field(default_factory=lambda: array("q"))
    header_line: bytes = b""  # the header as the writer spells it (no BOM, \n)
    bom: bool = False  # the file starts with a UTF-8 byte-order mark
    crlf_lines: int = 0  # lines ended by \r\n (a mail client, git's autocrlf)

    def cut_at_first_skip(self, total_lines: int) -> None:
        """Keep only the records before the first damaged line (the old rule, for when the
        records after it do not replay): the rest becomes the dropped tail."""
        if self.first_skip is None:
            return
        self.cut(self.first_skip, self.skipped[0], total_lines)

    def cut(self, kept: int, damage: tuple[int, str], total_lines: int) -> None:
        """Keep the first `kept` records; the rest, from `damage`'s line on, is the dropped
        tail (a skipped line or an event that does not make sense there)."""
        self.payloads, self.lines = self.payloads[:kept], self.lines[:kept]
        self.ends = self.ends[:kept]
        self.valid_size = self.ends[-1] if self.ends else self.valid_size_of_header
        self.damage, self.dropped_lines = damage, total_lines - (damage[0] - 2)
        self.skipped = [s for s in self.skipped if s[0] < damage[0]]
        self.first_skip = self.first_skip if self.skipped else None
        self.closed = False

    @property
    def damaged(self) -> bool:
        return self.damage is not None or bool(self.skipped)

    @property
    def foreign(self) -> str | None:
        """How the file differs from the writer's spelling without being damaged: a
        byte-order mark, Windows line ends; None if it does not."""
        said = []
        if self.bom:
            said.append("starts with a byte-order mark")
        if self.crlf_lines:
            every = self.crlf_lines == self.total_lines + 1
            where = "every line" if every else f"{self.crlf_lines:,} line(s)"
            said.append(f"has Windows line ends (CRLF) on {where}")
        return " and ".join(said) or None


def split_lines(data: bytes) -> list[bytes]:
    """Lines with their newline; only b"\\n" ends a line (a stray b"\\r" is damage)."""
    lines = data.split(b"\n")
    tail = lines.pop()  # after the last newline: b"" if the file ends cleanly
    return [line + b"\n" for line in lines] + ([tail] if tail else [])


def _unix(line: bytes) -> bytes:
    # A CRLF end is the same line end (checksums cover the event, not the line end); a
    # \r anywhere else is damage, as before.
    return line[:-2] + b"\n" if line.endswith(b"\r\n") else line


def _read_line(stream: IO[bytes]) -> tuple[bytes, int]:
    """The next line and its length in the file; an over-long one is read past in pieces
    and given back cut (it is damage: no record is that long)."""
    line = stream.readline(MAX_LINE_BYTES + 1)
    size = len(line)
    if size > MAX_LINE_BYTES and not line.endswith(b"\n"):
        return _past_long_line(stream, size)
    return line, size


def _past_long_line(stream: IO[bytes], size: int) -> tuple[bytes, int]:
    """The rest of a line longer than any record read past; what stands for it, and the
    whole line's length."""
    while True:
        rest = stream.readline(MAX_LINE_BYTES)
        size += len(rest)
        if not rest or rest.endswith(b"\n"):
            return b"{over-long}\n", size


def parse(source: bytes | IO[bytes], keep: Keep | None = None, *,
          limit: int | None = None) -> Parsed:
    """Read a whole log, a line at a time. The header must be valid (RecordError otherwise).
    `keep` makes what is kept of each good record (by default its payload); a file past
    `limit` bytes is refused (RecordError).

    A bad line followed by a good record whose seq carries on the chain (each record's
    checksum covers its seq, so the chain is trustworthy) is skipped: one flipped bit costs
    one record, not the rest of the fight. Bad lines with no good record after them are
    the damaged tail (a torn last write), dropped. A byte-order mark and CRLF line ends are
    read as the same records (Parsed.foreign says so)."""
    stream = io.BytesIO(source) if isinstance(source, bytes) else source
    first, size = _read_line(stream)
    bom = first.startswith(BOM)
    header_line = _unix(first[len(BOM):] if bom else first)
    parsed = Parsed(decode_header(header_line), [], size)
    parsed.valid_size_of_header, parsed.header_line, parsed.bom = size, header_line, bom
    parsed.crlf_lines = int(header_line is not first and first.endswith(b"\r\n"))
    pending: list[tuple[int, str]] = []  # bad lines not yet followed by a good record
    expected = 0
    offset = size
    number = 1
    closed_at: int | None = None  # the line of a closed marker, if it is the last so far
    # the loop runs once a line (300,000 in a long fight): what it calls is bound once
    readline, payloads, lines, ends = stream.readline, parsed.payloads, parsed.lines, parsed.ends
    most = limit if limit is not None else math.inf
    while True:
        raw = readline(MAX_LINE_BYTES + 1)
        if not raw:
            break
        size = len(raw)
        if size > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            raw, size = _past_long_line(stream, size)
        number += 1
        offset += size
        if offset > most:
            raise RecordError(f"the log is over the limit of {limit:,} bytes")
        line = raw
        if raw.endswith(b"\r\n"):  # the same line end (see _unix)
            line = raw[:-2] + b"\n"
            parsed.crlf_lines += 1
        if closed_at is not None:  # a closed marker with lines after it is not one
            pending.append((closed_at, _reason(CLOSED_LINE)))
            closed_at = None
        if line == CLOSED_LINE and not pending:
            closed_at = number
            continue
        try:
            seq, payload = decode_any(line)
            if seq < expected or (seq > expected and not pending):
                raise RecordError(f"sequence number {seq}, expected {expected}")
        except RecordError as error:
            pending.append((number, str(error)))
            continue
        if pending:
            if parsed.first_skip is None:
                parsed.first_skip = len(payloads)
            parsed.skipped.extend(pending)
            pending.clear()
        payloads.append(payload if keep is None else keep(payload))
        lines.append(number)
        ends.append(offset)
        expected = seq + 1
    if ends:
        parsed.valid_size = ends[-1]
    parsed.total_lines = number - 1
    parsed.closed = closed_at is not None
    if pending:
        parsed.damage = pending[0]
        parsed.dropped_lines = parsed.total_lines - (pending[0][0] - 2)
    return parsed


def _reason(line: bytes) -> str:
    try:
        decode_any(line)
    except RecordError as error:
        return str(error)
    return "not a record"  # pragma: no cover - the closed line is never a record
