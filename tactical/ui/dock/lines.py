"""Events as lines a GM reads aloud, and an attack's result spelled out step by step.

Plain text only (no Qt), so the log, the attack panel and the tests share one wording.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tactical.encounter import events as ev
from tactical.encounter.model import EncounterState
from tactical.rules import registry
from tactical.rules.api import AttackReport
from tactical.ui import rulesets


class Kind(StrEnum):
    """What a line is about; the log colours lines by kind."""

    HIT = "hit"
    MISS = "miss"
    DAMAGE = "damage"
    CONDITION = "condition"
    TURN = "turn"
    ROUND = "round"
    REACTION = "reaction"
    MOVE = "move"
    REFUSAL = "refusal"
    NOTE = "note"
    GLITCH = "glitch"  # an attack with a glitched test: called out (issue 25 item 6)


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    kind: Kind


def _name(state: EncounterState, cid: str) -> str:
    c = state.combatants.get(cid)
    return c.name if c is not None else cid


def _words(key: str) -> str:
    """An identifier as the log reads it: "charge_attack" → "charge attack" (issue 25: the
    log showed raw ids)."""
    return key.replace("_", " ")


def _hex(h: Any) -> str:
    return f"({h[0]}, {h[1]})"


def event_line(e: Any, state: EncounterState) -> Line | None:
    """The log line for one event (None: bookkeeping the GM need not read)."""

    def n(cid: str) -> str:
        return _name(state, cid)

    rules = registry.ruleset(state.ruleset)  # the ruleset words its own events
    match e:
        case ev.AttackResolved():
            kind = Kind.GLITCH if rules.callouts(e.result) else \
                Kind.HIT if e.hit else Kind.MISS
            return Line(rules.attack_line(e.result, e.summary, n(e.attacker), n(e.target)),
                        kind)
        case ev.MonitorsChanged():
            return Line(monitors_line(e, state), Kind.DAMAGE)
        case ev.InitiativeRolled() if (text := rules.initiative_line(
                n(e.combatant), e.faces, e.bonus, e.total)) is not None:
            return Line(text, Kind.NOTE)
        case ev.RoundStarted() if (text := rules.round_line(
                e.round, e.pass_number, [n(c) for c in e.order])) is not None:
            return Line(text, Kind.ROUND)
        case ev.TurnStarted() if (text := rules.turn_line(
                n(e.combatant), e.major, e.move, e.minor)) is not None:
            return Line(text, Kind.TURN)
        case ev.DamageTaken():
            injury = f", {e.injury.capitalize()} injury" if e.injury else ""
            return Line(f"{n(e.combatant)} takes {e.amount} {e.damage_type} damage from "
                        f"{e.source}{injury}", Kind.DAMAGE)
        case ev.FatigueTaken():
            return Line(f"{n(e.combatant)} takes {e.amount} Fatigue ({e.source})", Kind.DAMAGE)
        case ev.ConditionChanged():
            verb = "is now" if e.on else "is no longer"
            return Line(f"{n(e.combatant)} {verb} {_words(e.condition)} ({e.source})",
                        Kind.CONDITION)
        case ev.TimerStarted():
            t = e.timer
            length = "until removed" if t.rounds is None else f"{t.rounds} round(s)"
            # a mark's keys ("count=2", "ends=…;by=…") are no amount a round
            amount = f" {t.amount}/round" if t.amount and "=" not in t.amount else ""
            return Line(f"{n(e.combatant)}: {_words(t.kind)}{amount}, {length} ({t.source})",
                        Kind.CONDITION)
        case ev.TimerExpired():
            return Line(f"{n(e.combatant)}: {_words(e.kind)} ends", Kind.CONDITION)
        case ev.InitiativeChanged():
            what = ("Initiative 0 to the end of combat" if e.kind == "zero"
                    else f"Initiative {e.value:+d} "
                    + ("to the end of combat" if e.kind == "lasting" else "next round"))
            return Line(f"{n(e.combatant)}: {what} ({e.source})", Kind.CONDITION)
        case ev.InitiativeRolled() if e.faces:
            faces = "+".join(map(str, e.faces))
            return Line(f"{n(e.combatant)} rolls Initiative {faces} + {e.bonus} = {e.total}",
                        Kind.NOTE)
        case ev.InitiativeSet():
            return Line(f"{n(e.combatant)}: Initiative set to {e.value} ({e.source})", Kind.NOTE)
        case ev.PassReordered():
            dropped = (f"; {', '.join(n(c) for c in e.dropped)} no longer acts this pass"
                       if e.dropped else "")
            return Line(f"Pass re-sorted ({e.why}): " + " → ".join(n(c) for c in e.order)
                        + dropped, Kind.ROUND)
        case ev.CombatStarted():
            return Line("Combat starts: " + ", ".join(n(c) for c in e.order), Kind.ROUND)
        case ev.RoundStarted():
            return Line(f"Round {e.round}: " + " → ".join(n(c) for c in e.order), Kind.ROUND)
        case ev.TurnStarted():
            actions = f"{e.major} Major, {e.move} Move, {e.minor} Minor"
            why = f" — {e.why}" if e.why else ""
            return Line(f"{n(e.combatant)}'s turn: {actions}{why}", Kind.TURN)
        case ev.CombatEnded():
            return Line(f"Combat ends after round {e.round}", Kind.ROUND)
        case ev.Moved():
            end = _hex(e.path[-1]) if e.path else "where it stood"
            return Line(f"{n(e.combatant)} {e.how}s {e.metres:g} m to {end}", Kind.MOVE)
        case ev.MoveHalted():
            return Line(f"{n(e.combatant)} halts at {_hex(e.at)} "
                        f"({e.metres_left:g} m of the path left)", Kind.MOVE)
        case ev.MoveEnded():
            return Line(f"{n(e.combatant)}'s move ends: {e.reason}", Kind.MOVE)
        case ev.ReactionOffered():
            return Line(f"{n(e.reactor)} may react ({_words(e.kind)}) to {n(e.mover)} at "
                        f"{_hex(e.hex)}: {e.why}", Kind.REACTION)
        case ev.ReactionDeclined():
            return Line(f"{n(e.reactor)} declines the {_words(e.kind)}", Kind.REACTION)
        case ev.ReactionSpent():
            return Line(f"{n(e.reactor)} reacts ({_words(e.kind)})", Kind.REACTION)
        case ev.ReactionWithdrawn():
            return Line(f"{n(e.reactor)}'s {_words(e.kind)} is no longer on offer: {e.why}",
                        Kind.REACTION)
        case ev.ActionSpent():
            # in the game's words (Shadowrun: a Simple action, not a Minor; RULINGS "Actions")
            word = rulesets.view_of(state).action_cost
            paid = f" (paid with a {word(e.paid_with.capitalize())})" \
                if e.paid_with != e.action else ""
            return Line(f"{n(e.combatant)} spends a {word(e.action.capitalize())} action: "
                        f"{e.purpose}{paid}", Kind.NOTE)
        case ev.EdgeSpent():
            return Line(f"{n(e.combatant)} spends {e.amount} Edge: {e.purpose}", Kind.NOTE)
        case ev.AmmoSpent():
            rounds = "1 round" if e.rounds == 1 else f"{e.rounds} rounds"
            return Line(f"{n(e.combatant)} fires {rounds}", Kind.NOTE)
        case ev.WeaponReadied():
            loaded = f", {e.rounds} loaded" if e.rounds is not None else ""
            return Line(f"{n(e.combatant)} readies {e.weapon}{loaded}", Kind.NOTE)
        case ev.Healed():
            level = f", injury now {e.injury}" if e.injury else ""
            return Line(f"{n(e.combatant)} heals {e.amount} ({e.source}){level}", Kind.NOTE)
        case ev.AwarenessChanged():
            state_ = "unaware" if e.unaware else "aware"
            return Line(f"{n(e.combatant)} is {state_} ({e.source})", Kind.CONDITION)
        case ev.HiddenChanged():
            state_ = "hidden" if e.hidden else "seen"
            return Line(f"{n(e.combatant)} is marked {state_} ({e.source})", Kind.CONDITION)
        case ev.DetectionChanged():
            missing = ", ".join(n(x) for x in e.undetected) or "nobody"
            return Line(f"{n(e.combatant)} has not detected: {missing} ({e.source})",
                        Kind.CONDITION)
        case ev.RestCounted():
            return Line(f"{n(e.combatant)} rests: {e.turns} / {e.of} turns ({e.why})",
                        Kind.NOTE)
        case ev.OverwatchDeclared():
            zone = "a zone" if e.zone else "everywhere in sight"
            return Line(f"{n(e.combatant)} declares Overwatch on {zone}", Kind.REACTION)
        case ev.Note():
            return Line(e.text, Kind.NOTE)
        case ev.AreaAttackResolved():  # issue 27: "The grenade misses by 7 and scatters …"
            return Line(f"{n(e.attacker)}: {e.summary}", Kind.HIT if e.hit else Kind.MISS)
        case ev.BlastTaken():
            return Line(e.summary, Kind.HIT if e.amount else Kind.NOTE)
        case ev.DamageHealed():
            return Line(f"{n(e.combatant)} heals {e.amount} damage ({e.source})", Kind.NOTE)
        case ev.VitalsSet():
            return Line(f"{n(e.combatant)}: Health {e.health}, Stamina {e.stamina}, "
                        f"Edge {e.edge} ({e.source})", Kind.NOTE)
        case ev.CombatantAdded():
            return Line(f"{e.name} joins the fight at {_hex(e.hex)} ({e.side})", Kind.NOTE)
        case ev.SideChanged():
            return Line(f"{n(e.combatant)} changes sides: {e.was} → {e.side} ({e.source})",
                        Kind.NOTE)
        case ev.CombatantRemoved():
            return Line(f"{n(e.combatant)} is removed from the fight ({e.source})", Kind.NOTE)
        case ev.TokenPlaced():
            return Line(f"{n(e.combatant)} is put at {_hex(e.hex)} ({e.source}: no action, "
                        "no reaction)", Kind.MOVE)
    return None


def monitors_line(e: ev.MonitorsChanged, state: EncounterState) -> str:
    text = registry.ruleset(state.ruleset).monitors_text(
        state.combatants.get(e.combatant), e.physical, e.stun, e.overflow)
    what = text if text is not None else \
        f"Physical {e.physical}, Stun {e.stun}, overflow {e.overflow}"
    return f"{_name(state, e.combatant)}'s condition monitors: {what} ({e.source})"


def result_lines(r: AttackReport) -> list[str]:
    """An attack's result (AttackResolved.result) spelled out by its ruleset: Chapter 6's
    dice, total vs TN, degree, damage through cover and armor, injury and its effects;
    Shadowrun's pools."""
    return registry.ruleset(r.ruleset).result_lines(r)


def effect_text(e: Mapping[str, Any]) -> str:
    """An injury's rolled effects (as the log keeps them) as one phrase."""
    return registry.ruleset(registry.DEFAULT).effects_text(e)


def callout_lines(e: ev.AttackResolved, state: EncounterState) -> list[str]:
    """The attack's call-outs as the result card shouts them: "⚠ CRITICAL GLITCH —
    Wombat's attack test" (issue 25 item 6; the ruleset says which tests glitched)."""
    who = {"attacker": _name(state, e.attacker), "target": _name(state, e.target)}
    return [f"⚠ {c.words} — {who[c.roller]}'s {c.test} test"
            for c in registry.ruleset(state.ruleset).callouts(e.result)]
