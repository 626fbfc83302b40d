"""Ch.6 patches and rests: trauma patches (l.936), stim patches (l.854-866), short and long
rests (l.830-852). Stamina comes back as negative Fatigue (Fatigue is spent Stamina)."""

from __future__ import annotations

from tactical.core.dice import roll_expression
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless, spend
from tactical.encounter.handlers.harm import rested
from tactical.encounter.handlers.skills import treated
from tactical.encounter.handlers.turns import acting
from tactical.encounter.model import Condition, Phase
from tactical.geometry.hexgrid import hex_distance


def _paid(batch: Batch, cid: str, action: str, purpose: str) -> None:
    """In combat, the acting combatant pays; outside combat nothing is spent."""
    if batch.state.phase is not Phase.COMBAT:
        batch.combatant(cid)
        return
    spend(batch, acting(batch, cid), action, purpose)


def trauma_patch(batch: Batch, command: cmd.ApplyTraumaPatch) -> None:
    """l.936: "slapped on bare skin (1 Minor action if readied, 1 Major action if not) and
    will immediately perform emergency first aid with an effective Medic skill of +12"."""
    healer, patient = batch.combatant(command.healer), batch.combatant(command.patient)
    near = hex_distance(healer.hex, patient.hex) <= batch.ctx.rules.first_aid.max_hexes
    refuse_unless((patient.injury is not None, f"{patient.name} has no injury to treat"),
                  (not patient.treated, f"{patient.name} has had first aid since the last "
                                        "injury (Ch.6: not until injured anew)"),
                  (near, f"{healer.name} must be next to {patient.name}"))
    assert patient.injury is not None
    spec = batch.ctx.rules.medic.trauma_patch_action
    _paid(batch, healer.id, spec["readied" if command.readied else "not_readied"],
          "Trauma patch")
    result = batch.ruleset.first_aid_kit("A trauma patch", patient.name, patient.injury,
                                         None, "medkit", batch.dice)
    treated(batch, healer, patient, result, "Trauma patch")


def stim_patch(batch: Batch, command: cmd.ApplyStimPatch) -> None:
    """l.858: "A stim patch restores 1d6+Rating points of Stamina"; the crash (a Grit check
    after 1d6×10 minutes) is after the fight: the log notes it for the GM."""
    c = batch.combatant(command.combatant)
    spec = batch.ctx.rules.medic.stim_patch
    refuse_unless((command.rating >= 0, "a patch's rating is 0 or more"),
                  (c.fatigue > 0, f"{c.name} has all its Stamina"))
    _paid(batch, c.id, spec.action, "Stim patch")
    roll = roll_expression(spec.stamina, batch.dice)
    back = min(c.fatigue, roll.total + command.rating)
    batch.emit(ev.FatigueTaken(c.id, -back, f"Stim patch {spec.stamina}+{command.rating} = "
                                            f"{roll.total + command.rating}"),
               ev.Note(f"{c.name}: stim patch crash after {spec.crash_after}×"
                       f"{spec.crash_after_minutes} minutes — Grit check TN "
                       f"{spec.crash_tn + command.rating} (+{spec.crash_tn_per_patch} for "
                       f"each further patch meanwhile); failure {spec.crash_fatigue}+"
                       f"{spec.crash_fatigue_per_rating * command.rating} Fatigue, success half"))
    rested(batch, c.id, "Stim patch")


def rest(batch: Batch, command: cmd.Rest) -> None:
    """l.838-852: a short rest (about 1 hour) recovers 50 % Stamina, a brief one (10
    minutes) 25 %, a long rest (8 hours) all, an interrupted long rest 50 %. Only outside
    combat; the limits per day (2 short, 1 long) are the GM's to keep."""
    percent = batch.ctx.rules.medic.rests
    refuse_unless((batch.state.phase is not Phase.COMBAT, "no resting during combat"),
                  (command.kind in percent, f"kind must be one of: {', '.join(percent)}"))
    who = [batch.combatant(command.combatant)] if command.combatant else list(batch.state)
    for c in who:
        if c.has(Condition.DEAD) or c.fatigue <= 0:
            continue
        back = min(c.fatigue, c.stamina * percent[command.kind] // 100)  # type: ignore[index]
        if back:
            batch.emit(ev.FatigueTaken(c.id, -back, f"{command.kind.replace('_', ' ')} rest"))
            rested(batch, c.id, "Rest")
