"""Writing a map back to YAML in the documented format (docs/formats.md#maps), the way the
bundled maps are written by hand: fields in a fixed order, one cover or token a line (a
flow mapping), metres rounded to 1 cm (issue 15: readable, stable, diff-friendly).

Stable means: the same map always gives the same bytes, so a GM's map under version control
shows only what the editor changed. What is written reads back to the same map
(tests/data/test_mapwriter.py checks load(save(map)) == map over generated maps).
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import yaml

from tactical.core.atomic import write_file
from tactical.data.mapcomments import Anchor, Comments, comments_of, shape_key
from tactical.data.maps import Background, Cover, MapFile, Point, Side, Token
from tactical.data.problems import DataError
from tactical.data.yamlsafe import read_text

try:  # libyaml's loader, for the safety check of a commented save
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

WIDTH = 92  # where a flow mapping wraps: the bundled maps' line length
_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_ .()'/-]*$")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def metres(value: float) -> float:
    """A length rounded to 1 cm (finer than any hex-map drawing; -0.0 written as 0)."""
    return round(value, 2) + 0.0


def number(value: float | int) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if not math.isfinite(value):
        raise ValueError(f"cannot write the number {value}")
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def text(value: str) -> str:
    """A string as YAML: plain when that reads back as the same string, quoted otherwise."""
    if value and _PLAIN.match(value) and value.lower() not in _RESERVED \
            and not value.endswith(" "):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") \
        .replace("\t", "\\t") + '"'


def point(p: Point) -> str:
    return f"[{number(metres(p[0]))}, {number(metres(p[1]))}]"


def _flow(pairs: list[tuple[str, str]], indent: int) -> str:
    """`{a: 1, b: 2}` wrapped at WIDTH, continuation lines under the first key."""
    lines: list[str] = []
    current = "{"
    for i, (key, value) in enumerate(pairs):
        item = f"{key}: {value}" + ("," if i < len(pairs) - 1 else "}")
        if current != "{" and indent + len(current) + 1 + len(item) > WIDTH:
            lines.append(current)
            current = " " * (indent + 1) + item
        else:
            current += ("" if current == "{" else " ") + item
    lines.append(current)
    return "\n".join(lines)


def _polygon(points: tuple[Point, ...]) -> str:
    return "[" + ", ".join(point(p) for p in points) + "]"


def _cover(c: Cover) -> list[tuple[str, str]]:
    pairs = [("id", text(c.id))] if c.id is not None else []
    if c.label:
        pairs.append(("label", text(c.label)))
    pairs += [("class", c.cover_class.value), ("height", c.height)]
    if c.door:
        pairs.append(("door", "true"))
    pairs.append(("polygon", _polygon(c.polygon)))
    return pairs


def _token(t: Token) -> list[tuple[str, str]]:
    pairs = [("id", text(t.id)), ("character", text(t.character)), ("side", text(t.side)),
             ("hex", f"[{t.hex[0]}, {t.hex[1]}]")]
    if t.name is not None:
        pairs.append(("name", text(t.name)))
    if not t.aware:
        pairs.append(("aware", "false"))
    return pairs


def _side(s: Side) -> list[tuple[str, str]]:
    pairs = [("name", text(s.name))]
    if s.colour is not None:
        pairs.append(("colour", f'"{s.colour}"'))
    return pairs


def _background(b: Background) -> list[tuple[str, str]]:
    # metres_per_pixel is a scale, not a length: 1 cm rounding would move a 4000 px picture
    # by metres, so it keeps 9 significant digits.
    scale = float(f"{b.metres_per_pixel:.9g}")
    return [("image", text(b.image)), ("metres_per_pixel", number(scale)),
            ("offset_m", point(b.offset_m))]


class _Dumper(yaml.SafeDumper):
    """Characters in block style, short lists of numbers or words in flow style."""

    def ignore_aliases(self, data: Any) -> bool:
        return True  # our reader refuses aliases (yamlsafe.py)

    def represent_list(self, data: Any) -> yaml.SequenceNode:
        flow = all(isinstance(item, str | int | float) for item in data)
        return self.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _Dumper.represent_list)
_Dumper.add_representer(tuple, _Dumper.represent_list)


HEADER = ("# Tactical map (format: docs/formats.md#maps). Metres: x right, y down, origin at",
          "# the centre of hex (0, 0).")


def _commented(lines: list[str], anchor: Anchor, comments: Comments, indent: int) -> list[str]:
    """An item's lines with the comments it had: the block above it, and the one at the
    end of its first line (only where YAML reads it as a comment: after a whole one-line
    item, or after a comma inside a flow mapping)."""
    out = [" " * indent + line for line in comments.before.get(anchor, ())] + lines
    end = comments.after.get(anchor)
    if end is not None and (len(lines) == 1 or lines[0].endswith(",")):
        out[len(out) - len(lines)] += "  " + end
    return out


def dump_map(m: MapFile, comments: Comments | None = None) -> str:
    """The map as YAML text, fields in the documented order; with `comments` (those of
    the file it was read from, mapcomments.comments_of), each back where it was."""
    notes = comments or Comments()

    def put(key: str, text: str, indent: int = 0, anchor: Anchor | None = None) -> None:
        out.extend(_commented(text.split("\n"), anchor or ("field", key), notes, indent))

    out = list(notes.header or HEADER)
    put("kind", "kind: map")
    put("version", f"version: {m.version}")
    put("name", f"name: {text(m.name)}")
    if m.description:
        put("description", yaml.dump({"description": m.description}, Dumper=_Dumper,
                                     width=WIDTH, allow_unicode=True).rstrip("\n"))
    put("ruleset", f"ruleset: {m.ruleset}")
    put("grid", "grid: " + _flow([("columns", str(m.grid.columns)),
                                  ("rows", str(m.grid.rows)),
                                  ("orientation", m.grid.orientation.value)], 6))
    if m.background is not None:
        put("background", "background: " + _flow(_background(m.background), 12))
    if m.sides:
        put("sides", "sides:")
        for key, side in m.sides.items():
            put(key, f"  {text(key)}: " + _flow(_side(side), 4 + len(text(key))), 2,
                ("sides", key))
    if m.cover:
        put("cover", "cover:")
        for c in m.cover:
            anchor = ("cover", "id", c.id) if c.id is not None else \
                ("cover", "shape", shape_key(c.polygon))
            put("cover", "  - " + _flow(_cover(c), 4), 2, anchor)
    if m.tokens:
        put("tokens", "tokens:")
        for t in m.tokens:
            put("tokens", "  - " + _flow(_token(t), 4), 2, ("tokens", t.id))
    for key, items in (("weapons", m.weapons), ("armor", m.armor)):  # the map's own gear
        if items:
            put(key, yaml.dump({key: [i.model_dump(mode="json", exclude_defaults=True)
                                      for i in items]}, Dumper=_Dumper, sort_keys=False,
                               allow_unicode=True, width=WIDTH, default_flow_style=False,
                               indent=2).rstrip("\n"))
    if m.characters:
        put("characters", "characters:")
        for sheet in m.characters:
            body = yaml.dump([sheet.model_dump(mode="json", by_alias=True,
                                               exclude_defaults=True)],
                             Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                             width=WIDTH, default_flow_style=False, indent=2)
            put("characters", body.rstrip("\n"), 0, ("characters", sheet.id))
    out.extend(notes.footer)
    return "\n".join(out) + "\n"


def map_bytes(m: MapFile, path: Path | str, *, comments_from: Path | str | None = None,
              keep_comments: bool = True) -> bytes:
    """The file `save_map` writes: the map as YAML, keeping the comments of the file it is
    saved over (or of `comments_from`, the file it was opened from) in place
    (docs/formats.md#comments)."""
    comments = _comments_of(Path(comments_from or path)) if keep_comments else None
    text = dump_map(m, comments)
    if comments and yaml.load(text, Loader=_Loader) != yaml.load(dump_map(m), Loader=_Loader):
        text = dump_map(m)  # never: a comment put where YAML reads it as data; drop them
    return text.encode("utf-8")


def save_map(m: MapFile, path: Path | str, *, comments_from: Path | str | None = None,
             keep_comments: bool = True) -> None:
    """Write the map whole or not at all (core/atomic.py): a crash or a full disk mid-save
    leaves the old file, never half a map; CannotWrite says why."""
    path = Path(path)
    write_file(path, map_bytes(m, path, comments_from=comments_from,
                               keep_comments=keep_comments))


def _comments_of(path: Path) -> Comments | None:
    """The comments of the map at `path`; None when there is no such readable file."""
    try:
        file, text, _raw = read_text(path)  # as the map was read (a BOM too: Notepad)
        return comments_of(text, file)
    except (OSError, DataError):
        return None
