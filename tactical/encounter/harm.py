"""Damage, injuries and their effects as events (Ch.6 Damage and Injury, Cumulative damage)."""

from __future__ import annotations

from tactical.encounter import events as ev
from tactical.encounter.batch import Batch
from tactical.encounter.model import Condition, Timer
from tactical.rules.chapter6.injury import (
    CumulativeState,
    Effects,
    InjuryLevel,
    cumulative_effects,
    cumulative_state,
)

_CUMULATIVE_RANK = {CumulativeState.NONE: 0, CumulativeState.INCAPACITATED: 1,
                    CumulativeState.DYING: 2}


def take_damage(batch: Batch, cid: str, amount: int, damage_type: str,
                injury: InjuryLevel | None, effects: Effects | None, source: str) -> None:
    """A hit lands: its damage, the injury's effects (already rolled), and the cumulative
    state it crosses into (rolled here, after the hit's own dice)."""
    rules = batch.ctx.rules
    before = batch.state.get(cid)
    was = cumulative_state(before.damage, before.health, rules)
    batch.emit(ev.DamageTaken(cid, amount, damage_type, injury.value if injury else None,
                              source))
    if effects is not None:
        apply_effects(batch, cid, effects, f"{effects.cause.capitalize()} injury")
    after = batch.state.get(cid)
    now = cumulative_state(after.damage, after.health, rules)
    if _CUMULATIVE_RANK[now] > _CUMULATIVE_RANK[was]:
        extra = cumulative_effects(now, rules, batch.dice)
        if extra is not None:
            apply_effects(batch, cid, extra, now.value.capitalize())


def apply_effects(batch: Batch, cid: str, e: Effects, source: str) -> None:
    """Turn an Effects record into events. Action limits and 'no Reactions' are not stored:
    they follow from the injury level (limits.py), so treating the injury lifts them."""
    c = batch.state.get(cid)
    if e.fatigue:
        batch.emit(ev.FatigueTaken(cid, e.fatigue, source))
    if e.initiative_loss:
        kind = "lasting" if e.initiative_duration == "combat" else "next_round"
        batch.emit(ev.InitiativeChanged(cid, kind, -e.initiative_loss,
                                        f"{source}: −{e.initiative_loss_dice} = "
                                        f"−{e.initiative_loss}"))
    if e.initiative_zero and not c.initiative_zero:
        batch.emit(ev.InitiativeChanged(cid, "zero", 1, source))
    if e.disadvantage == "next_turn":
        batch.emit(ev.TimerStarted(cid, Timer("disadvantage", 1, "", source)))
    elif e.disadvantage == "rounds" and e.disadvantage_rounds:
        batch.emit(ev.TimerStarted(cid, Timer("disadvantage", e.disadvantage_rounds, "",
                                              source)))
    if e.bleed:
        rounds = None if e.bleed_until_stabilised else e.bleed_rounds
        batch.emit(ev.TimerStarted(cid, Timer("bleed", rounds, e.bleed, source)))
    if e.prone and not c.has(Condition.PRONE):
        batch.emit(ev.ConditionChanged(cid, Condition.PRONE.value, True, source))
    if e.unconscious and not c.has(Condition.UNCONSCIOUS):
        batch.emit(ev.ConditionChanged(cid, Condition.UNCONSCIOUS.value, True, source))
    if e.death_in_rounds is not None:
        batch.emit(ev.TimerStarted(cid, Timer("death", e.death_in_rounds, "", source)))
