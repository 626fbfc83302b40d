"""Ch.6 Fear and Pinning (l.968-982): active Discipline defence checks. A pin "requires a
Discipline defense check to overcome" (l.982); fear is resisted the same way (l.974)."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, cast

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, checked, refuse_unless, spend
from tactical.encounter.model import Condition, Phase


def discipline_check(batch: Batch, command: cmd.DisciplineCheck) -> None:
    c = batch.combatant(command.combatant)
    spec = batch.ctx.rules.discipline_checks
    difficulty = batch.ctx.rules.checks.difficulty
    refuse_unless((command.against in ("pin", "fear"), "against must be pin or fear"),
                  (command.difficulty is None or command.difficulty in difficulty,
                   f"difficulty must be one of: {', '.join(difficulty)}"))
    against = cast("Literal['pin', 'fear']", command.against)
    if against == "pin":
        refuse_unless((c.has(Condition.PINNED), f"{c.name} is not Pinned"),
                      (batch.state.actor == c.id, f"it is not {c.name}'s turn"),
                      (not batch.state.pending, "resolve or decline the pending reactions "
                                                "first"))
    tn = command.tn if command.tn is not None else \
        difficulty[command.difficulty or spec.difficulty[against]]
    cost = spec.action[against] if batch.state.phase is Phase.COMBAT else None
    if cost is not None:
        spend(batch, c, cost, f"Discipline check ({against})")
    result = batch.ruleset.discipline_check(c, batch.ctx.character(c), tn, batch.dice)
    outcome = ("overcomes the pin" if against == "pin" else "holds firm") if result.success \
        else ("still Pinned" if against == "pin" else "Frightened")
    checked(batch, c, f"Discipline ({against})", replace(result, text=f"{result.text}; {outcome}"))
    if against == "pin" and result.success:
        batch.emit(ev.TimerExpired(c.id, Condition.PINNED.value),
                   ev.ConditionChanged(c.id, Condition.PINNED.value, False,
                                       "overcame the pin (Discipline)"))
    elif against == "fear" and not result.success and not c.has(Condition.FRIGHTENED):
        batch.emit(ev.ConditionChanged(c.id, Condition.FRIGHTENED.value, True,
                                       "failed a Discipline check against fear"))
