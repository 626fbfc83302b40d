"""`tactical sight MAP --from A --to B [--weapon NAME] [--prone]`: line of sight, cover,
distance and range band between two tokens or hexes, as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactical.core.errors import TacticalError
from tactical.core.types import Hex
from tactical.data.gear import Weapon
from tactical.data.library import LoadedMap, load_map
from tactical.geometry.bands import weapon_range
from tactical.geometry.mapgeom import MapGeometry, build_map_geometry
from tactical.geometry.params import GeometryParams
from tactical.geometry.reactors import find_weapon, ready_weapon
from tactical.geometry.sight import SightResult, sight
from tactical.rules import registry


class UsageError(TacticalError):
    """A bad argument, reported as one line."""


@dataclass(frozen=True, slots=True)
class Place:
    token: str | None
    hex: Hex


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "sight", help="line of sight, cover and range band between two tokens or hexes",
        description="Line of sight, cover (RULINGS 'Cover from the map'), distance and the "
        "range band, as JSON. A and B are token ids or axial hexes 'q,r'. Without --weapon, "
        "the ready weapon (first listed) of the token at A is used. A hex starting with '-' "
        "is written --from=-4,17.")
    parser.add_argument("map", type=Path, metavar="MAP")
    parser.add_argument("--from", dest="source", required=True, metavar="A")
    parser.add_argument("--to", dest="target", required=True, metavar="B")
    parser.add_argument("--weapon", metavar="NAME", help="a catalogue weapon id or name")
    parser.add_argument("--prone", action="store_true", help="the target is prone")


def load(path: Path) -> tuple[LoadedMap, MapGeometry, GeometryParams]:
    """The map, its geometry and the rule numbers (shared by the triggers tool)."""
    loaded = load_map(path)
    params = GeometryParams.from_ruleset(registry.base_numbers())
    return loaded, build_map_geometry(loaded.map, params.metres_per_hex), params


def parse_hex(text: str) -> Hex:
    try:
        q, r = (int(part) for part in text.split(","))
    except ValueError:
        raise UsageError(f"expected a hex as q,r (two whole numbers): '{text}'") from None
    return q, r


def place(loaded: LoadedMap, text: str) -> Place:
    tokens = {t.id: t.hex for t in loaded.map.tokens}
    if text in tokens:
        return Place(text, tokens[text])
    if "," not in text:
        raise UsageError(f"unknown token '{text}'; expected a token id ("
                         f"{', '.join(tokens) or 'the map has none'}) or a hex q,r")
    h = parse_hex(text)
    check_on_map(loaded, h)
    return Place(None, h)


def check_on_map(loaded: LoadedMap, h: Hex) -> None:
    grid = loaded.map.grid
    if not grid.contains(h):
        raise UsageError(f"hex {h[0]},{h[1]} is outside the map's {grid.columns}×{grid.rows} "
                         "grid")


def pick_weapon(loaded: LoadedMap, name: str | None, source: Place) -> Weapon | None:
    if name is not None:
        weapon = find_weapon(loaded.library, name)
        if weapon is None:
            raise UsageError(f"unknown weapon '{name}'; give a catalogue id or name "
                             f"(e.g. {', '.join(sorted(loaded.library.weapons)[:4])})")
        return weapon
    return ready_weapon(loaded, source.token) if source.token else None


def sight_json(result: SightResult, source: Place, target: Place,
               weapon: Weapon | None) -> dict[str, Any]:
    strongest = result.strongest
    out: dict[str, Any] = {
        "from": {"token": source.token, "hex": list(source.hex)},
        "to": {"token": target.token, "hex": list(target.hex)},
        "line_of_sight": result.line_of_sight,
        "cover": result.cover.value,
        "cover_tn": result.cover_tn,
        "target_prone": result.target_prone,
        "rays": result.rays,
        "rays_blocked": result.rays_blocked,
        "rays_blocked_by_high_cover": result.rays_blocked_high,
        "share_blocked": round(result.share_blocked, 4),
        "strongest_cover": None if strongest is None else {
            "id": strongest.id, "label": strongest.label,
            "class": strongest.cover_class.value,
            "height": "high" if strongest.high else "low"},
        "cover_crossed": [c.id for c in result.crossed],
        "distance_hexes": result.distance_hexes,
        "distance_m": result.distance_m,
        "weapon": None,
    }
    if weapon is not None:
        entry: dict[str, Any] = {"id": weapon.id, "name": weapon.name, "kind": weapon.kind}
        if weapon.kind == "ranged":
            band = result.band
            entry.update(effective_range_m=result.weapon.effective_m if result.weapon else None,
                         max_range_m=result.weapon.max_m if result.weapon else None,
                         band=band.band.value if band else None,
                         band_tn=band.tn if band else None,
                         in_range=band is not None,
                         can_attack=result.can_attack_at_range)
        else:
            entry.update(reach_m=weapon.reach_m, in_reach=result.in_reach,
                         can_attack=bool(result.in_reach) and result.line_of_sight)
        out["weapon"] = entry
    return out


def fail(tool: str, exc: Exception) -> int:
    for line in str(exc).splitlines() or [type(exc).__name__]:
        print(f"tactical {tool}: error: {line}", file=sys.stderr)
    return 1


def run(args: argparse.Namespace) -> int:
    try:
        loaded, mg, params = load(args.map)
        source, target = place(loaded, args.source), place(loaded, args.target)
        weapon = pick_weapon(loaded, args.weapon, source)
        result = sight(mg, source.hex, target.hex, params,
                       weapon_range(weapon, params) if weapon else None,
                       reach_m=weapon.reach_m if weapon and weapon.kind == "melee" else None,
                       target_prone=args.prone)
    except (TacticalError, OSError) as exc:
        return fail("sight", exc)
    print(json.dumps(sight_json(result, source, target, weapon), ensure_ascii=False))
    return 0
