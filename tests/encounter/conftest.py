"""Fixtures for engine tests: a small map, scripted dice, and a map oracle we control."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from tactical.core.dice import ScriptedDice
from tactical.data.library import LoadedMap, load_map
from tactical.encounter.context import Context, SightInfo
from tactical.encounter.encounter import Encounter
from tactical.encounter.model import EncounterState, Hex
from tactical.geometry.hexgrid import hex_distance
from tactical.rules.reactions import ReactionOffer

ARENA = """kind: map
name: Arena
grid: {columns: 12, rows: 8, orientation: flat}
sides: {runners: {name: Runners}, corp: {name: Corp}}
tokens:
  - {id: kicker, character: kicker, side: runners, hex: [1, 3]}
  - {id: vanya, character: vanya, side: runners, hex: [1, 5]}
  - {id: guard, character: security-guard, side: corp, hex: [6, 1]}
  - {id: shield, character: security-guard-shield, side: corp, hex: [5, 2]}
  - {id: monster, character: pangen-abomination, side: corp, hex: [9, 0]}
"""


@dataclass
class FakeOracle:
    """Open ground: everyone sees everyone without cover; triggers as scripted."""

    blocked: set[Hex] = field(default_factory=set)
    offers: list[ReactionOffer] = field(default_factory=list)
    cover: str = "none"
    asked: list[tuple[str, tuple[Hex, ...], frozenset[str]]] = field(default_factory=list)

    def passable(self, hex_: Hex) -> str | None:
        return "a wall" if hex_ in self.blocked else None

    def triggers(self, state: EncounterState, mover: str, start: Hex, path: Sequence[Hex],
                 skip: frozenset[str], started_in_reach_of: frozenset[str]):
        self.asked.append((mover, tuple(path), skip))
        found = []
        for offer in self.offers:
            if offer.reactor in skip or offer.hex not in path:
                continue
            step = list(path).index(offer.hex) + 1  # step n: the n-th hex entered
            found.append(ReactionOffer(offer.reactor, offer.kind, step, offer.hex, offer.why))
        return sorted(found, key=lambda o: o.step)

    def sight(self, state: EncounterState, attacker: str, target: str) -> SightInfo:
        a, t = state.get(attacker), state.get(target)
        return SightInfo(True, self.cover, None, hex_distance(a.hex, t.hex) * 2.0)

    def in_reach_of(self, state: EncounterState, combatant: str) -> frozenset[str]:
        c = state.get(combatant)
        return frozenset(o.id for o in state if o.side != c.side
                         and hex_distance(o.hex, c.hex) <= 1)


@pytest.fixture
def arena(tmp_path) -> LoadedMap:
    path = tmp_path / "arena.yaml"
    path.write_text(ARENA, encoding="utf-8")
    return load_map(path)


@pytest.fixture
def oracle() -> FakeOracle:
    return FakeOracle()


@pytest.fixture
def make_encounter():
    def make(loaded: LoadedMap, oracle, d10=(), d6=()) -> Encounter:
        return Encounter(Context(loaded, oracle), ScriptedDice(d10=d10, d6=d6))
    return make
