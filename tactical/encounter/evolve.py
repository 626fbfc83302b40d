"""evolve(state, event) → state: applies an event, never validates, never rolls."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields, is_dataclass, replace
from typing import Any

from tactical.encounter import events as ev
from tactical.encounter.model import (
    Budget,
    Combatant,
    Condition,
    EncounterState,
    HaltedMove,
    PendingReaction,
    Phase,
    WithdrawnReaction,
    changed,
)
from tactical.rules import registry

Handler = Callable[[EncounterState, Any], EncounterState]
_HANDLERS: dict[type, Handler] = {}
# frozen values every combatant gets at each round and turn: one of each, not one a copy
_NO_BUDGET = Budget()
_NOBODY: frozenset[str] = frozenset()


def handles(event_type: type) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _HANDLERS[event_type] = fn
        return fn
    return register


def evolve(state: EncounterState, event: Any) -> EncounterState:
    handler = _HANDLERS.get(type(event))
    return state if handler is None else handler(state, event)


def fold(state: EncounterState, events: Iterable[Any]) -> EncounterState:
    for event in events:
        state = evolve(state, event)
    return state


def _update(state: EncounterState, cid: str, **changes: Any) -> EncounterState:
    # changed(), not replace(): the same copy, made for most events a long replay folds
    return state.with_combatant(changed(state.get(cid), **changes))


@handles(ev.InitiativeRolled)
def _initiative_rolled(state: EncounterState, e: ev.InitiativeRolled) -> EncounterState:
    return _update(state, e.combatant, initiative=e.total, initiative_rolled=e.total,
                   tiebreak=e.tiebreak)


@handles(ev.InitiativeSet)
def _initiative_set(state: EncounterState, e: ev.InitiativeSet) -> EncounterState:
    return _update(state, e.combatant, initiative=e.value)


@handles(ev.CombatStarted)
def _combat_started(state: EncounterState, e: ev.CombatStarted) -> EncounterState:
    return changed(state, phase=Phase.COMBAT, order=e.order, round=0, turn=-1)


@handles(ev.RoundStarted)
def _round_started(state: EncounterState, e: ev.RoundStarted) -> EncounterState:
    if e.pass_number > 1:  # a later initiative pass: same combat turn, no refresh
        combatants = {cid: changed(c, budget=_NO_BUDGET)
                      for cid, c in state.combatants.items()}
    else:
        reactions = dict(e.reactions)
        # Pending initiative changes (Edge, "−Xd6 next turn") take effect for this round only.
        combatants = {cid: changed(c, reactions=reactions.get(cid, 0),
                                   used_edge_this_round=False, budget=_NO_BUDGET,
                                   initiative_this_round=c.initiative_next_round,
                                   initiative_next_round=0, edge_initiative=False,
                                   attacked_by=_NOBODY)
                      for cid, c in state.combatants.items()}
    return changed(state, combatants=combatants, round=e.round, order=e.order, turn=-1,
                   initiative_pass=e.pass_number, withdrawn=(), delayed=())


@handles(ev.PassReordered)
def _pass_reordered(state: EncounterState, e: ev.PassReordered) -> EncounterState:
    # the acting combatant keeps its turn: the index follows it into the new order
    actor = state.actor
    turn = e.order.index(actor) if actor in e.order else state.turn
    return replace(state, order=e.order, turn=turn)


@handles(ev.TurnStarted)
def _turn_started(state: EncounterState, e: ev.TurnStarted) -> EncounterState:
    budget = Budget(e.major, e.move, e.minor, e.downgrades, e.total, e.major_or_move)
    turn = state.order.index(e.combatant)
    # Ch.6: Charging and Evading last until the combatant's next turn.
    c = state.get(e.combatant)
    conditions = c.conditions - _UNTIL_NEXT_TURN
    # Ch.6 l.48 (RULINGS Perception): an Unaware combatant's empty round-1 turn is not "a
    # chance to regain its bearings": it stays Unaware (no Reactions) until the next round
    # starts (turns.start_round); a turn with actions (one added mid-fight) ends it.
    unaware = c.unaware and not (e.major or e.move or e.minor)
    c = changed(c, budget=budget, unaware=unaware, conditions=conditions, last_hit=None,
                move_spent=False, fired=0)
    # one copy of the state for the turn and the combatant (a long replay folds ~50,000)
    return changed(state, turn=turn, withdrawn=(), combatants={**state.combatants, c.id: c})


_UNTIL_NEXT_TURN = frozenset({Condition.CHARGING, Condition.EVADING,
                              Condition.NO_FOOTWORK})  # l.198: until its next turn


@handles(ev.TurnEnded)
def _turn_ended(state: EncounterState, e: ev.TurnEnded) -> EncounterState:
    c = state.get(e.combatant)
    conditions = c.conditions - {Condition.INTERCEPTED, Condition.DISENGAGED,
                                 Condition.CHARGE_ATTACK}
    return _update(state, e.combatant, budget=_NO_BUDGET, conditions=conditions,
                   move_spent=False, acted=False)  # l.818: the next turn counts afresh


@handles(ev.ActionDelayed)
def _action_delayed(state: EncounterState, e: ev.ActionDelayed) -> EncounterState:
    # the actor to the end of the pass: the next combatant now stands at `turn`
    order = (*(cid for cid in state.order if cid != e.combatant), e.combatant)
    return replace(state, order=order,
                   delayed=(*(cid for cid in state.delayed if cid != e.combatant),
                            e.combatant))


@handles(ev.HiddenChanged)
def _hidden_changed(state: EncounterState, e: ev.HiddenChanged) -> EncounterState:
    return _update(state, e.combatant, hidden=e.hidden)


@handles(ev.DetectionChanged)
def _detection_changed(state: EncounterState, e: ev.DetectionChanged) -> EncounterState:
    return _update(state, e.combatant, fully_aware=e.fully_aware,
                   undetected=frozenset(e.undetected))


@handles(ev.RestCounted)
def _rest_counted(state: EncounterState, e: ev.RestCounted) -> EncounterState:
    return _update(state, e.combatant, rested_turns=e.turns)


@handles(ev.ActionSpent)
def _action_spent(state: EncounterState, e: ev.ActionSpent) -> EncounterState:
    b = state.get(e.combatant).budget
    changes: dict[str, Any] = {e.paid_with: b.count_of(e.paid_with) - 1}
    if e.paid_with != e.action:
        changes["downgrades"] = b.downgrades - 1
    if b.total is not None:
        changes["total"] = b.total - 1
    if b.major_or_move and e.paid_with in ("major", "move"):
        changes["major"] = 0 if e.paid_with == "move" else changes.get("major", b.major)
        changes["move"] = 0 if e.paid_with == "major" else changes.get("move", b.move)
        changes["major_or_move"] = False
    moved = state.get(e.combatant).move_spent or e.action == "move"
    return _update(state, e.combatant, budget=changed(b, **changes), move_spent=moved,
                   acted=True)


@handles(ev.Moved)
def _moved(state: EncounterState, e: ev.Moved) -> EncounterState:
    if not e.path:
        return state
    return _carry(_update(state, e.combatant, hex=tuple(e.path[-1])), e.combatant)


def _carry(state: EncounterState, mount: str) -> EncounterState:
    """Ch.6 Mount/Dismount (l.208): riders go where their mount goes."""
    h = state.get(mount).hex
    for rider in [c.id for c in state if c.riding == mount]:
        state = _update(state, rider, hex=h)
    return state


@handles(ev.Mounted)
def _mounted(state: EncounterState, e: ev.Mounted) -> EncounterState:
    c = state.get(e.combatant)
    return _update(state, e.combatant, riding=e.mount, hex=(e.hex[0], e.hex[1]),
                   conditions=c.conditions | {Condition.MOUNTED})


@handles(ev.Dismounted)
def _dismounted(state: EncounterState, e: ev.Dismounted) -> EncounterState:
    return _unmount(_update(state, e.combatant, hex=(e.hex[0], e.hex[1])), e.combatant)


def _unmount(state: EncounterState, rider: str) -> EncounterState:
    c = state.get(rider)
    return _update(state, rider, riding=None, conditions=c.conditions - {Condition.MOUNTED})


@handles(ev.MoveHalted)
def _move_halted(state: EncounterState, e: ev.MoveHalted) -> EncounterState:
    halted = HaltedMove(e.combatant, tuple((h[0], h[1]) for h in e.remaining), e.metres_left,
                        frozenset(e.done_reactors), frozenset(e.started_in_reach_of))
    return changed(state, halted=halted)


@handles(ev.MoveEnded)
def _move_ended(state: EncounterState, e: ev.MoveEnded) -> EncounterState:
    return changed(state, halted=None, pending=())


@handles(ev.ReactionOffered)
def _reaction_offered(state: EncounterState, e: ev.ReactionOffered) -> EncounterState:
    made = state.offers_made + 1
    pending = PendingReaction(e.reactor, e.kind, e.mover, e.step, (e.hex[0], e.hex[1]), e.why,
                              e.offer or f"o{made}", e.owed)
    return changed(state, pending=(*state.pending, pending), offers_made=made)


def _drop_pending(state: EncounterState, reactor: str, offer: str) -> EncounterState:
    """Settle one offer (`offer` "": a format 1 log's event, which settled every offer of
    the reactor)."""
    gone = [p for p in state.pending if p.reactor == reactor and offer in ("", p.id)]
    pending = tuple(p for p in state.pending if p not in gone)
    halted = state.halted
    if halted is not None:
        # RULINGS Attack of Opportunity: once an owed kind is settled, the reactor owes no
        # other this move
        settled = {reactor} if any(p.owed for p in gone) else set()
        halted = changed(halted, done_reactors=halted.done_reactors | {reactor},
                         started_in_reach_of=halted.started_in_reach_of - settled)
    return changed(state, pending=pending, halted=halted)


@handles(ev.ReactionDeclined)
def _reaction_declined(state: EncounterState, e: ev.ReactionDeclined) -> EncounterState:
    return _drop_pending(state, e.reactor, e.offer)


@handles(ev.ReactionSpent)
def _reaction_spent(state: EncounterState, e: ev.ReactionSpent) -> EncounterState:
    c = state.get(e.reactor)
    cleared = {Condition(name) for name in e.clears}
    state = _update(state, e.reactor, reactions=max(0, c.reactions - 1),
                    conditions=c.conditions - cleared,
                    overwatch_zone=None if Condition.OVERWATCH in cleared else c.overwatch_zone,
                    acted=True)  # l.818: a Reaction is doing something
    return _drop_pending(state, e.reactor, e.offer)


@handles(ev.ReactionWithdrawn)
def _reaction_withdrawn(state: EncounterState, e: ev.ReactionWithdrawn) -> EncounterState:
    gone = tuple(WithdrawnReaction(p, e.why) for p in state.pending if p.id == e.offer)
    state = changed(state, withdrawn=(*state.withdrawn, *gone))
    return _drop_pending(state, e.reactor, e.offer)


@handles(ev.DamageTaken)
def _damage_taken(state: EncounterState, e: ev.DamageTaken) -> EncounterState:
    c = state.get(e.combatant)
    stun = c.stun + (e.amount if e.damage_type == "stun" else 0)
    injury = registry.ruleset(state.ruleset).worse_injury(c.injury, e.injury)
    return _update(state, e.combatant, damage=c.damage + e.amount, stun=stun,
                   injury=injury,
                   treated=c.treated and e.injury is None)


@handles(ev.HitRecorded)
def _hit_recorded(state: EncounterState, e: ev.HitRecorded) -> EncounterState:
    c = state.get(e.combatant)
    return _update(state, e.combatant, last_hit={
        "injury": e.injury, "previous_injury": e.previous_injury, "effects": e.effects,
        "had_prone": e.had_prone, "had_unconscious": e.had_unconscious,
        "zero_injury_before": c.initiative_zero_injury},
        initiative_zero_injury=c.initiative_zero_injury
        or bool(e.effects.get("initiative_zero")))


@handles(ev.InjurySet)
def _injury_set(state: EncounterState, e: ev.InjurySet) -> EncounterState:
    # Edge lowered the last hit: its lasting Initiative 0 (Critical) goes with it
    c = state.get(e.combatant)
    before = c.last_hit.get("zero_injury_before") if c.last_hit else None
    lasting = c.initiative_zero_injury if before is None else bool(before)
    return _update(state, e.combatant, injury=e.injury, last_hit=None,
                   initiative_zero_injury=lasting)


@handles(ev.FatigueTaken)
def _fatigue_taken(state: EncounterState, e: ev.FatigueTaken) -> EncounterState:
    c = state.get(e.combatant)
    return _update(state, e.combatant, fatigue=max(0, c.fatigue + e.amount))


@handles(ev.ConditionChanged)
def _condition_changed(state: EncounterState, e: ev.ConditionChanged) -> EncounterState:
    c = state.get(e.combatant)
    condition = Condition(e.condition)
    conditions = c.conditions | {condition} if e.on else c.conditions - {condition}
    changes: dict[str, Any] = {"conditions": conditions}
    if condition is Condition.OVERWATCH and not e.on:
        changes["overwatch_zone"] = None
    return _update(state, e.combatant, **changes)


@handles(ev.AttackResolved)
def _attack_resolved(state: EncounterState, e: ev.AttackResolved) -> EncounterState:
    """Ch.6 Crossfire, l.476: who attacked whom this round (cleared when a round starts)."""
    if e.target not in state.combatants:
        return state
    c = state.get(e.target)
    return _update(state, e.target, attacked_by=c.attacked_by | {e.attacker})


@handles(ev.TimerStarted)
def _timer_started(state: EncounterState, e: ev.TimerStarted) -> EncounterState:
    c = state.get(e.combatant)
    others = tuple(t for t in c.timers if t.kind != e.timer.kind)
    return _update(state, e.combatant, timers=(*others, e.timer))


@handles(ev.TimersTicked)
def _timers_ticked(state: EncounterState, e: ev.TimersTicked) -> EncounterState:
    c = state.get(e.combatant)
    timers = tuple(changed(t, rounds=t.rounds - 1) if t.rounds is not None else t
                   for t in c.timers)
    return _update(state, e.combatant, timers=timers)


@handles(ev.TimerExpired)
def _timer_expired(state: EncounterState, e: ev.TimerExpired) -> EncounterState:
    c = state.get(e.combatant)
    return _update(state, e.combatant, timers=tuple(t for t in c.timers if t.kind != e.kind))


@handles(ev.EdgeSpent)
def _edge_spent(state: EncounterState, e: ev.EdgeSpent) -> EncounterState:
    c = state.get(e.combatant)
    return _update(state, e.combatant, edge=c.edge - e.amount, used_edge_this_round=True)


@handles(ev.AmmoSpent)
def _ammo_spent(state: EncounterState, e: ev.AmmoSpent) -> EncounterState:
    c = state.get(e.combatant)
    return state.with_combatant(replace(c.with_ammo(e.weapon, (c.rounds_loaded(e.weapon) or 0)
                                                    - e.rounds), fired=c.fired + e.rounds))


@handles(ev.WeaponReadied)
def _weapon_readied(state: EncounterState, e: ev.WeaponReadied) -> EncounterState:
    c = state.get(e.combatant)
    if e.rounds is not None:
        c = c.with_ammo(e.weapon, e.rounds)
    return state.with_combatant(changed(c, weapon=e.weapon))


@handles(ev.ReactionGained)
def _reaction_gained(state: EncounterState, e: ev.ReactionGained) -> EncounterState:
    return _update(state, e.combatant, reactions=state.get(e.combatant).reactions + e.count)


@handles(ev.WeaponLost)
def _weapon_lost(state: EncounterState, e: ev.WeaponLost) -> EncounterState:
    return _update(state, e.combatant, weapon=None)


@handles(ev.InitiativeChanged)
def _initiative_changed(state: EncounterState, e: ev.InitiativeChanged) -> EncounterState:
    c = state.get(e.combatant)
    if e.kind == "zero":
        lasting = c.initiative_zero_injury and bool(e.value)  # taken back: lasts no more
        return _update(state, e.combatant, initiative_zero=bool(e.value),
                       initiative_zero_injury=lasting)
    if e.kind == "edge":  # Ch.6 l.90: Edge's +2d6, for the next round, once (issue 12 item 6)
        return _update(state, e.combatant, edge_initiative=True,
                       initiative_next_round=c.initiative_next_round + e.value)
    field_name = {"next_round": "initiative_next_round", "lasting": "initiative_lasting"}[e.kind]
    return _update(state, e.combatant, **{field_name: getattr(c, field_name) + e.value})


@handles(ev.Healed)
def _healed(state: EncounterState, e: ev.Healed) -> EncounterState:
    c = state.get(e.combatant)
    return _update(state, e.combatant, damage=max(0, c.damage - e.amount),
                   stun=min(c.stun, max(0, c.damage - e.amount)), injury=e.injury,
                   treated=True)


@handles(ev.AwarenessChanged)
def _awareness_changed(state: EncounterState, e: ev.AwarenessChanged) -> EncounterState:
    return _update(state, e.combatant, unaware=e.unaware)


@handles(ev.OverwatchDeclared)
def _overwatch_declared(state: EncounterState, e: ev.OverwatchDeclared) -> EncounterState:
    c = state.get(e.combatant)
    return _update(state, e.combatant, conditions=c.conditions | {Condition.OVERWATCH},
                   overwatch_zone=e.zone)


@handles(ev.CombatEnded)
def _combat_ended(state: EncounterState, e: ev.CombatEnded) -> EncounterState:
    return changed(state, phase=Phase.ENDED, turn=-1, pending=(), halted=None, withdrawn=())


@handles(ev.MonitorsChanged)
def _monitors_changed(state: EncounterState, e: ev.MonitorsChanged) -> EncounterState:
    return _update(state, e.combatant, damage=e.physical + e.overflow, stun=e.stun,
                   overflow=e.overflow)


@handles(ev.DamageHealed)
def _damage_healed(state: EncounterState, e: ev.DamageHealed) -> EncounterState:
    c = state.get(e.combatant)
    damage = max(0, c.damage - e.amount)
    return _update(state, e.combatant, damage=damage, stun=min(c.stun, damage),
                   injury=c.injury if damage else None, last_hit=None)


@handles(ev.VitalsSet)
def _vitals_set(state: EncounterState, e: ev.VitalsSet) -> EncounterState:
    return _update(state, e.combatant, health=e.health, stamina=e.stamina, edge=e.edge)


@handles(ev.SideChanged)
def _side_changed(state: EncounterState, e: ev.SideChanged) -> EncounterState:
    return _update(state, e.combatant, side=e.side)


@handles(ev.CombatantAdded)
def _combatant_added(state: EncounterState, e: ev.CombatantAdded) -> EncounterState:
    template = state.combatants.get(e.template) if e.template else None
    extension = template.extension if template is not None else None
    if extension is not None and e.extension and is_dataclass(extension) \
            and not isinstance(extension, type):
        known = {f.name for f in fields(extension)}  # a hand-edited log: only real fields
        extension = replace(extension, **{k: v for k, v in e.extension.items() if k in known})
    c = Combatant(id=e.combatant, name=e.name, side=e.side, character=e.character,
                  hex=(e.hex[0], e.hex[1]), health=e.health, stamina=e.stamina, edge=e.edge,
                  weapon=e.weapon, ammo=tuple((w, n) for w, n in e.ammo),
                  unaware=not e.aware,
                  extension=extension)
    return state.with_combatant(c)


@handles(ev.CombatantRemoved)
def _combatant_removed(state: EncounterState, e: ev.CombatantRemoved) -> EncounterState:
    combatants = {cid: c for cid, c in state.combatants.items() if cid != e.combatant}
    turn = state.turn
    if e.combatant in state.order and 0 <= state.order.index(e.combatant) < turn:
        turn -= 1
    order = tuple(cid for cid in state.order if cid != e.combatant)
    pending = tuple(p for p in state.pending if e.combatant not in (p.reactor, p.mover))
    withdrawn = tuple(w for w in state.withdrawn
                      if e.combatant not in (w.offer.reactor, w.offer.mover))
    halted = None if state.halted and state.halted.mover == e.combatant else state.halted
    state = changed(state, combatants=combatants, order=order, turn=turn, pending=pending,
                    halted=halted, withdrawn=withdrawn)
    for rider in [c.id for c in state if c.riding == e.combatant]:  # the mount is gone
        state = _unmount(state, rider)
    return state


@handles(ev.TokenPlaced)
def _token_placed(state: EncounterState, e: ev.TokenPlaced) -> EncounterState:
    # A GM move takes a rider off its mount, and a mount's riders along (Ch.6 l.208)
    state = _update(state, e.combatant, hex=(e.hex[0], e.hex[1]))
    if state.get(e.combatant).riding is not None:
        state = _unmount(state, e.combatant)
    return _carry(state, e.combatant)
