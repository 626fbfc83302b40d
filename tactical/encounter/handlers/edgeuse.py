"""Edge spent on the Initiative score (Shadowrun's Blitz, issue 25 item 2): on the
combatant's own action phase in the first pass, before it acts, its score is rolled anew as
the ruleset says (`Ruleset.initiative_edge`); later passes follow the new score."""

from __future__ import annotations

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.handlers.turns import acting


def use_edge(batch: Batch, command: cmd.UseEdge) -> None:
    c = acting(batch, command.combatant)
    # project default: declared with the score, so before the combatant's first action
    refuse_unless((batch.state.initiative_pass == 1 and not c.acted,
                   f"Edge on the Initiative score is spent on {c.name}'s first action phase "
                   "of the combat turn, before it acts"))
    roll, why, cost = batch.ruleset.initiative_edge(c, batch.ctx.character(c), command.use,
                                                    batch.dice)
    batch.emit(ev.EdgeSpent(c.id, cost, why.split(":")[0]),
               ev.InitiativeRolled(c.id, roll.faces, roll.bonus, roll.total, roll.tiebreak),
               ev.Note(f"{c.name}: {why}, score {roll.total}"))
