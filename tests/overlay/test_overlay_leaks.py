"""The overlays leak nothing only the GM knows (issue 28): the bytes of every route and event
for the golden fight, at every point of it, through the players' filter with one enemy
hidden — no NPC number, no hidden token, no pending reaction, no enemy Overwatch, no odds.
A page's only varying bytes are its topic's JSON (checked equal), so checking the JSON of
every topic checks every byte served."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tactical.encounter.queries.audience import default_settings
from tactical.overlay.feed import TOPICS
from tactical.overlay.pages import overlay_page, parse_look
from tactical.overlay.payload import NotForPlayers, Payload
from tests.overlay.served import event_data, feed_at, first_event, get, golden, serving

HIDDEN = "guard-shield"
BANNED = re.compile(r"overwatch|pending|offer|odds|chance|%|unaware|guard-|health_max|"
                    r"damage|fatigue|skill|\bdr\b|\bpt\b", re.I)
PC_ROLL_KEYS = {"attacker", "target", "family", "hit", "outcome", "detail", "number",
                "headline", "fumble", "glitch", "critical_glitch", "total", "tn", "degree",
                "dice", "hits", "ones"}
NPC_ROLL_KEYS = {"attacker", "target", "family", "hit", "outcome", "detail", "number",
                 "headline", "fumble", "glitch", "critical_glitch"}


@pytest.fixture(scope="module")
def view():
    return golden()


def settings():
    return default_settings(["runners", "corp"]).with_hidden(HIDDEN, True)


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def check_topics(topics: dict[str, str], state: Any, npc_names: set[str],
                 hidden_name: str) -> None:
    for topic, text in topics.items():
        assert hidden_name not in text, (topic, text)
        assert not BANNED.search(text), (topic, BANNED.search(text), text)
    party = json.loads(topics["party"])
    for entry in party:
        if not entry["players"]:  # an enemy: its coarse word, never a number
            assert set(entry) <= {"name", "initials", "players", "acting", "state"}, entry
            assert entry.get("state", "") in ("", "unhurt", "hurt", "badly hurt", "down")
    roll = json.loads(topics["roll"])
    for shown in ([roll["last"]] if roll["last"] else []) + roll["history"]:
        if shown["attacker"] in npc_names:  # an NPC's roll: its outcome in words only
            assert set(shown) <= NPC_ROLL_KEYS, shown
            assert not any(re.search(r"\d", s) for s in strings(shown)), shown
        else:
            assert set(shown) <= PC_ROLL_KEYS, shown
    for entry in json.loads(topics["initiative"])["entries"]:
        assert set(entry) == {"name", "initials", "players", "acting", "later", "pass"}


def test_every_topic_at_every_point_of_the_golden_fight_leaks_nothing(view):
    npcs = {c.name for c in view.state_at() if c.side != "runners"}
    hidden_name = view.state_at().get(HIDDEN).name
    checked = banners = rolls = pending = 0
    payload = Payload()
    for count in range(len(view.events) + 1):
        state = view.state_at(count)
        feed = feed_at(view, count, settings(), payload=payload)
        topics = {t: feed.get(t).json for t in TOPICS}
        check_topics(topics, state, npcs, hidden_name)
        pending += bool(state.pending)
        banners += topics["banner"] != "null"
        rolls += json.loads(topics["roll"])["last"] is not None
        checked += 1
    # the control: the fight had rolls and banners to leak through
    assert checked > 50 and rolls > 10 and banners > 0 and pending > 0


def test_the_bytes_of_every_route_and_event_hold_only_the_filtered_topics(view):
    npcs = {c.name for c in view.state_at() if c.side != "runners"}
    hidden_name = view.state_at().get(HIDDEN).name
    for count in (len(view.events) // 3, len(view.events) * 2 // 3, None):
        feed = feed_at(view, count, settings())
        with serving(feed) as server:
            index = get(server, "/")[2].decode()
            assert hidden_name not in index and not BANNED.search(index.replace("% ", ""))
            for topic in TOPICS:
                topic_json = feed.get(topic).json
                page = get(server, f"/{topic}")[2].decode()
                assert page == overlay_page(topic, parse_look(topic, ""), topic_json)
                assert event_data(first_event(server, topic)) == topic_json
            check_topics({t: feed.get(t).json for t in TOPICS}, view.state_at(count), npcs,
                         hidden_name)


def test_the_gm_filter_cannot_feed_the_overlays(view):
    from tactical.encounter.queries.audience import Audience, AudienceFilter

    with pytest.raises(NotForPlayers):
        Payload().build(view.state_at(), view.events, AudienceFilter(Audience.GM), ())


def test_the_control_the_gm_knows_what_the_overlays_leave_out(view):
    # if the fight had no hidden enemy's roll, no NPC numbers, the test above could not fail
    from tactical.encounter.queries.audience import Audience, AudienceFilter
    from tactical.encounter.queries.stream import party, rolls

    gm = AudienceFilter(Audience.GM)
    state = view.state_at()
    everything = json.dumps([rolls(state, view.events, gm, keep=99), party(state, gm)])
    assert view.state_at().get(HIDDEN).name in everything
    npc_rolls = [r for r in rolls(state, view.events, gm, keep=99)
                 if r["attacker"] != "Kicker" and r["attacker"] != "Vanya"]
    assert npc_rolls and all("tn" in r for r in npc_rolls)


def test_an_enemy_overwatch_and_pending_npc_reactions_never_reach_the_overlays(qapp):
    # issue 16's running fight: the office guard on Overwatch, two NPC reactions pending
    # on Kicker's charge, wounded NPCs, the shield guard hidden by the GM
    from tests.ui.test_player_leaks import HIDDEN as SHIELD
    from tests.ui.test_player_leaks import players, running_fight

    document = running_fight()
    state = document.state
    assert state.pending and any(c.id == "guard-office" for c in state)
    topics = Payload().build(state, tuple(document.encounter.history.effective_events()),
                             players(), document.oracle.reaction_kinds(state))
    npcs = {c.name for c in state if c.side != "runners"}
    check_topics(topics, state, npcs, state.get(SHIELD).name)
    enemies = {e["name"]: e for e in json.loads(topics["party"]) if not e["players"]}
    assert enemies["PanGen Abomination"]["state"] == "hurt"  # a word, not its 6 damage
