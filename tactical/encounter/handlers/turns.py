"""Rounds and turns: initiative, the order, turn budgets, timers (Ch.6 Initiative, Actions;
the ruleset rolls the initiative, orders each pass and sets the budgets)."""

from __future__ import annotations

from tactical.core.dice import roll_expression
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, full_action_payable, refuse_unless
from tactical.encounter.handlers.harm import (
    NEXT_TURN_DISADVANTAGE,
    rested,
    start_timer,
    take_damage,
)
from tactical.encounter.handlers.passes import turn_defences_end
from tactical.encounter.handlers.surprise import surprise_ends
from tactical.encounter.model import Combatant, Condition, Phase, Timer
from tactical.encounter.queries.limits import out_of_action, reaction_block, turn_budget


def roll_initiative_event(batch: Batch, c: Combatant) -> ev.InitiativeRolled:
    """The ruleset rolls (Ch.6: dice + AG + CU, ties by AG, CU, a d10 roll-off rolled now;
    Shadowrun: its initiative test), so the order never needs a second look at the dice."""
    roll = batch.ruleset.roll_initiative(c, batch.ctx.character(c), batch.dice)
    return ev.InitiativeRolled(c.id, roll.faces, roll.bonus, roll.total, roll.tiebreak)


def tie_breaks(batch: Batch, c: Combatant) -> tuple[int, ...]:
    """The ruleset's `initiative.tie_breakers`: attributes from the sheet, a roll-off die
    ("d10") rolled now."""
    attributes = batch.ctx.character(c).attributes
    return tuple(batch.dice.roll(int(t[1:])) if t.startswith("d") else getattr(attributes, t)
                 for t in batch.ctx.rules.initiative.tie_breakers)


def initiative_order(batch: Batch, *, next_round: bool = False) -> tuple[str, ...]:
    """Highest first; ties by the tie-breakers rolled with the initiative. With `next_round`,
    the changes pending for the next round (Edge, injuries' "next turn") count."""
    return batch.ruleset.acting_order(batch.state, 1, next_round=next_round)


def next_pass(batch: Batch) -> bool:
    """Start the next initiative pass of this round, if the ruleset has one and anyone acts
    in it (Shadowrun's initiative passes)."""
    state = batch.state
    number = state.initiative_pass + 1
    order = batch.ruleset.acting_order(state, number)
    if not order:
        return False
    reactions = tuple((c.id, c.reactions) for c in state)
    batch.emit(ev.RoundStarted(state.round, order, reactions, number))
    return True


def start_combat(batch: Batch, _: cmd.StartCombat) -> None:
    refuse_unless((batch.state.phase is Phase.SETUP, "combat has already started"),
                  (len(batch.state.combatants) > 0, "the map has no tokens"))
    for c in list(batch.state):
        if c.initiative is None:
            batch.emit(roll_initiative_event(batch, c))
    batch.emit(ev.CombatStarted(initiative_order(batch)))
    start_round(batch, 1)


def roll_initiative(batch: Batch, command: cmd.RollInitiative) -> None:
    c = batch.combatant(command.combatant)
    batch.emit(roll_initiative_event(batch, c))


def set_initiative(batch: Batch, command: cmd.SetInitiative) -> None:
    c = batch.combatant(command.combatant)
    refuse_unless((command.value >= 0, "initiative cannot be below 0"))
    tiebreak = c.tiebreak or tuple(0 for _ in batch.ctx.rules.initiative.tie_breakers)
    batch.emit(ev.InitiativeSet(c.id, command.value))
    if not c.tiebreak:
        tiebreak = tie_breaks(batch, c)
        batch.emit(ev.InitiativeRolled(c.id, (), 0, command.value, tiebreak))


def start_round(batch: Batch, number: int) -> None:
    for c in list(batch.state):  # marks for one combat turn (Seize the Initiative) end
        for kind in {t.kind for t in c.timers} & set(batch.ruleset.turn_marks):
            batch.emit(ev.TimerExpired(c.id, kind))
    if batch.ruleset.new_initiative_each_round and number > 1:
        for c in list(batch.state):  # SR: new scores every combat turn
            if not c.has(Condition.DEAD):
                batch.emit(roll_initiative_event(batch, c))
    overwatch_ends_with_the_round(batch)
    turn_defences_end(batch)
    per_round = batch.ctx.rules.initiative.reactions_per_round
    reactions = tuple((c.id, per_round) for c in batch.state)
    batch.emit(ev.RoundStarted(number, initiative_order(batch, next_round=True), reactions))
    regain_bearings(batch, number)
    # When nobody can act, the round stops at the first turn (its timers still run) and
    # waits for the GM, instead of spinning through rounds on its own.
    if all(c.has(Condition.DEAD) for c in batch.state):
        return
    anyone = any(not out_of_action(c, batch.ruleset) for c in batch.state)
    advance_to(batch, 0, skip_helpless=anyone)


