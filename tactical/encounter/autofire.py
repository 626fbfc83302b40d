"""Ch.6 Auto fire at several nearby targets (l.460-466): "Sustained burst ... against several
(nearby) targets. Requires a Major and Minor action. Expends 10 units of ammo for each
affected target ... Each attack has Disadvantage. Damage is unaffected." One volley: the
action is paid once, the rounds for every target up front, then one attack per target."""

from __future__ import annotations

from typing import Literal

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, payment, refuse_unless
from tactical.encounter.detection import undetected_reason
from tactical.encounter.fight import build_setup, resolve
from tactical.encounter.model import Action
from tactical.encounter.turns import acting
from tactical.geometry.hexgrid import hex_distance

MODE: Literal["AF"] = "AF"  # the fire mode the volley is fired in (`fire_modes.AF`)


def auto_fire(batch: Batch, command: cmd.AutoFire) -> None:
    a = acting(batch, command.attacker)
    targets = [batch.combatant(t) for t in command.targets]
    weapon_id = command.weapon or a.weapon
    refuse_unless((len(targets) >= 2, "Auto fire at several targets names two or more "
                                      "(one target: an Attack in mode AF)"),
                  (len(set(command.targets)) == len(targets), "a target is named twice"),
                  (weapon_id is not None, f"{a.name} has no weapon ready"),
                  *((t.side != a.side, f"{t.name} is on {a.name}'s side") for t in targets),
                  *((t.id not in a.undetected, undetected_reason(a, t) or "")  # Ch.6 l.46
                    for t in targets))
    assert weapon_id is not None
    refuse_unless((weapon_id in batch.ctx.character(a).weapons,
                   f"{a.name} does not carry {weapon_id}"))
    rules = batch.ctx.rules
    # ruling (auto_fire_spread.vicinity_m): "in the same general vicinity" = near the first
    vicinity = rules.auto_fire_spread.vicinity_m
    first = targets[0]
    far = [t.name for t in targets[1:]
           if hex_distance(t.hex, first.hex) * rules.metres_per_hex > vicinity]
    refuse_unless((not far, f"{', '.join(far)} not within {vicinity:g} m of {first.name}: "
                            "Auto fire sweeps one vicinity (Ch.6 l.464)"))
    volley = [cmd.Attack(a.id, t.id, weapon_id, MODE) for t in targets]
    for index, (t, attack) in enumerate(zip(targets, volley, strict=True)):
        build_setup(batch, a, t, weapon_id, attack, None, targets=len(targets),
                    ammo_paid=index > 0)  # every attack legal before anything is spent
    for need in rules.fire_modes[MODE].needs:
        slot, why = payment(batch.state.get(a.id), Action(need))
        refuse_unless((slot is not None, why))
        batch.emit(ev.ActionSpent(a.id, need, str(slot), "Auto fire (several targets)"))
    for index, attack in enumerate(volley):
        resolve(batch, batch.state.get(a.id), batch.state.get(attack.target), weapon_id,
                attack, None, targets=len(targets), ammo_paid=index > 0)
