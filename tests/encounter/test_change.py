"""Issue 22: what a command, its undo and its redo changed, as the views read it (the
document's typed change signal; tactical/encounter/queries/change.py). Given the warehouse fight,
when a command is applied, then the Change names what a GM would see change."""

from __future__ import annotations

import pytest

from tactical.core.dice import RandomDice
from tactical.core.paths import maps_dir
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.handlers import terrain
from tactical.encounter.queries.change import Change, How, change_between
from tactical.encounter.queries.oracle import GeometryOracle

ORDER = ("kicker", "vanya", "guard-shotgun", "guard-shield", "guard-office", "abomination")


@pytest.fixture
def fight() -> Encounter:
    loaded = load_map(maps_dir() / "warehouse.yaml")
    encounter = Encounter(Context(loaded, GeometryOracle(loaded)), RandomDice(7))
    for i, cid in enumerate(ORDER):
        encounter.apply(cmd.SetInitiative(cid, 40 - i))
    encounter.apply(cmd.StartCombat())
    return encounter


def applied(encounter: Encounter, command: object) -> Change:
    before = encounter.state
    events = encounter.apply(command)
    assert events
    return change_between(before, encounter.state, events)


def undone(encounter: Encounter) -> Change:
    before = encounter.state
    entry = encounter.undo()
    assert entry is not None
    return change_between(before, encounter.state, entry.events, How.UNDONE)


def test_a_move_names_the_token_that_moved_and_nothing_else(fight):
    change = applied(fight, cmd.Move("kicker", ((3, 7), (4, 7))))
    assert change.how is How.APPLIED and change.new_events == change.events
    assert change.moved == {"kicker"} and change.combatants == {"kicker"}
    assert not (change.terrain or change.pending or change.turn or change.roster)


def test_its_undo_moves_the_same_token_back_and_replays_no_event(fight):
    moved = applied(fight, cmd.Move("kicker", ((3, 7), (4, 7))))
    change = undone(fight)
    assert change.how is How.UNDONE and change.events == moved.events
    assert change.new_events == ()  # nothing happened at the table: no roll to show
    assert change.moved == {"kicker"}
    before = fight.state
    entry = fight.redo()
    assert entry is not None
    redone = change_between(before, fight.state, entry.events, How.REDONE)
    assert redone.moved == {"kicker"} and redone.new_events == ()


def test_a_door_is_terrain(fight):
    change = applied(fight, terrain.RemoveCover("office-wall-north", "removed"))
    assert change.terrain and not change.moved and not change.combatants
    assert undone(fight).terrain


def test_a_move_into_a_reaction_is_pending_and_halts(fight):
    fight.apply(cmd.Move("kicker", ((3, 7), (4, 7), (5, 6), (6, 5), (7, 5))))
    change = applied(fight, cmd.Move("kicker", ((7, 4), (8, 3), (9, 2))))
    assert change.pending and fight.state.pending  # the Snapshot at 9,2 waits in the dock
    assert "kicker" in change.moved
    declined = applied(fight, cmd.DeclineReaction(fight.state.pending[0].reactor))
    assert declined.pending


def test_the_end_of_a_turn_is_a_turn_change_and_the_roster_is_who_is_there(fight):
    change = applied(fight, cmd.EndTurn())
    assert change.turn and not change.moved
    assert not change.roster
    gone = applied(fight, cmd.RemoveCombatant("guard-office"))
    assert gone.roster and gone.moved == {"guard-office"}