def regain_bearings(batch: Batch, number: int) -> None:
    """Ch.6 l.48, RULINGS Perception: the Unaware cannot act in round 1 and take no
    Reactions then either; "from round 2 on it acts and reacts as usual", so it regains its
    bearings when the round after its idle rounds starts, before anyone's turn."""
    if number <= batch.ctx.rules.perception.unaware_idle_rounds:
        return
    for c in list(batch.state):
        if c.unaware:
            batch.emit(ev.AwarenessChanged(c.id, False,
                                           f"regains its bearings in round {number} "
                                           "(Ch.6 l.48)"))


def overwatch_ends_with_the_round(batch: Batch) -> None:
    """RULINGS: "the reactor declared Overwatch this round"; Ch.6 l.166: a ranged attack
    "later in the round". Unused, it lapses when the round ends: it does not carry into
    the next round with a fresh Reaction (issue 12 item 9)."""
    for c in list(batch.state):
        if c.has(Condition.OVERWATCH):
            batch.emit(ev.ConditionChanged(c.id, Condition.OVERWATCH.value, False,
                                           "the round ended"))


def advance_to(batch: Batch, index: int, *, skip_helpless: bool = True) -> None:
    """Start the turn at `index` of the order, skipping the dead and ending the turns of
    those who can do nothing (their bleeding and death timers still run)."""
    state = batch.state
    while index < len(state.order):
        c = state.get(state.order[index])
        if not c.has(Condition.DEAD):
            start_turn(batch, c.id)
            c = batch.state.get(c.id)
            if not skip_helpless or (not out_of_action(c, batch.ruleset)
                                     and not c.has(Condition.DEAD)):
                return
            count_rest(batch, c.id)
            batch.emit(ev.TurnEnded(c.id))
        state = batch.state
        index += 1
    if batch.state.phase is not Phase.COMBAT:
        return
    if next_pass(batch):
        advance_to(batch, 0, skip_helpless=skip_helpless)
        return
    start_round(batch, batch.state.round + 1)


def start_turn(batch: Batch, cid: str) -> None:
    tick_timers(batch, cid)
    c = batch.state.get(cid)
    budget, why = turn_budget(c, batch.state.round, batch.ruleset)
    batch.emit(ev.TurnStarted(cid, budget.major, budget.move, budget.minor, budget.downgrades,
                              budget.total, budget.major_or_move, why))
    if budget.major or budget.move or budget.minor:
        surprise_ends(batch, cid)


def count_rest(batch: Batch, cid: str) -> None:
    """Ch.6 Fatigue, l.818: "If you do nothing (except maybe some Free actions) for 1
    minute (10 turns), you regain 1 Stamina until you are no longer exhausted". Counted as
    the turn ends: a turn of an Exhausted combatant that spent no action, and no Reaction
    since its last turn, is one more; `fatigue.exhausted_rest_turns` of them in a row give
    back `exhausted_rest_stamina`, and the count starts again while it is still Exhausted.
    An action, or no longer being Exhausted, sets the count back to 0 (ruling: in a row)."""
    c = batch.state.get(cid)
    rules = batch.ctx.rules.fatigue
    of = rules.exhausted_rest_turns
    exhausted = batch.ruleset.standing(c).fatigue_state == "exhausted"
    if not exhausted or c.acted:
        if c.rested_turns:
            why = "acted" if exhausted else "no longer Exhausted"
            batch.emit(ev.RestCounted(cid, 0, of, why))
        return
    turns = c.rested_turns + 1
    if turns < of:
        batch.emit(ev.RestCounted(cid, turns, of, "did nothing this turn"))
        return
    back = min(c.fatigue, rules.exhausted_rest_stamina)
    batch.emit(ev.RestCounted(cid, 0, of, f"did nothing for {of} turns"),
               ev.FatigueTaken(cid, -back, f"rested {of} turns while Exhausted (Ch.6 l.818)"))
    rested(batch, cid, f"rested {of} turns")


