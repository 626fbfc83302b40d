"""Safe YAML reading with positions.

`yaml.safe_load` alone is not enough for files a GM downloads from a forum: a "billion laughs"
file needs only a few dozen aliases to expand to gigabytes, and a deeply nested file can
exhaust the stack. So the event stream is checked first (size, depth, no aliases at all),
then the document is composed once, giving both the data and the node tree that maps every
field path back to a line and column.
"""

from __future__ import annotations

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

    def problem(self, loc: Loc, message: str, *, at_key: bool = False) -> Problem:
        line, column = self.position(loc, at_key=at_key)
        return Problem(self.file, line, column, format_path(loc), message)

    def position(self, loc: Loc, *, at_key: bool = False) -> tuple[int, int]:
        """1-based line and column of the value at `loc` (or of its key), or of the deepest
        parent that exists when the value itself is missing."""
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


def parse_yaml(text: str, file: str) -> YamlDocument:
    """Parse one YAML document from `text`; raise DataError naming line and column."""
    try:
        _check_events(text, file)
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = " ".join(str(p) for p in (exc.context, exc.problem) if p)
        raise _fail(file, line, column, f"YAML syntax error: {what}") from None
    except yaml.YAMLError as exc:
        raise _fail(file, 1, 1, f"YAML error: {exc}") from None
    doc = YamlDocument(file, data, node)
    if node is None:
        raise _fail(file, 1, 1, "the file is empty; expected a YAML mapping with a 'kind' field")
    problems: list[Problem] = []
    _duplicate_keys(node, doc, (), problems)
    if problems:
        raise DataError(problems)
    return doc


def read_yaml(path: Path | str) -> YamlDocument:
    """Read and parse a YAML file, refusing oversized, undecodable or hostile files."""
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
    return parse_yaml(text, file)
