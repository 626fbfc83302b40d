"""The GM's overrides: damage applied or taken back by hand, conditions set or cleared,
Health/Stamina/Edge edited, combatants added or removed, tokens placed (a GM move: no
action, no reaction). Each is a logged, undoable event like any rule's."""


from __future__ import annotations

import re
from dataclasses import asdict, is_dataclass, replace
from typing import Any

from tactical.data.character import Character
from tactical.data.gear import DamageType
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.handlers.harm import apply_harm
from tactical.encounter.handlers.moves import hex_problems
from tactical.encounter.model import Condition, Phase

LIMIT = 10_000  # no sheet has Health, Stamina, Edge or a heal this large


def apply_damage(batch: Batch, command: cmd.ApplyDamage) -> None:
    """The GM's override: damage (after armor) straight to the total, with its injury."""
    c = batch.combatant(command.combatant)
    refuse_unless((command.amount > 0, "damage must be at least 1"),
                  (command.damage_type in {t.value for t in DamageType},
                   f"unknown damage type '{command.damage_type}'"))
    marks = batch.ruleset.monitor_damage(c, command.amount, command.damage_type)
    if marks is not None:  # a game with condition monitors: boxes, no injury, no dice
        batch.emit(ev.MonitorsChanged(c.id, marks.physical, marks.stun, marks.overflow, "GM"))
        return
    harm = batch.ruleset.injury_from_damage(command.amount, c, command.damage_type, batch.dice)
    apply_harm(batch, c.id, harm, "GM")


def set_condition(batch: Batch, command: cmd.SetCondition) -> None:
    c = batch.combatant(command.combatant)
    known = {x.value for x in Condition}
    refuse_unless((command.condition in known,
                   f"unknown condition '{command.condition}'; expected one of: "
                   f"{', '.join(sorted(known))}"))
    # Mounted goes with the mount it rides (Ch.6 l.208): a badge alone would tie it to none
    refuse_unless((command.condition != Condition.MOUNTED.value,
                   "mounted is set by Mount and Dismount (they tie the rider to its mount)"))
    if c.has(Condition(command.condition)) != command.on:
        batch.emit(ev.ConditionChanged(c.id, command.condition, command.on, "GM"))


def heal_by_hand(batch: Batch, command: cmd.HealByHand) -> None:
    c = batch.combatant(command.combatant)
    refuse_unless((0 < command.amount <= LIMIT, f"healing must be 1 to {LIMIT:,}"))
    marks = batch.ruleset.monitor_damage(c, command.amount, command.damage_type, heal=True)
    if marks is not None:  # boxes cleared on the monitor named (RULINGS, the monitors)
        stun = command.damage_type == "stun"
        refuse_unless((c.stun > 0 if stun else c.damage > 0,
                       f"{c.name} has no {'Stun' if stun else 'Physical'} boxes to clear"))
        batch.emit(ev.MonitorsChanged(c.id, marks.physical, marks.stun, marks.overflow,
                                      "GM heals"))
        return
    refuse_unless((c.damage > 0, f"{c.name} has no damage to heal"))
    batch.emit(ev.DamageHealed(c.id, min(command.amount, c.damage)))


def edit_vitals(batch: Batch, command: cmd.EditVitals) -> None:
    c = batch.combatant(command.combatant)
    health = c.health if command.health is None else command.health
    stamina = c.stamina if command.stamina is None else command.stamina
    edge = c.edge if command.edge is None else command.edge
    refuse_unless((0 < health <= LIMIT, f"Health must be 1 to {LIMIT:,}"),
                  (0 < stamina <= LIMIT, f"Stamina must be 1 to {LIMIT:,}"),
                  (0 <= edge <= LIMIT, f"Edge must be 0 to {LIMIT:,}"))
    if (health, stamina, edge) != (c.health, c.stamina, c.edge):
        batch.emit(ev.VitalsSet(c.id, health, stamina, edge))


def _not_busy(batch: Batch, cid: str, doing: str) -> tuple[bool, str]:
    """A reaction or a halted move in progress involving `cid` must end first."""
    state = batch.state
    busy = any(cid in (p.reactor, p.mover) for p in state.pending) or (
        state.halted is not None and state.halted.mover == cid)
    return not busy, f"resolve the pending reaction before {doing}"


def remove_combatant(batch: Batch, command: cmd.RemoveCombatant) -> None:
    c = batch.combatant(command.combatant)
    refuse_unless((batch.state.actor != c.id,
                   f"it is {c.name}'s turn: end it before removing {c.name}"),
                  _not_busy(batch, c.id, f"removing {c.name}"))
    batch.emit(ev.CombatantRemoved(c.id))


