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

from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator

from tactical.data.problems import DataError, Loc, Problem, format_path
from tactical.data.yamlsafe import YamlDocument

M = TypeVar("M", bound=BaseModel)


class Frozen(BaseModel):
    """Base of every data model: immutable, and unknown fields are errors (typos show)."""

    # allow_inf_nan: a NaN offset or an infinite range would poison every distance (issue 11)
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True,
                              allow_inf_nan=False, defer_build=True)

    @field_validator("*", mode="before")
    @classmethod
    def _no_bool_numbers(cls, value: Any, info: ValidationInfo) -> Any:
        # pydantic reads `true` as 1 for an int field: `health: true` is a typo, not 1.
        context = info.context
        if context is not None and context.get("bools") is False:  # none in the file
            return value
        if not _has_bool(value):  # nearly every value: skip the annotation walk (issue 13)
            return value
        field = cls.model_fields.get(info.field_name) if info.field_name else None
        if field is not None and _bool_as_number(field.annotation, value):
            raise ValueError("expected a number; found true or false")
        return value

    def problems(self) -> Iterable[tuple[Loc, str]]:
        """Checks across fields and files that pydantic's per-field checks cannot make."""
        return ()


def _has_bool(value: Any) -> bool:
    # Asked of every field of every model of a file (a polygon is a list of lists): a loop,
    # not a generator, and `is True` for isinstance(…, bool) (issue 13)
    if value is True or value is False:
        return True
    if not isinstance(value, list):
        return False
    for item in value:
        if item is True or item is False or (isinstance(item, list) and _has_bool(item)):
            return True
    return False


def _bool_as_number(annotation: Any, value: Any) -> bool:
    """Whether `value` has a boolean where `annotation` wants a number, also inside tuples
    (a polygon point `[true, 0]`, a hex `[1, false]`)."""
    if isinstance(value, bool):
        return _numeric_not_bool(annotation)
    if not isinstance(value, list):
        return False
    if typing.get_origin(annotation) is typing.Annotated:
        annotation = typing.get_args(annotation)[0]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        annotation = members[0] if len(members) == 1 else annotation
    if typing.get_origin(annotation) not in (tuple, list):
        return False
    args = typing.get_args(annotation)
    if (len(args) == 2 and args[1] is Ellipsis) or typing.get_origin(annotation) is list:
        return any(_bool_as_number(args[0], item) for item in value)
    return any(_bool_as_number(a, item) for a, item in zip(args, value, strict=False))


def _numeric_not_bool(annotation: Any) -> bool:
    """Whether a field holds int or float (possibly optional or in a union) but not bool."""
    args = set(typing.get_args(annotation)) if typing.get_origin(annotation) in (
        typing.Union, types.UnionType) else {annotation}
    args = {typing.get_args(a)[0] if typing.get_origin(a) is typing.Annotated else a
            for a in args}
    return bool(args & {int, float}) and bool not in args


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


def _field_loc(data: Any, raw: Loc) -> Loc:
    """The fields of pydantic's error location, found by walking the data it checked.

    pydantic puts the union member it tried into a location ("constrained-int", "CaseArmor",
    "function-after[...]"); a part that names no key or index of the data is such a tag —
    except the last, which may name a missing field. Walking the data (rather than guessing
    from spelling) keeps keys like 'background-image' (issue 11, defect 2)."""
    out: list[str | int] = []
    current: Any = data
    for index, part in enumerate(raw):
        found = (isinstance(current, dict) and part in current) or (
            isinstance(current, list | tuple) and isinstance(part, int)
            and 0 <= part < len(current))
        if found:
            out.append(part)
            current = current[part]
        elif index == len(raw) - 1 and isinstance(current, dict) and isinstance(part, str) \
                and not part[:1].isupper() and "[" not in part:
            out.append(part)  # a missing field: its name is not in the data
    return tuple(out)


def _problem(doc: YamlDocument, model: type[BaseModel], prefix: Loc, data: Any,
             error: Any) -> Problem:
    loc: Loc = prefix + _field_loc(data, tuple(error["loc"]))
    kind = error["type"]
    if kind == "missing" and loc:
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
        name = loc[-1] if loc else "?"
        return doc.problem(loc, f"unknown field '{name}'{hint}", at_key=True)
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
        result = model.model_validate(value, context={"bools": doc.bools})
    except ValidationError as exc:
        # A value that fits no member of a union fails once per member: say it once.
        found: dict[tuple[int, int, str], Problem] = {}
        for error in exc.errors():
            problem = _problem(doc, model, prefix, value, error)
            found.setdefault((problem.line, problem.column, problem.path), problem)
        raise DataError(found.values()) from None
    problems = [doc.problem(prefix + loc, message) for loc, message in _problems(result)]
    if problems:
        raise DataError(problems)
    return result


def _problems(model: BaseModel) -> Iterable[tuple[Loc, str]]:
    if isinstance(model, Frozen):
        yield from model.problems()
