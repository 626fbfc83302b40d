"""Damage, injuries and their effects as events (Ch.6 Damage and Injury, Cumulative damage,
as the ruleset rolls them)."""

from __future__ import annotations

import math

from tactical.core.dice import RandomDice, parse_dice
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.model import Condition, Timer
from tactical.rules.api import Harm, InjuryEffects


def take_damage(batch: Batch, cid: str, amount: int, damage_type: str, source: str) -> None:
    """Damage without an injury of its own (bleeding: RULINGS, straight to the total)."""
    apply_harm(batch, cid, Harm(amount, damage_type, None, None), source)


def apply_harm(batch: Batch, cid: str, harm: Harm, source: str) -> None:
    """A hit lands: its damage, the injury's effects (already rolled), and the cumulative
    state it crosses into (rolled here, after the hit's own dice)."""
    before = batch.state.get(cid)
    batch.emit(ev.DamageTaken(cid, harm.amount, harm.damage_type, harm.injury, source))
    effects = harm.effects
    if effects is not None:
        apply_effects(batch, cid, effects, f"{effects.cause.capitalize()} injury")
    if harm.injury is not None and effects is not None:
        batch.emit(ev.HitRecorded(cid, harm.injury, before.injury, harm.effects_json or {},
                                  before.has(Condition.PRONE),
                                  before.has(Condition.UNCONSCIOUS)))
    crossed = batch.ruleset.threshold_crossed(before, batch.state.get(cid), batch.dice)
    if crossed is not None and crossed.effects is not None:
        apply_effects(batch, cid, crossed.effects, crossed.name.capitalize())


NEXT_TURN_DISADVANTAGE = "disadvantage_next_turn"


def rested(batch: Batch, cid: str, source: str) -> None:
    """Ch.6 Fatigue, l.814: Exhausted is Initiative 0; Stamina back below the threshold (a
    rest, a stim patch) lifts it, unless another cause still holds: Incapacitated, or an
    injury whose effects zero Initiative (Critical). A Critical treated down to Serious
    still holds it: first aid "does not restore lost Initiative" (l.912), the Critical's
    Initiative 0 lasts "until end of combat" (l.716)."""
    c = batch.state.get(cid)
    if c.initiative_zero and not c.initiative_zero_injury and not zero_holds(batch, cid):
        batch.emit(ev.InitiativeChanged(cid, "zero", 0, f"{source}: no longer Exhausted"))


def zero_holds(batch: Batch, cid: str, *, injury: bool = True) -> bool:
    """Whether something the combatant suffers now sets its Initiative to 0: Exhausted,
    Incapacitated, or (`injury`) an injury whose effects zero it (Critical). Those effects
    are looked up, not rolled: the throwaway dice only fill durations nobody keeps."""
    c = batch.state.get(cid)
    ruleset = batch.ruleset
    injured = injury and c.injury is not None and \
        ruleset.injury_effects(c.injury, RandomDice(0)).initiative_zero
    return injured or ruleset.incapacitated(c) \
        or ruleset.fatigue_zeroes_initiative(c) is not None


def apply_effects(batch: Batch, cid: str, e: InjuryEffects, source: str) -> None:
    """Turn an Effects record into events. Action limits and 'no Reactions' are not stored:
    they follow from the injury level (limits.py), so treating the injury lifts them."""
    c = batch.state.get(cid)
    if e.fatigue:
        batch.emit(ev.FatigueTaken(cid, e.fatigue, source))
        tired = batch.ruleset.fatigue_zeroes_initiative(batch.state.get(cid))
        if tired is not None and not c.initiative_zero and not e.initiative_zero:
            batch.emit(ev.InitiativeChanged(cid, "zero", 1, tired))  # issue 12 item 10
    if e.initiative_loss:
        kind = "lasting" if e.initiative_duration == "combat" else "next_round"
        batch.emit(ev.InitiativeChanged(cid, kind, -e.initiative_loss,
                                        f"{source}: −{e.initiative_loss_dice} = "
                                        f"−{e.initiative_loss}"))
    if e.initiative_zero and not c.initiative_zero:
        batch.emit(ev.InitiativeChanged(cid, "zero", 1, source))
    if e.disadvantage == "next_turn" and batch.state.actor == cid:
        # Ch.6 Light, l.694: "Disadvantage on your next turn": hit during its own turn (a
        # Snapshot mid-move), the rest of this turn is free (issue 12 item 4); turns.py
        # turns it into the Disadvantage when the next turn starts
        start_timer(batch, cid, Timer(NEXT_TURN_DISADVANTAGE, 1, "", source))
    elif e.disadvantage == "next_turn":
        start_timer(batch, cid, Timer("disadvantage", 1, "", source))
    elif e.disadvantage == "rounds" and e.disadvantage_rounds:
        start_timer(batch, cid, Timer("disadvantage", e.disadvantage_rounds, "", source))
    if e.bleed:
        rounds = None if e.bleed_until_stabilised else e.bleed_rounds
        start_timer(batch, cid, Timer("bleed", rounds, e.bleed, source))
    if e.prone and not c.has(Condition.PRONE):
        batch.emit(ev.ConditionChanged(cid, Condition.PRONE.value, True, source))
    if e.unconscious and not c.has(Condition.UNCONSCIOUS):
        batch.emit(ev.ConditionChanged(cid, Condition.UNCONSCIOUS.value, True, source))
    if e.death_in_rounds is not None:
        start_timer(batch, cid, Timer("death", e.death_in_rounds, "", source))


