"""One melee action against several opponents, the attacker's pool split between them (SR4
Multiple Targets, sr4 l.85-87; issue 25 item 3): the engine reads the targets and how far
apart they stand off the map, the ruleset's `split` part says each attack's share, and each
attack is then resolved on its own (its defence, its damage), as `fight.resolve` does for
one. A ruleset without the rule (`Ruleset.split` None) refuses it, naming the game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from tactical.core.dice import ScriptedDice
from tactical.core.errors import IllegalCommand, InvalidCommand, TacticalError
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless, spend
from tactical.encounter.context import Context
from tactical.encounter.handlers.detection import undetected_reason
from tactical.encounter.handlers.fight import attack_facts, resolve
from tactical.encounter.handlers.turns import acting
from tactical.encounter.model import Action, Condition, EncounterState
from tactical.geometry.hexgrid import hex_distance
from tactical.rules.api import AttackWords, SplitShare


@dataclass(frozen=True, slots=True)
class SplitAttack:
    """SR4 Multiple Targets: one Complex Action (both Simple slots of the phase) against
    `targets`, the attacker's pool split as `shares` say (empty: as evenly as possible, the
    first targets getting the odd dice), each target declaring its own defence (`defences`,
    by position; "" or missing: the ruleset's default)."""

    attacker: str
    targets: tuple[str, ...]
    weapon: str | None = None  # None: the ready weapon
    shares: tuple[int, ...] = ()
    defences: tuple[str, ...] = ()
    # the GM's situational modifiers, each named, on every attack of the split
    attack_modifiers: tuple[tuple[str, int], ...] = ()
    grazing: bool | None = None  # a tie is a grazing hit (None: the ruleset's default)
    # as an Attack's, on every attack of the split: the GM's chips (SR4 melee modifiers,
    # "superior_position"), the proposals the GM dropped ("Friends in melee") and the
    # defence modifiers (the map's cover)
    options: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    defence_modifiers: tuple[tuple[str, int], ...] = ()


def _one(command: SplitAttack, index: int, share: SplitShare | None) -> cmd.Attack:
    """The attack on the index-th target, as `fight.resolve` takes it."""
    defence = command.defences[index] if index < len(command.defences) else ""
    extra = () if share is None else (share.modifier,)
    return cmd.Attack(command.attacker, command.targets[index], command.weapon,
                      options=command.options, defence=defence or None,
                      attack_modifiers=(*command.attack_modifiers, *extra),
                      defence_modifiers=command.defence_modifiers,
                      grazing=command.grazing, dropped=command.dropped)


def plan(batch: Batch, command: SplitAttack) -> tuple[str, tuple[SplitShare, ...]]:
    """The weapon and each attack's share, as the split would be rolled (IllegalCommand with
    every reason when refused). The attack panel previews the same."""
    a = batch.combatant(command.attacker)
    unknown = batch.ruleset.attack_choice_problems(
        AttackWords.of(_one(command, 0, None))) if command.targets else []
    if unknown:  # a chip or an option word this game does not know, as an Attack's
        raise InvalidCommand("; ".join(unknown))
    split = batch.ruleset.split
    refuse_unless((split is not None, f"{batch.ruleset.title} has no split pool: attack "
                                      "one target at a time"))
    assert split is not None
    weapon_id = command.weapon or a.weapon
    refuse_unless((weapon_id is not None, f"{a.name} has no weapon ready"))
    assert weapon_id is not None
    refuse_unless((weapon_id in batch.ctx.character(a).weapons,
                   f"{a.name} does not carry {weapon_id}"))
    targets = [batch.combatant(t) for t in command.targets]
    for t in targets:
        refuse_unless((t.side != a.side, f"{t.name} is on {a.name}'s side"),
                      (t.id != a.id, "a combatant cannot attack itself"),
                      (not t.has(Condition.DEAD), f"{t.name} is dead"),
                      (t.id not in a.undetected, undetected_reason(a, t) or ""))
    apart = max((hex_distance(x.hex, y.hex) for x, y in combinations(targets, 2)), default=0)
    facts = [attack_facts(batch, a, t, weapon_id, _one(command, i, None), None)
             for i, t in enumerate(targets)]
    return weapon_id, split.split_shares(facts, command.shares, apart)


def split_plan(state: EncounterState, ctx: Context,
               command: SplitAttack) -> tuple[tuple[SplitShare, ...], tuple[str, ...]]:
    """The shares the split would give, or why it is refused (the attack panel's preview:
    no die is rolled, nothing is applied)."""
    try:
        return plan(Batch(state, ctx, ScriptedDice()), command)[1], ()
    except IllegalCommand as exc:  # every reason, as queries/preview.dry_run gives them
        return (), exc.reasons
    except TacticalError as exc:
        return (), (str(exc),)


def split_attack(batch: Batch, command: SplitAttack) -> None:
    a = acting(batch, command.attacker)
    weapon_id, shares = plan(batch, command)
    # sr4 l.85: "with the same Complex Action": one action pays for every attack; the
    # ruleset says what a Complex action takes (Shadowrun: both Simple slots of the phase)
    spend(batch, a, Action.MAJOR, "Split attack", command="SplitAttack")
    names = [batch.combatant(t).name for t in command.targets]
    batch.emit(ev.Note(f"{a.name} splits the pool between "
                       + ", ".join(f"{n} ({s.dice} dice)" for n, s in zip(names, shares,
                                                                           strict=True))
                       + ": one Complex Action, each attack on its own (sr4 l.85-87)"))
    # the attacks split one attack pool (sr4 l.86): each sees the attacker as the action
    # began, so a Take Aim counts in the pool that is split (in every share, as the plan
    # counted it), and goes once, after the last attack
    attacker = batch.state.get(a.id)
    for index, share in enumerate(shares):
        target = batch.combatant(command.targets[index])
        # "each attack is handled separately" (sr4 l.87): its own test, defence and damage
        resolve(batch, attacker, target, weapon_id, _one(command, index, share), None,
                uses_marks=index == len(shares) - 1)


HANDLERS: dict[type, Callable[[Batch, Any], None]] = {SplitAttack: split_attack}
cmd.COMMAND_TYPES.update({c.__name__: c for c in HANDLERS})