def tick_timers(batch: Batch, cid: str) -> None:
    """Ch.6: durations count down at the start of the owner's turn. A timer of N rounds
    covers the owner's next N turns; bleeding hurts at each of them; the death timer kills
    when it runs out, unless stabilised."""
    c = batch.state.get(cid)
    if not c.timers:
        return
    for timer in (t for t in c.timers if t.kind == NEXT_TURN_DISADVANTAGE):
        # Ch.6 Light, l.694: the Disadvantage a hit during its own turn left for this one
        batch.emit(ev.TimerExpired(cid, timer.kind))
        start_timer(batch, cid, Timer("disadvantage", 1, "", timer.source))
    c = batch.state.get(cid)
    for timer in c.timers:
        if timer.rounds == 0:
            batch.emit(ev.TimerExpired(cid, timer.kind))
            if timer.kind == "death" and not c.has(Condition.STABILISED):
                batch.emit(ev.ConditionChanged(cid, Condition.DEAD.value, True,
                                               "death timer ran out"))
        elif timer.kind == "bleed" and timer.amount:
            amount = roll_expression(timer.amount, batch.dice).total
            # RULINGS: bleed damage goes straight to the total, ignores armor, no new injury
            # (but it counts toward Cumulative damage like any other)
            take_damage(batch, cid, amount, "physical", "Bleeding")
    if any(t.rounds for t in batch.state.get(cid).timers):
        batch.emit(ev.TimersTicked(cid))


def end_turn(batch: Batch, command: cmd.EndTurn) -> None:
    state = batch.state
    refuse_unless((state.phase is Phase.COMBAT, "combat has not started"),
                  (not state.pending, "resolve or decline the pending reactions first"))
    actor = state.actor
    if command.combatant is not None and command.combatant != actor:
        name = state.get(actor).name if actor else "nobody"
        refuse_unless((False, f"it is {name}'s turn, not {command.combatant}'s"))
    if actor is None:
        return
    if state.halted is not None:
        batch.emit(ev.MoveEnded(state.halted.mover, "turn ended"))
    count_rest(batch, actor)
    batch.emit(ev.TurnEnded(actor))
    advance_to(batch, batch.state.turn + 1)


def delay_action(batch: Batch, command: cmd.DelayAction) -> None:
    """Shadowrun's delayed action (project default): before it acts, the actor lets the
    rest of this pass go first and takes its whole action phase after them."""
    c = acting(batch, command.combatant)
    state = batch.state
    refuse_unless((not c.acted, f"{c.name} has acted this phase: only a phase not begun "
                                "can wait"),
                  (state.turn < len(state.order) - 1,
                   f"{c.name} is the last to act in this pass: no one to wait for"),
                  (not state.pending, "resolve or decline the pending reactions first"))
    batch.emit(ev.TurnEnded(c.id), ev.ActionDelayed(c.id),
               ev.Note(f"{c.name} delays: it acts after the others of this pass"))
    advance_to(batch, batch.state.turn)


def end_combat(batch: Batch, _: cmd.EndCombat) -> None:
    refuse_unless((batch.state.phase is Phase.COMBAT, "combat is not running"))
    batch.emit(ev.CombatEnded(batch.state.round))


def refocus(batch: Batch, command: cmd.Refocus) -> None:
    """Ch.6 Refocus (Full action): reroll Initiative, used on subsequent turns."""
    c = acting(batch, command.combatant)
    ok, why = full_action_payable(c, batch.ctx.rules)
    refuse_unless((ok, why))
    for action in batch.ctx.rules.actions.full:
        batch.emit(ev.ActionSpent(c.id, action, action, "Refocus"))
    batch.emit(roll_initiative_event(batch, c))


def edge_initiative(batch: Batch, command: cmd.UseEdgeForInitiative) -> None:
    """RULINGS: Edge at round start, +2d6 for that round only. Spent during a round (or
    before combat), it counts from the next round's start (Tactical's ruling)."""
    c = batch.combatant(command.combatant)
    # Ch.6 l.90: "spend 1 Edge at the start of the round" for +2d6: once a round, not
    # stacked (issue 12 item 6)
    refuse_unless((c.edge > 0, f"{c.name} has no Edge left"),
                  (not c.edge_initiative, f"{c.name} already spent Edge on Initiative for "
                   "the next round (Ch.6 Edge and Initiative, l.90: 1 Edge, once a round)"))
    bonus = batch.ctx.rules.initiative.edge_bonus
    roll = roll_expression(bonus, batch.dice)
    batch.emit(ev.EdgeSpent(c.id, 1, f"Initiative +{bonus} next round"),
               ev.InitiativeChanged(c.id, "edge", roll.total,
                                    f"Edge {roll.expression} = {roll.total}"))


def acting(batch: Batch, cid: str) -> Combatant:
    """The combatant, who must be the one whose turn it is."""
    c = batch.combatant(cid)
    state = batch.state
    refuse_unless((state.phase is Phase.COMBAT, "combat has not started"),
                  (state.actor == cid or state.phase is not Phase.COMBAT,
                   f"it is not {c.name}'s turn"),
                  (not state.pending, "resolve or decline the pending reactions first"))
    return c


def can_react(batch: Batch, cid: str) -> str | None:
    return reaction_block(batch.state.get(cid), batch.ruleset, batch.state.initiative_pass)
