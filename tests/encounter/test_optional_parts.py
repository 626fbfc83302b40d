"""Optional parts of the ruleset interface (issue 22.5): a game may offer no area attacks;
it says so (`Ruleset.area` is None) and the engine, asking through `Batch.area()`, refuses
naming the game instead of failing somewhere inside."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tactical.core.dice import ScriptedDice
from tactical.core.errors import IllegalCommand
from tactical.encounter.batch import Batch
from tactical.encounter.scenario import play
from tactical.rules import api, registry

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


@pytest.mark.parametrize("rid", registry.ids())
def test_every_bundled_ruleset_has_area_attacks(rid):
    # issue 27: Chapter 6 (rules/chapter6/area.py) and SR4/SR5 (rules/shadowrun/area.py)
    area = registry.ruleset(rid).area
    assert area is not None
    assert area.suppression == (60.0, "medium")  # RULINGS Area attacks: 60°, Medium band


def _batch(ruleset: api.Ruleset) -> Batch:
    played = play(SCENARIOS / "ch6_auto_fire_several.json")
    ctx = played.encounter.ctx
    batch = Batch(played.encounter.state, ctx, ScriptedDice())
    ctx._rulesets[batch.state.ruleset] = ruleset
    return batch


class _WithoutArea:
    """A bundled game that offers no area attacks (as a game may: `area` is None)."""

    def __init__(self, inner: api.Ruleset) -> None:
        self._inner, self.area = inner, None

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)


def test_a_game_without_area_attacks_is_refused_by_name():
    without = _WithoutArea(registry.ruleset("sr5"))
    with pytest.raises(IllegalCommand,
                       match=re.escape(f"{without.title} has no area attacks")):
        _batch(without).area()


@dataclass
class _Blasts:
    def attack_hex(self, facts: api.HexAttackFacts, dice: object) -> api.HexAttackOutcome:
        return api.HexAttackOutcome(True, 3, False, "hits the hex")

    def scatter(self, outcome: api.HexAttackOutcome, aim_hexes: int,
                dice: object) -> tuple[int, int]:
        return 0, 0


class _WithArea:
    """The bundled game with an area part: the engine finds it where the interface says."""

    def __init__(self, inner: api.Ruleset) -> None:
        self._inner, self.area = inner, _Blasts()

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)


def test_a_game_with_area_attacks_hands_the_engine_its_part():
    with_area = _WithArea(registry.ruleset(registry.DEFAULT))
    part = _batch(with_area).area()
    assert part is with_area.area
