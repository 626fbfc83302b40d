"""Settling the reactions a move offers (RULINGS "Reactions and their triggers on the
map"): which pending offer a React or DeclineReaction names (each has its own id, issue 22
item 4), the attack or choice its kind's ReactionSpec says, and what the ruleset keeps on
offer for the same reactor afterwards (Ch.6 l.150: one Reaction per round; issue 24)."""

from __future__ import annotations

from collections.abc import Sequence

from tactical.core.errors import IllegalCommand, InvalidCommand
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.handlers.fight import melee_weapon, resolve
from tactical.encounter.handlers.moves import continue_move
from tactical.encounter.handlers.passes import resort_pass
from tactical.encounter.model import Combatant, Condition, EncounterState, PendingReaction
from tactical.encounter.queries.limits import out_of_action, reaction_block
from tactical.rules.api import AttackWords
from tactical.rules.reactions import ReactionSpec, spec_named


def _listing(offers: Sequence[PendingReaction]) -> str:
    return ", ".join(f'{p.kind} ("offer": "{p.id}")' for p in offers)


def pending_offer(state: EncounterState, reactor: str, kind: str | None = None,
                  offer: str | None = None) -> PendingReaction:
    """The pending reaction a React or DeclineReaction names: by its id, or by its reactor
    (and kind); the reactor alone when it has one offer (issue 22 item 4). IllegalCommand
    naming the offers when it names none, or several."""
    gone = next((w for w in state.withdrawn  # an offer withdrawn this turn: say why
                 if (w.offer.id == offer if offer
                     else (w.offer.reactor, w.offer.kind) == (reactor, kind))), None)
    if offer:
        found = next((p for p in state.pending if p.id == offer), None)
        if found is None and gone is not None:
            raise IllegalCommand([f"{gone.offer.reactor}'s {gone.offer.kind} ('{offer}') is "
                                  f"no longer on offer: {gone.why}"])
        if found is None:
            waiting = _listing(state.pending) or "none"
            raise IllegalCommand([f"no pending reaction has the id '{offer}' "
                                  f"(pending: {waiting})"])
        refuse_unless((reactor in ("", found.reactor),
                       f"offer '{offer}' is {found.reactor}'s, not {reactor}'s"),
                      (kind in (None, found.kind),
                       f"offer '{offer}' is a {found.kind}, not a {kind}"))
        return found
    refuse_unless((bool(reactor), 'name the reaction: its "offer" id, or its "reactor" '
                   '(and "kind")'))
    mine = [p for p in state.pending if p.reactor == reactor]
    if not mine and gone is not None and kind is not None:
        raise IllegalCommand([f"{reactor}'s {kind} is no longer on offer: {gone.why}"])
    if not mine:
        waiting = ", ".join(p.reactor for p in state.pending) or "none"
        raise IllegalCommand([f"{reactor} has no pending reaction (pending: {waiting})"])
    named = [p for p in mine if kind in (None, p.kind)]
    if not named and gone is not None:
        raise IllegalCommand([f"{reactor}'s {kind} is no longer on offer: {gone.why}"])
    if not named:
        raise IllegalCommand([f"{reactor} has no pending {kind} (its pending: "
                              f"{_listing(mine)})"])
    if len(named) > 1:
        raise IllegalCommand([f"{reactor} has {len(named)} pending reactions: "
                              f"{_listing(named)}; name one by its \"kind\" or "
                              "\"offer\""])
    return named[0]


def _other_offers(batch: Batch, settled: PendingReaction, taken: bool) -> None:
    """The ruleset says which of the reactor's other offers at this step go now (Ch.6
    l.150: one Reaction per round), each with its reason (issue 24)."""
    reactor = batch.state.get(settled.reactor)
    for other in [p for p in batch.state.pending if p.reactor == settled.reactor]:
        why = batch.ruleset.other_offer_gone(reactor, settled.kind, taken, other.kind)
        if why is not None:
            batch.emit(ev.ReactionWithdrawn(other.reactor, other.kind, other.id, why))


