"""The words of the log and of the attack result: each number the GM needs, in order."""

from __future__ import annotations

from tactical.core.dice import ScriptedDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.model import Timer
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.ui.dock.lines import Kind, effect_text, event_line, result_lines

ORDER = ("vanya", "kicker", "guard-shotgun", "guard-shield", "guard-office", "abomination")


def encounter(root, d10, d6):
    loaded = load_map(root / "maps" / "warehouse.yaml")
    enc = Encounter(Context(loaded, GeometryOracle(loaded)),
                    ScriptedDice(d10=[5] * 6 + d10, d6=d6))
    for i, cid in enumerate(ORDER):
        enc.apply(cmd.SetInitiative(cid, 30 - 3 * i))
    enc.apply(cmd.StartCombat())
    return enc


def test_result_lines_spell_out_dice_total_degree_damage_and_armor(root):
    enc = encounter(root, [10, 9, 8], [6] * 20)
    events = enc.apply(cmd.Attack("vanya", "guard-shotgun"))
    resolved = next(e for e in events if isinstance(e, ev.AttackResolved))
    r = resolved.result
    lines = result_lines(r)
    assert lines[0] == "Dice 10, 9, 8 (advantage die 8) → kept 10 + 9"
    assert lines[1] == f"Skill {r['roll']['skill']} + 10 + 9 = {r['roll']['total']} vs TN 30"
    assert lines[2].startswith("HIT: ")
    damage = r["damage"]
    assert lines[3] == (f"Damage {damage['expression']}: "
                        + "+".join(map(str, damage["rolled"])) + f" → {damage['raw']}")
    armor = damage["armor"]
    assert lines[4] == (f"Armor PT{armor['pt']}/DR{armor['dr']} → {damage['after_armor']} "
                        "physical")
    assert event_line(resolved, enc.state).text == resolved.summary


def test_a_miss_says_so(root):
    enc = encounter(root, [1, 2, 3], [])
    events = enc.apply(cmd.Attack("vanya", "guard-shotgun"))
    resolved = next(e for e in events if isinstance(e, ev.AttackResolved))
    lines = result_lines(resolved.result)
    assert lines[2].startswith("MISS: ")
    assert event_line(resolved, enc.state).kind is Kind.MISS


def test_event_lines_name_the_combatants(root):
    enc = encounter(root, [], [])
    state = enc.state
    turn = event_line(ev.TurnStarted("kicker", 1, 1, 0, 0, 1, False,
                                     "serious injury: 1 action a turn"), state)
    assert turn.text == ("Kicker's turn: 1 Major, 1 Move, 0 Minor — serious injury: "
                         "1 action a turn")
    assert turn.kind is Kind.TURN
    hurt = event_line(ev.DamageTaken("vanya", 7, "physical", "moderate", "Guard's Shotgun"),
                      state)
    assert hurt.text == "Vanya takes 7 physical damage from Guard's Shotgun, Moderate injury"
    bleed = event_line(ev.TimerStarted("vanya", Timer("bleed", 4, "1", "Serious injury")),
                       state)
    assert bleed.text == "Vanya: bleed 1/round, 4 round(s) (Serious injury)"
    assert event_line(ev.RoundStarted(2, ("vanya", "kicker"), ()), state).text == \
        "Round 2: Vanya → Kicker"
    # a single shot reads as one round, a burst as its rounds
    assert event_line(ev.AmmoSpent("vanya", "ares-predator", 1), state).text == \
        "Vanya fires 1 round"
    assert event_line(ev.AmmoSpent("vanya", "ares-predator", 3), state).text == \
        "Vanya fires 3 rounds"
    assert event_line(ev.TimersTicked("vanya"), state) is None


def test_effect_text():
    assert effect_text({"fatigue": 10, "initiative_loss": 7, "initiative_duration": "combat",
                        "disadvantage": "until_treated", "actions_per_turn": 1,
                        "no_reactions": True, "bleed": "1", "bleed_rounds": 5}) == (
        "10 Fatigue, −7 Initiative to the end of combat, Disadvantage until treated, "
        "1 action a turn, no Reactions, bleeds 1/round, 5 rounds")
