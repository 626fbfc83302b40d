"""The state as text or JSON: for `tactical replay` and the tests."""

from __future__ import annotations

from typing import Any

from tactical.data.ruleset import Chapter6Ruleset
from tactical.encounter.limits import out_of_action
from tactical.encounter.model import EncounterState
from tactical.rules.chapter6.injury import cumulative_state, fatigue_state


def state_json(state: EncounterState, rules: Chapter6Ruleset) -> dict[str, Any]:
    return {
        "map": state.map_name, "ruleset": state.ruleset, "phase": state.phase.value,
        "round": state.round, "actor": state.actor, "order": list(state.order),
        "pending": [{"reactor": p.reactor, "kind": p.kind, "mover": p.mover,
                     "hex": list(p.hex), "why": p.why} for p in state.pending],
        "combatants": [{
            "id": c.id, "name": c.name, "side": c.side, "hex": list(c.hex),
            "initiative": c.effective_initiative() if c.initiative is not None else None,
            "health": c.health, "damage": c.damage, "health_left": c.health - c.damage,
            "stamina": c.stamina, "fatigue": c.fatigue,
            "fatigue_state": fatigue_state(c.fatigue, c.stamina, rules).value,
            "injury": c.injury,
            "cumulative": cumulative_state(c.damage, c.health, rules).value,
            "conditions": sorted(x.value for x in c.conditions),
            "timers": [{"kind": t.kind, "rounds": t.rounds, "amount": t.amount}
                       for t in c.timers],
            "edge": c.edge, "reactions": c.reactions, "weapon": c.weapon,
            "ammo": dict(c.ammo), "out_of_action": out_of_action(c, rules),
        } for c in state],
    }


def state_text(state: EncounterState, rules: Chapter6Ruleset) -> str:
    data = state_json(state, rules)
    head = f"{data['map']} — {data['phase']}"
    if data["phase"] == "combat":
        head += f", round {data['round']}, {data['actor']} to act"
    lines = [head, "Initiative order: " + (", ".join(data["order"]) or "not rolled"), ""]
    lines.append(f"{'combatant':<26} {'init':>4} {'health':>9} {'stamina':>9}  "
                 "injury / conditions")
    for c in data["combatants"]:
        extras = [c["injury"] or "", *c["conditions"]]
        if c["fatigue_state"] not in ("fresh", *extras):
            extras.append(c["fatigue_state"])
        if c["cumulative"] != "none":
            extras.append(c["cumulative"])
        extras += [f"{t['kind']} " + ("until stabilised" if t["rounds"] is None
                                      else f"{t['rounds']} more turn(s)")
                   for t in c["timers"]]
        init = "-" if c["initiative"] is None else str(c["initiative"])
        lines.append(f"{c['name'][:26]:<26} {init:>4} "
                     f"{c['health_left']:>4}/{c['health']:<4} "
                     f"{c['stamina'] - c['fatigue']:>4}/{c['stamina']:<4}  "
                     + ", ".join(e for e in extras if e))
    for p in data["pending"]:
        lines.append(f"pending: {p['reactor']} {p['kind']} on {p['mover']} at {p['hex']}")
    return "\n".join(lines)
