"""Pay once, resolve several attacks (encounter/handlers/volley.py): the one helper Auto fire at
several targets uses, and area attacks will (RULINGS Area attacks)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactical.core.errors import IllegalCommand
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch
from tactical.encounter.handlers.volley import volley
from tactical.encounter.scenario import Played, play

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _before_the_volley(tmp_path: Path) -> Played:
    """ch6_auto_fire_several up to Ganger 1's turn in round 2, Kicker and Vanya side by side."""
    spec = json.loads((SCENARIOS / "ch6_auto_fire_several.json").read_text(encoding="utf-8"))
    spec["map"] = str((SCENARIOS / spec["map"]).resolve())
    spec["commands"] = spec["commands"][:-1]
    path = tmp_path / "before.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return play(path)


def _attacks(*targets: str, **kw: object) -> list[cmd.Attack]:
    return [cmd.Attack("ganger-1", t, "machine-pistol", "AF", **kw) for t in targets]


def test_a_volley_pays_once_then_resolves_each_target_in_order(tmp_path):
    played = _before_the_volley(tmp_path)
    state = played.encounter.state
    batch = Batch(state, played.encounter.ctx, played.dice)
    outcomes = volley(batch, state.get("ganger-1"), "machine-pistol",
                      _attacks("kicker", "vanya"), ("major", "minor"), "a test volley")
    kinds = [type(e).__name__ for e in batch.events]
    assert kinds[:2] == ["ActionSpent", "ActionSpent"]
    assert [e.purpose for e in batch.events if isinstance(e, ev.ActionSpent)] == \
        ["a test volley"] * 2
    assert [e.target for e in batch.events if isinstance(e, ev.AttackResolved)] == \
        ["kicker", "vanya"]
    assert len(outcomes) == 2
    # the first attack pays the rounds of both targets, the second pays none (Ch.6 l.462)
    assert [e.rounds for e in batch.events if isinstance(e, ev.AmmoSpent)] == [20]


def test_one_illegal_attack_refuses_the_whole_volley_before_anything_is_spent(tmp_path):
    played = _before_the_volley(tmp_path)
    state = played.encounter.state
    batch = Batch(state, played.encounter.ctx, played.dice)
    attacks = [*_attacks("kicker"), *_attacks("vanya", options=("flurry",))]
    with pytest.raises(IllegalCommand):
        volley(batch, state.get("ganger-1"), "machine-pistol", attacks, ("major", "minor"),
               "a test volley")
    assert batch.events == []  # no action paid, no round fired
    assert batch.state.get("ganger-1").budget == state.get("ganger-1").budget
