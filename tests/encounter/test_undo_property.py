"""Undo and redo are exact: any sequence of valid commands, undone to any point and redone,
gives the same state as applying them directly; and the log rebuilds it (issue 4)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactical.core.dice import RandomDice
from tactical.core.errors import TacticalError
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.evolve import fold
from tactical.encounter.history import entry_records, marker_record, replay_records
from tactical.geometry.hexgrid import hex_neighbours

IDS = ("kicker", "vanya", "guard", "shield", "monster")

choice = st.tuples(st.sampled_from(["move", "attack", "end", "prone", "up", "damage",
                                    "condition", "reload", "edge"]),
                   st.sampled_from(IDS), st.integers(0, 5))


def to_command(enc: Encounter, kind: str, who: str, n: int):
    actor = enc.state.actor or who
    if kind == "move":
        here = enc.state.get(actor).hex
        return cmd.Move(actor, (hex_neighbours(here)[n],))
    if kind == "attack":
        return cmd.Attack(actor, who, edge="damage" if n == 5 else None)
    if kind == "end":
        return cmd.EndTurn()
    if kind == "prone":
        return cmd.DropProne(actor)
    if kind == "up":
        return cmd.GetUp(actor)
    if kind == "damage":
        return cmd.ApplyDamage(who, 1 + 4 * n)
    if kind == "reload":
        return cmd.ReadyWeapon(actor)
    if kind == "edge":
        return cmd.LowerInjury(who)
    return cmd.SetCondition(who, ("pinned", "prone", "grappled")[n % 3], n < 3)


class Log:
    def __init__(self) -> None:
        self.records: list[dict] = []

    def append_many(self, payloads) -> None:
        self.records.extend(payloads)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                     HealthCheck.function_scoped_fixture])
@given(st.lists(choice, min_size=1, max_size=25), st.integers(0, 2**16), st.data())
def test_undo_to_any_point_and_redo(arena, oracle, steps, seed, data):
    log = Log()
    enc = Encounter(Context(arena, oracle), RandomDice(seed), log)
    enc.apply(cmd.StartCombat())
    states = [enc.state]
    for kind, who, n in steps:
        try:
            if not enc.apply(to_command(enc, kind, who, n)):
                continue  # a command that changes nothing is not in the history
        except TacticalError:
            continue  # only valid commands count
        states.append(enc.state)
    final = enc.state
    back = data.draw(st.integers(0, len(states) - 1))
    for _ in range(back):
        enc.undo()
    assert enc.state == states[len(states) - 1 - back]
    for _ in range(back):
        enc.redo()
    assert enc.state == final
    # the log alone rebuilds the same state, undo markers and all
    history, warnings = replay_records(log.records)
    assert warnings == []
    assert fold(enc.initial, history.effective_events()) == final


def test_a_new_command_after_undo_drops_the_redo_branch(arena, oracle, make_encounter):
    enc = make_encounter(arena, oracle, d10=[1, 2, 3, 4, 5], d6=[1] * 5)
    enc.apply(cmd.StartCombat())
    actor = enc.state.actor
    enc.apply(cmd.DropProne(actor))
    assert enc.history.undo_label == f"Drop prone ({enc.state.get(actor).name})"
    enc.undo()
    assert enc.history.redo_label is not None
    enc.apply(cmd.EndTurn())
    assert enc.history.redo_label is None and enc.redo() is None


def test_undoing_an_attack_undoes_its_rolls_and_redo_replays_the_same_dice(arena, oracle):
    enc = Encounter(Context(arena, oracle), RandomDice(7))
    for cid, value in {"vanya": 30, "kicker": 20, "guard": 9, "shield": 8, "monster": 7}.items():
        enc.apply(cmd.SetInitiative(cid, value))
    enc.apply(cmd.StartCombat())
    before = enc.state
    attack = enc.apply(cmd.Attack("vanya", "guard"))
    after = enc.state
    enc.undo()
    assert enc.state == before
    enc.redo()
    assert enc.state == after
    redone = enc.history.entries[enc.history.done[-1]].events
    assert redone == attack


def test_a_torn_batch_is_dropped_whole(arena, oracle, make_encounter):
    log = Log()
    enc = make_encounter(arena, oracle, d10=[1, 2, 3, 4, 5], d6=[1] * 5)
    enc.sink = log
    enc.apply(cmd.StartCombat())
    start_records = len(log.records)
    enc.apply(cmd.DropProne(enc.state.actor))
    torn = log.records[:start_records] + log.records[start_records:start_records + 1]
    history, warnings = replay_records(torn + log.records[:0])
    assert len(history.done) == 1
    assert warnings and "dropped the unfinished command 'Drop prone" in warnings[0]
    # a command written after the torn one (same batch number) replays cleanly
    history, warnings = replay_records(torn + [dict(r) for r in entry_records(
        enc.history.entries[1])])
    assert len(history.done) == 2 and len(warnings) == 1


def test_markers_are_records(arena, oracle, make_encounter):
    enc = make_encounter(arena, oracle, d10=[1, 2, 3, 4, 5], d6=[1] * 5)
    entry = enc.history.record("x", ())
    assert marker_record("undo", entry) == {"marker": "undo", "batch": 0}


step = st.one_of(st.tuples(st.just("undo"), st.just(""), st.just(0)),
                 st.tuples(st.just("redo"), st.just(""), st.just(0)), choice)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                     HealthCheck.function_scoped_fixture])
@given(st.lists(step, min_size=1, max_size=40), st.integers(0, 2**16), st.integers(1, 4))
def test_undo_and_redo_from_snapshots_equal_a_full_refold(arena, oracle, steps, seed, every):
    """Undo starts from the nearest snapshot (issue 13): after any mix of commands, undos
    and redos, with snapshots every 1–4 batches, the state is the fold of every event in
    effect from the start — and a new Encounter on the same history agrees."""
    enc = Encounter(Context(arena, oracle), RandomDice(seed))
    enc.SNAPSHOT_EVERY = every
    enc.apply(cmd.StartCombat())
    for kind, who, n in steps:
        if kind == "undo":
            enc.undo()
        elif kind == "redo":
            enc.redo()
        else:
            try:
                enc.apply(to_command(enc, kind, who, n))
            except TacticalError:
                continue
        assert enc.state == fold(enc.initial, enc.history.effective_events())
    again = Encounter(Context(arena, oracle), RandomDice(seed), history=enc.history)
    assert again.state == enc.state
    while enc.undo() is not None:
        assert enc.state == fold(enc.initial, enc.history.effective_events())
