"""One offer, one id (issue 22 item 4) and two offers from one reactor (issue 24, Ch.6
l.150 one Reaction per round): naming an offer, settling each one, what the ruleset keeps on
offer after the first, and format 1 logs read as they were played."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from tactical.core.dice import RandomDice, ScriptedDice
from tactical.core.errors import IllegalCommand
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.evolve import fold
from tactical.encounter.model import Condition, EncounterState
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.scenario import play
from tactical.encounter.store import files
from tactical.encounter.store.migrate import migrate
from tactical.rules import registry

TESTS = Path(__file__).resolve().parents[1]
SCENARIOS = TESTS / "scenarios"
FORMAT1 = Path(__file__).resolve().parent / "format1"
STEP = [[6, 4], [7, 4], [8, 4]]  # in reach, then out: Intercept and AoO at one step


def two_offers(d10: tuple[int, ...] = (1, 2, 9, 9, 9, 9, 9, 9),
               d6: tuple[int, ...] = (3,) * 18) -> Encounter:
    """Reach map: the guard steps where Kicker is offered an Intercept and an AoO."""
    loaded = load_map(SCENARIOS / "maps" / "reach.yaml")
    enc = Encounter(Context(loaded, GeometryOracle(loaded)), ScriptedDice(d10=d10, d6=d6))
    for c in (cmd.SetInitiative("guard", 25), cmd.SetInitiative("kicker", 15),
              cmd.StartCombat(), cmd.Move("guard", [tuple(h) for h in STEP])):
        enc.apply(c)
    return enc


def test_each_offer_has_its_own_id_in_the_event_and_the_state():
    enc = two_offers()
    offered = [e for e in enc.history.effective_events() if isinstance(e, ev.ReactionOffered)]
    assert [(e.kind, e.offer) for e in offered] == [("intercept", "o1"), ("opportunity", "o2")]
    assert [(p.id, p.kind) for p in enc.state.pending] == [("o1", "intercept"),
                                                           ("o2", "opportunity")]


def test_the_reactor_alone_is_refused_naming_both_offers():
    enc = two_offers()
    with pytest.raises(IllegalCommand, match=r'intercept \("offer": "o1"\), opportunity '
                                             r'\("offer": "o2"\)'):
        enc.apply(cmd.React("kicker"))
    with pytest.raises(IllegalCommand, match="has no pending snapshot"):
        enc.apply(cmd.DeclineReaction("kicker", "snapshot"))
    with pytest.raises(IllegalCommand, match="is kicker's, not guard's"):
        enc.apply(cmd.DeclineReaction("guard", offer="o1"))
    assert len(enc.state.pending) == 2  # nothing changed


def test_declining_the_intercept_by_id_keeps_the_aoo_which_resolves():
    enc = two_offers()
    enc.apply(cmd.DeclineReaction(offer="o1"))
    assert [p.kind for p in enc.state.pending] == ["opportunity"]  # Ch.6 l.150
    assert enc.history.entries[enc.history.done[-1]].label == "Kicker declines to react"
    events = enc.apply(cmd.React("kicker"))  # its one offer now: the reactor alone names it
    hit = next(e for e in events if isinstance(e, ev.AttackResolved))
    assert hit.reaction == "opportunity" and hit.weapon == "killing-hands"
    assert enc.state.get("kicker").reactions == 0 and enc.state.pending == ()


def test_taking_the_intercept_withdraws_the_aoo_with_the_reason():
    enc = two_offers()
    events = enc.apply(cmd.React("kicker", kind="intercept", go_on=True))
    gone = [e for e in events if isinstance(e, ev.ReactionWithdrawn)]
    assert [(e.kind, e.offer) for e in gone] == [("opportunity", "o2")]
    assert "no Reaction left this round" in gone[0].why and "l.150" in gone[0].why
    assert enc.state.get("guard").hex == (8, 4)  # walked out of reach unhindered
    assert [(w.offer.id, w.why) for w in enc.state.withdrawn] == [("o2", gone[0].why)]


def test_a_second_reaction_keeps_the_aoo_after_the_intercept():
    """Ch.6 l.152: Edge gives another Reaction: the AoO stays on offer after the Intercept."""
    enc = two_offers()
    enc.apply(cmd.UseEdgeForReaction("kicker"))
    enc.apply(cmd.React("kicker", kind="intercept", go_on=True))
    assert [p.kind for p in enc.state.pending] == ["opportunity"]
    events = enc.apply(cmd.React("kicker", kind="opportunity"))
    assert any(isinstance(e, ev.AttackResolved) and e.reaction == "opportunity"
               for e in events)


def test_a_withdrawn_offer_is_gone_from_the_turns_reasons_at_the_next_turn():
    enc = two_offers()
    enc.apply(cmd.React("kicker", kind="intercept", go_on=True))
    enc.apply(cmd.EndTurn())
    assert enc.state.withdrawn == ()


@pytest.mark.parametrize("log", sorted(FORMAT1.glob("*.jsonl")), ids=lambda p: p.stem)
def test_a_format_1_log_opens_and_folds_to_what_was_played(log):
    """Format 1 logs (the reactor alone named the offer) migrate on read: each offer gets
    an id, and the state is what the same commands give today (ids aside)."""
    assert json.loads(log.read_text().splitlines()[0])["version"] == 1
    view = files.read(log)
    assert view.warnings == ()
    offered = [e for e in view.events if isinstance(e, ev.ReactionOffered)]
    assert offered and all(e.offer.startswith("v1-") for e in offered)
    now = play(SCENARIOS / f"{log.stem}.json").encounter.state
    assert without_ids(view.state_at()) == without_ids(now)


def without_ids(state: EncounterState) -> EncounterState:
    return replace(state, pending=tuple(replace(p, id="") for p in state.pending))


def test_a_format_1_overwatch_reaction_still_ends_the_overwatch():
    spent = {"type": "ReactionSpent", "reactor": "vanya", "kind": "overwatch"}
    offered = {"type": "ReactionOffered", "reactor": "vanya", "kind": "opportunity",
               "mover": "guard", "step": 0, "hex": [1, 1], "why": ""}
    records = [{"batch": 0, "n": 0, "of": 2, "label": "x", "event": offered},
               {"batch": 0, "n": 1, "of": 2, "label": "x", "event": spent}]
    out = migrate(1, registry.ruleset("chapter6").reaction_kinds, records)
    assert out[0]["event"] == {**offered, "offer": "v1-1", "owed": True}
    assert out[1]["event"] == {**spent, "clears": ["overwatch"]}
    assert migrate(2, (), records) is records  # a current log is read as it is


def test_overwatch_ends_when_triggered():
    """RULINGS Overwatch: "Overwatch ends when triggered" (ReactionSpec.clears)."""
    loaded = load_map(SCENARIOS / "maps" / "open.yaml")
    enc = Encounter(Context(loaded, GeometryOracle(loaded)), RandomDice(7))
    for who, value in (("vanya", 25), ("guard", 15), ("kicker", 12), ("shield", 3),
                       ("monster", 2)):
        enc.apply(cmd.SetInitiative(who, value))
    enc.apply(cmd.StartCombat())
    enc.apply(cmd.DeclareOverwatch("vanya"))
    enc.apply(cmd.EndTurn())
    enc.apply(cmd.Move("guard", [(7, 2), (8, 1)]))
    assert "overwatch" in {p.kind for p in enc.state.pending}
    enc.apply(cmd.React("vanya", kind="overwatch"))
    vanya = enc.state.get("vanya")
    assert Condition.OVERWATCH not in vanya.conditions and vanya.reactions == 0


def test_a_format_1_settle_by_reactor_settles_every_offer_it_had():
    """What format 1 recorded: declining named the reactor and dropped all its offers."""
    enc = two_offers()
    state = replace(enc.state, pending=tuple(replace(p, id=f"v1-{n}")
                                             for n, p in enumerate(enc.state.pending, 1)))
    after = fold(state, [ev.ReactionDeclined("kicker", "intercept")])
    assert after.pending == ()


def test_a_resumed_format_1_log_goes_on_and_reopens(tmp_path):
    copy = tmp_path / "fight.jsonl"
    shutil.copy(FORMAT1 / "ch6_aoo_after_declined_intercept.jsonl", copy)
    header = json.loads(copy.read_text().splitlines()[0])
    header["map"] = str((FORMAT1 / header["map"]).resolve())
    lines = copy.read_text().splitlines(keepends=True)
    copy.write_text(json.dumps(header, separators=(",", ":")) + "\n" + "".join(lines[1:]))
    enc, warnings = files.resume(copy, GeometryOracle, ScriptedDice())
    assert warnings == []
    enc.apply(cmd.EndTurn())
    again = files.read(copy)
    assert again.state_at().actor == "kicker" and again.warnings == ()
