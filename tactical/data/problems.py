"""Problems found in a data file, reported one line each: file:line:column: path: message."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tactical.core.errors import TacticalError

Loc = tuple[str | int, ...]


def format_path(loc: Loc) -> str:
    """`("tokens", 2, "side")` → `tokens[2].side`, the way the docs name fields."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(document)"


@dataclass(frozen=True, slots=True)
class Problem:
    file: str
    line: int  # 1-based
    column: int  # 1-based
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.path}: {self.message}"


class DataError(TacticalError):
    """A data file (or several) that cannot be used; `problems` has one entry per problem."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
