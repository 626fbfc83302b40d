"""Initiative spent during a pass re-sorts the rest of it at once (issue 25 item 3; RULINGS
"SR5 Full Defense": "Initiative spent on a defence during a pass counts at once"): an SR5
Intercept taken mid-move too, and an undo puts the old order back; a delayed combatant
keeps waiting at the end of the pass."""

from __future__ import annotations

from pathlib import Path

from tactical.core.dice import RandomDice, ScriptedDice
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.encounter import Encounter
from tests.encounter.engine_fight import started

ALLEY = """kind: map
name: Alley behind the Hellhounds' bar
ruleset: sr5
grid: {columns: 10, rows: 6, orientation: flat}
tokens:
  - {id: wombat, character: wombat, side: runners, hex: [1, 2]}
  - {id: cutter, character: cutter, side: hellhounds, hex: [6, -1]}
  - {id: vanya, character: vanya, side: runners, hex: [0, 5]}
"""
PAST_CUTTER = ((2, 1), (3, 0), (4, 0), (5, 0), (6, 0))  # 10 m, on past Cutter


def _fight(write) -> Encounter:
    return started(write("alley.yaml", ALLEY), RandomDice(7),
                   {"wombat": 14, "cutter": 11, "vanya": 8})


def test_an_intercept_taken_mid_move_re_sorts_the_pass(write):
    enc = _fight(write)
    assert enc.state.order == ("wombat", "cutter", "vanya")
    enc.apply(cmd.Move("wombat", PAST_CUTTER))
    assert [p.kind for p in enc.state.pending] == ["intercept"]
    events = enc.apply(cmd.React("cutter", kind="intercept", go_on=True))
    assert enc.state.get("cutter").initiative == 6  # 11 − 5
    reordered = [e for e in events if isinstance(e, ev.PassReordered)]
    assert [(e.order, e.dropped) for e in reordered] == [(("wombat", "vanya", "cutter"), ())]
    assert enc.state.actor == "wombat"  # the mover keeps its turn
    enc.apply(cmd.EndTurn())
    assert enc.state.actor == "vanya"  # the 8 before the 6
    enc.undo()
    enc.undo()
    assert enc.state.order == ("wombat", "cutter", "vanya")


def test_in_pass_two_an_intercept_is_paid_from_the_pass_score(write):
    # RULINGS "Initiative cost of a defence is paid from the current pass's score": an
    # interrupt too. Cutter's 11 is 1 in pass 2: the −5 Intercept is not offered there
    enc = _fight(write)
    for _ in range(3):  # Wombat, Cutter, Vanya: pass 2 (Wombat 4, Cutter 1)
        enc.apply(cmd.EndTurn())
    assert enc.state.initiative_pass == 2 and enc.state.actor == "wombat"
    enc.apply(cmd.Move("wombat", PAST_CUTTER))
    assert enc.state.pending == ()
    assert enc.state.get("cutter").initiative == 11


def test_a_defence_that_costs_nothing_leaves_the_order_alone(write):
    enc = _fight(write)
    events = enc.apply(cmd.Attack("wombat", "cutter"))
    assert not any(isinstance(e, ev.PassReordered) for e in events)
    assert enc.state.order == ("wombat", "cutter", "vanya")


def test_a_delayed_combatant_keeps_waiting_when_the_pass_is_re_sorted():
    # Wombat (14) delays to the end of the pass (part A's DelayAction); the Ganger shoots
    # Vanya, who dodges (9 → 4): the rest of the pass re-sorts, the 8 before the 4, and
    # Wombat still waits at its end, though his 14 is the highest score
    enc = started(Path(__file__).resolve().parent.parent / "scenarios" / "maps"
                  / "sr5_passes.yaml", ScriptedDice(d10=[5] * 4, d6=[3] * 20),
                  {"wombat": 14, "ganger": 12, "vanya": 9, "cutter": 8})
    enc.apply(cmd.DelayAction("wombat"))
    assert enc.state.order == ("ganger", "vanya", "cutter", "wombat")
    events = enc.apply(cmd.Attack("ganger", "vanya", defence="dodge"))
    assert enc.state.get("vanya").initiative == 4
    assert [e.order for e in events if isinstance(e, ev.PassReordered)] == [
        ("ganger", "cutter", "vanya", "wombat")]
    enc.apply(cmd.EndTurn())
    assert enc.state.actor == "cutter"
    enc.apply(cmd.EndTurn())
    enc.apply(cmd.EndTurn())
    assert enc.state.actor == "wombat"
