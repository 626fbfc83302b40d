"""Ch.6 Auto fire at several nearby targets (l.460-466): "Sustained burst ... against several
(nearby) targets. Requires a Major and Minor action. Expends 10 units of ammo for each
affected target ... Each attack has Disadvantage. Damage is unaffected." One volley
(encounter/handlers/volley.py): the action is paid once, the rounds for every target up front, then
one attack per target."""

from __future__ import annotations

from typing import Literal

from tactical.encounter import commands as cmd
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.handlers.detection import undetected_reason
from tactical.encounter.handlers.turns import acting
from tactical.encounter.handlers.volley import volley
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
    volley(batch, a, weapon_id, [cmd.Attack(a.id, t.id, weapon_id, MODE) for t in targets],
           rules.fire_modes[MODE].needs, "Auto fire (several targets)")
