"""The GM's overrides: damage applied by hand and conditions set or cleared."""


from __future__ import annotations

from tactical.data.gear import DamageType
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.harm import apply_harm
from tactical.encounter.model import Condition


def apply_damage(batch: Batch, command: cmd.ApplyDamage) -> None:
    """The GM's override: damage (after armor) straight to the total, with its injury."""
    c = batch.combatant(command.combatant)
    refuse_unless((command.amount > 0, "damage must be at least 1"),
                  (command.damage_type in {t.value for t in DamageType},
                   f"unknown damage type '{command.damage_type}'"))
    harm = batch.ruleset.injury_from_damage(command.amount, c, command.damage_type, batch.dice)
    apply_harm(batch, c.id, harm, "GM")


def set_condition(batch: Batch, command: cmd.SetCondition) -> None:
    c = batch.combatant(command.combatant)
    known = {x.value for x in Condition}
    refuse_unless((command.condition in known,
                   f"unknown condition '{command.condition}'; expected one of: "
                   f"{', '.join(sorted(known))}"))
    if c.has(Condition(command.condition)) != command.on:
        batch.emit(ev.ConditionChanged(c.id, command.condition, command.on, "GM"))
