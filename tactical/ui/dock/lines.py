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
from tactical.rules.shadowrun.damage import Monitors

SHADOWRUN = ("sr4", "sr5")


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


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    kind: Kind


def _name(state: EncounterState, cid: str) -> str:
    c = state.combatants.get(cid)
    return c.name if c is not None else cid


def _hex(h: Any) -> str:
    return f"({h[0]}, {h[1]})"


def event_line(e: Any, state: EncounterState) -> Line | None:
    """The log line for one event (None: bookkeeping the GM need not read)."""

    def n(cid: str) -> str:
        return _name(state, cid)

    shadowrun = state.ruleset in SHADOWRUN
    match e:
        case ev.AttackResolved() if e.result.get("ruleset") in SHADOWRUN:
            return Line(shadowrun_attack_line(e, state), Kind.HIT if e.hit else Kind.MISS)
        case ev.AttackResolved():
            return Line(e.summary, Kind.HIT if e.hit else Kind.MISS)
        case ev.MonitorsChanged():
            return Line(monitors_line(e, state), Kind.DAMAGE)
        case ev.InitiativeRolled() if e.faces and state.ruleset == "sr4":
            faces = ", ".join(map(str, e.faces))
            return Line(f"{n(e.combatant)} rolls Initiative {e.bonus} + "
                        f"{e.total - e.bonus} hits ({faces}) = {e.total}", Kind.NOTE)
        case ev.RoundStarted() if shadowrun:
            return Line(f"Combat turn {e.round}, initiative pass {e.pass_number}: "
                        + " → ".join(n(c) for c in e.order), Kind.ROUND)
        case ev.TurnStarted() if shadowrun:
            return Line(f"{n(e.combatant)}'s action phase: {e.major} Complex (attack), "
                        f"{e.move} Move, {e.minor} Simple", Kind.TURN)
        case ev.DamageTaken():
            injury = f", {e.injury.capitalize()} injury" if e.injury else ""
            return Line(f"{n(e.combatant)} takes {e.amount} {e.damage_type} damage from "
                        f"{e.source}{injury}", Kind.DAMAGE)
        case ev.FatigueTaken():
            return Line(f"{n(e.combatant)} takes {e.amount} Fatigue ({e.source})", Kind.DAMAGE)
        case ev.ConditionChanged():
            verb = "is now" if e.on else "is no longer"
            return Line(f"{n(e.combatant)} {verb} {e.condition} ({e.source})", Kind.CONDITION)
        case ev.TimerStarted():
            t = e.timer
            length = "until removed" if t.rounds is None else f"{t.rounds} round(s)"
            amount = f" {t.amount}/round" if t.amount else ""
            return Line(f"{n(e.combatant)}: {t.kind}{amount}, {length} ({t.source})",
                        Kind.CONDITION)
        case ev.TimerExpired():
            return Line(f"{n(e.combatant)}: {e.kind} ends", Kind.CONDITION)
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
            return Line(f"{n(e.reactor)} may react ({e.kind}) to {n(e.mover)} at "
                        f"{_hex(e.hex)}: {e.why}", Kind.REACTION)
        case ev.ReactionDeclined():
            return Line(f"{n(e.reactor)} declines the {e.kind}", Kind.REACTION)
        case ev.ReactionSpent():
            return Line(f"{n(e.reactor)} reacts ({e.kind})", Kind.REACTION)
        case ev.ActionSpent():
            paid = f" (paid with a {e.paid_with})" if e.paid_with != e.action else ""
            return Line(f"{n(e.combatant)} spends a {e.action.capitalize()} action: "
                        f"{e.purpose}{paid}", Kind.NOTE)
        case ev.EdgeSpent():
            return Line(f"{n(e.combatant)} spends {e.amount} Edge: {e.purpose}", Kind.NOTE)
        case ev.AmmoSpent():
            return Line(f"{n(e.combatant)} fires {e.rounds} round(s)", Kind.NOTE)
        case ev.WeaponReadied():
            loaded = f", {e.rounds} loaded" if e.rounds is not None else ""
            return Line(f"{n(e.combatant)} readies {e.weapon}{loaded}", Kind.NOTE)
        case ev.Healed():
            level = f", injury now {e.injury}" if e.injury else ""
            return Line(f"{n(e.combatant)} heals {e.amount} ({e.source}){level}", Kind.NOTE)
        case ev.AwarenessChanged():
            state_ = "unaware" if e.unaware else "aware"
            return Line(f"{n(e.combatant)} is {state_} ({e.source})", Kind.CONDITION)
        case ev.OverwatchDeclared():
            zone = "a zone" if e.zone else "everywhere in sight"
            return Line(f"{n(e.combatant)} declares Overwatch on {zone}", Kind.REACTION)
        case ev.Note():
            return Line(e.text, Kind.NOTE)
    return None


def _monitors(state: EncounterState, cid: str, physical: int, stun: int,
              overflow: int) -> Monitors | None:
    c = state.combatants.get(cid)
    if c is None or c.sr_monitor is None:
        return None
    physical_size, stun_size, body = c.sr_monitor
    return Monitors(physical_size, stun_size, physical, stun, overflow, body)


