"""Which keys of a loaded ruleset file the code reads: a recorder for the "every key is read"
test (issue 10 item 6: rule numbers only in data, and no key that does nothing).

`recording(*models)` yields the set of key paths read while it is active
("chapter6:checks.dice", "chapter6:fire_modes.*.needs", "shadowrun:dice.hit_min");
`key_paths(*models)` is every key path the loaded files give, in the same spelling. A dict
key or a list index is spelled `*` (the code looks them up by a name it is given: reading
`fire_modes.BF.needs` proves `needs` is read for every mode), and SR4/SR5 share one spelling
(one engine reads both files).
Sub-models are watched by identity and dict fields are swapped for a dict that notes each key
looked up, so the recorder sees reads made anywhere, through any import path.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pydantic import BaseModel

from tactical.data.schema import Frozen


def _join(where: str, name: object) -> str:
    return f"{where}{name}" if where.endswith(":") else f"{where}.{name}"


class _ReadDict(dict[Any, Any]):
    """A dict that notes every key read through it (lookups, `get`, items, values)."""

    path: str = ""
    reads: set[str]

    def _note(self, key: Any) -> None:
        self.reads.add(_join(self.path, "*"))

    def __getitem__(self, key: Any) -> Any:
        self._note(key)
        return super().__getitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        if key in self:
            self._note(key)
        return super().get(key, default)

    def items(self) -> Any:
        for key in self:
            self._note(key)
        return super().items()

    def values(self) -> Any:
        for key in self:
            self._note(key)
        return super().values()


def _walk(value: Any, where: str, models: dict[int, tuple[BaseModel, str]],
          leaves: set[str]) -> None:
    if isinstance(value, BaseModel):
        models[id(value)] = (value, where)
        for name in type(value).model_fields:
            _walk(value.__dict__[name], _join(where, name), models, leaves)
    elif isinstance(value, dict) and value:
        for item in value.values():
            _walk(item, _join(where, "*"), models, leaves)
    elif isinstance(value, tuple) and value and all(isinstance(v, BaseModel) for v in value):
        for item in value:
            _walk(item, _join(where, "*"), models, leaves)
    else:
        leaves.add(where)


def _root(model: BaseModel) -> str:
    ruleset = model.__dict__["id"]
    return "shadowrun:" if ruleset in ("sr4", "sr5") else f"{ruleset}:"


def key_paths(*models: BaseModel) -> set[str]:
    """Every key path the loaded files give (defaults included: they are rules too)."""
    leaves: set[str] = set()
    for model in models:
        _walk(model, _root(model), {}, leaves)
    return leaves


@contextmanager
def recording(*models: BaseModel) -> Iterator[set[str]]:
    """Note every key path of `models` read inside the block."""
    reads: set[str] = set()
    watched: dict[int, tuple[BaseModel, str]] = {}
    for model in models:
        _walk(model, _root(model), watched, set())
    swapped: list[tuple[BaseModel, str, Any]] = []
    for model, where in watched.values():
        for name in type(model).model_fields:
            value = model.__dict__[name]
            if isinstance(value, dict):
                read_dict = _ReadDict(value)
                read_dict.path, read_dict.reads = _join(where, name), reads
                model.__dict__[name] = read_dict
                swapped.append((model, name, value))
    original = Frozen.__getattribute__

    def noting(self: Any, name: str) -> Any:
        entry = watched.get(id(self))
        if entry is not None and entry[0] is self and name in type(self).model_fields:
            reads.add(_join(entry[1], name))
        return original(self, name)

    Frozen.__getattribute__ = noting  # type: ignore[method-assign]
    try:
        yield reads
    finally:
        Frozen.__getattribute__ = original  # type: ignore[method-assign]
        for model, name, value in swapped:
            model.__dict__[name] = value

