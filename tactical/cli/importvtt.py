"""`tactical import FILE --out MAP.yaml [--grid-m 1.5] [--pointy]`: a Universal VTT file
(.dd2vtt, .uvtt, .df2vtt) as a Tactical map, its picture written next to it (issue 15)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tactical.core.errors import TacticalError
from tactical.data.maps import Orientation
from tactical.data.mapwriter import save_map
from tactical.data.pictures import picture_problem
from tactical.data.uvtt import read_uvtt


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "import", help="turn a Universal VTT file (.dd2vtt, .uvtt, .df2vtt) into a map",
        description="Import a Universal VTT map (Dungeondraft, Dungeon Alchemist, …): its "
        "picture becomes the background (written next to the map), its walls high "
        "impenetrable cover, its portals doors (high medium cover, ids door-1…). Set the "
        "cover classes in the editor afterwards.")
    parser.add_argument("file", type=Path, metavar="FILE")
    parser.add_argument("--out", type=Path, required=True, metavar="MAP.yaml")
    parser.add_argument("--grid-m", type=float, default=1.5, metavar="M",
                        help="metres per map square (default 1.5: five feet)")
    parser.add_argument("--pointy", action="store_true", help="pointy-top hexes")
    parser.add_argument("--name", help="the map's name (default: the file's name)")


def run(args: argparse.Namespace) -> int:
    out: Path = args.out
    try:
        if out.suffix.lower() not in (".yaml", ".yml"):
            raise TacticalError(f"{out}: the map is written as YAML; name it MAP.yaml")
        if not out.parent.is_dir():
            raise TacticalError(f"{out.parent}: no such folder")
        orientation = Orientation.POINTY if args.pointy else Orientation.FLAT
        imported = read_uvtt(args.file, args.name or args.file.stem.replace("_", " "),
                             out.stem + ".png", grid_m=args.grid_m, orientation=orientation)
        image = out.parent / imported.image_name
        image.write_bytes(imported.image)
        problem = picture_problem(out.parent, imported.image_name)
        if problem is not None:
            image.unlink(missing_ok=True)
            raise TacticalError(f"{args.file}: image: {problem}")
        save_map(imported.map, out)
    except (TacticalError, OSError) as exc:
        for line in str(exc).splitlines() or [type(exc).__name__]:
            print(f"tactical import: error: {line}", file=sys.stderr)
        return 1
    grid = imported.map.grid
    print(f"{out}: {grid.columns}×{grid.rows} hexes, {imported.walls} wall runs, "
          f"{imported.doors} doors; picture {image.name}")
    return 0
