"""The state as text or JSON: for `tactical replay` and the tests."""

from __future__ import annotations

from typing import Any

from tactical.encounter.model import Combatant, EncounterState
from tactical.rules import registry


def state_json(state: EncounterState) -> dict[str, Any]:
    rules = registry.ruleset(state.ruleset)
    return {
        "map": state.map_name, "ruleset": state.ruleset, "phase": state.phase.value,
        "round": state.round, "actor": state.actor, "order": list(state.order),
        "pending": [{"offer": p.id, "reactor": p.reactor, "kind": p.kind, "mover": p.mover,
                     "hex": list(p.hex), "why": p.why} for p in state.pending],
        "combatants": [{
            "id": c.id, "name": c.name, "side": c.side, "hex": list(c.hex),
            "initiative": c.effective_initiative() if c.initiative is not None else None,
            "health": c.health, "damage": c.damage, "health_left": c.health - c.damage,
            "stamina": c.stamina, "fatigue": c.fatigue,
            "fatigue_state": rules.standing(c).fatigue_state,
            "injury": c.injury,
            "cumulative": rules.standing(c).cumulative,
            "conditions": sorted(x.value for x in c.conditions),
            "timers": [{"kind": t.kind, "rounds": t.rounds, "amount": t.amount}
                       for t in c.timers],
            "edge": c.edge, "reactions": c.reactions, "weapon": c.weapon,
            "ammo": dict(c.ammo), "out_of_action": rules.out_of_action(c),
            **(rules.monitors_json(c) or {}),  # Shadowrun: monitors, wound_modifier, conscious
        } for c in state],
    }


def state_text(state: EncounterState) -> str:
    data = state_json(state)
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
        lines.append(f"pending: {p['reactor']} {p['kind']} ({p['offer']}) on {p['mover']} "
                     f"at {p['hex']}")
    return "\n".join(lines)


def _timers(c: Combatant) -> dict[str, int | None]:
    """{kind: rounds left}; None lasts until removed (a bleed until stabilised). Two timers
    of one kind show the longer."""
    out: dict[str, int | None] = {}
    for t in c.timers:
        if t.kind in out:
            old = out[t.kind]
            out[t.kind] = None if old is None or t.rounds is None else max(old, t.rounds)
        else:
            out[t.kind] = t.rounds
    return out


def play_state_json(state: EncounterState) -> dict[str, Any]:
    """The `state` of `tactical play --json` (docs/encounter.md "Playing a scenario");
    a game with condition monitors adds `monitors`, `wound_modifier` and `conscious`."""
    rules = registry.ruleset(state.ruleset)
    return {
        "round": state.round, "acting": state.actor,
        # who acts in this round (Shadowrun: this initiative pass), in order
        "pass": state.initiative_pass, "order": list(state.order),
        "pending": [{"offer": p.id, "reactor": p.reactor, "kind": p.kind}
                    for p in state.pending],
        # offers gone because the reactor settled another at that step (issue 24), this turn
        "withdrawn": [{"offer": w.offer.id, "reactor": w.offer.reactor,
                       "kind": w.offer.kind, "why": w.why} for w in state.withdrawn],
        "combatants": {c.id: {
            "hex": list(c.hex), "health": c.health - c.damage,
            "stamina": c.stamina - c.fatigue,
            "initiative": c.effective_initiative() if c.initiative is not None else None,
            "injury": c.injury, "conditions": sorted(x.value for x in c.conditions),
            "timers": _timers(c),
            "actions_left": {s: c.budget.count_of(s) for s in ("major", "move", "minor")},
            "reactions_left": c.reactions, "edge": c.edge,
            "undetected": sorted(c.undetected),  # Ch.6 l.46: enemies it has not detected
            **(rules.monitors_json(c) or {}),  # Shadowrun (issue 25 item 1)
        } for c in state},
    }
