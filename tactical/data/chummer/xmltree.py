"""A `.chum5` read the way every file is read, then parsed by a hardened XML parser.

The file is a player's: it is bounded and must be a regular file before a byte is parsed
(data/reading.py), and defusedxml refuses a DTD outright, so entity expansion (billion
laughs), external entities and external DTDs never run. What is parsed becomes a light
tree that keeps, for each element, its line and column (for `FILE:line:column: what`) and
the byte span of its text (for the write-back's splice: writeback.py).
"""

from __future__ import annotations

import xml.sax
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from defusedxml import DefusedXmlException
from defusedxml.expatreader import DefusedExpatParser

from tactical.core.errors import TacticalError
from tactical.data.reading import read_bounded

MAX_BYTES = 32 * 1024 * 1024  # a career save with a few portraits is ~1-5 MB
MAX_DEPTH = 64  # Chummer nests about 8 deep (character/vehicles/vehicle/mods/mod/...)
MAX_ELEMENTS = 1_000_000  # a big save has ~30,000


class ChummerFileError(TacticalError):
    """A `.chum5` that cannot be read: `FILE:line:column: what` (or `FILE: what`)."""


@dataclass(slots=True)
class Node:
    """One element: its tag, text (child elements' text left out), children, where it
    starts (1-based line and column) and the byte span of its text in the file; a
    self-closing element (`<stuncmfilled />`) has `closed` set and `content` spans the
    whole tag."""

    tag: str
    line: int
    column: int
    start: int  # byte offset of its '<'
    content: tuple[int, int] = (0, 0)
    closed: bool = False
    text: str = ""
    children: list[Node] = field(default_factory=list)

    def find(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list[Node]:
        return [c for c in self.children if c.tag == tag]

    def value(self, tag: str) -> str | None:
        child = self.find(tag)
        return None if child is None else child.text.strip()


def _tag_end(raw: bytes, start: int) -> int:
    """The offset just past the '>' that ends the start tag at `start` (quotes skipped)."""
    quote = 0
    for index in range(start, len(raw)):
        byte = raw[index]
        if quote:
            if byte == quote:
                quote = 0
        elif byte in b"\"'":
            quote = byte
        elif byte == 0x3E:  # '>'
            return index + 1
    return len(raw)


class _Builder(xml.sax.handler.ContentHandler):
    def __init__(self, parser: DefusedExpatParser, raw: bytes) -> None:
        super().__init__()
        self.parser = parser
        self.raw = raw
        self.stack: list[Node] = []
        self.texts: list[list[str]] = []
        self.root: Node | None = None
        self.count = 0

    def _expat(self) -> Any:
        return self.parser._parser  # the pyexpat parser: byte offsets of each event

    def startElement(self, name: str, attrs: Any) -> None:
        expat = self._expat()
        self.count += 1
        if len(self.stack) >= MAX_DEPTH:
            raise _Limit(f"elements nested deeper than {MAX_DEPTH} levels")
        if self.count > MAX_ELEMENTS:
            raise _Limit(f"more than {MAX_ELEMENTS:,} elements")
        at = expat.CurrentByteIndex
        node = Node(name, expat.CurrentLineNumber, expat.CurrentColumnNumber + 1, at)
        if self.stack:
            self.stack[-1].children.append(node)
        else:
            self.root = node
        self.stack.append(node)
        self.texts.append([])

    def characters(self, content: str) -> None:
        if self.texts:
            self.texts[-1].append(content)

    def endElement(self, name: str) -> None:
        node = self.stack.pop()
        node.text = "".join(self.texts.pop())
        end = self._expat().CurrentByteIndex
        tag_end = _tag_end(self.raw, node.start)
        if self.raw[tag_end - 2:tag_end] == b"/>":  # <stuncmfilled/>: no text inside
            node.closed, node.content = True, (node.start, tag_end)
        else:
            node.content = (tag_end, end)


class _Limit(Exception):
    pass


def _position(parser: DefusedExpatParser) -> tuple[int, int]:
    expat = getattr(parser, "_parser", None)
    if expat is None:
        return 1, 1
    return expat.CurrentLineNumber, expat.CurrentColumnNumber + 1


def parse_bytes(raw: bytes, file: str) -> Node:
    """The tree of a `.chum5`'s bytes; ChummerFileError `FILE:line:column: what`."""
    parser = DefusedExpatParser(forbid_dtd=True, forbid_entities=True, forbid_external=True)
    builder = _Builder(parser, raw)
    parser.setContentHandler(builder)
    try:
        parser.feed(raw)
        parser.close()
    except xml.sax.SAXParseException as error:
        raise ChummerFileError(f"{file}:{error.getLineNumber()}:"
                               f"{(error.getColumnNumber() or 0) + 1}: not well-formed XML: "
                               f"{error.getMessage()}") from None
    except DefusedXmlException as error:
        line, column = _position(parser)
        raise ChummerFileError(f"{file}:{line}:{column}: {_refusal(error)}") from None
    except _Limit as error:
        line, column = _position(parser)
        raise ChummerFileError(f"{file}:{line}:{column}: refused: {error}") from None
    if builder.root is None:
        raise ChummerFileError(f"{file}:1:1: no XML element in the file")
    return builder.root


def _refusal(error: DefusedXmlException) -> str:
    kind = type(error).__name__
    if kind == "DTDForbidden":
        return ("refused: a DTD (<!DOCTYPE …>); a Chummer save has none, and a DTD is "
                "how entity expansion (\"billion laughs\") and external entities get in")
    if kind == "EntitiesForbidden":
        return "refused: an entity declaration (entity expansion is not allowed)"
    if kind == "ExternalReferenceForbidden":
        return "refused: an external entity (a reference to another file or URL)"
    return f"refused: {error}"


def read_chum5(path: Path | str) -> tuple[Node, bytes]:
    """The tree and the bytes of the `.chum5` at `path` (a regular file of at most
    MAX_BYTES, read once: the bytes are what the import hashes)."""
    raw = read_bounded(path, MAX_BYTES, "Chummer file")
    return parse_bytes(raw, str(path)), raw
