"""A ruleset's own surprise test (issue 25 item 6; RULINGS "Surprise" under Shadowrun: a
Reaction + Intuition (3) test, a failure costs 10 Initiative in the first combat turn and
no interrupt actions until the combatant's first action phase; numbers in the ruleset
file). Made before combat starts; the ruleset rolls it (`Ruleset.surprise`), this module
turns the outcome into events and ends the `surprised` badge at the first action phase."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.model import Condition, Phase

# InitiativeChanged's kind for a change that counts in the coming round only (the first
# combat turn: the test is made before combat starts)
FIRST_TURN = "next_round"


@dataclass(frozen=True, slots=True)
class SurpriseTest:
    """The combatant rolls its ruleset's surprise test (before combat starts)."""

    combatant: str


def surprise_test(batch: Batch, command: SurpriseTest) -> None:
    c = batch.combatant(command.combatant)
    rules = batch.ruleset.surprise
    refuse_unless((rules is not None, f"{batch.ruleset.title} has no surprise test of its "
                                      "own: surprise is the Awareness check"),
                  (batch.state.phase is Phase.SETUP,
                   "the surprise test is made before combat starts"),
                  (not c.has(Condition.SURPRISED), f"{c.name} is surprised already"),
                  (not c.has(Condition.DEAD), f"{c.name} is dead"))
    assert rules is not None
    outcome = rules.test(c, batch.ctx.character(c), batch.dice)
    batch.emit(ev.Note(outcome.line))
    if not outcome.surprised:
        return
    batch.emit(ev.ConditionChanged(c.id, Condition.SURPRISED.value, True,
                                   "failed the surprise test"))
    if outcome.initiative_cost:
        batch.emit(ev.InitiativeChanged(c.id, FIRST_TURN, -outcome.initiative_cost,
                                        "surprised: the first combat turn"))


def surprise_ends(batch: Batch, cid: str) -> None:
    """RULINGS "Surprise": "no interrupt actions until its first action phase"."""
    if batch.state.get(cid).has(Condition.SURPRISED):
        batch.emit(ev.ConditionChanged(cid, Condition.SURPRISED.value, False,
                                       "its first action phase"))


HANDLERS: dict[type, Callable[[Batch, Any], None]] = {SurpriseTest: surprise_test}
cmd.COMMAND_TYPES.update({c.__name__: c for c in HANDLERS})
