"""The comments a GM wrote in a map file, found so the map writer can put them back (issue 15:
"comments kept where the file had them"; docs/formats.md#comments).

PyYAML drops comments, so they are found beside it: its scanner says which lines hold YAML
and where each line's last token ends; the loader's marks say where each top-level field,
cover, token, side and character starts. What is kept is what a GM writes: the comment lines
at the top of the file, a comment block above an item, a comment at the end of an item's
first line, and comment lines after the last item. An item is known by what survives an
edit: a field by its name, a cover, token or character by its id (a cover without one by its
shape, to the centimetre), a side by its key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from tactical.data.problems import DataError
from tactical.data.yamlsafe import YamlDocument, parse_yaml

try:  # libyaml's scanner: ~10× faster on a big map
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

Anchor = tuple[str, ...]  # ("field", "grid"), ("cover", "id", "crates"), ("tokens", "t1")…
LISTS = ("cover", "tokens", "characters")


@dataclass(frozen=True, slots=True)
class Comments:
    header: tuple[str, ...] = ()  # the comment lines at the top, as written
    before: dict[Anchor, tuple[str, ...]] = field(default_factory=dict)  # "# …" lines
    after: dict[Anchor, str] = field(default_factory=dict)  # "# …" at a first line's end
    footer: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.header or self.before or self.after or self.footer)


def shape_key(points: Any) -> str:
    """A cover's polygon to the centimetre, as the writer writes it (its anchor when it
    has no id)."""
    return ";".join(f"{round(float(x), 2) + 0.0:g},{round(float(y), 2) + 0.0:g}"
                    for x, y in points)


def cover_anchor(item: Any) -> Anchor | None:
    if not isinstance(item, dict):
        return None
    if isinstance(item.get("id"), str):
        return ("cover", "id", item["id"])
    try:
        return ("cover", "shape", shape_key(item.get("polygon")))
    except (TypeError, ValueError):
        return None


def _item_anchor(key: str, item: Any) -> Anchor | None:
    if key == "cover":
        return cover_anchor(item)
    if isinstance(item, dict) and isinstance(item.get("id"), str):
        return (key, item["id"])
    return None


def _lines_of_yaml(text: str) -> tuple[set[int], dict[int, int]]:
    """The lines (0-based) that hold YAML, and where the last token ending on each ends."""
    content: set[int] = set()
    ends: dict[int, int] = {}
    for token in yaml.scan(text, Loader=_Loader):
        start, end = token.start_mark, token.end_mark
        if (start.line, start.column) == (end.line, end.column):
            continue  # block ends, stream ends: no text of their own
        content.update(range(start.line, end.line + 1))
        ends[end.line] = max(ends.get(end.line, 0), end.column)
    return content, ends


def comments_of(text: str, file: str = "<map>") -> Comments:
    """The comments of a map's text (empty when it has none, or is not a readable map)."""
    if "#" not in text:
        return Comments()
    try:
        doc = parse_yaml(text, file)
        content, ends = _lines_of_yaml(text)
    except (DataError, yaml.YAMLError):
        return Comments()
    if not isinstance(doc.data, dict) or not content:
        return Comments()
    lines = text.splitlines()

    def comment(line: int) -> str | None:
        stripped = lines[line].strip() if line < len(lines) else ""
        return stripped if line not in content and stripped.startswith("#") else None

    first, last = min(content), max(content)
    header = tuple(c for c in map(comment, range(first)) if c is not None)
    footer = tuple(c for c in map(comment, range(last + 1, len(lines))) if c is not None)
    before: dict[Anchor, tuple[str, ...]] = {}
    after: dict[Anchor, str] = {}

    def keep(anchor: Anchor | None, line: int) -> None:
        if anchor is None or anchor in before or anchor in after:
            return  # two items with one anchor (a typo'd duplicate id): keep the first's
        above: list[str] = []
        up = line - 1
        while up >= first and up not in content:
            found = comment(up)
            if found is not None:
                above.append(found)
            up -= 1
        if above:
            before[anchor] = tuple(reversed(above))
        rest = lines[line][ends.get(line, len(lines[line])):].strip() \
            if line < len(lines) else ""
        if rest.startswith("#"):
            after[anchor] = rest

    for key, value in doc.data.items():
        if not isinstance(key, str):
            continue
        keep(("field", key), _line(doc, (key,), at_key=True))
        if key in LISTS and isinstance(value, list):
            for index, item in enumerate(value):
                keep(_item_anchor(key, item), _line(doc, (key, index)))
        elif key == "sides" and isinstance(value, dict):
            for side in value:
                if isinstance(side, str):
                    keep(("sides", side), _line(doc, (key, side), at_key=True))
    return Comments(header, before, after, footer)


def _line(doc: YamlDocument, loc: tuple[str | int, ...], *, at_key: bool = False) -> int:
    return doc.position(loc, at_key=at_key)[0] - 1
