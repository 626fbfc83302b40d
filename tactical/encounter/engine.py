"""decide(state, command, ctx, dice) → events: validates and rolls; never edits state.

Refusals raise IllegalCommand (every reason at once) or InvalidCommand; either way no event
is made, so nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tactical.core.dice import Dice
from tactical.core.errors import IllegalCommand
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch
from tactical.encounter.context import Context
from tactical.encounter.handlers import (
    aiming,
    area,
    autofire,
    detection,
    edge,
    edgeuse,
    fight,
    gm,
    harm,
    marks,
    medic,
    mount,
    moves,
    nerve,
    reacting,
    readiness,
    skills,
    table,
    turns,
)
from tactical.encounter.model import Condition, EncounterState

HANDLERS: dict[type, Callable[[Batch, Any], None]] = {
    cmd.StartCombat: turns.start_combat,
    cmd.RollInitiative: turns.roll_initiative,
    cmd.SetInitiative: turns.set_initiative,
    cmd.EndTurn: turns.end_turn,
    cmd.EndCombat: turns.end_combat,
    cmd.Refocus: turns.refocus,
    cmd.UseEdgeForInitiative: turns.edge_initiative,
    cmd.Move: moves.move,
    cmd.DropProne: moves.drop_prone,
    cmd.GetUp: moves.get_up,
    cmd.Evade: moves.evade,
    cmd.Disengage: moves.disengage,
    cmd.Attack: fight.attack,
    cmd.React: reacting.react,
    cmd.DeclineReaction: reacting.decline,
    cmd.ReadyWeapon: readiness.ready_weapon,
    cmd.DeclareOverwatch: readiness.declare_overwatch,
    cmd.LowerInjury: harm.lower_injury,
    cmd.FirstAid: skills.give_first_aid,
    cmd.CheckAwareness: skills.check_awareness,
    cmd.ApplyDamage: gm.apply_damage,
    cmd.SetCondition: gm.set_condition,
    cmd.HealByHand: gm.heal_by_hand,
    cmd.EditVitals: gm.edit_vitals,
    cmd.RemoveCombatant: gm.remove_combatant,
    cmd.AddCombatant: gm.add_combatant,
    cmd.GMMove: gm.gm_move,
    cmd.GMMoveGroup: gm.gm_move_group,
    cmd.SetSide: gm.set_side,
    cmd.RecoverWeapon: marks.recover_weapon,
    cmd.BreakFree: marks.break_free,
    cmd.AutoFire: autofire.auto_fire,
    cmd.AreaAttack: area.area_attack,
    cmd.SuppressiveFire: area.suppressive_fire,
    cmd.UseEdgeForReaction: edge.edge_reaction,
    cmd.Dash: table.dash,
    cmd.UseSkill: table.use_skill,
    cmd.Assist: table.assist,
    cmd.DisciplineCheck: nerve.discipline_check,
    cmd.ApplyTraumaPatch: medic.trauma_patch,
    cmd.ApplyStimPatch: medic.stim_patch,
    cmd.Rest: medic.rest,
    cmd.Mount: mount.mount,
    cmd.Dismount: mount.dismount,
    cmd.SetHidden: detection.set_hidden,
    cmd.TakeAim: aiming.take_aim,  # issue 25: Shadowrun's Take Aim ...
    cmd.ChangeFireMode: aiming.change_fire_mode,  # ... and its fire modes
    cmd.UseEdge: edgeuse.use_edge,  # ... Blitz, Seize the Initiative
    cmd.DelayAction: turns.delay_action,  # ... a delayed action
}


# --- issue 15: mid-fight terrain (doors, walls blown open, cover added):
# encounter/handlers/terrain.py
from tactical.encounter.handlers import terrain  # noqa: E402  (registers its commands and events)

HANDLERS.update(terrain.HANDLERS)
# --- end issue 15
# --- issue 29: a campaign's party carried into the fight: encounter/handlers/carry.py
from tactical.encounter.handlers import carry  # noqa: E402  (registers its command and event)

HANDLERS.update(carry.HANDLERS)
# --- issue 25: SR4 Multiple Targets, the pool split: encounter/handlers/split.py
from tactical.encounter.handlers import split  # noqa: E402  (registers its command)

HANDLERS.update(split.HANDLERS)
# --- issue 25: a ruleset's own surprise test (Shadowrun): encounter/handlers/surprise.py
from tactical.encounter.handlers import surprise  # noqa: E402  (registers its command)

HANDLERS.update(surprise.HANDLERS)
# --- issue 25: Full Defense declared as an interrupt (Shadowrun): encounter/handlers/passes.py
from tactical.encounter.handlers import passes  # noqa: E402  (registers its command)

HANDLERS.update(passes.HANDLERS)


def decide(state: EncounterState, command: Any, ctx: Context, dice: Dice) -> tuple[Any, ...]:
    return decide_and_fold(state, command, ctx, dice)[0]


def decide_and_fold(state: EncounterState, command: Any, ctx: Context,
                    dice: Dice) -> tuple[tuple[Any, ...], EncounterState]:
    """The events and the state they lead to: the batch folds each event as it is made
    (later decisions see earlier events), so the caller need not fold them again."""
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise TypeError(f"{type(command).__name__} is not a command")
    batch = Batch(state, ctx, dice)
    name = type(command).__name__
    if not batch.ruleset.offers(name):  # RULINGS "Actions": not this game's action
        raise IllegalCommand([f"{name} is not an action in {batch.ruleset.title} "
                              "(the menus do not offer it)"])
    handler(batch, command)
    _overwatch_broken(batch)
    marks.broken(batch, state)  # Pinned until the suppressor's next action (Ch.6 l.490)
    marks.moved_fast(batch)  # a fast target (Ch.6 Range/Speed, l.438)
    detection.attacks_reveal(batch)  # an attack reveals the attacker to its target (l.46)
    return tuple(batch.events), batch.state


def _overwatch_broken(batch: Batch) -> None:
    """RULINGS: Overwatch ends when triggered or when the reactor acts again."""
    for event in list(batch.events):
        if isinstance(event, ev.ActionSpent) and event.purpose != "Overwatch":
            c = batch.state.get(event.combatant)
            if c.has(Condition.OVERWATCH):
                batch.emit(ev.ConditionChanged(c.id, Condition.OVERWATCH.value, False,
                                               "acted again"))