def add_combatant(batch: Batch, command: cmd.AddCombatant) -> None:
    library = batch.ctx.loaded.library
    sheet = library.characters.get(command.character)
    h = (int(command.hex[0]), int(command.hex[1]))
    on_map = batch.ctx.loaded.map.grid.contains(h)
    refuse_unless(
        (sheet is not None, f"no character '{command.character}' in the roster"),
        (bool(command.combatant) and command.combatant not in batch.state.combatants,
         f"the id '{command.combatant}' is taken"),
        (on_map, f"{list(h)} is off the map"),
        _side_ok(command.side),
        (command.template is None or command.template in batch.state.combatants,
         f"no combatant '{command.template}' to copy"))
    assert sheet is not None
    where = batch.ctx.oracle.passable(h)
    other = batch.state.occupant(h)
    refuse_unless((where is None, f"{list(h)}: {where}"),
                  (other is None, f"{other.name if other else ''} already stands there"))
    template, fields = _extension(batch, sheet, command.template)
    ammo = tuple((w, library.weapons[w].magazine or 0) for w in sheet.weapons
                 if library.weapons[w].kind == "ranged")
    batch.emit(ev.CombatantAdded(
        command.combatant, command.name or sheet.name, command.side, sheet.id, h,
        sheet.health, sheet.stamina, sheet.edge,
        sheet.weapons[0] if sheet.weapons else None, ammo, template, extension=fields))


SIDE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")  # a map's side id (data/gear.py Slug)


def _side_ok(side: str) -> tuple[bool, str]:
    """One of the map's sides or a new one (issue 26: the GM names it), as an id a map
    could hold."""
    return bool(SIDE_ID.match(side)), (f"'{side}' is no side id: lowercase letters, digits "
                                       "and '-', at most 64")


def set_side(batch: Batch, command: cmd.SetSide) -> None:
    """The GM's hand (no rule): a combatant changes sides. Not while a reaction or a halted
    move involves it: who may react to whom was decided by the sides."""
    c = batch.combatant(command.combatant)
    refuse_unless(_side_ok(command.side),
                  (command.side != c.side, f"{c.name} is on the {command.side} side already"),
                  _not_busy(batch, c.id, f"changing {c.name}'s side"))
    batch.emit(ev.SideChanged(c.id, command.side, c.side))


def gm_move(batch: Batch, command: cmd.GMMove) -> None:
    """RULINGS-free: the GM's hand, not a rule; the token is put down, nothing triggers."""
    c = batch.combatant(command.combatant)
    h = (int(command.hex[0]), int(command.hex[1]))
    refuse_unless((batch.ctx.loaded.map.grid.contains(h), f"{list(h)} is off the map"),
                  _not_busy(batch, c.id, f"moving {c.name}"))
    if h == c.hex:
        return
    problems = hex_problems(batch.state, batch.ctx.oracle, c.id, h, last=True)
    refuse_unless(*((False, f"{list(h)}: {p}") for p in problems))
    batch.emit(ev.TokenPlaced(c.id, h, "GM move" if batch.state.phase is Phase.COMBAT
                              else "GM placement"))


def gm_move_group(batch: Batch, command: cmd.GMMoveGroup) -> None:
    """Several tokens put down at once, each `by` the same hex offset (the formation kept):
    all or none. A group member's hex is free to another member; a rider whose mount is in
    the group goes with its mount (Ch.6 l.208)."""
    state = batch.state
    group = tuple(dict.fromkeys(command.combatants))
    refuse_unless((len(group) >= 1, "a group move names at least one combatant"))
    members = [batch.combatant(cid) for cid in group]
    by = (int(command.by[0]), int(command.by[1]))
    if by == (0, 0):
        return
    moving = [c for c in members if c.riding is None or c.riding not in group]
    outside = {cid: c for cid, c in state.combatants.items() if cid not in group}
    for c in moving:
        h = (c.hex[0] + by[0], c.hex[1] + by[1])
        refuse_unless((batch.ctx.loaded.map.grid.contains(h),
                       f"{c.name}: {list(h)} is off the map"),
                      _not_busy(batch, c.id, f"moving {c.name}"))
        alone = replace(state, combatants={**outside, c.id: c})  # the others out of the way
        problems = hex_problems(alone, batch.ctx.oracle, c.id, h, last=True)
        refuse_unless(*((False, f"{c.name}: {list(h)}: {p}") for p in problems))
    source = "GM move" if state.phase is Phase.COMBAT else "GM placement"
    for c in moving:
        batch.emit(ev.TokenPlaced(c.id, (c.hex[0] + by[0], c.hex[1] + by[1]), source))


def _extension(batch: Batch, sheet: Character,
               template: str | None) -> tuple[str | None, dict[str, Any] | None]:
    """What the ruleset keeps for the newcomer besides the shared fields, as a combatant
    to copy (its type) and the newcomer's own values (JSON, for the log)."""
    own = batch.ruleset.combatant_extension(sheet)
    if own is None:
        return template, None
    like = template or next((c.id for c in batch.state
                             if type(c.extension) is type(own)), None)
    fields = asdict(own) if is_dataclass(own) and not isinstance(own, type) else None
    plain = fields is not None and all(isinstance(v, int | float | str | bool | None)
                                       for v in fields.values())
    refuse_unless((like is not None and plain,
                   f"cannot add {sheet.name} under {batch.ruleset.id}: its per-combatant "
                   "data cannot be written to the log"))
    return like, fields
