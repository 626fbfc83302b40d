"""An attack before it is rolled: the setup the engine would build, its plan (TN breakdown,
Advantage sources, damage dice), the exact odds, and every reason the engine would refuse it.

The combat dock shows this live. It goes through the same path as the engine: the setup
comes from `fight.build_setup` on a throwaway Batch (Shadowrun: `shadowrun.attack_setup`, the
helper the engine's attack calls), and the refusals from a dry run of `decide` that stops at
the first die (nothing is rolled before a command is validated).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactical.core.errors import IllegalCommand, TacticalError
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.encounter import commands as cmd
from tactical.encounter import shadowrun
from tactical.encounter.batch import Batch
from tactical.encounter.context import Context, SightInfo
from tactical.encounter.engine import decide
from tactical.encounter.fight import _melee_weapon, build_setup
from tactical.encounter.model import EncounterState
from tactical.rules.chapter6.attack import AttackPlan, plan_attack
from tactical.rules.chapter6.odds import AttackOdds, attack_odds
from tactical.rules.chapter6.setup import AttackSetup, Reaction
from tactical.rules.shadowrun.attack import AttackSetup as PoolSetup
from tactical.rules.shadowrun.attack import armor_for, attack_problems
from tactical.rules.shadowrun.damage import (
    armor_dice,
    damage_after_resistance,
    damage_code,
    modified_av,
    modified_dv,
)
from tactical.rules.shadowrun.defence import DefenceResult, resolve_defence
from tactical.rules.shadowrun.pools import Modifier, pool_size


@dataclass(frozen=True, slots=True)
class PoolOdds:
    """Exact chances of a Shadowrun attack (hits on 5–6, the attack limited, the defender
    winning ties), and what a hit does after the damage resistance test."""

    attack_dice: int
    defence_dice: int
    resist_dice: int
    limit: int | None
    hit: float  # more hits than the defender
    tie: float  # equal hits: a miss, or a grazing hit (no damage) when ruled so
    grazing: bool
    damage: float  # at least one box marked
    stun: float  # a hit whose damage is Stun (Physical converted, or a Stun weapon)
    expected_boxes: float
    expected_net: float  # net hits given a hit


@dataclass(frozen=True, slots=True)
class ShadowrunPreview:
    setup: PoolSetup
    defence: DefenceResult | None  # the declared options resolved (None: not declarable)
    armor: int  # the armor value the weapon meets (SR4 ballistic or impact)
    armor_kind: str
    modified_av: int
    odds: PoolOdds

    @property
    def defence_parts(self) -> tuple[Modifier, ...]:
        extra = self.defence.parts if self.defence is not None else ()
        return self.setup.defence_parts + extra


def _binomial(n: int, p: float) -> list[float]:
    row = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(row) + 1)
        for k, q in enumerate(row):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        row = nxt
    return row


def pool_odds(setup: PoolSetup, defence_parts: tuple[Modifier, ...],
              rules: ShadowrunRuleset) -> PoolOdds:
    """Every combination of hits counted: attack (limited) vs defence, then, for each net,
    the damage resistance test against the modified DV."""
    sides = rules.dice.sides
    p = (sides + 1 - rules.dice.hit_min) / sides
    limit = setup.limit if rules.dice.limits else None
    n_a, n_d = pool_size(setup.attack_parts), pool_size(defence_parts)
    attack = [0.0] * (n_a + 1)
    for hits, q in enumerate(_binomial(n_a, p)):
        attack[hits if limit is None else min(hits, max(0, limit))] += q
    defence = _binomial(n_d, p)
    weapon = setup.weapon
    armor, _kind = armor_for(setup.armor, weapon.kind, rules)
    av = modified_av(armor, weapon.ap)
    n_r = pool_size((Modifier("Body", setup.body), Modifier("Armor", armor_dice(av)),
                     *setup.resist_parts))
    resist = _binomial(n_r, p)
    grazing = rules.grazing_hit_default if setup.grazing is None else setup.grazing
    hit = tie = damage = stun = boxes = net_sum = 0.0
    for a, pa in enumerate(attack):
        for d, pd in enumerate(defence):
            q = pa * pd
            net = a - d
            if net == 0:
                tie += q
            if net <= 0 or q == 0.0:
                continue
            hit += q
            net_sum += q * net
            dv = modified_dv(weapon.dv, net)
            if damage_code(weapon.damage_type, dv, av, rules.damage) == "S":
                stun += q
            for r, pr in enumerate(resist):
                marked = damage_after_resistance(dv, r)
                if marked > 0:
                    damage += q * pr
                    boxes += q * pr * marked
    return PoolOdds(n_a, n_d, n_r, limit, hit, tie, grazing, damage, stun, boxes,
                    net_sum / hit if hit else 0.0)


def shadowrun_preview(setup: PoolSetup, rules: ShadowrunRuleset) -> ShadowrunPreview:
    try:
        defence: DefenceResult | None = resolve_defence(setup.defence, setup.ratings, rules,
                                                        initiative=setup.initiative)
    except KeyError:  # an option the edition does not know (refused with its name)
        defence = None
    parts = setup.defence_parts + (defence.parts if defence is not None else ())
    armor, kind = armor_for(setup.armor, setup.weapon.kind, rules)
    return ShadowrunPreview(setup, defence, armor, kind, modified_av(armor, setup.weapon.ap),
                            pool_odds(setup, parts, rules))


class _DryRunReachedDice(Exception):
    """The command was accepted up to its first roll (deliberately not a TacticalError)."""


class _NoDice:
    def roll(self, sides: int) -> int:
        raise _DryRunReachedDice(sides)


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """What the dock shows before the Roll button: everything is None but `refusals` when
    the setup cannot be built."""

    attack: cmd.Attack  # the attack as the engine resolves it (a reaction's included)
    reaction: Reaction | None
    setup: AttackSetup | None
    plan: AttackPlan | None
    odds: AttackOdds | None
    sight: SightInfo | None
    refusals: tuple[str, ...]
    shadowrun: ShadowrunPreview | None = None  # sr4/sr5: the opposed test instead of a TN

    @property
    def allowed(self) -> bool:
        return not self.refusals


def engine_refusals(state: EncounterState, ctx: Context, command: Any) -> tuple[str, ...]:
    """Every reason `decide` gives for refusing `command` now (empty: it would be accepted).
    Runs the engine up to its first die roll and throws the events away."""
    try:
        decide(state, command, ctx, _NoDice())
    except _DryRunReachedDice:
        return ()
    except IllegalCommand as exc:
        return exc.reasons
    except TacticalError as exc:
        return (str(exc),)
    return ()


def reaction_attack(state: EncounterState, ctx: Context,
                    command: cmd.React) -> tuple[cmd.Attack, Reaction] | None:
    """The attack a React resolves, as `fight.react` builds it (None: no such offer)."""
    offer = next((p for p in state.pending if p.reactor == command.reactor), None)
    if offer is None:
        return None
    reactor = state.get(offer.reactor)
    batch = Batch(state, ctx, _NoDice())
    if offer.kind == "intercept":
        weapon = _melee_weapon(batch, reactor)
        return (cmd.Attack(reactor.id, offer.mover, weapon, edge=command.edge),
                Reaction.INTERCEPT)
    weapon = command.weapon or (reactor.weapon if offer.kind != "opportunity"
                                else _melee_weapon(batch, reactor))
    return (cmd.Attack(reactor.id, offer.mover, weapon, command.mode, (), command.edge),
            Reaction(offer.kind))


def attack_setup(state: EncounterState, ctx: Context, attack: cmd.Attack,
                 reaction: Reaction | None = None) -> AttackSetup:
    """The Chapter 6 setup the engine resolves for `attack` (IllegalCommand if refused)."""
    attacker, target = state.get(attack.attacker), state.get(attack.target)
    weapon = attack.weapon or attacker.weapon
    if weapon is None:
        raise IllegalCommand([f"{attacker.name} has no weapon ready"])
    return build_setup(Batch(state, ctx, _NoDice()), attacker, target, weapon, attack,
                       reaction)


def preview(state: EncounterState, ctx: Context,
            command: cmd.Attack | cmd.React) -> AttackPreview | None:
    """The attack `command` would make, with its odds and refusals (None: a React with no
    pending offer)."""
    if isinstance(command, cmd.React):
        found = reaction_attack(state, ctx, command)
        if found is None:
            return None
        attack, reaction = found
    else:
        attack, reaction = command, None
    refusals = list(engine_refusals(state, ctx, command))
    sight = None
    if attack.target in state.combatants and attack.attacker in state.combatants:
        sight = ctx.oracle.sight(state, attack.attacker, attack.target)
    if shadowrun.is_shadowrun(state):
        return _shadowrun(state, ctx, attack, sight, refusals)
    try:
        setup = attack_setup(state, ctx, attack, reaction)
        plan = plan_attack(setup, ctx.rules)
    except IllegalCommand as exc:
        refusals += [r for r in exc.reasons if r not in refusals]
        return AttackPreview(attack, reaction, None, None, None, sight, tuple(refusals))
    except TacticalError as exc:
        refusals.append(str(exc))
        return AttackPreview(attack, reaction, None, None, None, sight, tuple(refusals))
    return AttackPreview(attack, reaction, setup, plan, attack_odds(setup, ctx.rules), sight,
                         tuple(refusals))


def _shadowrun(state: EncounterState, ctx: Context, attack: cmd.Attack,
               sight: SightInfo | None, refusals: list[str]) -> AttackPreview:
    """The opposed test from the engine's own `shadowrun.attack_setup`, its odds, and the
    edition's objections to the declared defence."""
    rules = shadowrun.rules_for(state)
    try:
        setup = shadowrun.attack_setup(state, ctx, attack)
    except IllegalCommand as exc:
        refusals += [r for r in exc.reasons if r not in refusals]
        return AttackPreview(attack, None, None, None, None, sight, tuple(refusals))
    except TacticalError as exc:
        refusals.append(str(exc))
        return AttackPreview(attack, None, None, None, None, sight, tuple(refusals))
    refusals += [r for r in attack_problems(setup, rules) if r not in refusals]
    return AttackPreview(attack, None, None, None, None, sight, tuple(refusals),
                         shadowrun_preview(setup, rules))
