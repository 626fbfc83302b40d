"""Marks: what an attack option leaves on the board, as timers (and condition badges) the
engine keeps and ends (the ruleset names them in `AttackOutcome.marks`; Ch.6 attack options).

A mark's timer has no rounds; its `amount` reads `ends=…;by=<the other party>[;recover=…]
[;weapon=…]`: "next_action" ends when `by` next spends an action (Pinned, Ch.6 l.490), "its_attack"
is used up by the holder's next attack on `by` (the ruleset says so in `used_marks`),
"removed" lasts until a command removes it (Disarm: RecoverWeapon; Grapple: BreakFree).
"""

from __future__ import annotations

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, checked, refuse_unless, spend
from tactical.encounter.handlers.turns import acting
from tactical.encounter.model import Combatant, Condition, EncounterState, Timer
from tactical.rules.api import AttackOutcome

EXTRA_ATTACK = "extra_attack"  # the engine's own: attacks already paid for this turn
MOVING_FAST = "moving_fast"  # sprinted, dashed or charged: a fast target until its next turn


def field(timer: Timer, key: str) -> str:
    for part in timer.amount.split(";"):
        name, _, value = part.partition("=")
        if name == key:
            return value
    return ""


def _condition_of(kind: str) -> Condition | None:
    return next((c for c in Condition if c.value == kind), None)


def extra_attack_left(c: Combatant) -> Timer | None:
    return next((t for t in c.timers if t.kind == EXTRA_ATTACK), None)


def after_attack(batch: Batch, attacker: str, target: str, outcome: AttackOutcome) -> None:
    """The outcome's marks become timers (and badges); used marks expire; extra attacks
    (Ch.6 Flurry, l.402) become the attacker's `extra_attack` timer for this turn."""
    for kind in outcome.used_marks:
        batch.emit(ev.TimerExpired(attacker, kind))
    _badges_left(batch, attacker, outcome.used_marks, "the hold is broken")
    for mark in outcome.marks:
        holder, other = (target, attacker) if mark.on == "target" else (attacker, target)
        held = batch.state.get(holder)
        if any(t.kind == mark.kind for t in held.timers):
            batch.emit(ev.TimerExpired(holder, mark.kind))  # renewed, not stacked
        amount = f"ends={mark.ends or 'removed'};by={other}"
        if mark.detail:
            amount += f";recover={mark.detail}"
            if held.weapon is not None:  # Disarm: the weapon leaves the hand (l.394)
                amount += f";weapon={held.weapon}"
                batch.emit(ev.WeaponLost(holder, held.weapon, mark.why))
        batch.emit(ev.TimerStarted(holder, Timer(mark.kind, None, amount, mark.why)))
        if mark.condition and not batch.state.get(holder).has(Condition(mark.condition)):
            batch.emit(ev.ConditionChanged(holder, mark.condition, True, mark.why))
    if outcome.extra_attacks:
        batch.emit(ev.TimerStarted(attacker, Timer(
            EXTRA_ATTACK, None, f"count={outcome.extra_attacks}",
            f"{outcome.extra_attacks} more attack this turn, already paid for")))


def _badges_left(batch: Batch, holder: str, used: tuple[str, ...], why: str) -> None:
    """A badge whose marks were all used up goes with them (Ch.6 l.404: a counter-grapple
    ends the Grappled its "grappled"/"grappled_solid" mark stood for)."""
    c = batch.state.get(holder)
    for condition in c.conditions:
        if any(kind.startswith(condition.value) for kind in used) and not any(
                t.kind.startswith(condition.value) for t in c.timers):
            batch.emit(ev.ConditionChanged(holder, condition.value, False, why))


def spend_extra_attack(batch: Batch, attacker: str) -> None:
    """The extra attack was made: one fewer left."""
    timer = extra_attack_left(batch.state.get(attacker))
    if timer is None:
        return
    batch.emit(ev.TimerExpired(attacker, EXTRA_ATTACK))
    left = int(field(timer, "count") or 1) - 1
    if left > 0:
        batch.emit(ev.TimerStarted(attacker, Timer(EXTRA_ATTACK, None, f"count={left}",
                                                   timer.source)))


def _expire(batch: Batch, holder: str, kind: str, why: str) -> None:
    batch.emit(ev.TimerExpired(holder, kind))
    condition = _condition_of(kind)
    if condition is not None and batch.state.get(holder).has(condition):
        batch.emit(ev.ConditionChanged(holder, condition.value, False, why))


def broken(batch: Batch, before: EncounterState) -> None:
    """Marks a command ended: "until your next action" (Ch.6 Suppressive Fire, l.490) ends
    when the suppressor spends an action; Flurry's unused extra attack ends with the turn."""
    for event in list(batch.events):
        if isinstance(event, ev.ActionSpent):
            for c in before:
                for t in c.timers:
                    now = batch.state.get(c.id)
                    if (field(t, "ends") == "next_action" and field(t, "by") == event.combatant
                            and t in now.timers):
                        name = batch.state.get(event.combatant).name
                        _expire(batch, c.id, t.kind, f"{name} acted again")
        elif (isinstance(event, ev.TurnEnded)
              and extra_attack_left(batch.state.get(event.combatant)) is not None):
            batch.emit(ev.TimerExpired(event.combatant, EXTRA_ATTACK))


def moved_fast(batch: Batch) -> None:
    """Ch.6 Range/Speed (l.438): a mover that sprinted, dashed or charged is a fast target
    until its next turn (`target_speed.moves`; a timer of 0 rounds ends at that turn)."""
    fast = batch.ctx.rules.target_speed.moves
    for event in list(batch.events):
        # the move is paid as it is declared, before any reaction halts it
        if isinstance(event, ev.ActionSpent) and event.purpose.lower() in fast:
            c = batch.state.get(event.combatant)
            if not any(t.kind == MOVING_FAST for t in c.timers):
                batch.emit(ev.TimerStarted(c.id, Timer(MOVING_FAST, 0, "",
                                                       f"moving fast ({event.purpose})")))


def recover_weapon(batch: Batch, command: cmd.RecoverWeapon) -> None:
    """Ch.6 Disarm, l.394-398: a Minor to fix the grip, a Major to pick the weapon up, a Move
    and a Major when it flew (`option_effects.disarm_recover`, kept on the mark)."""
    c = acting(batch, command.combatant)
    timer = next((t for t in c.timers if field(t, "recover")), None)
    refuse_unless((timer is not None, f"{c.name} has no weapon to recover"))
    assert timer is not None
    for name in field(timer, "recover").split(","):
        spend(batch, batch.state.get(c.id), name, "Recover weapon")
    batch.emit(ev.TimerExpired(c.id, timer.kind))
    weapon = field(timer, "weapon")
    if weapon:
        batch.emit(ev.WeaponReadied(c.id, weapon, None))


def break_free(batch: Batch, command: cmd.BreakFree) -> None:
    """Ch.6 Grapple, l.404: "break free (Major action)"; the ruleset rolls the check."""
    c = acting(batch, command.combatant)
    refuse_unless((c.has(Condition.GRAPPLED), f"{c.name} is not grappled"))
    spend(batch, c, batch.ctx.rules.option_effects.break_free.action, "Break free")
    result = batch.ruleset.break_free(c, batch.ctx.character(c), batch.dice)
    checked(batch, c, "Break free", result)
    if result.success:
        for t in c.timers:
            if t.kind.startswith(Condition.GRAPPLED.value):
                batch.emit(ev.TimerExpired(c.id, t.kind))
        batch.emit(ev.ConditionChanged(c.id, Condition.GRAPPLED.value, False, "broke free"))
