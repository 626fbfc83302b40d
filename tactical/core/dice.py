"""Dice expressions ("4d6+2", "4d6+2d6+10") and the `Dice` objects that roll them.

Rules never touch global random state: a `Dice` is passed in. `RandomDice` is seeded for
play; `ScriptedDice` hands out queued faces (one queue per die size) for tests and the CLI.
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from tactical.core.errors import TacticalError

_TERM = re.compile(r"\s*([+-])?\s*(?:(\d*)d(\d+)|(\d+))\s*")
MAX_DICE = 200  # far beyond any rule's pool; stops "9999999d6" from hanging the board
MAX_SIDES = 1000


class DiceError(TacticalError):
    """A dice expression that cannot be read, or scripted dice that ran out."""


class DiceExhausted(DiceError):
    """A scripted queue had no face left for a roll the rules needed."""


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """`count` dice of `sides` faces; a negative count subtracts (e.g. Flurry's −1d6)."""

    count: int
    sides: int


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A sum of dice terms plus a flat number, in the order they were written."""

    terms: tuple[DiceTerm, ...] = ()
    flat: int = 0

    def dice_count(self, sides: int) -> int:
        return sum(t.count for t in self.terms if t.sides == sides)

    def plus(self, other: DiceExpr) -> DiceExpr:
        return DiceExpr(self.terms + other.terms, self.flat + other.flat)

    def collapsed(self) -> DiceExpr:
        """Terms of one die size merged, in first-seen order ("4d6+2d6+10" → "6d6+10");
        a size whose count falls to 0 or below vanishes (Flurry on a 1d6 weapon)."""
        counts: dict[int, int] = {}
        for term in self.terms:
            counts[term.sides] = counts.get(term.sides, 0) + term.count
        return DiceExpr(tuple(DiceTerm(n, s) for s, n in counts.items() if n > 0), self.flat)

    @property
    def minimum(self) -> int:
        c = self.collapsed()
        return sum(t.count for t in c.terms) + c.flat

    @property
    def maximum(self) -> int:
        c = self.collapsed()
        return sum(t.count * t.sides for t in c.terms) + c.flat

    def __str__(self) -> str:
        parts: list[str] = []
        for term in self.terms:
            sign = "-" if term.count < 0 else "+"
            parts.append(f"{sign}{abs(term.count)}d{term.sides}")
        if self.flat or not parts:
            parts.append(f"{'-' if self.flat < 0 else '+'}{abs(self.flat)}")
        text = "".join(parts)
        return text[1:] if text.startswith("+") else text


def parse_dice(text: str) -> DiceExpr:
    """Read "4d6+2", "2d6", "d6", "1d6+1", "4d6+2d6+10" without eval."""
    if not isinstance(text, str):
        raise DiceError(f"expected a dice expression like 4d6+2; found {text!r}")
    return _parse(text)


@lru_cache(maxsize=1024)
def _parse(text: str) -> DiceExpr:
    if not text.strip():
        raise DiceError(f"expected a dice expression like 4d6+2; found {text!r}")
    terms: list[DiceTerm] = []
    flat = 0
    pos = 0
    first = True
    while pos < len(text):
        match = _TERM.match(text, pos)
        if match is None or match.end() == pos or (not first and match.group(1) is None):
            raise DiceError(f"cannot read dice expression {text!r} at character {pos + 1}; "
                            "expected terms like 4d6, d10 or 2 joined by + or -")
        sign = -1 if match.group(1) == "-" else 1
        if match.group(3) is not None:
            count = int(match.group(2) or "1")
            sides = int(match.group(3))
            if not 1 <= sides <= MAX_SIDES or count > MAX_DICE:
                raise DiceError(f"dice expression {text!r}: {count}d{sides} is out of range")
            terms.append(DiceTerm(sign * count, sides))
        else:
            flat += sign * int(match.group(4))
        pos = match.end()
        first = False
    return DiceExpr(tuple(terms), flat)


def display_dice(expr: DiceExpr, flat_per_die: int) -> str:
    """Ch.6 Damage: every `flat_per_die` flat points may be shown as 1d6
    (Kicker's 4d6+2d6+10 shown as 9d6+1). Display only; the roll uses `expr`."""
    c = expr.collapsed()
    if flat_per_die <= 0 or c.flat < flat_per_die:
        return str(c)
    extra, flat = divmod(c.flat, flat_per_die)
    terms = list(c.terms)
    sixes = [i for i, t in enumerate(terms) if t.sides == 6]
    if sixes:
        i = sixes[0]
        terms[i] = DiceTerm(terms[i].count + extra, 6)
    else:
        terms.append(DiceTerm(extra, 6))
    return str(DiceExpr(tuple(terms), flat))


class Dice(Protocol):
    """Where every die face comes from."""

    def roll(self, sides: int) -> int: ...


class RandomDice:
    """Seeded dice for play: its own `random.Random`, never the global one."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)


class ScriptedDice:
    """Faces handed out in order from one queue per die size (the CASE's "d10" and "d6")."""

    def __init__(self, queues: Mapping[int, Iterable[int]] | None = None, *,
                 d10: Iterable[int] = (), d6: Iterable[int] = ()) -> None:
        self._queues: dict[int, deque[int]] = {10: deque(d10), 6: deque(d6)}
        for sides, faces in (queues or {}).items():
            self._queues.setdefault(sides, deque()).extend(faces)
        for sides, queue in self._queues.items():
            for face in queue:
                if not 1 <= face <= sides:
                    raise DiceError(f"scripted d{sides} face {face} is not between 1 and {sides}")
        self._used: dict[int, int] = dict.fromkeys(self._queues, 0)

    def roll(self, sides: int) -> int:
        queue = self._queues.get(sides)
        if not queue:
            used = self._used.get(sides, 0)
            raise DiceExhausted(f"ran out of scripted d{sides} dice after {used} roll(s); "
                                f"add more faces to the d{sides} list")
        self._used[sides] += 1
        return queue.popleft()

    def remaining(self, sides: int) -> tuple[int, ...]:
        return tuple(self._queues.get(sides, ()))


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """A rolled expression: every face (in rolling order) and the total."""

    expression: str
    faces: tuple[int, ...]
    flat: int
    total: int


def roll_expression(expr: DiceExpr | str, dice: Dice) -> DiceRoll:
    """Roll each term in the order written; faces of negative terms are subtracted."""
    if isinstance(expr, str):
        expr = parse_dice(expr)
    c = expr.collapsed()
    faces: list[int] = []
    total = c.flat
    for term in c.terms:
        for _ in range(term.count):
            face = dice.roll(term.sides)
            faces.append(face)
            total += face
    return DiceRoll(str(c), tuple(faces), c.flat, total)
