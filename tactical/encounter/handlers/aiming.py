"""Shadowrun's Take Aim (issue 25 item 2): a Simple action whose dice the combatant's next
attack adds and uses up. The ruleset says how many aims it may hold and what they add
(`Ruleset.take_aim`); the engine keeps them as a timer on the aimer."""

from __future__ import annotations

from tactical.core.errors import IllegalCommand
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, spend
from tactical.encounter.handlers.turns import acting
from tactical.encounter.model import Action, Timer


def take_aim(batch: Batch, command: cmd.TakeAim) -> None:
    c = acting(batch, command.combatant)
    try:
        kind, count, why = batch.ruleset.take_aim(c, batch.ctx.character(c))
        refused: tuple[str, ...] = ()
    except IllegalCommand as exc:  # said with the action's own reason (STYLE: every one)
        kind, count, why, refused = "", 0, "", exc.reasons
    spend(batch, c, Action.MINOR, "Take Aim", *((False, r) for r in refused),
          command="TakeAim")
    if any(t.kind == kind for t in c.timers):
        batch.emit(ev.TimerExpired(c.id, kind))  # one more aim: the count goes up
    batch.emit(ev.TimerStarted(c.id, Timer(kind, None, f"count={count}", why)))