def _spend(batch: Batch, offer: PendingReaction, spec: ReactionSpec) -> None:
    batch.emit(ev.ReactionSpent(offer.reactor, offer.kind, offer.id, spec.clears))
    score = batch.state.get(offer.reactor).initiative
    if spec.initiative_cost and score is not None:  # SR5 "Intercept (−5 Initiative)"
        batch.emit(ev.InitiativeSet(offer.reactor, score - spec.initiative_cost,
                                    f"{spec.label} (−{spec.initiative_cost} Initiative)"))
        resort_pass(batch, f"{batch.state.get(offer.reactor).name} spent Initiative")
    _other_offers(batch, offer, True)


def reaction_spec(batch: Batch, offer: PendingReaction) -> ReactionSpec:
    """The kind of a pending reaction, as its ruleset defines it."""
    spec = spec_named(batch.ruleset.reaction_kinds, offer.kind)
    if spec is None:
        raise IllegalCommand([f"'{offer.kind}' is not a reaction of this ruleset"])
    return spec


def reaction_weapon(batch: Batch, reactor: Combatant, spec: ReactionSpec,
                    chosen: str | None) -> str | None:
    """The weapon the reaction's attack uses (ReactionSpec.weapon): the GM's choice unless
    the kind fixes it; else a melee kind's melee weapon even with a gun ready, a ranged
    kind's ready weapon."""
    melee = melee_weapon(batch, reactor) if spec.weapon == "melee" else None
    if spec.fixed_weapon:
        return melee
    return chosen or (melee if spec.weapon == "melee" else reactor.weapon)


def react(batch: Batch, command: cmd.React) -> None:
    offer = pending_offer(batch.state, command.reactor, command.kind, command.offer)
    spec = reaction_spec(batch, offer)
    reactor = batch.combatant(offer.reactor)
    mover = batch.combatant(offer.mover)
    block = reaction_block(reactor, batch.ruleset, batch.state.initiative_pass)
    refuse_unless((block is None, f"{reactor.name} cannot react: {block}"))
    if spec.settle == "stop_or_go_on":
        stop_or_go_on(batch, offer, spec, reactor, mover, command)
    else:
        weapon_id = reaction_weapon(batch, reactor, spec, command.weapon)
        refuse_unless((weapon_id is not None, f"{reactor.name} has no weapon for this"))
        assert weapon_id is not None
        unknown = batch.ruleset.attack_choice_problems(AttackWords(command.mode,
                                                                   edge=command.edge))
        if unknown:
            raise InvalidCommand("; ".join(unknown))
        attack_cmd = cmd.Attack(reactor.id, mover.id, weapon_id, command.mode, (),
                                command.edge)
        _spend(batch, offer, spec)
        resolve(batch, batch.state.get(reactor.id), batch.state.get(mover.id), weapon_id,
                attack_cmd, offer.kind)
    finish_reaction(batch)


def stop_or_go_on(batch: Batch, offer: PendingReaction, spec: ReactionSpec,
                  reactor: Combatant, mover: Combatant, command: cmd.React) -> None:
    """RULINGS Intercept: the mover stops and fights the interceptor, or goes on; then the
    interceptor gets a free melee attack with Disadvantage and the mover's attack this turn
    has Disadvantage."""
    _spend(batch, offer, spec)
    if not command.go_on:
        batch.emit(ev.MoveEnded(mover.id, f"stopped by {reactor.name}'s {spec.label}"))
        return
    batch.emit(ev.ConditionChanged(mover.id, Condition.INTERCEPTED.value, True,
                                   f"went on past {reactor.name}'s {spec.label}"))
    weapon_id = reaction_weapon(batch, reactor, spec, None)
    if weapon_id is not None:
        resolve(batch, batch.state.get(reactor.id), batch.state.get(mover.id), weapon_id,
                cmd.Attack(reactor.id, mover.id, weapon_id, edge=command.edge), spec.name)


def decline(batch: Batch, command: cmd.DeclineReaction) -> None:
    offer = pending_offer(batch.state, command.reactor, command.kind, command.offer)
    batch.emit(ev.ReactionDeclined(offer.reactor, offer.kind, offer.id))
    _other_offers(batch, offer, False)  # Ch.6 l.150: declining spends no Reaction
    finish_reaction(batch)


def finish_reaction(batch: Batch) -> None:
    """When the last pending reaction of a step is settled, the move goes on."""
    halted = batch.state.halted
    if halted is not None and out_of_action(batch.state.get(halted.mover), batch.ruleset):
        batch.emit(ev.MoveEnded(halted.mover, "the mover went down"))
        return
    continue_move(batch)
