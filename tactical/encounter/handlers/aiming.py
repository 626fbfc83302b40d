"""Shadowrun's Take Aim and Change fire mode (issue 25 item 2): Simple actions that leave a
mark the combatant's attacks read (the aims' dice, used up by the next attack; the mode its
gun fires in). The ruleset says what each may do and what it leaves (`Ruleset.take_aim`,
`fire_mode_mark`); the engine keeps it as a timer on the combatant."""

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


def change_fire_mode(batch: Batch, command: cmd.ChangeFireMode) -> None:
    c = acting(batch, command.combatant)
    refused: tuple[str, ...] = ()
    kind = amount = why = ""
    if c.weapon is None:
        refused = (f"{c.name} has no weapon ready",)
    else:
        try:
            kind, amount, why = batch.ruleset.fire_mode_mark(
                c, c.weapon, batch.ctx.weapon(c.weapon), command.mode)
        except IllegalCommand as exc:
            refused = exc.reasons
    spend(batch, c, Action.MINOR, "Change fire mode", *((False, r) for r in refused),
          command="ChangeFireMode")
    if any(t.kind == kind for t in c.timers):
        batch.emit(ev.TimerExpired(c.id, kind))  # one mode at a time
    batch.emit(ev.TimerStarted(c.id, Timer(kind, None, amount, why)))
