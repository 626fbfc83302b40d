"""Damage, injuries and their effects as events (Ch.6 Damage and Injury, Cumulative damage)."""

from __future__ import annotations

import dataclasses

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.context import json_safe
from tactical.encounter.model import Condition, Timer
from tactical.rules.chapter6.injury import (
    CumulativeState,
    Effects,
    InjuryLevel,
    cumulative_effects,
    cumulative_state,
    injury_effects,
    lower,
    worse,
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
    if injury is not None and effects is not None:
        batch.emit(ev.HitRecorded(cid, injury.value, before.injury,
                                  json_safe(dataclasses.asdict(effects)),
                                  before.has(Condition.PRONE),
                                  before.has(Condition.UNCONSCIOUS)))
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


def lower_injury(batch: Batch, command: cmd.LowerInjury) -> None:
    """Ch.6 Using Edge to stay in the fight: 1 Edge makes the last hit's injury one step
    less severe (below Light: none). What that injury did is taken back and the lower
    level's effects applied instead (their durations rolled now); the damage stays."""
    c = batch.combatant(command.combatant)
    hit = c.last_hit
    refuse_unless((hit is not None, f"{c.name} has no fresh injury to lower (only after a "
                                    "hit, until its next turn)"),
                  (c.edge > 0, f"{c.name} has no Edge left"))
    assert hit is not None
    rules = batch.ctx.rules
    old = hit["effects"]
    assert isinstance(old, dict)
    new_level = lower(InjuryLevel(str(hit["injury"])), rules.injury.edge_steps_lower)
    batch.emit(ev.EdgeSpent(c.id, 1, "Edge lowers the injury"))
    source = f"{str(hit['injury']).capitalize()} injury lowered by Edge"
    if old.get("fatigue"):
        batch.emit(ev.FatigueTaken(c.id, -int(old["fatigue"]), source))
    if old.get("initiative_loss"):
        kind = "lasting" if old.get("initiative_duration") == "combat" else "next_round"
        batch.emit(ev.InitiativeChanged(c.id, kind, int(old["initiative_loss"]), source))
    incapacitated = cumulative_state(c.damage, c.health, rules) is not CumulativeState.NONE
    if old.get("initiative_zero") and not incapacitated:
        batch.emit(ev.InitiativeChanged(c.id, "zero", 0, source))
    expired = {"disadvantage": old.get("disadvantage") in ("next_turn", "rounds"),
               "bleed": bool(old.get("bleed")), "death": old.get("death_in_rounds") is not None}
    for kind in (k for k, gone in expired.items() if gone):
        batch.emit(ev.TimerExpired(c.id, kind))
    for condition, had in ((Condition.PRONE, hit["had_prone"]),
                           (Condition.UNCONSCIOUS, hit["had_unconscious"])):
        if old.get(condition.value) and not had:
            batch.emit(ev.ConditionChanged(c.id, condition.value, False, source))
    previous = InjuryLevel(str(hit["previous_injury"])) if hit["previous_injury"] else None
    lasting = worse(previous, new_level)
    batch.emit(ev.InjurySet(c.id, lasting.value if lasting else None, source))
    if new_level is not None:
        apply_effects(batch, c.id, injury_effects(new_level, rules, batch.dice),
                      f"{new_level.value.capitalize()} injury (lowered by Edge)")