def monitor_text(m: Monitors) -> str:
    """'Physical 0/10, Stun 5/10' (+ overflow, and what the monitors mean now)."""
    stun = f"{m.stun}/{m.stun_size}" if m.stun_size is not None else str(m.stun)
    text = f"Physical {m.physical}/{m.physical_size}, Stun {stun}"
    if m.overflow:
        text += f", {m.overflow} overflow (dead beyond {m.body})"
    if m.status.value != "ok":
        text += f" — {m.status.value.upper()}"
    return text


def monitors_line(e: ev.MonitorsChanged, state: EncounterState) -> str:
    m = _monitors(state, e.combatant, e.physical, e.stun, e.overflow)
    what = monitor_text(m) if m is not None else \
        f"Physical {e.physical}, Stun {e.stun}, overflow {e.overflow}"
    return f"{_name(state, e.combatant)}'s condition monitors: {what} ({e.source})"


def shadowrun_attack_line(e: ev.AttackResolved, state: EncounterState) -> str:
    """'Wombat → Cutter, Browning Ultra-Power: 4 hits vs 2 (9 vs 5 dice) — 2 net, HIT;
    10P → 10S vs AV 11; 5 resisted → 5S'."""
    r = e.result
    a, d = r["attack"], r["defense"]
    hits = f"{r['attack_hits']} hits"
    if a.get("limit") is not None and r["attack_hits"] > a["limit"]:
        hits += f" (limit {a['limit']}: {r['attack_hits_limited']})"
    options = [o for o in d.get("options") or [] if o != "standard"]
    defence = ""
    if options:
        cost = f", −{d['initiative_cost']} Initiative" if d.get("initiative_cost") else ""
        defence = f" ({' + '.join(o.replace('_', ' ') for o in options)}{cost})"
    verdict = {"hit": f"{r['net_hits']} net, HIT", "graze": "tie: grazing hit, no damage",
               "miss": "tie: MISS (the defender wins ties)" if r["net_hits"] == 0
               else "MISS"}[r["outcome"]]
    line = (f"{_name(state, e.attacker)} → {_name(state, e.target)}, {r['weapon']['name']}: "
            f"{hits} vs {r['defense_hits']}{defence} ({a['pool']} vs {d['pool']} dice) — "
            f"{verdict}")
    if r.get("modified_dv") is not None:
        before, after = r["damage_type_before"], r["damage_type"]
        dv = f"{r['modified_dv']}{before}"
        if after != before:
            dv += f" → {r['modified_dv']}{after}"
        boxes = f"{r['damage']}{after}" if r["damage"] else "no damage"
        line += f"; {dv} vs AV {r['modified_av']}; {r['resist_hits']} resisted → {boxes}"
    for test, glitch in r["glitch"].items():
        if glitch:
            crit = r["critical_glitch"].get(test)
            line += f"; {'CRITICAL ' if crit else ''}glitch on the {test} test"
    return line


def _parts(parts: list[Mapping[str, Any]]) -> str:
    text = ""
    for i, part in enumerate(parts):
        value = part["value"]
        if i == 0:
            text = f"{part['source']} {value}"
        else:
            text += f" {'+' if value >= 0 else '−'} {part['source']} {abs(value)}"
    return text or "nothing"


def _roll(test: Mapping[str, Any]) -> str:
    faces = " ".join(map(str, test["dice"])) or "no dice"
    limit = ""
    if test.get("limit") is not None and test["hits"] > test["limit"]:
        limit = f", limit {test['limit']} → {test['hits_limited']}"
    return f"{faces} → {test['hits']} hits{limit}"


def shadowrun_result_lines(r: Mapping[str, Any]) -> list[str]:
    """A Shadowrun attack spelled out: each pool with its parts and dice, net hits, DV vs
    AV, the damage resistance test, boxes."""
    a, d = r["attack"], r["defense"]
    limit = f" [limit {a['limit']}]" if a.get("limit") is not None else ""
    out = [f"Attack: {_parts(a['parts'])} = {a['pool']} dice{limit}",
           f"   {_roll(a)}"]
    options = ", ".join(o.replace("_", " ") for o in d.get("options") or [])
    cost = f", −{d['initiative_cost']} Initiative" if d.get("initiative_cost") else ""
    out += [f"Defence ({options}{cost}): {_parts(d['parts'])} = {d['pool']} dice",
            f"   {_roll(d)}"]
    verdict = {"hit": "HIT", "graze": "GRAZING HIT (no damage)", "miss": "MISS"}[r["outcome"]]
    out.append(f"{verdict}: {r['attack_hits_limited']} − {r['defense_hits']} = "
               f"{r['net_hits']} net hits")
    if r.get("modified_dv") is not None:
        w = r["weapon"]
        armor = r["armor"]
        before, after = r["damage_type_before"], r["damage_type"]
        ap = f" {_minus(w['ap'])} AP" if w["ap"] else ""
        out.append(f"DV {w['base_dv']}{before} + {r['net_hits']} net = {r['modified_dv']}"
                   f"{before} vs AV {armor['value']}{ap} = {r['modified_av']}"
                   + (f" → {r['modified_dv']}{after} (DV not above AV)" if after != before
                      else ""))
        res = r["resist"]
        parts = [{"source": "AV", "value": p["value"]} if p["source"].startswith("Armor ")
                 else p for p in res["parts"]]
        out.append(f"Resist: {_parts(parts)} = {res['pool']} dice")
        out.append(f"   {_roll(res)}")
        out.append(f"Damage {r['modified_dv']} − {r['resist_hits']} = {r['damage']}{after}")
    for note in r.get("notes") or []:
        out.append(note)
    return out


