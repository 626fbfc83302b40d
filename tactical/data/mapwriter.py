"""Writing a map back to YAML in the documented format (docs/formats.md#maps), the way the
bundled maps are written by hand: fields in a fixed order, one cover or token a line (a
flow mapping), metres rounded to 1 cm (issue 15: readable, stable, diff-friendly).

Stable means: the same map always gives the same bytes, so a GM's map under version control
shows only what the editor changed. What is written reads back to the same map
(tests/data/test_mapwriter.py checks load(save(map)) == map over generated maps).
"""

from __future__ import annotations

import math
import os
import re
import tempfile
from pathlib import Path
from typing import Any

import yaml

from tactical.data.maps import Background, Cover, MapFile, Point, Side, Token

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


def dump_map(m: MapFile) -> str:
    """The map as YAML text, fields in the documented order."""
    out = ["# Tactical map (format: docs/formats.md#maps). Metres: x right, y down, origin at",
           "# the centre of hex (0, 0).",
           "kind: map", f"version: {m.version}", f"name: {text(m.name)}"]
    if m.description:
        out.append(yaml.dump({"description": m.description}, Dumper=_Dumper, width=WIDTH,
                             allow_unicode=True).rstrip("\n"))
    out.append(f"ruleset: {m.ruleset}")
    out.append("grid: " + _flow([("columns", str(m.grid.columns)), ("rows", str(m.grid.rows)),
                                 ("orientation", m.grid.orientation.value)], 6))
    if m.background is not None:
        out.append("background: " + _flow(_background(m.background), 12))
    if m.sides:
        out.append("sides:")
        out += [f"  {text(key)}: " + _flow(_side(side), 4 + len(text(key)))
                for key, side in m.sides.items()]
    if m.cover:
        out.append("cover:")
        out += ["  - " + _flow(_cover(c), 4) for c in m.cover]
    if m.tokens:
        out.append("tokens:")
        out += ["  - " + _flow(_token(t), 4) for t in m.tokens]
    if m.characters:
        dumped = [c.model_dump(mode="json", by_alias=True, exclude_defaults=True)
                  for c in m.characters]
        body = yaml.dump({"characters": dumped}, Dumper=_Dumper, sort_keys=False,
                         allow_unicode=True, width=WIDTH, default_flow_style=False, indent=2)
        out.append(body.rstrip("\n"))
    return "\n".join(out) + "\n"


def save_map(m: MapFile, path: Path | str) -> None:
    """Write the map atomically: a crash mid-save leaves the old file, never half a map."""
    path = Path(path)
    data = dump_map(m).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
