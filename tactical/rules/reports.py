"""The JSON form of a typed attack report, shared by the rulesets' report dataclasses: field
names are the JSON keys, so the log keeps the very bytes it always held."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import TypeAdapter

_T = TypeVar("_T")


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(cls: type[Any]) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(cls)
    if adapter is None:
        adapter = _ADAPTERS[cls] = TypeAdapter(cls)
    return adapter


def dump(report: Any) -> dict[str, Any]:
    """Every field, nested dataclasses as objects and tuples as lists."""
    out = _adapter(type(report)).dump_python(report, mode="json")
    assert isinstance(out, dict)
    return out


def load(cls: type[_T], data: Any) -> _T:
    """A report dataclass back from its JSON form (lists become tuples)."""
    value = _adapter(cls).validate_python(data, strict=False)
    assert isinstance(value, cls)
    return value