def _minus(n: int) -> str:
    return f"{n:+d}".replace("-", "−")


def _signed(values: list[int]) -> str:
    return "".join(f" {'+' if v >= 0 else '−'} {abs(v)}" for v in values if v)


def result_lines(r: Mapping[str, Any]) -> list[str]:
    """An attack's result (AttackResolved.result) spelled out: dice, kept dice, total vs TN,
    degree, damage through cover and armor, injury and its effects (Shadowrun: the pools)."""
    if r.get("ruleset") in SHADOWRUN:
        return shadowrun_result_lines(r)
    roll = r["roll"]
    out: list[str] = []
    dice = ", ".join(map(str, roll["dice"]))
    extra = []
    if roll.get("extra") is not None:
        extra.append(f"{r['advantage']['state']} die {roll['extra']}")
    if roll.get("edge") is not None:
        extra.append(f"Edge die {roll['edge']}")
    kept = " + ".join(map(str, roll["kept"]))
    out.append(f"Dice {dice}" + (f" ({'; '.join(extra)})" if extra else "")
               + f" → kept {kept}" + (" (double +{})".format(roll["double_bonus"])
                                       if roll["double_bonus"] else ""))
    mods = [m["value"] for m in roll["modifiers"]]
    total = (f"Skill {roll['skill']} + {kept}{_signed(mods)}"
             + (f" + {roll['double_bonus']}" if roll["double_bonus"] else "")
             + f" = {roll['total']} vs TN {r['tn']}")
    out.append(total)
    degree = roll["degree"].replace("_", " ").capitalize()
    verdict = "HIT" if r["hit"] else "MISS"
    out.append(f"{verdict}: {degree}, MoS {roll['mos']:+d}" + (" — fumble!" if roll["fumble"]
                                                                  else ""))
    damage = r.get("damage")
    if damage:
        faces = "+".join(map(str, damage["rolled"])) or "0"
        out.append(f"Damage {damage['expression']}: {faces} → {damage['raw']}")
        cover = damage.get("cover")
        if cover:
            out.append(f"Through cover PT{cover['pt']}/DR{cover['dr']} → {damage['after_cover']}")
        armor = damage["armor"]
        out.append(f"Armor PT{armor['pt']}/DR{armor['dr']} → {damage['after_armor']} "
                   f"{damage['type']}")
    elif r["hit"]:
        out.append("No damage (the option has an effect instead)")
    if r.get("injury"):
        steps = "; ".join(r.get("injury_steps") or [])
        out.append(f"Injury: {r['injury'].capitalize()}" + (f" ({steps})" if steps else ""))
    effects = r.get("effects")
    if effects:
        out.append("Effects: " + effect_text(effects))
    for effect in r.get("option_effects") or []:
        out.append(effect)
    for note in r.get("notes") or []:
        out.append(note)
    return out


def effect_text(e: Mapping[str, Any]) -> str:
    """An injury's rolled effects as one phrase."""
    parts: list[str] = []
    if e.get("fatigue"):
        parts.append(f"{e['fatigue']} Fatigue")
    if e.get("initiative_loss"):
        when = "to the end of combat" if e.get("initiative_duration") == "combat" \
            else "next turn"
        parts.append(f"−{e['initiative_loss']} Initiative {when}")
    if e.get("initiative_zero"):
        parts.append("Initiative 0")
    if e.get("disadvantage"):
        rounds = e.get("disadvantage_rounds")
        parts.append("Disadvantage " + (f"{rounds} rounds" if rounds else
                                        str(e["disadvantage"]).replace("_", " ")))
    if e.get("actions_per_turn"):
        parts.append(f"{e['actions_per_turn']} action a turn")
    if e.get("actions"):
        parts.append("only " + "/".join(e["actions"]) + " actions")
    if e.get("no_reactions"):
        parts.append("no Reactions")
    if e.get("bleed"):
        length = "until stabilised" if e.get("bleed_until_stabilised") \
            else f"{e.get('bleed_rounds')} rounds"
        parts.append(f"bleeds {e['bleed']}/round, {length}")
    if e.get("prone"):
        parts.append("prone")
    if e.get("unconscious"):
        parts.append("unconscious")
    if e.get("death_in_rounds"):
        parts.append(f"dies in {e['death_in_rounds']} rounds unless stabilised")
    return ", ".join(parts) or "none"
