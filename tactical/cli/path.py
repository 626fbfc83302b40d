"""`tactical path MAP_OR_LOG --mover ID --to Q,R [--via Q,R …] [--safest] [--json]`: the
path a drag of the mover to that hex would show (issue 26) — the same code as the board's
drag (tactical.encounter.queries.paths) and its move preview: the hexes, the metres, the
allowance, the first hex the mover cannot reach this Move and the reactions on the way."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tactical.cli.sight import UsageError, check_on_map, fail, parse_hex
from tactical.core.errors import TacticalError
from tactical.core.types import Hex
from tactical.data.library import load_map
from tactical.encounter.context import Context, initial_state
from tactical.encounter.model import EncounterState
from tactical.encounter.queries.movepreview import move_preview
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.queries.paths import PathPlanner
from tactical.encounter.store import files


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "path", help="the shortest (or safest) legal path a drag of a token would take",
        description="The path a drag of the mover to a hex would take on the board: the "
        "shortest legal one (walls, closed doors, cover, tokens), through the --via "
        "waypoints in order; --safest: the one that triggers the fewest reactions within "
        "the allowance. Prints its hexes, metres, the allowance, the first hex the mover "
        "cannot reach this Move and the reactions on it. A log (.jsonl) is read as it "
        "stands, never written. If a hex starts with '-', write --to=-3,17.")
    parser.add_argument("source", type=Path, metavar="MAP_OR_LOG")
    parser.add_argument("--mover", required=True, metavar="ID", help="the moving token's id")
    parser.add_argument("--to", required=True, metavar="Q,R", help="the hex to go to")
    parser.add_argument("--via", action="append", default=[], metavar="Q,R",
                        help="a waypoint, in order; repeatable")
    parser.add_argument("--safest", action="store_true",
                        help="the path with the fewest reactions within the allowance")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _state(source: Path) -> tuple[EncounterState, Context]:
    """The encounter as it stands: a log's state after its events, or a map's set-up."""
    if source.suffix == ".jsonl":
        view = files.read(source)
        ctx = Context.build(view.loaded, GeometryOracle, rules=view.rules,
                            ruleset=view.ruleset, numbers=view.numbers)
        return view.state_at(), ctx
    loaded = load_map(source)
    return initial_state(loaded), Context(loaded, GeometryOracle(loaded))


def run(args: argparse.Namespace) -> int:
    try:
        state, ctx = _state(args.source)
        if args.mover not in state.combatants:
            raise UsageError(f"unknown mover '{args.mover}'; expected one of: "
                             f"{', '.join(state.combatants) or 'the map has no tokens'}")
        targets: list[Hex] = [parse_hex(t) for t in (*args.via, args.to)]
        for h in targets:
            check_on_map(ctx.loaded, h)
        planner = PathPlanner(state, ctx, args.mover)
        path = planner.plan(targets, safest=args.safest)
        preview = move_preview(state, ctx, args.mover, path[1:])
    except (TacticalError, OSError) as exc:
        return fail("path", exc)
    stops_at = list(path[preview.allowed + 1]) if preview.allowed + 1 < len(path) else None
    reactions: list[dict[str, Any]] = [
        {"reactor": r.reactor, "kind": r.kind, "step": r.step, "hex": list(r.hex),
         "band": r.band, "cover": r.cover, "why": r.why}
        for r in preview.reactions if r.step <= preview.allowed]
    out: dict[str, Any] = {"path": [list(h) for h in path], "metres": preview.metres,
                           "allowance_m": preview.limit_m, "stops_at": stops_at,
                           "reactions": reactions}
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
        return 0
    name = state.get(args.mover).name
    print(f"{name}: " + " ".join(f"{q},{r}" for q, r in path))
    print(f"{preview.metres:g} m of {preview.limit_m:g} m"
          + ("" if stops_at is None else f"; stops before {stops_at[0]},{stops_at[1]}")
          + ("" if preview.blocked is None else
             f" ({'; '.join(preview.blocked.reasons)})"))
    for r in reactions:
        print(f"  step {r['step']} {r['hex'][0]},{r['hex'][1]}: {r['kind']} by "
              f"{r['reactor']} — {r['why']}")
    if not reactions:
        print("  no reactions within the allowance", file=sys.stdout)
    return 0
