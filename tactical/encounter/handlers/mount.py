"""Ch.6 Mount/Dismount (l.208), a Move action: "Get onto or off of a mount or vehicle".

Ruling (docs/rules-chapter6.md): a mount or vehicle is a combatant whose sheet `carries`
riders. A rider next to it gets on (it then shares the mount's hex, is marked Mounted and
moves wherever the mount moves; its own moves are refused until it gets off) and gets off
onto a free hex next to the mount, the GM's choice. Outside combat neither costs an action.
"""

from __future__ import annotations

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, payment, refuse_unless
from tactical.encounter.handlers.moves import hex_problems
from tactical.encounter.handlers.turns import acting
from tactical.encounter.model import Action, Combatant, Condition, Hex, Phase
from tactical.geometry.hexgrid import hex_distance, hex_neighbours

RULE = "Ch.6 Mount/Dismount, l.208"


def _cost(batch: Batch, c: Combatant) -> str | None:
    """The slot that pays the Move in combat (None outside combat: no action is spent)."""
    if batch.state.phase is not Phase.COMBAT:
        return None
    acting(batch, c.id)
    slot, why = payment(c, Action(batch.ctx.rules.table_actions.mount))
    refuse_unless((slot is not None, why))
    return slot


def mount(batch: Batch, command: cmd.Mount) -> None:
    rider, steed = batch.combatant(command.combatant), batch.combatant(command.mount)
    room = batch.ctx.character(steed).carries
    aboard = [c.name for c in batch.state if c.riding == steed.id]
    refuse_unless(
        (steed.id != rider.id, f"{rider.name} cannot ride itself"),
        (room > 0, f"{steed.name} is no mount or vehicle (its sheet carries no riders, "
                   f"{RULE})"),
        (room == 0 or len(aboard) < room,
         f"{steed.name} carries {room} and already has {', '.join(aboard)}"),
        (steed.side == rider.side, f"{steed.name} is not on {rider.name}'s side"),
        (rider.riding is None, f"{rider.name} already rides another: Dismount first"),
        (steed.riding is None, f"{steed.name} itself rides another"),
        (not any(c.riding == rider.id for c in batch.state),
         f"{rider.name} carries riders of its own"),
        (hex_distance(rider.hex, steed.hex) <= 1, f"{rider.name} must be next to "
                                                  f"{steed.name} to get on"),
        *((not rider.has(x), f"{rider.name} is {x.value}") for x in (
            Condition.PRONE, Condition.GRAPPLED, Condition.IMMOBILISED)),
        *((not steed.has(x), f"{steed.name} is {x.value}") for x in (
            Condition.DEAD, Condition.UNCONSCIOUS)))
    slot = _cost(batch, rider)
    if slot is not None:
        batch.emit(ev.ActionSpent(rider.id, batch.ctx.rules.table_actions.mount, slot,
                                  f"Mount {steed.name}"))
    batch.emit(ev.Mounted(rider.id, steed.id, steed.hex),
               ev.Note(f"{rider.name} gets onto {steed.name} at {list(steed.hex)} and moves "
                       f"with it ({RULE})"))


def dismount(batch: Batch, command: cmd.Dismount) -> None:
    rider = batch.combatant(command.combatant)
    refuse_unless((rider.riding is not None, f"{rider.name} rides nothing"))
    assert rider.riding is not None
    steed = batch.state.get(rider.riding)
    free = [h for h in hex_neighbours(steed.hex) if not _unfit(batch, rider, h)]
    to: Hex | None = free[0] if command.hex is None and free else None
    if command.hex is not None:
        wanted = (int(command.hex[0]), int(command.hex[1]))
        why = _unfit(batch, rider, wanted)
        if hex_distance(wanted, steed.hex) != 1:
            why = f"{list(wanted)} is not next to {steed.name}"
        refuse_unless((not why, f"{rider.name} cannot get off onto {list(wanted)}: {why}"))
        to = wanted
    refuse_unless((to is not None, f"no free hex next to {steed.name} for {rider.name} to "
                                   f"get off onto ({RULE})"))
    assert to is not None
    slot = _cost(batch, rider)
    if slot is not None:
        batch.emit(ev.ActionSpent(rider.id, batch.ctx.rules.table_actions.mount, slot,
                                  f"Dismount {steed.name}"))
    batch.emit(ev.Dismounted(rider.id, steed.id, to),
               ev.Note(f"{rider.name} gets off {steed.name} onto {list(to)} ({RULE})"))


def _unfit(batch: Batch, rider: Combatant, h: Hex) -> str:
    """Why the rider cannot get off onto `h` (on the map, no cover, no one standing there)."""
    if not batch.ctx.loaded.map.grid.contains(h):
        return "off the map"
    return "; ".join(hex_problems(batch.state, batch.ctx.oracle, rider.id, h, last=True))
