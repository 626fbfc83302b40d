"""Edge spent on the initiative (Shadowrun's Blitz and Seize the Initiative, issue 25 item
2): on the combatant's own action phase in the first pass, before it acts, its score is
rolled anew, or it is marked to act first in each later pass of the combat turn, as the
ruleset says (`Ruleset.initiative_edge`)."""

from __future__ import annotations

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.handlers.turns import acting
from tactical.encounter.model import Timer


def use_edge(batch: Batch, command: cmd.UseEdge) -> None:
    c = acting(batch, command.combatant)
    # project default: declared with the score, so before the combatant's first action
    refuse_unless((batch.state.initiative_pass == 1 and not c.acted,
                   f"Edge on the Initiative score is spent on {c.name}'s first action phase "
                   "of the combat turn, before it acts"))
    spent = batch.ruleset.initiative_edge(c, batch.ctx.character(c), command.use, batch.dice)
    batch.emit(ev.EdgeSpent(c.id, spent.cost, spent.name))
    roll = spent.roll
    if roll is not None:
        batch.emit(ev.InitiativeRolled(c.id, roll.faces, roll.bonus, roll.total, roll.tiebreak),
                   ev.Note(f"{c.name}: {spent.words}, score {roll.total}"))
        # Initiative already spent this combat turn (an interrupt's cost: Full Defense's
        # −10, a dodge's −5) stays spent: the score rolled anew is not a way out of paying
        paid = (c.initiative_rolled or 0) - (c.initiative or 0)
        if paid > 0:
            batch.emit(ev.InitiativeSet(c.id, roll.total - paid,
                                        f"Initiative spent this combat turn (−{paid})"))
    if spent.mark is not None:  # ended with the combat turn (Ruleset.turn_marks)
        batch.emit(ev.TimerStarted(c.id, Timer(spent.mark, None, "", spent.words)))
