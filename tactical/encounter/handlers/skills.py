"""Skill checks in the encounter: first aid and awareness (Ch.6 First aid, Awareness)."""


from __future__ import annotations

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, checked, refuse_unless, spend
from tactical.encounter.handlers import detection
from tactical.encounter.handlers.turns import acting
from tactical.encounter.model import Combatant, Condition, Phase
from tactical.geometry.hexgrid import hex_distance
from tactical.rules.api import SkillOutcome


def give_first_aid(batch: Batch, command: cmd.FirstAid) -> None:
    healer = acting(batch, command.healer)
    patient = batch.combatant(command.patient)
    adjacent = hex_distance(healer.hex, patient.hex) <= batch.ctx.rules.first_aid.max_hexes
    spend(batch, healer, batch.ctx.rules.actions.first_aid, "First aid",
          (patient.injury is not None, f"{patient.name} has no injury to treat"),
          (not patient.treated, f"{patient.name} has had first aid since the last "
                                "injury (Ch.6: not until injured anew)"),
          (adjacent, f"{healer.name} must be next to {patient.name}"))
    assert patient.injury is not None
    skill = batch.ctx.character(healer).skills.get(batch.ctx.rules.first_aid.skill, 0)
    # Ch.6 l.904-906: the kit chosen sets the TN (medkit +0 … autodoc −10); l.694-710: the
    # healer's injury Disadvantage counts (issue 12 item 7)
    result = batch.ruleset.first_aid_kit(healer.name, patient.name, patient.injury, skill,
                                         command.kit, batch.dice,
                                         batch.ruleset.check_disadvantages(healer))
    treated(batch, healer, patient, result, "First aid")


def treated(batch: Batch, healer: Combatant, patient: Combatant, result: SkillOutcome,
            source: str) -> None:
    """A first aid check's outcome on the patient (first aid, a trauma patch): the check
    is the healer's, for the patient."""
    checked(batch, healer, source, result, patient.id)
    if not result.success:
        return
    batch.emit(ev.Healed(patient.id, result.health_restored, result.injury_after, source))
    if patient.injury in ("lethal", "critical") or patient.timers:
        batch.emit(ev.ConditionChanged(patient.id, Condition.STABILISED.value, True,
                                       source))
        for timer in patient.timers:
            if timer.kind in ("bleed", "death"):
                batch.emit(ev.TimerExpired(patient.id, timer.kind))
    # Ch.6 l.922: Moderate first aid "If applied quickly enough, it will also remove the
    # timed Disadvantage" — ruling: while that Disadvantage still runs
    if patient.injury == "moderate" and any(t.kind == "disadvantage" and t.rounds is not None
                                            for t in patient.timers):
        batch.emit(ev.TimerExpired(patient.id, "disadvantage"))


def check_awareness(batch: Batch, command: cmd.CheckAwareness) -> None:
    """Ch.6 Awareness (RULINGS Perception effort): TN = difficulty + effort (+0 Major, +5
    Minor, +10 Free, −5 Full) + the hider's Stealth (+5 Solid, +10 Perfect); the degree sets
    the awareness: Solid/Perfect fully, Marginal partially (both can act), Significant or
    Complete failure Unaware. Outside combat it costs no action; in combat the effort's
    action is spent (a Full effort: Major, Move and Minor)."""
    c = batch.combatant(command.combatant)
    p = batch.ctx.rules.perception
    difficulty = batch.ctx.rules.checks.difficulty
    refuse_unless((command.effort in p.effort_tn, f"effort must be one of: "
                                                  f"{', '.join(p.effort_tn)}"),
                  (command.difficulty in difficulty, f"difficulty must be one of: "
                                                     f"{', '.join(difficulty)}"),
                  (command.stealth in (None, *p.stealth_tn_bonus), "stealth must be solid "
                                                                   "or perfect"))
    against = detection.check_against(batch, c, command.against)  # l.46: one hidden enemy
    opening = batch.state.phase is not Phase.COMBAT
    if batch.state.phase is Phase.COMBAT:
        acting(batch, c.id)
        slots = (list(batch.ctx.rules.actions.full) if command.effort == "full"
                 else [command.effort] if command.effort != "free" else [])
        for slot_name in slots:
            spend(batch, batch.state.get(c.id), slot_name, "Awareness")
    tn = (difficulty[command.difficulty] + p.effort_tn[command.effort]  # type: ignore[index]
          + (p.stealth_tn_bonus[command.stealth] if command.stealth else 0))  # type: ignore[index]
    skill = batch.ctx.character(c).skills.get(p.skill, 0)
    result = batch.ruleset.awareness(c.name, command.effort, skill, tn, batch.dice,
                                     batch.ruleset.check_disadvantages(c))  # l.694-710
    checked(batch, c, "Awareness", result)
    unaware = result.level == "unaware"
    # Ch.6 Maintaining Awareness, l.68: mid-fight a check can make the Unaware aware, never
    # the other way: "You will not … magically become unaware of an opponent you're
    # already aware of" (issue 12 item 5). Before combat it is the opening check.
    if unaware and batch.state.phase is Phase.COMBAT:
        unaware = c.unaware
    if unaware != c.unaware:
        batch.emit(ev.AwarenessChanged(c.id, unaware, "Awareness check"))
    detection.after_awareness(batch, c.id, result.level, result.success, against, opening)
