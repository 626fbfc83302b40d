"""The audience filter's decisions without a screen (issue 16): coarse states, per-side
detail, hidden tokens, whose Overwatch, and the fog from the state and history."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactical.core.paths import maps_dir
from tactical.data.library import load_map
from tactical.encounter.context import initial_state
from tactical.encounter.events import Moved
from tactical.encounter.model import Condition
from tactical.encounter.queries.audience import (
    PUBLIC_BADGES,
    Audience,
    AudienceFilter,
    Detail,
    coarse_state,
    default_settings,
)
from tactical.encounter.queries.fog import FogOfWar
from tactical.geometry.layout import hex_to_point
from tactical.geometry.mapgeom import build_map_geometry


@pytest.mark.parametrize(("share", "down", "word"), [
    (1.0, False, "unhurt"), (0.8, False, "hurt"), (0.51, False, "hurt"),
    (0.5, False, "badly hurt"), (0.05, False, "badly hurt"), (0.0, False, "down"),
    (0.9, True, "down"),
])
def test_coarse_states_are_four_words_never_a_number(share, down, word):
    assert coarse_state(share, down) == word


@pytest.fixture
def warehouse():
    loaded = load_map(maps_dir() / "warehouse.yaml")
    return loaded, initial_state(loaded, "chapter6")


def test_the_gm_sees_everything_and_players_see_their_own_sheets(warehouse):
    _loaded, state = warehouse
    settings = default_settings(["runners", "corp"])
    assert settings.player_sides == {"runners"}
    gm, players = AudienceFilter(), AudienceFilter(Audience.PLAYERS, settings)
    guard, kicker = state.get("guard-office"), state.get("kicker")
    assert gm.token(guard).detail is Detail.BARS and gm.token(guard).badges is None
    own = players.token(kicker)
    assert own is not None and own.detail is Detail.BARS and own.badges is None
    enemy = players.token(guard, 0.7)
    assert enemy is not None and enemy.detail is Detail.COARSE and enemy.coarse == "hurt"
    assert enemy.badges == PUBLIC_BADGES and "unaware" not in enemy.badges
    assert "overwatch" not in enemy.badges and not enemy.injury
    none = AudienceFilter(Audience.PLAYERS, settings.with_detail("corp", Detail.NONE))
    assert none.token(guard, 0.7).coarse is None  # type: ignore[union-attr]
    assert none.token(guard, 0.0).coarse == "down"  # type: ignore[union-attr]


def test_hidden_tokens_and_overwatch(warehouse):
    _loaded, state = warehouse
    settings = default_settings(["runners", "corp"]).with_hidden("guard-shield", True)
    players = AudienceFilter(Audience.PLAYERS, settings)
    assert players.token(state.get("guard-shield")) is None
    assert "guard-shield" not in players.visible_ids(state)
    assert AudienceFilter().token(state.get("guard-shield")) is not None
    watching = replace(state.get("guard-office"),
                       conditions=frozenset({Condition.OVERWATCH}))
    assert AudienceFilter().shows_overwatch(watching)
    assert not players.shows_overwatch(watching)  # the GM's NPC: secret
    assert players.shows_overwatch(state.get("kicker"))  # the players' own
    assert not (players.shows_selection or players.shows_drag or players.shows_pending
                or players.shows_legend or players.shows_tooltips)
    again = settings.with_hidden("guard-shield", False)
    assert AudienceFilter(Audience.PLAYERS, again).token(state.get("guard-shield")) is not None


def test_fog_is_the_players_sight_and_what_they_walked_past(warehouse):
    loaded, state = warehouse
    geometry = build_map_geometry(loaded.map)
    fog = FogOfWar(geometry)
    start = fog.view(state, state, (), frozenset({"runners"}))
    shield = hex_to_point(geometry.layout, state.get("guard-shield").hex)
    assert not start.sees(shield)  # behind high cover from both runners
    assert start.sees(hex_to_point(geometry.layout, state.get("kicker").hex))
    path = ((3, 7), (4, 7), (5, 6), (6, 5), (7, 5))
    moved = state.with_combatant(replace(state.get("kicker"), hex=path[-1]))
    after = fog.view(moved, state, (Moved("kicker", path, 10.0),), frozenset({"runners"}))
    assert after.explored.area > start.explored.area
    assert after.explored.contains(start.visible.buffer(-0.01))  # seen before: dimmed
    fog.reveal([state.get("guard-shield").hex])
    assert fog.view(state, state, (), frozenset({"runners"})).sees(shield)
    fog.conceal([state.get("guard-shield").hex])
    assert not fog.view(state, state, (), frozenset({"runners"})).sees(shield)
