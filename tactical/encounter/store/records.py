"""A log record as replaying keeps it: its event decoded once, as the line is read.

A long log is never held as JSON objects (issue 23: 300,000 records as dicts were 580 MB):
each record becomes a `Rec` (the command it belongs to, and its event) or a `Bad` (why it
is not a record the engine writes, refused at its line by files.check).

Decoding an event the usual way (events.from_payload, pydantic) costs as much as parsing its
JSON; most events hold only text, numbers, flags and tuples of them, exactly as the writer
spelt them, so those are checked field by field and built directly. Any other value (a
nested object such as an attack report or a timer, a number of another type, an unknown
field) goes the usual way, which converts or refuses it with its field's name.
"""

from __future__ import annotations

import sys
import types
import typing
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, NamedTuple

from tactical.core.errors import TacticalError
from tactical.encounter.events import EVENT_TYPES, from_payload


class Rec(NamedTuple):
    """One log record: a command's event, or an undo/redo marker (`event` None). A named
    tuple, not a frozen dataclass: made for every line of a long log, at a third of the
    cost (issue 23)."""

    batch: int
    n: int
    of: int
    label: str
    event: Any
    marker: str | None = None


@dataclass(frozen=True, slots=True)
class Bad:
    """A record that is not one the engine writes: why."""

    problem: str


_FIELDS = {"batch": int, "n": int, "of": int, "label": str, "event": dict}


def decoded(record: Any) -> Rec | Bad:
    """What a log keeps of a record (read_log's `keep`): its event, decoded, or why the
    record (a checksummed JSON object) is not one the engine wrote."""
    if "marker" in record:
        marker = record.get("marker")
        if marker in ("undo", "redo") and type(record.get("batch")) is int:
            return Rec(record["batch"], -1, 0, "", None, marker)
        return Bad("not an undo or redo marker the engine writes")
    get = record.get
    batch, n, of, label, payload = get("batch"), get("n"), get("of"), get("label"), get("event")
    if type(batch) is not int or type(n) is not int or type(of) is not int or \
            type(label) is not str or type(payload) is not dict:
        return _misshapen(record)
    if not 0 <= n < of:
        return Bad(f"event {n} of {of} is not a place in a command")
    try:
        event = event_of(payload)
    except TacticalError as error:
        return Bad(str(error))
    # one label string for all the records of a command
    return Rec(batch, n, of, sys.intern(label), event)


def _misshapen(record: dict[str, Any]) -> Bad:
    """Why a record lacks the fields every command's record has (the first one wrong)."""
    name, kind = next((name, kind) for name, kind in _FIELDS.items()
                      if type(record.get(name)) is not kind)
    return Bad(f"its '{name}' is missing or not a{'n' if name == 'event' else ''} "
               f"{kind.__name__}")


class _Usual(Exception):
    """A value the direct way does not take: decode the event the usual way."""


Convert = Callable[[Any], Any]
_MAKERS: dict[type, Callable[[dict[str, Any]], Any] | None] = {}


def event_of(payload: dict[str, Any]) -> Any:
    """events.from_payload, the same event, faster for the events made of plain values."""
    cls = EVENT_TYPES.get(payload.get("type"))  # type: ignore[arg-type]
    if cls is not None:
        make = _MAKERS[cls] if cls in _MAKERS else _maker(cls)
        if make is not None:
            try:
                return make(payload)
            except (_Usual, KeyError):
                pass
    return from_payload(payload)


def _maker(cls: type) -> Callable[[dict[str, Any]], Any] | None:
    """A function payload → event for `cls`, generated once: each field read by name,
    its type checked, the event built; _Usual (or KeyError) for anything else."""
    hints = typing.get_type_hints(cls)
    space: dict[str, Any] = {"cls": cls, "Usual": _Usual, "intern": sys.intern}
    body = ["def make(p):", "    n = 1"]  # the keys read: "type", then each field's
    args = []
    try:
        for i, f in enumerate(fields(cls)):
            hint, arg = hints[f.name], f"a{i}"
            space[f"c{i}"] = _convert(hint)
            read = [f"    {arg} = c{i}(p[{f.name!r}])"]
            if hint is str:  # inline, the commonest
                read = [f"    {arg} = p[{f.name!r}]",
                        f"    if type({arg}) is not str: raise Usual",
                        f"    {arg} = intern({arg})"]
            if f.default is MISSING and f.default_factory is MISSING:
                body += [*read, "    n += 1"]
            else:
                space[f"d{i}"] = f.default if f.default is not MISSING else None
                if f.default is MISSING:
                    raise _Usual  # a default factory: rare, the usual way
                body += [f"    if {f.name!r} in p:", *("    " + r for r in read),
                         "        n += 1", "    else:", f"        {arg} = d{i}"]
            args.append(arg)
    except _Usual:
        _MAKERS[cls] = None  # a field of another kind: always the usual way
        return None
    body += ["    if len(p) != n: raise Usual  # a field this does not know",
             *_build(cls, space, args)]
    exec("\n".join(body) + "\n", space)  # our own field names, as dataclasses does
    made: Callable[[dict[str, Any]], Any] = space["make"]
    _MAKERS[cls] = made
    return made


def _build(cls: type, space: dict[str, Any], args: list[str]) -> list[str]:
    """The lines that make the event from its field values: each slot set through its
    descriptor (a frozen class's __init__ sets each through object.__setattr__, at twice
    the cost), or the class called if it keeps its fields otherwise. No event type has a
    __post_init__ (refused below if one gains one)."""
    names = [f.name for f in fields(cls)]
    if hasattr(cls, "__post_init__") or \
            not all(type(cls.__dict__.get(name)) is types.MemberDescriptorType
                    for name in names):
        return [f"    return cls({', '.join(args)})"]
    space["blank"] = object.__new__
    lines = ["    e = blank(cls)"]
    for i, (name, arg) in enumerate(zip(names, args, strict=True)):
        space[f"s{i}"] = cls.__dict__[name].__set__
        lines.append(f"    s{i}(e, {arg})")
    return [*lines, "    return e"]


def _exactly(kind: type) -> Convert:
    def convert(value: Any) -> Any:
        if type(value) is not kind:
            raise _Usual
        return value
    return convert


def _text(value: Any) -> Any:
    # one string object for each id and name, not one an event: a long log's events name
    # the same few combatants and actions hundreds of thousands of times
    if type(value) is not str:
        raise _Usual
    return sys.intern(value)


def _convert(hint: Any) -> Convert:
    """How a JSON value becomes the field's value, checked; _Usual for a kind of field
    (or, when converting, of value) this does not take."""
    if hint is str:
        return _text
    if hint in (int, float, bool):
        return _exactly(hint)
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union) and len(args) == 2 and type(None) in args:
        inner = _convert(next(a for a in args if a is not type(None)))
        return lambda value: None if value is None else inner(value)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _convert(args[0])

        def many(value: Any) -> Any:
            if type(value) is not list:
                raise _Usual
            return tuple(item(v) for v in value)
        return many
    if origin is tuple and Ellipsis not in args:
        parts = [_convert(a) for a in args]

        def fixed(value: Any) -> Any:
            if type(value) is not list or len(value) != len(parts):
                raise _Usual
            return tuple(p(v) for p, v in zip(parts, value, strict=True))
        return fixed
    raise _Usual
