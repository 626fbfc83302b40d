"""Ch.6 actions a GM calls for that had no command (l.190-216): Dash, Use a Skill, Assist."""

from __future__ import annotations

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import (
    Batch,
    checked,
    full_action_payable,
    payment,
    refuse_unless,
)
from tactical.encounter.handlers.moves import checked_walk
from tactical.encounter.handlers.turns import acting
from tactical.encounter.model import Action, Timer
from tactical.geometry.hexgrid import hex_distance

ASSISTED = "assisted"  # timer: Advantage on the next Use a Skill (by=<helper>)


def dash(batch: Batch, command: cmd.Dash) -> None:
    """Ch.6 l.216: "The Dash Full action ... lets you run all out at the exclusion of all
    other activities" — ruling: `table_actions.dash_factor` (2) × speed on any path (Sprint
    goes 3× but only in a straight line)."""
    c = acting(batch, command.combatant)
    rules = batch.ctx.rules
    ok, why = full_action_payable(c, rules)
    refuse_unless((ok, why))
    limit = rules.speed_m(batch.ctx.character(c)) * rules.table_actions.dash_factor
    path = tuple((int(h[0]), int(h[1])) for h in command.path)
    # the walk checks the path before any action is spent (a refusal keeps no event)
    for action in rules.actions.full:
        batch.emit(ev.ActionSpent(c.id, action, action, "Dash"))
    checked_walk(batch, c.id, path, limit, "dash", "dash")


def use_skill(batch: Batch, command: cmd.UseSkill) -> None:
    """Ch.6 Use a Skill (l.190), a Major action: the check, logged; an Assist's Advantage is
    used up."""
    c = acting(batch, command.combatant)
    rules = batch.ctx.rules
    difficulty = rules.checks.difficulty
    refuse_unless((command.tn is not None or command.difficulty in difficulty,
                   f"difficulty must be one of: {', '.join(difficulty)}"))
    tn = command.tn if command.tn is not None else difficulty[command.difficulty]
    cost = Action(rules.table_actions.use_skill)
    slot, why = payment(c, cost)
    refuse_unless((slot is not None, why))
    assists = [t for t in c.timers if t.kind == ASSISTED]
    advantages = tuple(t.source for t in assists)
    value = batch.ctx.character(c).skills.get(command.skill, 0)
    result = batch.ruleset.skill_check(c, command.skill, value, tn, advantages, batch.dice)
    batch.emit(ev.ActionSpent(c.id, cost.value, str(slot), f"Use a Skill: {command.skill}"))
    checked(batch, c, command.skill.replace("_", " ").capitalize(), result)
    if assists:
        batch.emit(ev.TimerExpired(c.id, ASSISTED))


def assist(batch: Batch, command: cmd.Assist) -> None:
    """Ch.6 Assist (l.192), a Major action. The text gives no effect; ruling: the ally's next
    Use a Skill has Advantage ("Assisted by …"), until used."""
    c = acting(batch, command.combatant)
    ally = batch.combatant(command.ally)
    rules = batch.ctx.rules
    cost = Action(rules.table_actions.assist)
    slot, why = payment(c, cost)
    near = hex_distance(c.hex, ally.hex) <= rules.first_aid.max_hexes
    refuse_unless((slot is not None, why), (ally.id != c.id, "a combatant cannot assist itself"),
                  (ally.side == c.side, f"{ally.name} is not on {c.name}'s side"),
                  (near, f"{c.name} must be next to {ally.name}"))
    batch.emit(ev.ActionSpent(c.id, cost.value, str(slot), f"Assist {ally.name}"),
               ev.TimerStarted(ally.id, Timer(ASSISTED, None, f"ends=its_check;by={c.id}",
                                              f"Assisted by {c.name}")))
