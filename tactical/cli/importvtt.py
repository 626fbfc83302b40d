"""`tactical import FILE --out MAP.yaml [--grid-m 1.5] [--pointy] [--force]`: a Universal VTT file
(.dd2vtt, .uvtt, .df2vtt) as a Tactical map, its picture written next to it (issue 15)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tactical.cli import chummer
from tactical.core.errors import TacticalError
from tactical.data.maps import Orientation
from tactical.data.uvtt import import_uvtt


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "import", help="turn a Universal VTT file (.dd2vtt, .uvtt, .df2vtt) into a map, or "
        "Chummer characters (.chum5) into a roster",
        description="Import a Universal VTT map (Dungeondraft, Dungeon Alchemist, …): its "
        "picture becomes the background (written next to the map), its walls high "
        "impenetrable cover, its portals doors (high medium cover, ids door-1…). Set the "
        "cover classes in the editor afterwards. Or import Chummer characters "
        "(CHARACTER.chum5 … --out ROSTER.yaml): the roster is created or added to, "
        "portraits written beside it (docs/campaign.md).")
    parser.add_argument("file", type=Path, metavar="FILE", nargs="+")
    parser.add_argument("--out", type=Path, required=True, metavar="MAP.yaml|ROSTER.yaml")
    parser.add_argument("--grid-m", type=float, default=1.5, metavar="M",
                        help="metres per map square (default 1.5: five feet)")
    parser.add_argument("--pointy", action="store_true", help="pointy-top hexes")
    parser.add_argument("--name", help="the map's name (default: the file's name)")
    parser.add_argument("--force", action="store_true",
                        help="replace MAP.yaml and its picture if they are already there "
                        "(without it, an existing file is never overwritten)")


def run(args: argparse.Namespace) -> int:
    if chummer.wanted(args.file):  # Chummer characters: --force replaces a character
        return chummer.run(args)
    if len(args.file) > 1:
        print("tactical import: error: one map at a time", file=sys.stderr)
        return 1
    args.file = args.file[0]
    out: Path = args.out
    try:
        orientation = Orientation.POINTY if args.pointy else Orientation.FLAT
        imported = import_uvtt(args.file, out, grid_m=args.grid_m, orientation=orientation,
                               name=args.name, force=args.force)
    except (TacticalError, OSError) as exc:
        for line in str(exc).splitlines() or [type(exc).__name__]:
            print(f"tactical import: error: {line}", file=sys.stderr)
        return 1
    for warning in imported.warnings:
        print(f"tactical import: warning: {warning}", file=sys.stderr)
    grid = imported.map.grid
    print(f"{out}: {grid.columns}×{grid.rows} hexes, {imported.walls} wall runs, "
          f"{imported.doors} doors; picture {imported.image_name}")
    return 0
