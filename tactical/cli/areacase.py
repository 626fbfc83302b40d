"""`tactical attack` with an area CASE (issue 27): {"area": {"map", "attacker", "weapon",
"aim": [q, r]}, "dice": {"d10": [...], "d6": [...]}}. The attacker acts first in round 1
(every token's initiative set, the roll-off d10s taken as 5s); the blast is played through
the engine and every target's result printed with the odds of hitting the hex."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactical.core.dice import ScriptedDice
from tactical.core.errors import TacticalError
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.handlers.area import hex_odds
from tactical.encounter.queries.oracle import GeometryOracle


def _field(data: dict[str, Any], name: str, kind: type, path: Path) -> Any:
    value = data.get(name)
    if not isinstance(value, kind):
        raise TacticalError(f"{path}: area.{name}: expected {kind.__name__}, found {value!r}")
    return value


def area_case(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    area = _field(data, "area", dict, path)
    aim = _field(area, "aim", list, path)
    if len(aim) != 2 or not all(isinstance(v, int) for v in aim):
        raise TacticalError(f"{path}: area.aim: expected [q, r], found {aim!r}")
    loaded = load_map(path.parent / _field(area, "map", str, path))
    attacker = _field(area, "attacker", str, path)
    weapon = _field(area, "weapon", str, path)
    dice_spec = data.get("dice") or {}
    tokens = [t.id for t in loaded.map.tokens]
    if attacker not in tokens:
        raise TacticalError(f"{path}: area.attacker: no token {attacker!r} on the map")
    dice = ScriptedDice(d10=[5] * len(tokens) + list(dice_spec.get("d10", [])),
                        d6=list(dice_spec.get("d6", [])))
    enc = Encounter(Context(loaded, GeometryOracle(loaded)), dice)
    for rank, tid in enumerate([attacker] + [t for t in tokens if t != attacker]):
        enc.apply(cmd.SetInitiative(tid, 100 - rank))
    enc.apply(cmd.StartCombat())
    command = cmd.AreaAttack(attacker, weapon, (aim[0], aim[1]))
    odds = hex_odds(enc.state, enc.ctx, command)
    events = enc.apply(command)
    landed = next(e for e in events if isinstance(e, ev.AreaAttackResolved))
    return {"odds_to_hit_hex": round(odds, 6), "hit": landed.hit, "margin": landed.margin,
            "fumble": landed.fumble, "aim": list(landed.aim), "landing": list(landed.landing),
            "summary": landed.summary,
            "targets": [{"target": e.target, "ring": e.ring, "distance_m": e.distance_m,
                         "cover": e.cover, "shielded_by": e.shielded_by, "damage": e.amount,
                         "injury": enc.state.get(e.target).injury, "summary": e.summary}
                        for e in events if isinstance(e, ev.BlastTaken)]}
