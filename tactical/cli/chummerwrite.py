"""`tactical chummer-write ROSTER.yaml --character ID [--physical N] [--stun N]
[--vehicle INDEX=N …] [--force]`: write a character's wounds back into its Chummer file
(issue 29; tactical/data/chummer/writeback.py). Without numbers, the boxes the roster's
`chummer:` link holds are written (a campaign keeps them)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tactical.core.errors import TacticalError
from tactical.data.character import Roster
from tactical.data.chummer.writeback import ChangedSinceImport, Wounds, wounds_of, write_back
from tactical.data.kinds import load_file


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "chummer-write", help="write a character's wounds back into its Chummer file",
        description="Write the condition monitors' filled boxes (Physical, Stun, and each "
        "vehicle's or drone's) of a character imported with `tactical import` into its "
        ".chum5; nothing else in the file changes. A copy of the file as it was is kept "
        "beside it (FILE.chum5.bak). A file saved in Chummer since the import is refused "
        "unless --force.")
    parser.add_argument("roster", type=Path, metavar="ROSTER.yaml")
    parser.add_argument("--character", required=True, metavar="ID")
    parser.add_argument("--physical", type=int, metavar="N", help="Physical boxes filled")
    parser.add_argument("--stun", type=int, metavar="N", help="Stun boxes filled")
    parser.add_argument("--vehicle", action="append", default=[], metavar="INDEX=N",
                        help="boxes filled on the vehicle or drone at INDEX (0: the first "
                        "in the file); repeatable")
    parser.add_argument("--force", action="store_true",
                        help="write even if the file changed since it was imported")


def _vehicles(items: list[str]) -> dict[int, int]:
    out = {}
    for item in items:
        index, _, value = item.partition("=")
        if not (index.strip().isdigit() and value.strip().lstrip("-").isdigit()):
            raise TacticalError(f"--vehicle {item!r}: expected INDEX=N, e.g. 0=3")
        out[int(index)] = int(value)
    return out


def run(args: argparse.Namespace) -> int:
    try:
        _doc, roster = load_file(args.roster)
        if not isinstance(roster, Roster):
            raise TacticalError(f"{args.roster}: not a roster (kind: characters)")
        character = next((c for c in roster.characters if c.id == args.character), None)
        if character is None:
            raise TacticalError(f"{args.roster}: no character '{args.character}'; it has: "
                                + ", ".join(c.id for c in roster.characters))
        if character.chummer is None:
            raise TacticalError(f"{character.id} was not imported from Chummer")
        now = wounds_of(character.chummer)
        wounds = Wounds(now.physical if args.physical is None else args.physical,
                        now.stun if args.stun is None else args.stun,
                        {**now.vehicles, **_vehicles(args.vehicle)})
        done = write_back(character, args.roster, wounds, force=args.force)
    except ChangedSinceImport as exc:
        print(f"tactical chummer-write: refused: {exc}", file=sys.stderr)
        return 1
    except (TacticalError, OSError) as exc:
        for line in str(exc).splitlines() or [type(exc).__name__]:
            print(f"tactical chummer-write: error: {line}", file=sys.stderr)
        return 1
    print(f"{done.file}: {', '.join(done.changes)}; the file as it was is {done.backup.name}")
    return 0
