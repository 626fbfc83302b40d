"""Readying weapons and declaring Overwatch (Ch.6 Actions: Ready weapon, Overwatch)."""


from __future__ import annotations

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless, spend
from tactical.encounter.handlers.turns import acting


def ready_weapon(batch: Batch, command: cmd.ReadyWeapon) -> None:
    """Ch.6 (RULINGS): Reload = Ready weapon, a Major action; also draws another weapon."""
    c = acting(batch, command.combatant)
    weapon_id = command.weapon or c.weapon
    carried = batch.ctx.character(c).weapons
    refuse_unless((weapon_id is not None and weapon_id in carried,
                   f"{c.name} carries no weapon '{weapon_id}' (carries: {', '.join(carried)})"))
    assert weapon_id is not None
    weapon = batch.ctx.weapon(weapon_id)
    rounds = weapon.magazine if weapon.kind == "ranged" else None
    purpose = "Reload" if weapon_id == c.weapon else f"Ready {weapon.name}"
    spend(batch, c, batch.ctx.rules.actions.ready_weapon, purpose, command="ReadyWeapon")
    batch.emit(ev.WeaponReadied(c.id, weapon_id, rounds))


def declare_overwatch(batch: Batch, command: cmd.DeclareOverwatch) -> None:
    """Ch.6 Overwatch: a Major now and the Reaction later, for a normal ranged attack."""
    c = acting(batch, command.combatant)
    weapon = batch.ctx.weapon(c.weapon) if c.weapon else None
    spend(batch, c, batch.ctx.rules.actions.overwatch, "Overwatch",
          (weapon is not None and weapon.kind == "ranged",
           f"{c.name} needs a ranged weapon ready for Overwatch"),
          (c.reactions > 0, f"{c.name} has no Reaction left this round"))
    batch.emit(ev.OverwatchDeclared(c.id, command.zone))
