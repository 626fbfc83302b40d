"""`tactical render MAP_OR_LOG --out FILE.png [--select ID] [--drag "q,r q,r …"]
[--audience gm|players] [--fog] [--hide ID] [--detail SIDE=LEVEL] [--key [COLOUR]]
[--manifest FILE.json] [--area WEAPON --aim Q,R --attacker ID]
[--size 1920x1080]`: the board drawn headless with the window's own items, to a PNG."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from tactical.cli.sight import UsageError, fail, parse_hex
from tactical.core.atomic import write_file
from tactical.core.errors import TacticalError
from tactical.core.types import Hex
from tactical.geometry.hexgrid import hex_distance


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "render", help="draw the board to a PNG (no screen needed)",
        description="Render a map (.yaml) or an encounter log (.jsonl, at its latest state) "
        "to a PNG with the same items as the window: grid, cover, tokens, the selected "
        "token's range bands, and a drag in progress with the reactions it triggers.")
    parser.add_argument("source", type=Path, metavar="MAP_OR_LOG")
    parser.add_argument("--out", required=True, type=Path, metavar="FILE.png")
    parser.add_argument("--select", metavar="ID", help="select this token (shows its bands)")
    parser.add_argument("--drag", metavar="HEXES",
                        help="a drag in progress: 'q,r q,r ...' starting at the dragged "
                        "token's hex (or, with --select, the hexes it enters)")
    parser.add_argument("--size", default="1920x1080", metavar="WxH")
    # the players' screen (issue 16)
    parser.add_argument("--audience", choices=("gm", "players"), default="gm",
                        help="whose screen: the GM's board (default) or the players' view, "
                        "which never shows what only the GM knows")
    parser.add_argument("--fog", action="store_true",
                        help="players: fog of war (only what the players' side sees)")
    parser.add_argument("--hide", action="append", default=[], metavar="ID",
                        help="players: a token the GM hides from them (repeatable)")
    parser.add_argument("--player-side", action="append", default=[], metavar="SIDE",
                        help="players: their side (repeatable; default the map's first)")
    parser.add_argument("--detail", action="append", default=[], metavar="SIDE=LEVEL",
                        help="players: what a side shows of its wounds: bars, coarse "
                        "(unhurt/hurt/badly hurt/down; enemies' default) or none")
    parser.add_argument("--key", nargs="?", const="#FF00FF", metavar="#RRGGBB",
                        help="players: a plain chroma-key colour around the map "
                        "(magenta when no colour is given)")
    parser.add_argument("--manifest", type=Path, metavar="FILE.json",
                        help="also write what was drawn: tokens and their visible fields, "
                        "labels, zones, layers")
    # issue 27: the aiming preview of an area attack
    parser.add_argument("--area", metavar="WEAPON",
                        help="the GM aiming a blast weapon: its rings at --aim, who is caught "
                        "(ring dice, cover, shielded), the scatter spread, the odds")
    parser.add_argument("--aim", metavar="Q,R", help="--area: the aimed hex")
    parser.add_argument("--attacker", metavar="ID", help="--area: who throws or fires")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size: expected WIDTHxHEIGHT such as 1920x1080, got '{text}'") \
            from None
    if not (16 <= w <= 10000 and 16 <= h <= 10000):
        raise UsageError(f"--size: {w}x{h} is out of range (16 to 10000 pixels a side)")
    return w, h


def _drag(text: str | None, tokens: dict[Hex, str], select: str | None,
          where: dict[str, Hex], grid: Any) -> tuple[str | None, tuple[Hex, ...]]:
    if not text:
        return None, ()
    hexes = tuple(parse_hex(part) for part in text.replace(";", " ").split())
    if not hexes:
        raise UsageError("--drag: the path is empty; give hexes as 'q,r q,r ...'")
    if hexes[0] in tokens:
        mover, hexes = tokens[hexes[0]], hexes
    elif select is not None:
        mover, hexes = select, (where[select], *hexes)
    else:
        raise UsageError(f"--drag: no token stands in {hexes[0][0]},{hexes[0][1]}; start the "
                         "path at the dragged token's hex, or name it with --select")
    for index, h in enumerate(hexes):
        if not grid.contains(h):
            raise UsageError(f"--drag: hex {h[0]},{h[1]} is off the map")
        if index and hex_distance(hexes[index - 1], h) != 1:
            a = hexes[index - 1]
            raise UsageError(f"--drag: the path jumps from {a[0]},{a[1]} to {h[0]},{h[1]}; "
                             "consecutive hexes must be neighbours")
    return mover, hexes[1:]


def _area(args: argparse.Namespace, document: Any) -> tuple[str, str, Hex] | None:
    """--area WEAPON --aim Q,R --attacker ID, checked: (attacker, weapon, aim) or None."""
    if args.area is None:
        if args.aim is not None or args.attacker is not None:
            raise UsageError("--aim and --attacker go with --area WEAPON")
        return None
    if args.aim is None or args.attacker is None:
        raise UsageError("--area needs --aim Q,R and --attacker ID")
    if args.audience != "gm":
        raise UsageError("--area: the aim is the GM's; the players' screen shows a blast "
                         "only once it is thrown")
    state = document.state
    if args.attacker not in state.combatants:
        raise UsageError(f"--attacker: unknown token '{args.attacker}'; expected one of: "
                         f"{', '.join(state.combatants)}")
    weapons = document.loaded.library.weapons
    blasts = sorted(w for w, weapon in weapons.items() if weapon.area is not None)
    if args.area not in blasts:
        raise UsageError(f"--area: '{args.area}' is not a blast weapon; expected one of: "
                         f"{', '.join(blasts)}")
    aim = parse_hex(args.aim)
    if not document.loaded.map.grid.contains(aim):
        raise UsageError(f"--aim: hex {aim[0]},{aim[1]} is off the map")
    return args.attacker, args.area, aim


def _document(source: Path) -> Any:
    from tactical.core.dice import RandomDice
    from tactical.encounter.context import Context
    from tactical.encounter.encounter import Encounter
    from tactical.encounter.queries.oracle import GeometryOracle
    from tactical.encounter.store.files import read
    from tactical.ui.document import EncounterDocument

    if not source.exists():
        raise UsageError(f"no such file: {source}")
    if source.suffix.lower() == ".jsonl":
        log = read(source)
        context = Context.build(log.loaded, GeometryOracle, rules=log.rules,
                                ruleset=log.ruleset, numbers=log.numbers)
        encounter = Encounter(context, RandomDice(0), None, log.history)
        return EncounterDocument(encounter)
    from tactical.data.library import load_map

    return EncounterDocument.for_map(load_map(source), RandomDice(0))


def _audience(args: argparse.Namespace, document: Any) -> Any:
    from tactical.encounter.queries.audience import (
        Audience,
        AudienceFilter,
        AudienceSettings,
        Detail,
        default_settings,
    )

    state = document.state
    if args.audience == "gm":
        if args.fog or args.hide or args.player_side or args.key or args.detail:
            raise UsageError("--fog, --hide, --player-side, --detail and --key are for "
                             "--audience players")
        return None
    for cid in args.hide:
        if cid not in state.combatants:
            raise UsageError(f"--hide: unknown token '{cid}'; expected one of: "
                             f"{', '.join(state.combatants)}")
    sides = list(document.loaded.map.sides) or sorted({c.side for c in state})
    for side in args.player_side:
        if side not in sides:
            raise UsageError(f"--player-side: unknown side '{side}'; expected one of: "
                             f"{', '.join(sides)}")
    settings = (AudienceSettings(frozenset(args.player_side)) if args.player_side
                else default_settings(sides))
    for cid in args.hide:
        settings = settings.with_hidden(cid, True)
    for text in args.detail:
        side, _eq, level = text.partition("=")
        if side not in sides or level not in {d.value for d in Detail}:
            raise UsageError(f"--detail: expected SIDE=bars|coarse|none with SIDE one of "
                             f"{', '.join(sides)}; got '{text}'")
        settings = settings.with_detail(side, Detail(level))
    return AudienceFilter(Audience.PLAYERS, settings)


def run(args: argparse.Namespace) -> int:
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        size = parse_size(args.size)
        if args.out.suffix.lower() != ".png":
            raise UsageError(f"--out: expected a .png file, got '{args.out}'")
        from tactical.ui.board.render import application, render_image, save_png

        application()
        document = _document(args.source)
        state = document.state
        if args.select is not None and args.select not in state.combatants:
            raise UsageError(f"--select: unknown token '{args.select}'; expected one of: "
                             f"{', '.join(state.combatants)}")
        where = {c.id: c.hex for c in state}
        mover, hexes = _drag(args.drag, {h: i for i, h in where.items()}, args.select, where,
                             document.loaded.map.grid)
        audience = _audience(args, document)
        area = _area(args, document)
        drawn: dict[str, Any] = {}
        image = render_image(document, size, args.select or mover, hexes, mover,
                             audience=audience, fog=args.fog, key=args.key, manifest=drawn,
                             area=area)
        save_png(image, args.out)  # whole or not at all; a full disk is CannotWrite
        if args.manifest is not None:
            write_file(args.manifest, (json.dumps(drawn, indent=1, ensure_ascii=False)
                                       + "\n").encode("utf-8"))
    except (TacticalError, OSError) as exc:
        return fail("render", exc)
    print(f"wrote {args.out} ({size[0]}x{size[1]})", file=sys.stderr)
    return 0
