"""Safe YAML reading with positions.

`yaml.safe_load` alone is not enough for files a GM downloads from a forum: a "billion laughs"
file needs only a few dozen aliases to expand to gigabytes, and a deeply nested file can
exhaust the stack. So the event stream is checked first (size, depth, no aliases at all),
then the document is composed once, giving both the data and the node tree that maps every
field path back to a line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tactical.data.problems import DataError, Loc, Problem, format_path
from tactical.data.reading import FileRefused, read_bounded

try:  # the C loader is ~10× faster; fall back where libyaml is absent
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_BYTES = 4 * 1024 * 1024  # a big map is ~100 kB; 4 MiB leaves room for inline cover
MAX_DEPTH = 24  # our formats nest 5 deep at most
MAX_EVENTS = 2_000_000
MAX_ITEMS = 5_000  # the longest list a format allows (cover shapes; tokens are 500)


@dataclass(frozen=True, slots=True)
class YamlDocument:
    """A parsed file: its data and the node tree that knows where each value was written."""

    file: str
    data: Any
    node: yaml.Node | None
    marks: Any = None  # from the one-pass reader: _Marks or a (line, column) pair
    # whether a `true`/`false` may be in the data (the one-pass reader knows; validation
    # then skips looking for booleans written where numbers belong: issue 13)
    bools: bool = True

    def problem(self, loc: Loc, message: str, *, at_key: bool = False) -> Problem:
        line, column = self.position(loc, at_key=at_key)
        return Problem(self.file, line, column, format_path(loc), message)

    def position(self, loc: Loc, *, at_key: bool = False) -> tuple[int, int]:
        """1-based line and column of the value at `loc` (or of its key), or of the deepest
        parent that exists when the value itself is missing."""
        if isinstance(self.marks, Reparse):
            return self.marks.document().position(loc, at_key=at_key)
        if self.marks is not None:
            return _position(self.marks, loc, at_key)
        node = self.node
        if node is None:
            return 1, 1
        best = node.start_mark
        for index, part in enumerate(loc):
            last = index == len(loc) - 1
            child: yaml.Node | None = None
            if isinstance(node, yaml.MappingNode) and isinstance(part, str):
                for key, value in node.value:
                    if isinstance(key, yaml.ScalarNode) and key.value == part:
                        child = key if (last and at_key) else value
                        break
            elif (isinstance(node, yaml.SequenceNode) and isinstance(part, int)
                  and 0 <= part < len(node.value)):
                child = node.value[part]
            if child is None:
                break
            node, best = child, child.start_mark
        return best.line + 1, best.column + 1


class Reparse:
    """The marks of a document kept only as its text (tactical/data/kinds.py keeps the last
    maps read without their parsed values and marks — some 85,000 objects for a 400 × 400
    map that the garbage collector would walk at every full collection): the text is read
    again, once, when a problem needs a line and column."""

    __slots__ = ("_document", "file", "text")

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self._document: YamlDocument | None = None

    def document(self) -> YamlDocument:
        if self._document is None:
            self._document = parse_yaml(self.text, self.file)
        return self._document


def _fail(file: str, line: int, column: int, message: str) -> DataError:
    return DataError([Problem(file, line, column, "(document)", message)])


def _check_events(text: str, file: str) -> None:
    # Also counts each list's items as it goes: composing a node tree costs ~15 µs a value,
    # so a list longer than any format allows (60,000 tokens) is refused before, not after.
    stack: list[list[Any]] = []  # [is_mapping, key or index, expecting a key]
    for count, event in enumerate(yaml.parse(text, Loader=_Loader)):
        mark = event.start_mark
        assert mark is not None  # the parser marks every event it makes
        if isinstance(event, yaml.AliasEvent):
            raise _fail(
                file, mark.line + 1, mark.column + 1,
                f"YAML aliases are not allowed (found *{event.anchor}); write the value out",
            )
        if isinstance(event, yaml.NodeEvent) and stack:
            parent = stack[-1]
            if parent[0]:
                if parent[2] and isinstance(event, yaml.ScalarEvent):
                    parent[1] = event.value
                parent[2] = not parent[2]
            else:
                parent[1] += 1
                if parent[1] >= MAX_ITEMS:
                    path = format_path(tuple(entry[1] for entry in stack[:-1]))
                    raise DataError([Problem(
                        file, mark.line + 1, mark.column + 1, path,
                        f"a list of more than {MAX_ITEMS:,} items; no Tactical file holds "
                        "that many (at most 500 tokens, 5,000 cover shapes)")])
        if isinstance(event, yaml.CollectionStartEvent):
            stack.append([isinstance(event, yaml.MappingStartEvent), "?" if isinstance(
                event, yaml.MappingStartEvent) else -1, True])
            if len(stack) > MAX_DEPTH:
                raise _fail(
                    file, mark.line + 1, mark.column + 1,
                    f"nesting deeper than {MAX_DEPTH} levels; expected a Tactical data file",
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            stack.pop()
        if count > MAX_EVENTS:
            raise _fail(file, mark.line + 1, 1, f"more than {MAX_EVENTS} YAML values")


def _duplicate_keys(node: yaml.Node, doc: YamlDocument, loc: Loc, out: list[Problem]) -> None:
    # YAML silently keeps the last of two equal keys; a GM would never mean that.
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else str(key)
            if name in seen:
                mark = key.start_mark
                out.append(Problem(doc.file, mark.line + 1, mark.column + 1,
                                   format_path((*loc, name)), f"duplicate key '{name}'"))
            seen.add(name)
            _duplicate_keys(value, doc, (*loc, name), out)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _duplicate_keys(item, doc, (*loc, index), out)



class _Marks:
    """Where a mapping or a list was written, and where each of its values (and keys)."""

    __slots__ = ("children", "is_map", "keys", "start")

    def __init__(self, start: tuple[int, int], is_map: bool) -> None:
        self.start = start
        self.is_map = is_map
        self.children: Any = {} if is_map else []  # key → marks (the first of equal keys)
        self.keys: dict[str, tuple[int, int]] = {}


def _position(marks: Any, loc: Loc, at_key: bool) -> tuple[int, int]:
    best = marks.start if isinstance(marks, _Marks) else marks
    for index, part in enumerate(loc):
        last = index == len(loc) - 1
        child: Any = None
        if isinstance(marks, _Marks) and marks.is_map and isinstance(part, str):
            child = marks.children.get(part)
            if child is not None and last and at_key:
                child = marks.keys[part]
        elif (isinstance(marks, _Marks) and not marks.is_map and isinstance(part, int)
              and 0 <= part < len(marks.children)):
            child = marks.children[part]
        if child is None:
            break
        marks = child
        best = child.start if isinstance(child, _Marks) else child
    return best[0] + 1, best[1] + 1


class _Unusual(Exception):
    """A tag, a merge key or a non-scalar key: read the file the general way."""


_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)\Z")  # YAML 1.1 decimal ints (no 0-octal, no _)
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+][0-9]+)?\Z")  # 1.1 floats
_PLAIN_TAGS = {None, "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


def _read_one_pass(text: str, file: str) -> YamlDocument | None:
    """Check, build and mark the document in ONE walk of the parser's events (issue 13:
    checking, composing a node tree, constructing and walking it again cost 60 % of
    opening a 400 × 400 map). None for an empty file; raises _Unusual for what only the
    general reader knows (explicit tags, merge keys, keys that are not scalars)."""
    resolver = _Loader("")
    plain: dict[str, Any] = {}  # a plain scalar's value, resolved once per text
    resolve: Any = resolver.resolve  # (PyYAML leaves it untyped)

    def scalar(event: Any) -> Any:
        if event.tag is not None:
            raise _Unusual
        value = event.value
        if event.style or not event.implicit[0]:
            return value  # quoted or block: a string
        found = plain.get(value, plain)
        if found is not plain:
            return found
        if _INT.match(value):
            found = int(value)
        elif _FLOAT.match(value):
            found = float(value)
        else:
            tag = resolve(yaml.ScalarNode, value, event.implicit)
            found = value if tag == "tag:yaml.org,2002:str" else resolver.construct_object(
                yaml.ScalarNode(tag, value, event.start_mark, event.end_mark))
        plain[value] = found
        return found

    parser = _Loader(text)
    problems: list[Problem] = []
    # a frame: [data, marks, is_map, key or index, expecting a key, raw keys seen]
    stack: list[list[Any]] = []
    root: Any = None
    root_marks: Any = None
    documents = 0
    count = 0
    try:
        while True:
            event: Any = parser.get_event()
            kind = type(event)
            if event is None or kind is yaml.StreamEndEvent:
                break
            count += 1
            mark: Any = event.start_mark
            if count > MAX_EVENTS:
                raise _fail(file, mark.line + 1, 1, f"more than {MAX_EVENTS} YAML values")
            if kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise yaml.composer.ComposerError(
                        "expected a single document in the stream", None,
                        "but found another document", mark)
                continue
            if kind is yaml.AliasEvent:
                raise _fail(
                    file, mark.line + 1, mark.column + 1,
                    f"YAML aliases are not allowed (found *{event.anchor}); write the value out",
                )
            if kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                stack.pop()
                continue
            if kind is yaml.ScalarEvent:
                value: Any = scalar(event)
                here: Any = (mark.line, mark.column)
            elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                if event.tag not in _PLAIN_TAGS:
                    raise _Unusual
                is_map = kind is yaml.MappingStartEvent
                value = {} if is_map else []
                here = _Marks((mark.line, mark.column), is_map)
            else:
                continue  # DocumentEnd, StreamStart
            if stack:
                frame = stack[-1]
                if frame[2]:  # a mapping
                    if frame[4]:  # this is a key
                        if kind is not yaml.ScalarEvent or (
                                event.value == "<<" and not event.style):
                            raise _Unusual
                        frame[3] = event.value
                        frame[6] = value
                        if event.value in frame[5]:
                            problems.append(Problem(
                                file, mark.line + 1, mark.column + 1,
                                format_path((*(f[3] for f in stack[:-1]), event.value)),
                                f"duplicate key '{event.value}'"))
                        else:
                            frame[5].add(event.value)
                            frame[1].keys[event.value] = here
                        frame[4] = False
                        continue
                    frame[4] = True
                    key = frame[6]
                    try:
                        frame[0][key] = value
                    except TypeError:
                        raise _Unusual from None
                    frame[1].children.setdefault(frame[3], here)
                else:
                    frame[3] += 1
                    if frame[3] >= MAX_ITEMS:
                        path = format_path(tuple(f[3] for f in stack[:-1]))
                        raise DataError([Problem(
                            file, mark.line + 1, mark.column + 1, path,
                            f"a list of more than {MAX_ITEMS:,} items; no Tactical file "
                            "holds that many (at most 500 tokens, 5,000 cover shapes)")])
                    frame[0].append(value)
                    frame[1].children.append(here)
            else:
                root, root_marks = value, here
            if kind is not yaml.ScalarEvent:
                stack.append([value, here, is_map, "?" if is_map else -1, True, set(), None])
                if len(stack) > MAX_DEPTH:
                    raise _fail(
                        file, mark.line + 1, mark.column + 1,
                        f"nesting deeper than {MAX_DEPTH} levels; expected a Tactical data file",
                    )
    finally:
        parser.dispose()
        resolver.dispose()
    if documents == 0:
        return None
    if problems:
        raise DataError(problems)
    bools = any(v is True or v is False for v in plain.values())
    return YamlDocument(file, root, None, root_marks, bools)


def parse_yaml(text: str, file: str) -> YamlDocument:
    """Parse one YAML document from `text`; raise DataError naming line and column."""
    try:
        try:
            doc: YamlDocument | None = _read_one_pass(text, file)
        except _Unusual:
            doc = _read_general(text, file)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = " ".join(str(p) for p in (exc.context, exc.problem) if p)
        raise _fail(file, line, column, f"YAML syntax error: {what}") from None
    except yaml.YAMLError as exc:
        raise _fail(file, 1, 1, f"YAML error: {exc}") from None
    if doc is None:
        raise _fail(file, 1, 1, "the file is empty; expected a YAML mapping with a 'kind' field")
    return doc


def _read_general(text: str, file: str) -> YamlDocument | None:
    """Check the events, compose the node tree, construct from it (three passes)."""
    _check_events(text, file)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    if node is None:
        return None
    doc = YamlDocument(file, data, node)
    problems: list[Problem] = []
    _duplicate_keys(node, doc, (), problems)
    if problems:
        raise DataError(problems)
    return doc


def read_yaml(path: Path | str) -> YamlDocument:
    """Read and parse a YAML file, refusing oversized, undecodable or hostile files."""
    file, text, _raw = read_text(path)
    return parse_yaml(text, file)


def read_text(path: Path | str) -> tuple[str, str, bytes]:
    """A YAML file's name, text and bytes, refusing oversized or undecodable files."""
    path = Path(path)
    file = str(path)
    try:
        raw = read_bounded(path, MAX_BYTES)
    except FileRefused as exc:
        raise _fail(file, 1, 1, exc.reason) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise _fail(file, line, column, "not UTF-8 text; save the file as UTF-8") from None
    return file, text, raw
