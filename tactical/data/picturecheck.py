"""Pictures that lie (issue 23): a PNG cut after its header, a JPEG header followed by
noise, a WebP that is only its RIFF label. Their first bytes look right, so `validate` and
`import` let them through and the board silently has no background. Qt-free (the data
layer imports no PySide6), so the check is what a decoder reads first, in full: every
chunk or segment header up to the pixels, with their lengths checked against the file,
and the start of the pixels themselves.

`inspect` returns (format, width, height) for a picture that holds together (or as soon
as its size is known to be over MAX_PIXELS: too big to decode is the message then), and
raises Lie, saying what is wrong, for one that does not. It reads by offset and never the whole
file: a 30 MB background costs a few thousand small reads.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable

Read = Callable[[int, int], bytes]  # (offset, count) → at most count bytes from there

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_PIXELS = 256 * 1024 * 1024 // 4  # Qt's QImageReader allocation limit, 4 bytes a pixel
MAX_CHUNKS = 200_000  # a 30 MB PNG in 8 KB IDAT chunks has ~4,000
_CRC_LIMIT = 16 << 20  # a first chunk bigger than this is not read whole to check it
_FIRST_PIXELS = 1 << 16  # bytes of the first image data decompressed to prove it is one


class Lie(Exception):
    """The picture is not what its first bytes say; the message says what is wrong."""


def _u32be(data: bytes, at: int = 0) -> int:
    return int(struct.unpack_from(">I", data, at)[0])


def _png(read: Read, length: int) -> tuple[str, int, int]:
    head = read(8, 25)
    if len(head) < 25 or head[4:8] != b"IHDR" or _u32be(head) != 13:
        raise Lie("a PNG cut short before its header ends")
    if zlib.crc32(head[4:21]) & 0xFFFFFFFF != _u32be(head, 21):
        raise Lie("a PNG whose header is damaged (checksum)")
    width, height = _u32be(head, 8), _u32be(head, 12)
    if width * height > MAX_PIXELS:  # too big to decode whatever follows: say that
        return "PNG", width, height
    at, pixels = 33, False
    for _count in range(MAX_CHUNKS):
        if at + 12 > length:
            break
        chunk = read(at, 8)
        size, kind = _u32be(chunk), chunk[4:8]
        if at + 12 + size > length:
            raise Lie(f"a PNG cut short: its {kind.decode('latin-1')!r} chunk at byte "
                      f"{at:,} needs {size:,} bytes, the file has {length - at - 12:,}")
        if kind == b"IDAT" and not pixels:
            data = read(at + 8, min(size, _CRC_LIMIT))
            if size <= _CRC_LIMIT and \
                    zlib.crc32(kind + data) & 0xFFFFFFFF != _u32be(read(at + 8 + size, 4)):
                raise Lie("a PNG whose first image data is damaged (checksum)")
            try:
                zlib.decompressobj().decompress(data[:_FIRST_PIXELS], 1024)
            except zlib.error:
                raise Lie("a PNG whose image data is not compressed pixels") from None
            pixels = True
        if kind == b"IEND":
            if not pixels:
                raise Lie("a PNG with no image data")
            return "PNG", width, height
        at += 12 + size
    else:
        raise Lie(f"a PNG of over {MAX_CHUNKS:,} chunks")
    raise Lie("a PNG cut short: no image data" if not pixels else
              "a PNG cut short: its end marker is missing")


_STANDALONE = {0x01, *range(0xD0, 0xD8)}  # JPEG markers without a length
_SOF = {*range(0xC0, 0xD0)} - {0xC4, 0xC8, 0xCC}


def _jpeg(read: Read, length: int) -> tuple[str, int, int]:
    at, size = 2, None
    while at + 4 <= length:
        marker = read(at, 4)
        if marker[0] != 0xFF:
            raise Lie(f"a JPEG whose structure breaks off at byte {at:,} (noise, not "
                      "segments)")
        if marker[1] == 0xFF:  # fill byte
            at += 1
            continue
        if marker[1] in _STANDALONE:
            at += 2
            continue
        if marker[1] == 0xD9:
            break
        span = int(struct.unpack_from(">H", marker, 2)[0])
        if span < 2 or at + 2 + span > length:
            raise Lie(f"a JPEG cut short in its segment at byte {at:,}")
        if marker[1] in _SOF:
            frame = read(at + 4, 5)
            if len(frame) < 5:
                raise Lie("a JPEG cut short in its frame header")
            height, width = struct.unpack_from(">HH", frame, 1)
            size = (int(width), int(height))
            if size[0] * size[1] > MAX_PIXELS:
                return "JPEG", size[0], size[1]
        if marker[1] == 0xDA:  # start of scan: the pixels follow
            if size is None:
                raise Lie("a JPEG whose pixels come before its size (no frame header)")
            if at + 2 + span >= length:
                raise Lie("a JPEG cut short: no pixels after its header")
            return "JPEG", size[0], size[1]
        at += 2 + span
    raise Lie("a JPEG cut short: no pixels (no frame header and scan)")


def _webp(read: Read, length: int) -> tuple[str, int, int]:
    head = read(0, 30)
    riff = int(struct.unpack_from("<I", head, 4)[0])
    if riff + 8 > length or riff < 12:
        raise Lie(f"a WebP cut short: it says {riff + 8:,} bytes, the file has {length:,}")
    at, end = 12, riff + 8
    while at + 8 <= end:
        chunk = read(at, 8)
        kind, size = chunk[:4], int(struct.unpack_from("<I", chunk, 4)[0])
        if at + 8 + size > end:
            raise Lie(f"a WebP cut short in its {kind.decode('latin-1')!r} chunk")
        body = read(at + 8, min(size, 10))
        if kind == b"VP8 ":
            if len(body) < 10 or body[3:6] != b"\x9d\x01\x2a":
                raise Lie("a WebP whose image data is not a VP8 frame")
            width, height = struct.unpack_from("<HH", body, 6)
            return "WebP", int(width) & 0x3FFF, int(height) & 0x3FFF
        if kind == b"VP8L":
            if len(body) < 5 or body[0] != 0x2F:
                raise Lie("a WebP whose image data is not a lossless frame")
            bits = int.from_bytes(body[1:5], "little")
            return "WebP", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
        at += 8 + size + (size & 1)  # chunks are padded to an even length
    raise Lie("a WebP with no image data (no VP8 or VP8L frame)")


def _gif(read: Read, length: int) -> tuple[str, int, int]:
    head = read(6, 4)
    if len(head) < 4 or length < 14:
        raise Lie("a GIF cut short")
    width, height = struct.unpack_from("<HH", head)
    return "GIF", int(width), int(height)


def _bmp(read: Read, length: int) -> tuple[str, int, int]:
    head = read(0, 26)
    if len(head) < 26:
        raise Lie("a BMP cut short before its header ends")
    offset = int(struct.unpack_from("<I", head, 10)[0])
    width, height = struct.unpack_from("<ii", head, 18)
    if offset >= length:
        raise Lie("a BMP cut short: no pixels after its header")
    return "BMP", abs(int(width)), abs(int(height))


def kind_of(head: bytes) -> str | None:
    """The format the first bytes claim, or None."""
    if head.startswith(PNG_SIGNATURE):
        return "PNG"
    if head.startswith(b"\xff\xd8"):
        return "JPEG"
    if head.startswith(b"RIFF") and head[8:12] == b"WEBP":
        return "WebP"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "GIF"
    if head.startswith(b"BM"):
        return "BMP"
    return None


_WALK = {"PNG": _png, "JPEG": _jpeg, "WebP": _webp, "GIF": _gif, "BMP": _bmp}


def inspect(read: Read, length: int) -> tuple[str, int, int] | None:
    """(format, width, height) of the picture `read` gives (`length` bytes); None if its
    first bytes are no format Tactical decodes; Lie if it is not what they say."""
    kind = kind_of(read(0, 16))
    if kind is None:
        return None
    found = _WALK[kind](read, length)
    if found[1] <= 0 or found[2] <= 0:
        raise Lie(f"a {kind} of {found[1]}×{found[2]} pixels")
    return found


def of_bytes(data: bytes) -> Read:
    def read(offset: int, count: int) -> bytes:
        return data[offset:offset + count]
    return read
