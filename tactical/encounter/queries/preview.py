"""An attack before it is rolled: the setup the engine would build, its plan and exact odds
(in the ruleset's own terms), and every reason the engine would refuse it.

The combat dock shows this live. It goes through the same path as the engine: the facts
come from `fight.attack_facts` on a throwaway Batch and the ruleset sets them up as its
`resolve_attack` would; the refusals come from a dry run of `decide` that stops at the
first die (nothing is rolled before a command is validated).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactical.core.errors import IllegalCommand, TacticalError
from tactical.encounter import commands as cmd
from tactical.encounter.batch import Batch
from tactical.encounter.context import Context, SightInfo
from tactical.encounter.engine import HANDLERS
from tactical.encounter.handlers.fight import attack_facts, attack_sight
from tactical.encounter.handlers.reacting import pending_offer, reaction_spec, reaction_weapon
from tactical.encounter.model import EncounterState
from tactical.rules.api import AttackPreviewParts


class _DryRunReachedDice(Exception):
    """The command was accepted up to its first roll (deliberately not a TacticalError)."""


class _NoDice:
    def roll(self, sides: int) -> int:
        raise _DryRunReachedDice(sides)


@dataclass(frozen=True, slots=True)
class AttackPreview:
    """What the dock shows before the Roll button: everything is None but `refusals` when
    the setup cannot be built. `setup`, `plan`, `odds` are the ruleset's own (Chapter 6);
    `shadowrun` its pools and their odds (Shadowrun)."""

    attack: cmd.Attack  # the attack as the engine resolves it (a reaction's included)
    reaction: str | None
    setup: Any
    plan: Any
    odds: Any
    sight: SightInfo | None
    refusals: tuple[str, ...]
    shadowrun: Any = None

    @property
    def allowed(self) -> bool:
        return not self.refusals


def engine_refusals(state: EncounterState, ctx: Context, command: Any) -> tuple[str, ...]:
    """Every reason `decide` gives for refusing `command` now (empty: it would be accepted).
    Runs the engine up to its first die roll and throws the events away."""
    return dry_run(state, ctx, command)[0]


def dry_run(state: EncounterState, ctx: Context,
            command: Any) -> tuple[tuple[str, ...], EncounterState]:
    """`engine_refusals`, and the state as it stands at the command's first die roll: what
    an attack resolves against after paying for itself (Ch.6 l.198: the melee footwork it
    spent, or its lack; the Charge's attack claimed). Refused: the state as it was."""
    handler = HANDLERS.get(type(command))
    if handler is None:
        return (f"{type(command).__name__} is not a command",), state
    batch = Batch(state, ctx, _NoDice())
    try:
        handler(batch, command)
    except _DryRunReachedDice:
        return (), batch.state
    except IllegalCommand as exc:
        return exc.reasons, state
    except TacticalError as exc:
        return (str(exc),), state
    return (), state


def reaction_attack(state: EncounterState, ctx: Context,
                    command: cmd.React) -> tuple[cmd.Attack, str] | None:
    """The attack a React resolves, as `reacting.react` builds it, with its reaction kind
    (None: no such offer)."""
    batch = Batch(state, ctx, _NoDice())
    try:
        offer = pending_offer(state, command.reactor, command.kind, command.offer)
        spec = reaction_spec(batch, offer)
    except IllegalCommand:
        return None
    reactor = state.get(offer.reactor)
    weapon = reaction_weapon(batch, reactor, spec, command.weapon)
    if spec.settle == "stop_or_go_on":  # the free attack of a mover going on: no choices
        return cmd.Attack(reactor.id, offer.mover, weapon, edge=command.edge), offer.kind
    return (cmd.Attack(reactor.id, offer.mover, weapon, command.mode, (), command.edge),
            offer.kind)


def preview_parts(state: EncounterState, ctx: Context, attack: cmd.Attack,
                  reaction: str | None = None,
                  sight: SightInfo | None = None) -> AttackPreviewParts:
    """The ruleset's setup, plan and odds for `attack` (IllegalCommand if refused); `sight`
    when the caller worked it out already (a peek round cover costs up to six sights)."""
    attacker, target = state.get(attack.attacker), state.get(attack.target)
    weapon = attack.weapon or attacker.weapon
    if weapon is None:
        raise IllegalCommand([f"{attacker.name} has no weapon ready"])
    facts = attack_facts(Batch(state, ctx, _NoDice()), attacker, target, weapon, attack,
                         reaction, sight=sight)
    return ctx.ruleset_of(state.ruleset).preview_attack(facts)


def attack_setup(state: EncounterState, ctx: Context, attack: cmd.Attack,
                 reaction: str | None = None) -> Any:
    """The setup the engine resolves for `attack`, in the ruleset's terms (IllegalCommand if
    refused)."""
    return preview_parts(state, ctx, attack, reaction).setup


def preview(state: EncounterState, ctx: Context,
            command: cmd.Attack | cmd.React) -> AttackPreview | None:
    """The attack `command` would make, with its odds and refusals (None: a React with no
    pending offer)."""
    reaction: str | None
    if isinstance(command, cmd.React):
        found = reaction_attack(state, ctx, command)
        if found is None:
            return None
        attack, reaction = found
    else:
        attack, reaction = command, None
    said, at_roll = dry_run(state, ctx, command)
    refusals = list(said)
    if isinstance(command, cmd.Attack):  # the odds as the roll will see the attacker
        state = at_roll
    sight = None
    if attack.target in state.combatants and attack.attacker in state.combatants:
        sight = attack_sight(Batch(state, ctx, _NoDice()), state.get(attack.attacker),
                             state.get(attack.target), attack)[0]  # l.204: from the peek
    try:
        parts = preview_parts(state, ctx, attack, reaction, sight)
    except IllegalCommand as exc:
        refusals += [r for r in exc.reasons if r not in refusals]
        return AttackPreview(attack, reaction, None, None, None, sight, tuple(refusals))
    except TacticalError as exc:
        refusals.append(str(exc))
        return AttackPreview(attack, reaction, None, None, None, sight, tuple(refusals))
    refusals += [r for r in parts.refusals if r not in refusals]
    if parts.pools is not None:
        return AttackPreview(attack, reaction, None, None, None, sight, tuple(refusals),
                             parts.pools)
    return AttackPreview(attack, reaction, parts.setup, parts.plan, parts.odds, sight,
                         tuple(refusals))
