"""Issue 12 "Wrong today": each scenario under tests/scenarios/ch6_*.json replays one rule
as the text has it; these tests read what `tactical play` cannot show (the attack reports'
Advantage sources, the refusal's words)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactical.encounter.scenario import Played, play_all

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _play(name: str) -> Played:
    return play_all(SCENARIOS / f"{name}.json")


def _attacks(played: Played) -> list[dict[str, Any]]:
    return [r["event"] for r in played.records() if r["event"]["type"] == "AttackResolved"]


def _sources(attack: dict[str, Any], kind: str) -> set[str]:
    return {s["source"] for s in attack["result"]["advantage"]["sources"] if s["kind"] == kind}


def test_charge_moves_then_attacks_with_advantage_and_is_attacked_with_advantage():
    """Ch.6 Charge, l.384-390 (issue 12 item 1)."""
    played = _play("ch6_charge_attacks")
    results = played.results
    assert "has not charged" in (results[6].refused or "")  # the option alone: no move
    assert results[9].refused is None  # the charge's attack, paid by the Full action
    charge, answer = _attacks(played)
    assert charge["attacker"] == "kicker" and "Charge" in _sources(charge, "advantage")
    assert answer["attacker"] == "guard" and "Target charged" in _sources(answer, "advantage")
    assert "already engaged in melee" in (results[16].refused or "")


def _offers(played: Played) -> list[tuple[str, str, list[int]]]:
    return [(e["reactor"], e["kind"], e["hex"]) for e in
            (r["event"] for r in played.records()) if e["type"] == "ReactionOffered"]


def test_an_attack_of_opportunity_is_made_while_the_mover_is_still_in_reach():
    """RULINGS Attack of Opportunity (issue 12 item 12): the guard leaves Kicker's 4 m
    reach from its start; the attack is made there, not from the first hex outside."""
    played = _play("ch6_aoo_while_in_reach")
    assert _offers(played) == [("kicker", "opportunity", [7, 3])]
    (aoo,) = _attacks(played)
    assert aoo["reaction"] == "opportunity" and aoo["hit"]


def test_declining_an_intercept_does_not_lose_the_attack_of_opportunity():
    """RULINGS Attack of Opportunity (issue 12 item 11): started within reach and leaves
    it ⇒ AoO, even after the GM declined an Intercept by the same reactor."""
    played = _play("ch6_aoo_after_declined_intercept")
    assert _offers(played) == [("kicker", "intercept", [6, 3]),
                               ("kicker", "opportunity", [6, 4])]
    (aoo,) = _attacks(played)
    assert aoo["reaction"] == "opportunity"


def test_overwatch_lapses_when_its_round_ends():
    """RULINGS Overwatch holds this round (issue 12 item 9): in round 2 the guard's move
    offers Vanya a Snapshot at most, never her round-1 Overwatch."""
    played = _play("ch6_overwatch_holds_this_round")
    assert [kind for _, kind, _ in _offers(played)] == ["snapshot"]


def test_a_failed_awareness_check_mid_fight_keeps_an_aware_fighter_aware():
    """Ch.6 Maintaining Awareness, l.68 (issue 12 item 5)."""
    played = _play("ch6_awareness_kept_mid_fight")
    notes = [r["event"]["text"] for r in played.records() if r["event"]["type"] == "Note"]
    assert "complete failure" in notes[0]
    assert not played.encounter.state.get("vanya").unaware


def test_a_light_hit_during_its_own_turn_leaves_the_rest_of_the_turn_free():
    """Ch.6 Light injury, l.694 (issue 12 item 4): "Disadvantage on your next turn"."""
    same_turn, next_turn = _attacks(_play("ch6_light_next_turn"))
    assert "Light injury" not in _sources(same_turn, "disadvantage")
    assert "Light injury" in _sources(next_turn, "disadvantage")


def test_crossfire_needs_an_ally_and_reaches_the_exposed_variant():
    """Ch.6 Crossfire, l.476 (issue 12 item 8)."""
    played = _play("ch6_crossfire_needs_an_ally")
    assert "Crossfire needs an ally" in (played.results[5].refused or "")
    plain, one, two = ([m["source"] for m in a["result"]["tn_breakdown"]]
                       for a in _attacks(played))
    assert not any("Crossfire" in s for s in plain)
    assert "Crossfire" in one and "Crossfire (2+ allies, exposed)" in two


def test_an_injury_gives_disadvantage_on_skill_checks_too():
    """Ch.6 l.694-710 (issue 12 item 7): Kicker's Serious injury hampers his Awareness."""
    played = _play("ch6_injury_hampers_checks")
    (note,) = [r["event"]["text"] for r in played.records() if r["event"]["type"] == "Note"]
    assert "11+8+2 = 21" in note and "Disadvantage: Serious injury" in note
