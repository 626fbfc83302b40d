"""The reaction-kind recipe, counted for real (docs/architecture.md "Recipe: add a reaction
kind"): a throwaway kind, Brace (an enemy enters reach and stops there; a melee attack),
added the way the recipe says — a predicate and its line in rules/chapter6/reactions.py
(KINDS), its entry under attack.reactions — and nothing else: the map offers it, the
engine resolves it with the melee weapon while a gun is ready, the log names it."""

from __future__ import annotations

import numpy as np
import pytest

from tactical.core.dice import RandomDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.rules import registry
from tactical.rules.chapter6 import reactions
from tactical.rules.chapter6.numbers import ReactionRules
from tactical.rules.reactions import PathFacts, Steps

MAP = """kind: map
name: Brace
grid: {columns: 16, rows: 10, orientation: flat}
sides: {runners: {name: Runners}, corp: {name: Corp}}
tokens:
  - {id: kicker, character: kicker, side: runners, hex: [5, 3]}
  - {id: guard, character: security-guard, side: corp, hex: [9, 3]}
"""


def brace(f: PathFacts) -> Steps:
    """Brace: the mover enters reach and stops there (Intercept's other half)."""
    return np.where(f.first_in_reach == f.last, f.first_in_reach, -1)


@pytest.fixture
def with_brace(monkeypatch):
    """The recipe's two lines: the kind in KINDS, its entry in a copy of the numbers (a
    house file: the bundled one is left alone); Snapshot's band cut to Close, so that both
    are offered at the same step."""
    monkeypatch.setitem(reactions.KINDS, "brace", reactions.Kind(brace))
    base = registry.base_numbers()
    kinds = dict(base.attack.reactions)
    kinds["brace"] = ReactionRules(kind="melee", label="Brace", colour="yellow",
                                   why="enters reach ({reach_m:g} m) and stops at "
                                       "{distance_m:g} m")
    kinds["snapshot"] = kinds["snapshot"].model_copy(update={"max_band": "close"})
    return base.model_copy(update={"attack": base.attack.model_copy(
        update={"reactions": kinds})})


def test_a_new_melee_kind_is_offered_and_resolved_with_the_melee_weapon(tmp_path,
                                                                          with_brace):
    path = tmp_path / "brace.yaml"
    path.write_text(MAP)
    loaded = load_map(path)
    enc = Encounter(Context(loaded, GeometryOracle(loaded, with_brace), rules=with_brace),
                    RandomDice(3))
    for c in (cmd.SetInitiative("kicker", 25), cmd.SetInitiative("guard", 15),
              cmd.StartCombat(), cmd.ReadyWeapon("kicker", "assault-shotgun"), cmd.EndTurn(),
              cmd.Move("guard", [(8, 3), (7, 3)])):
        enc.apply(c)
    assert enc.state.get("kicker").weapon == "assault-shotgun"  # a gun is ready
    assert {p.kind: p.why for p in enc.state.pending} == {
        "snapshot": enc.state.pending[0].why, "brace": "enters reach (4 m) and stops at 4 m"}
    events = enc.apply(cmd.React("kicker", kind="brace"))
    attack = next(e for e in events if isinstance(e, ev.AttackResolved))
    assert (attack.reaction, attack.weapon) == ("brace", "killing-hands")
    assert "(Brace)" in attack.summary
    assert [type(e).__name__ for e in events][:1] == ["ReactionSpent"]
    # Ch.6 l.150: its one Reaction is spent, so the Snapshot beside it goes, with the reason
    gone = [e for e in events if isinstance(e, ev.ReactionWithdrawn)]
    assert [(e.kind, "took the Brace" in e.why) for e in gone] == [("snapshot", True)]
