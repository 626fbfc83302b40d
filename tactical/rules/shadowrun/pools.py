"""d6 dice pools: hits, limits, glitches, and the opposed test (RULINGS.md, "Shadowrun").

Faces come from a `PoolRoller`: one named queue per test ("attack", "defense", "resist",
"initiative") as in a CASE's "dice", or a `Dice` (seeded for play). Rules never roll on
their own.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from tactical.core.dice import Dice, DiceError, DiceExhausted
from tactical.data.shadowrun_ruleset import DiceRules

TestName = Literal["attack", "defense", "resist", "initiative", "surprise"]
MAX_POOL = 200  # far beyond any sheet; stops a typo from rolling a million dice


@dataclass(frozen=True, slots=True)
class Modifier:
    """One named number in a pool's breakdown ("Agility", 6; "Wounds", -1)."""

    source: str
    value: int


def pool_size(parts: Iterable[Modifier]) -> int:
    """The dice to roll: the sum of the parts, never below 0 (no dice: no hits)."""
    return max(0, sum(p.value for p in parts))


#: A test as the GM reads it in a prompt for dice typed at the table.
TEST_WORDS = {"attack": "attack", "defense": "defence", "resist": "damage resistance"}


def glitch_note_head(test: str) -> str:
    """How a glitch note on `test` begins in the log ("Defence test:", never the id
    "defense:"): the GM reads the test's name."""
    return f"{TEST_WORDS.get(test, test).capitalize()} test:"


class PoolRoller:
    """Where pool dice come from: a named queue per test, else `dice` (d6), else an error.
    `who` names the roller of each test ("attack": the attacker's name): dice typed at the
    table (a `dice` with `begin_test`) are asked for as "Guard (shotgun) — defence, 7 dice"
    (issue 25 item 6), each test on its own."""

    def __init__(self, dice: Dice | None = None,
                 queues: Mapping[str, Iterable[int]] | None = None,
                 who: Mapping[str, str] | None = None) -> None:
        self._dice = dice
        self._who = dict(who or {})
        self._queues: dict[str, deque[int]] = {k: deque(v) for k, v in (queues or {}).items()}
        for name, queue in self._queues.items():
            bad = [f for f in queue if not 1 <= f <= 6]
            if bad:
                raise DiceError(f"scripted {name} dice must be 1 to 6; found {bad}")
        self._used: dict[str, int] = {}

    def faces(self, test: str, count: int) -> tuple[int, ...]:
        if count > MAX_POOL:
            raise DiceError(f"a {test} pool of {count} dice is more than {MAX_POOL}")
        queue = self._queues.get(test)
        if queue is None:
            if self._dice is None:
                raise DiceExhausted(f"no {test} dice: add a \"{test}\" list to the dice")
            begin = getattr(self._dice, "begin_test", None)
            if begin is not None and count:
                words = TEST_WORDS.get(test, test)
                roller = self._who.get(test)
                pool = f"{count} {'die' if count == 1 else 'dice'}"
                begin(f"{roller} — {words}, {pool}" if roller else f"the {words} test, {pool}")
            return tuple(self._dice.roll(6) for _ in range(count))
        if len(queue) < count:
            used = self._used.get(test, 0)
            raise DiceExhausted(
                f"ran out of scripted {test} dice: the test needs {count}, "
                f"{len(queue)} left after {used} used; add faces to the \"{test}\" list")
        self._used[test] = self._used.get(test, 0) + count
        return tuple(queue.popleft() for _ in range(count))

    def remaining(self, test: str) -> tuple[int, ...]:
        return tuple(self._queues.get(test, ()))


@dataclass(frozen=True, slots=True)
class PoolRoll:
    """One test: the pool's parts, every face, hits before and after the limit, glitches."""

    test: str
    parts: tuple[Modifier, ...]
    faces: tuple[int, ...]
    hits: int
    limit: int | None
    limited_hits: int
    ones: int
    glitch: bool
    critical_glitch: bool

    @property
    def pool(self) -> int:
        return len(self.faces)


def count_hits(faces: Sequence[int], rules: DiceRules) -> int:
    # RULINGS: "a hit is a 5 or 6" (hit_min in the ruleset)
    return sum(1 for f in faces if f >= rules.hit_min)


def is_glitch(faces: Sequence[int], rules: DiceRules) -> bool:
    # RULINGS: a glitch is SR5 more than half the dice showing 1, SR4 half or more
    ones = sum(1 for f in faces if f == 1)
    if not faces:
        return False
    return 2 * ones > len(faces) if rules.glitch == "more_than_half" else 2 * ones >= len(faces)


def evaluate(test: str, parts: Sequence[Modifier], faces: Sequence[int], rules: DiceRules,
             limit: int | None = None) -> PoolRoll:
    """Read rolled faces as a test. The limit is ignored where the edition has none (SR4)."""
    hits = count_hits(faces, rules)
    glitch = is_glitch(faces, rules)
    applied = limit if rules.limits else None
    # SR5: "Attacker rolls Combat Skill + Ability +/- Modifiers [Limit]" - hits above it are lost
    limited = hits if applied is None else min(hits, max(0, applied))
    return PoolRoll(test, tuple(parts), tuple(faces), hits, applied, limited,
                    sum(1 for f in faces if f == 1), glitch,
                    # RULINGS: critical glitch = a glitch with no hits
                    glitch and hits == 0)


def roll_pool(test: TestName, parts: Sequence[Modifier], roller: PoolRoller,
              rules: DiceRules, limit: int | None = None) -> PoolRoll:
    return evaluate(test, parts, roller.faces(test, pool_size(parts)), rules, limit)


class Outcome(StrEnum):
    HIT = "hit"
    GRAZE = "graze"  # tie ruled a grazing hit: contact, no damage
    MISS = "miss"


def net_hits(attack_hits: int, defense_hits: int) -> int:
    """Attacker hits minus defender hits (negative when the defender wins)."""
    return attack_hits - defense_hits


def outcome(net: int, *, grazing: bool) -> Outcome:
    # SR4 "If the attacker scores more hits than the defender (the defender wins on ties), the
    # attack hits"; a tie may be ruled a grazing hit at the GM's word.
    if net > 0:
        return Outcome.HIT
    if net == 0 and grazing:
        return Outcome.GRAZE
    return Outcome.MISS


@dataclass(frozen=True, slots=True)
class OpposedTest:
    attack: PoolRoll
    defense: PoolRoll
    net_hits: int
    outcome: Outcome


def opposed(attack: PoolRoll, defense: PoolRoll, *, grazing: bool) -> OpposedTest:
    # SR5: "Attacker hits > Defender hits - Subtract defender hits from attacker"
    net = net_hits(attack.limited_hits, defense.limited_hits)
    return OpposedTest(attack, defense, net, outcome(net, grazing=grazing))
