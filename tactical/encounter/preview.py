"""An attack before it is rolled: the setup the engine would build, its plan (TN breakdown,
Advantage sources, damage dice), the exact odds, and every reason the engine would refuse it.

The combat dock shows this live. It goes through the same path as the engine: the setup
comes from `fight.build_setup` on a throwaway Batch, and the refusals from a dry run of
`decide` that stops at the first die (nothing is rolled before a command is validated).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactical.encounter import commands as cmd
from tactical.encounter.batch import Batch
from tactical.encounter.context import Context, SightInfo
from tactical.encounter.engine import decide
from tactical.encounter.fight import _melee_weapon, build_setup
from tactical.encounter.model import EncounterState
from tactical.errors import IllegalCommand, TacticalError
from tactical.rules.chapter6.attack import AttackPlan, plan_attack
from tactical.rules.chapter6.odds import AttackOdds, attack_odds
from tactical.rules.chapter6.setup import AttackSetup, Reaction


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