def _badness(timer: Timer) -> tuple[float, float]:
    """How bad a timer is, to compare two of one kind (issue 12 item 3, docs/rules-chapter6.md
    "Timers of one kind"): a death timer is worse the sooner it ends; Disadvantage the
    longer it lasts; a bleed the more it takes in all (until stabilised: without end)."""
    rounds = math.inf if timer.rounds is None else float(timer.rounds)
    if timer.kind == "death":
        return -rounds, 0.0
    if timer.kind == "bleed":
        expr = parse_dice(timer.amount or "0")
        per_round = (expr.minimum + expr.maximum) / 2
        return (per_round * rounds if per_round > 0 else 0.0), per_round
    return rounds, 0.0


def start_timer(batch: Batch, cid: str, timer: Timer) -> None:
    """A new effect of a kind the combatant already has keeps the worse of the two, never
    shortens it: a Light hit does not cut a Moderate's Disadvantage, a Serious bleed does
    not replace a Critical's bleed until stabilised, a second Lethal hit does not put
    death further off (issue 12 item 3)."""
    current = [t for t in batch.state.get(cid).timers if t.kind == timer.kind]
    if any(_badness(t) > _badness(timer) for t in current):  # an equal one: restarted
        return
    batch.emit(ev.TimerStarted(cid, timer))


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
    ruleset = batch.ruleset
    old = hit["effects"]
    assert isinstance(old, dict)
    new_level = ruleset.lowered_injury(str(hit["injury"]))
    batch.emit(ev.EdgeSpent(c.id, 1, "Edge lowers the injury"))
    source = f"{str(hit['injury']).capitalize()} injury lowered by Edge"
    if old.get("fatigue"):
        batch.emit(ev.FatigueTaken(c.id, -int(old["fatigue"]), source))
    if old.get("initiative_loss"):
        kind = "lasting" if old.get("initiative_duration") == "combat" else "next_round"
        batch.emit(ev.InitiativeChanged(c.id, kind, int(old["initiative_loss"]), source))
    # the hit's Initiative 0 is taken back, unless something else still holds it (Exhausted
    # by earlier Fatigue, Incapacitated: Ch.6 l.814, Cumulative damage)
    if old.get("initiative_zero") and not zero_holds(batch, c.id, injury=False):
        batch.emit(ev.InitiativeChanged(c.id, "zero", 0, source))
    expired = {"disadvantage": old.get("disadvantage") in ("next_turn", "rounds"),
               NEXT_TURN_DISADVANTAGE: old.get("disadvantage") == "next_turn",
               "bleed": bool(old.get("bleed")), "death": old.get("death_in_rounds") is not None}
    # Only the timers this hit started: an earlier, worse one it left running stays
    # (issue 12 item 3: timers of one kind keep the worse)
    hit_source = f"{str(hit['injury']).capitalize()} injury"
    started = {t.kind for t in c.timers if t.source == hit_source}
    for kind in (k for k, gone in expired.items() if gone and k in started):
        batch.emit(ev.TimerExpired(c.id, kind))
    for condition, had in ((Condition.PRONE, hit["had_prone"]),
                           (Condition.UNCONSCIOUS, hit["had_unconscious"])):
        if old.get(condition.value) and not had:
            batch.emit(ev.ConditionChanged(c.id, condition.value, False, source))
    previous = str(hit["previous_injury"]) if hit["previous_injury"] else None
    batch.emit(ev.InjurySet(c.id, ruleset.worse_injury(previous, new_level), source))
    if new_level is not None:
        apply_effects(batch, c.id, ruleset.injury_effects(new_level, batch.dice),
                      f"{new_level.capitalize()} injury (lowered by Edge)")
