"""Turning a parsed YAML document into a validated, frozen model, or one-line problems.

pydantic does the checking; this module only translates its error locations back to the
file's lines and says what was expected and what was found.
"""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from tactical.data.problems import DataError, Loc, Problem, format_path
from tactical.data.yamlsafe import YamlDocument

M = TypeVar("M", bound=BaseModel)


class Frozen(BaseModel):
    """Base of every data model: immutable, and unknown fields are errors (typos show)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    def problems(self) -> Iterable[tuple[Loc, str]]:
        """Checks across fields and files that pydantic's per-field checks cannot make."""
        return ()


def _model_at(model: type[BaseModel], loc: Loc) -> type[BaseModel] | None:
    """The model class that holds the last field of `loc`, for 'did you mean' hints."""
    current: Any = model
    for part in loc:
        if isinstance(part, int) or not (isinstance(current, type)
                                         and issubclass(current, BaseModel)):
            continue
        field = current.model_fields.get(part)
        if field is None:
            field = next((f for f in current.model_fields.values() if f.alias == part), None)
        if field is None:
            return None
        current = _unwrap(field.annotation)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(annotation: Any) -> Any:
    """tuple[X, ...], X | None, dict[str, X] → X (the model a nested field holds)."""
    while True:
        origin = typing.get_origin(annotation)
        if origin is None:
            return annotation
        args = [a for a in typing.get_args(annotation) if a is not type(None) and a is not ...]
        single_optional = origin in (typing.Union, types.UnionType) and len(args) == 1
        if single_optional or origin in (tuple, list, dict):
            annotation = args[-1]
        else:
            return annotation


def _field_names(model: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def _found(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_TYPE_TAGS = frozenset({"int", "str", "float", "bool", "dict", "list", "tuple", "none"})


def _is_field(part: object) -> bool:
    """pydantic puts the union member it tried into an error's location ("constrained-int",
    "CaseArmor", "function-after[...]"); our field names are lowercase slugs."""
    if isinstance(part, int):
        return True
    return (isinstance(part, str) and part not in _TYPE_TAGS and "-" not in part
            and "[" not in part and not (part[:1].isupper() and not part.isupper()))


def _problem(doc: YamlDocument, model: type[BaseModel], prefix: Loc, error: Any) -> Problem:
    loc: Loc = prefix + tuple(p for p in error["loc"] if _is_field(p))
    kind = error["type"]
    if kind == "missing":
        line, column = doc.position(loc[:-1])
        return Problem(doc.file, line, column, format_path(loc),
                       f"missing required field '{loc[-1]}'")
    if kind == "extra_forbidden":
        holder = _model_at(model, loc[len(prefix):-1] if prefix else loc[:-1])
        hint = ""
        if holder is not None:
            names = _field_names(holder)
            close = difflib.get_close_matches(str(loc[-1]), names, n=1)
            hint = (f"; did you mean '{close[0]}'?" if close
                    else f"; expected one of: {', '.join(names)}")
        return doc.problem(loc, f"unknown field '{loc[-1]}'{hint}", at_key=True)
    message = error["msg"]
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    if "input" in error:
        message = f"{message}; found {_found(error.get('input'))}"
    return doc.problem(loc, message)


def validate(doc: YamlDocument, model: type[M], data: Any = None, prefix: Loc = ()) -> M:
    """Validate `data` (default: the whole document) as `model`; raise DataError listing every
    problem with its file, line, column and field path."""
    value = doc.data if data is None else data
    try:
        result = model.model_validate(value)
    except ValidationError as exc:
        # A value that fits no member of a union fails once per member: say it once.
        problems = {}
        for error in exc.errors():
            problem = _problem(doc, model, prefix, error)
            problems.setdefault((problem.line, problem.column, problem.path), problem)
        raise DataError(problems.values()) from None
    problems = [doc.problem(prefix + loc, message) for loc, message in _problems(result)]
    if problems:
        raise DataError(problems)
    return result


def _problems(model: BaseModel) -> Iterable[tuple[Loc, str]]:
    if isinstance(model, Frozen):
        yield from model.problems()
