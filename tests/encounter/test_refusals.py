"""The engine refuses what the rules forbid, says why, and changes nothing (issue 4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactical.core.errors import IllegalCommand, InvalidCommand
from tactical.encounter import commands as cmd
from tactical.encounter.model import PendingReaction
from tactical.rules.reactions import ReactionOffer

# The GM types everyone's initiative; each needs a d10 roll-off face for ties.
INITIATIVE = {"kicker": 20, "vanya": 18, "guard": 12, "shield": 11, "monster": 8}
START_D10 = [5, 4, 3, 2, 1]


@pytest.fixture
def started(arena, oracle, make_encounter):
    def start(d10=(), d6=()):
        enc = make_encounter(arena, oracle, d10=[*START_D10, *d10], d6=d6)
        for cid, value in INITIATIVE.items():
            enc.apply(cmd.SetInitiative(cid, value))
        enc.apply(cmd.StartCombat())
        return enc
    return start


def refused(enc, command) -> str:
    before = enc.state
    with pytest.raises(IllegalCommand) as exc:
        enc.apply(command)
    assert enc.state == before  # a refusal changes nothing
    return str(exc.value)


def test_kicker_acts_first(started, oracle):
    enc = started()
    assert enc.state.actor == "kicker"
    assert enc.state.order == tuple(INITIATIVE)
    # Ch.6 tiers: 20–29 gives a second Minor action
    assert enc.state.get("kicker").budget.minor == 2


def test_second_major_action_is_refused(started, oracle):
    enc = started(d10=[10, 10, 10], d6=[1] * 30)
    enc.apply(cmd.Move("kicker", ((2, 2), (3, 1), (4, 1))))
    enc.apply(cmd.Attack("kicker", "shield"))
    assert "Kicker has no major action left" in refused(enc, cmd.Attack("kicker", "shield"))


def test_moving_farther_than_speed_is_refused(started, oracle):
    enc = started()
    path = ((2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3))  # 12 m; Kicker's speed is 10 m
    assert "12 m is farther than Kicker's move of 10 m" in refused(enc, cmd.Move("kicker",
                                                                                  path))


def test_a_second_move_uses_the_downgrade_once(started, oracle):
    enc = started()
    enc.apply(cmd.Move("kicker", ((2, 3),)))
    events = enc.apply(cmd.Move("kicker", ((3, 3),)))
    assert events[0].paid_with == "major"  # Ch.6: Major → Move downgrade
    assert "no move action left" in refused(enc, cmd.Move("kicker", ((4, 3),)))


def test_every_reason_is_given_at_once(started, oracle):
    oracle.blocked.add((2, 3))
    enc = started()
    path = ((2, 3), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3))
    message = refused(enc, cmd.Move("kicker", path))
    assert "step 1 [2, 3]: a wall" in message and "farther than" in message


def test_firing_an_empty_weapon_is_refused(started, oracle):
    enc = started(d10=[1, 1], d6=[])
    enc.apply(cmd.EndTurn())  # to Vanya
    vanya = enc.state.get("vanya")
    # empty the Predator's magazine through the GM's bookkeeping: 15 rounds, SA uses 3
    enc.state = enc.state.with_combatant(vanya.with_ammo("ares-predator", 2))
    message = refused(enc, cmd.Attack("vanya", "guard", mode="SA"))
    assert message == "SA needs 3 rounds; 2 loaded"


def test_acting_while_unconscious_is_refused(started, oracle):
    enc = started()
    enc.apply(cmd.SetCondition("vanya", "unconscious"))
    enc.apply(cmd.EndTurn())  # Kicker ends; Vanya's turn is skipped
    assert enc.state.actor == "guard" or enc.state.actor != "vanya"
    assert "it is not Vanya's turn" in refused(enc, cmd.Move("vanya", ((2, 4),)))


def test_reaction_when_none_is_left_and_while_seriously_injured(started, oracle):
    oracle.offers = [ReactionOffer("guard", "snapshot", 0, (3, 2), "within Short range")]
    enc = started(d10=[1, 2, 1, 2], d6=[1] * 10)
    enc.apply(cmd.Move("kicker", ((2, 2), (3, 2))))
    assert [p.reactor for p in enc.state.pending] == ["guard"]
    enc.apply(cmd.React("guard"))  # snapshot spent (a miss with 1 and 2)
    assert enc.state.get("guard").reactions == 0
    assert enc.state.halted is None and enc.state.get("kicker").hex == (3, 2)
    # the same guard cannot react again this round: the oracle may offer, the engine refuses
    enc.apply(cmd.Move("kicker", ((4, 1),), how="step"))
    enc.state = replace(enc.state, pending=(PendingReaction("guard", "snapshot", "kicker", 0,
                                                            (4, 1), "test"),))
    assert "no Reaction left this round" in refused(enc, cmd.React("guard"))
    enc.state = replace(enc.state, pending=(PendingReaction("shield", "snapshot", "kicker", 0,
                                                            (4, 1), "test"),))
    enc.apply(cmd.ApplyDamage("shield", 13))  # 13 of Health 25 ≥ 50 %: Serious
    assert enc.state.get("shield").injury == "serious"
    assert "no Reactions (serious injury)" in refused(enc, cmd.React("shield"))


def test_unknown_combatant_is_invalid(started, oracle):
    enc = started()
    with pytest.raises(InvalidCommand, match="no combatant 'bob'"):
        enc.apply(cmd.SetCondition("bob", "prone"))


def test_when_nobody_can_act_the_round_waits_for_the_gm(started):
    enc = started()
    for cid in INITIATIVE:
        enc.apply(cmd.SetCondition(cid, "unconscious"))
    enc.apply(cmd.EndTurn())
    state = enc.state
    assert state.round == 2 and state.actor == "kicker"  # stops, does not spin forever
    enc.apply(cmd.EndTurn())
    assert enc.state.round == 3
    for cid in INITIATIVE:
        enc.apply(cmd.SetCondition(cid, "dead"))
    enc.apply(cmd.EndTurn())
    assert enc.state.actor is None and enc.state.round == 4


def test_an_awareness_check_sets_who_is_unaware(arena, oracle, make_encounter):
    # Vanya's Vigilance 12, Moderate 20 + Free effort 10 = TN 30: 12+1+2 is a Complete failure
    enc = make_encounter(arena, oracle, d10=[1, 2, 10, 9])
    events = enc.apply(cmd.CheckAwareness("vanya", effort="free"))
    assert "= 15 vs TN 30 — complete failure: unaware" in events[0].text
    assert enc.state.get("vanya").unaware
    # Full effort (−5): 12+10+9 = 31 vs 15, Perfect: fully aware again
    enc.apply(cmd.CheckAwareness("vanya", effort="full"))
    assert not enc.state.get("vanya").unaware


def test_awareness_in_combat_costs_the_effort_action(started):
    enc = started(d10=[5, 5])
    events = enc.apply(cmd.CheckAwareness("kicker", effort="minor"))
    assert events[0].purpose == "Awareness" and events[0].action == "minor"
    with pytest.raises(IllegalCommand, match="effort must be one of"):
        enc.apply(cmd.CheckAwareness("kicker", effort="lazy"))


def test_edge_lowers_the_last_injury_one_step(arena, oracle, make_encounter):
    # Vanya (Health 22) takes 12: Serious (≥ 50 %): 10 Fatigue, −2d6 Initiative for the
    # combat, bleeding 1d6+1 rounds. Her Edge makes it Moderate: 5 Fatigue, −2d6 next
    # round, Disadvantage for 1d6+1 rounds; the damage stays.
    enc = make_encounter(arena, oracle, d6=[3, 4, 2, 5, 1, 3])
    enc.apply(cmd.ApplyDamage("vanya", 12))
    vanya = enc.state.get("vanya")
    assert vanya.injury == "serious" and vanya.fatigue == 10
    assert vanya.initiative_lasting == -7 and {t.kind for t in vanya.timers} == {"bleed"}
    enc.apply(cmd.LowerInjury("vanya"))
    vanya = enc.state.get("vanya")
    assert vanya.injury == "moderate" and vanya.damage == 12 and vanya.edge == 1
    assert vanya.fatigue == 5
    assert vanya.initiative_lasting == 0 and vanya.initiative_next_round == -6
    assert [(t.kind, t.rounds) for t in vanya.timers] == [("disadvantage", 4)]
    # only once per hit
    with pytest.raises(IllegalCommand, match="no fresh injury to lower"):
        enc.apply(cmd.LowerInjury("vanya"))


def test_edge_below_light_means_no_injury(arena, oracle, make_encounter):
    enc = make_encounter(arena, oracle, d6=[2])
    enc.apply(cmd.ApplyDamage("vanya", 2))  # Light: −1d6 Init next turn, Disadvantage
    enc.apply(cmd.LowerInjury("vanya"))
    vanya = enc.state.get("vanya")
    assert vanya.injury is None and vanya.timers == () and vanya.fatigue == 0
    assert vanya.initiative_next_round == 0 and vanya.damage == 2
