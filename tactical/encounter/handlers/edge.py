"""Edge spent outside the attack roll (Ch.6 Edge): an extra Reaction (l.152)."""

from __future__ import annotations

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.model import Phase
from tactical.encounter.queries.limits import out_of_action


def edge_reaction(batch: Batch, command: cmd.UseEdgeForReaction) -> None:
    """Ch.6 Reactions, l.152: "Using Edge can also give you additional Reactions"
    (`edge_reaction`: 1 Edge → 1 Reaction, this round only; a new round resets them)."""
    c = batch.combatant(command.combatant)
    spec = batch.ctx.rules.edge_reaction
    down = out_of_action(c, batch.ruleset)
    refuse_unless((batch.state.phase is Phase.COMBAT, "combat has not started"),
                  (c.edge >= spec.edge, f"{c.name} has no Edge left"),
                  (down is None, f"{c.name} cannot react: {down}"))
    batch.emit(ev.EdgeSpent(c.id, spec.edge, "an extra Reaction this round"),
               ev.ReactionGained(c.id, spec.reactions, "Edge"))
