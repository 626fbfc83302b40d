"""The overlays keep the attacks and round starts in effect from each change instead of
reading the whole history again (a 10,000-event fight took 11 ms to read): after every
command, undo and redo of a fight they are exactly the history's."""

from __future__ import annotations

from tactical.core.dice import RandomDice
from tactical.core.paths import demo_map
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.overlay.payload import ROLL_EVENTS, RollEvents
from tactical.ui.document import EncounterDocument


def test_the_kept_roll_events_match_the_history_through_undo_and_redo(qapp):
    document = EncounterDocument.for_map(load_map(demo_map()), RandomDice(4))
    kept = RollEvents(document.encounter.history.effective_events())
    document.changed.connect(kept.follow)

    def truth() -> tuple[list[object], list[int]]:
        again = RollEvents(document.encounter.history.effective_events())
        return again.attacks, again.starts

    def now() -> tuple[list[object], list[int]]:
        return kept.attacks, kept.starts

    for cid, value in {"kicker": 30, "vanya": 22}.items():
        document.apply(cmd.SetInitiative(cid, value))
    document.apply(cmd.StartCombat())
    attacks = 0
    for _ in range(14):
        actor = document.state.actor
        assert actor is not None
        target = next(c.id for c in document.state
                      if c.side != document.state.get(actor).side)
        if document.apply(cmd.Attack(actor, target)) is not None:
            attacks += 1
        assert now() == truth()
        document.undo()
        assert now() == truth()
        document.redo()
        assert now() == truth()
        document.apply(cmd.EndTurn())
        assert now() == truth()
    assert attacks > 3 and len(kept.attacks) == attacks and len(kept.starts) > 1
    assert kept.attacks == [e for e in document.encounter.history.effective_events()
                            if isinstance(e, ROLL_EVENTS[0])]


def test_the_banner_from_the_kept_attacks_is_the_stream_models_at_every_point():
    from tactical.encounter.queries import stream
    from tactical.encounter.queries.audience import Audience, AudienceFilter, default_settings
    from tactical.overlay.payload import banner
    from tactical.rules import registry
    from tests.overlay.served import golden

    view = golden()
    players = AudienceFilter(Audience.PLAYERS, default_settings(["runners", "corp"]))
    kinds = registry.ruleset(view.state_at().ruleset).reaction_kinds
    fired = 0
    for count in range(len(view.events) + 1):
        state, events = view.state_at(count), view.events[:count]
        kept = RollEvents(events)
        ours = banner(state, kept.attacks, kept.starts[-1] if kept.starts else 0, players,
                      kinds, None)
        theirs = stream.last_banner(state, events, players, kinds)
        assert (ours is None) == (theirs is None), count
        if ours is not None and theirs is not None:
            fired += 1
            assert (ours["text"], ours["number"]) == (theirs["text"], theirs["number"])
    assert fired > 5


def test_a_plain_check_is_the_overlays_last_roll_until_it_is_undone(qapp):
    import json

    from tactical.encounter.events import CheckRolled
    from tactical.encounter.queries.audience import Audience, AudienceFilter, default_settings
    from tactical.overlay.payload import Payload
    from tests.fights import warehouse

    document = warehouse()
    kept = RollEvents(document.encounter.history.effective_events())
    document.changed.connect(kept.follow)
    players = AudienceFilter(Audience.PLAYERS, default_settings(["runners", "corp"]))
    before = json.loads(Payload().build(document.state, kept, players, ())["roll"])
    assert document.apply(cmd.UseSkill("kicker", "athletics", tn=15)) is not None
    assert isinstance(kept.attacks[-1], CheckRolled)
    last = json.loads(Payload().build(document.state, kept, players, ())["roll"])["last"]
    assert last["attacker"] == "Kicker" and last["headline"].startswith("Athletics: ")
    document.undo()
    assert json.loads(Payload().build(document.state, kept, players, ())["roll"]) == before
