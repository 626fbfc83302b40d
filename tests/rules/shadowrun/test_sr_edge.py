"""Edge declared with a Shadowrun attack (issue 25 item 2; project defaults in sr4/sr5.yaml
`actions.edge`): the dice a GM would count at the table."""

from __future__ import annotations

from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.edge import EdgeRoller, close_call, edge_parts, unknown_edge
from tactical.rules.shadowrun.pools import Modifier, PoolRoller, evaluate

SR5 = shadowrun_ruleset("sr5")
EDGE = SR5.actions.edge


def test_push_the_limit_adds_the_rating_and_sixes_roll_again():
    assert edge_parts(EDGE["push_the_limit"], 3) == (Modifier("Push the Limit (Edge 3)", 3),)
    inner = PoolRoller(queues={"attack": [6, 6, 2, 1, 6, 3, 5]})
    roller = EdgeRoller(inner, EDGE["push_the_limit"], SR5.dice)
    # two sixes: two dice more (6, 3); that six: one more (5)
    assert roller.faces("attack", 4) == (6, 6, 2, 1, 6, 3, 5)
    assert roller.notes == ["Push the Limit: 3 dice more for sixes (2 sixes on the first roll)"]


def test_second_chance_keeps_the_hits_and_rerolls_the_rest():
    inner = PoolRoller(queues={"attack": [5, 1, 2, 6, 4, 5]})
    roller = EdgeRoller(inner, EDGE["second_chance"], SR5.dice)
    assert roller.faces("attack", 4) == (5, 6, 4, 5)  # 5, 6 kept; 1, 2 → 4, 5
    assert roller.notes == ["Second Chance: 2 dice that were no hits (1, 2) rolled again"]


def test_close_call_stops_a_glitch_only():
    glitched = evaluate("attack", (Modifier("Pistols", 3),), (1, 1, 5), SR5.dice)
    assert glitched.glitch
    after, note = close_call(EDGE["close_call"], glitched)
    assert not after.glitch and not after.critical_glitch and after.hits == 1
    assert note == "Close Call: the attack test's glitch does not happen"
    clean = evaluate("attack", (Modifier("Pistols", 3),), (2, 5, 5), SR5.dice)
    assert close_call(EDGE["close_call"], clean) == (clean, None)


def test_an_unknown_edge_word_names_the_uses():
    assert unknown_edge(SR5.actions, "push_the_limit") == []
    assert unknown_edge(SR5.actions, "reroll") == [
        "unknown Edge use 'reroll'; expected one of: push_the_limit, second_chance, close_call"]
