"""`tactical triggers MAP --mover ID --path "q,r q,r …"`: the reactions a move would allow
(RULINGS "Reactions and their triggers on the map"), and the enemies left out, as JSON."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from tactical.cli.sight import UsageError, check_on_map, fail, load, parse_hex
from tactical.core.errors import TacticalError
from tactical.core.types import Hex
from tactical.geometry.hexgrid import hex_distance
from tactical.geometry.params import Band
from tactical.geometry.pathfacts import Mover, Overwatch, PathScan, prepare_reactors
from tactical.geometry.reactors import reactors_from_map
from tactical.geometry.visibility import Sector
from tactical.rules.reactions import band_limit, offers_along
from tactical.rules.registry import ruleset


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "triggers", help="the reactions a token's move would allow, step by step",
        description="Which enemies could react to a move, where (the first step and hex) and "
        "why; enemies that cannot are listed with the reason. The path is the hexes the mover "
        "enters, as 'q,r q,r ...'; its current hex may be given first or left out. "
        "If the first hex starts with '-', write --path=\"-3,17 ...\".")
    parser.add_argument("map", type=Path, metavar="MAP")
    parser.add_argument("--mover", required=True, metavar="ID", help="the moving token's id")
    parser.add_argument("--path", required=True, metavar="HEXES")
    parser.add_argument("--disengaging", action="store_true",
                        help="the mover Disengages (no Attack of Opportunity)")
    parser.add_argument("--overwatch", action="append", default=[], metavar="ID[=DIR,WIDTH,RANGE]",
                        help="token ID declared Overwatch, optionally on a sector: centre "
                        "direction in degrees (0 = east, 90 = south), width in degrees, range "
                        "in metres; repeatable")
    parser.add_argument("--no-reaction", action="append", default=[], metavar="ID",
                        help="token ID has no Reaction left this round; repeatable")
    parser.add_argument("--undetected-by", action="append", default=[], metavar="ID",
                        help="token ID has not detected the mover (Ch.6 l.46: Partially "
                        "aware, the mover hidden), so it cannot react to it; repeatable")


def parse_path(text: str) -> tuple[Hex, ...]:
    hexes = tuple(parse_hex(part) for part in text.replace(";", " ").split())
    if not hexes:
        raise UsageError("the path is empty; give hexes as 'q,r q,r ...'")
    return hexes


def parse_overwatch(text: str, tokens: set[str]) -> tuple[str, Overwatch]:
    ident, _, spec = text.partition("=")
    if ident not in tokens:
        raise UsageError(f"--overwatch: unknown token '{ident}'")
    if not spec:
        return ident, Overwatch(None)
    try:
        direction, width, reach = (float(x) for x in spec.split(","))
    except ValueError:
        raise UsageError(f"--overwatch {text}: expected ID=DIRECTION,WIDTH,RANGE "
                         "(three numbers)") from None
    if width <= 0 or reach <= 0:
        raise UsageError(f"--overwatch {text}: width and range must be positive")
    return ident, Overwatch(Sector(direction, width, reach))


def run(args: argparse.Namespace) -> int:
    try:
        loaded, mg, params = load(args.map)
        tokens = {t.id: t for t in loaded.map.tokens}
        if args.mover not in tokens:
            raise UsageError(f"unknown mover '{args.mover}'; expected one of: "
                             f"{', '.join(tokens) or 'the map has no tokens'}")
        token = tokens[args.mover]
        path = parse_path(args.path)
        if path[0] != token.hex:
            path = (token.hex, *path)
        for index, h in enumerate(path):
            check_on_map(loaded, h)
            if index and hex_distance(path[index - 1], h) != 1:
                raise UsageError(f"the path jumps from {path[index - 1][0]},"
                                 f"{path[index - 1][1]} to {h[0]},{h[1]}; consecutive hexes "
                                 "must be neighbours")
        overwatch = dict(parse_overwatch(text, set(tokens)) for text in args.overwatch)
        for flag, idents in (("--no-reaction", args.no_reaction),
                             ("--undetected-by", args.undetected_by)):
            for ident in idents:
                if ident not in tokens:
                    raise UsageError(f"{flag}: unknown token '{ident}'")
        reactors = reactors_from_map(loaded, params, overwatch=overwatch,
                                     cannot_react={i: ("no Reaction left",)
                                                   for i in args.no_reaction})
        reactors = tuple(replace(r, unaware_of=frozenset({token.id}))  # Ch.6 l.46
                         if r.id in args.undetected_by else r for r in reactors)
        name = token.name or loaded.character(token.id).name
        kinds = ruleset(loaded.map.ruleset).reaction_kinds  # the map's ruleset judges
        prepared = prepare_reactors(mg, reactors, params, band_limit=band_limit(kinds, Band))
        scan = PathScan.start(prepared, Mover(token.id, token.side, path, args.disengaging,
                                              name))
        report = offers_along(kinds, scan.facts())
    except (TacticalError, OSError) as exc:
        return fail("triggers", exc)
    out: dict[str, Any] = {
        "mover": token.id,
        "path": [list(h) for h in path],
        # "step" indexes "path" (0: the mover's hex, n: the n-th hex entered)
        "reactions": [{"reactor": r.reactor, "kind": r.kind, "step": r.step,
                       "hex": list(r.hex), "distance_m": r.distance_m, "band": r.band,
                       "band_tn": r.band_tn, "cover": r.cover, "cover_tn": r.cover_tn,
                       "why": r.why}
                      for r in report.reactions],
        "left_out": [{"reactor": x.reactor, "reasons": list(x.reasons)}
                     for x in report.left_out],
    }
    print(json.dumps(out, ensure_ascii=False))
    return 0
