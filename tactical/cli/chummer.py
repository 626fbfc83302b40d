"""`tactical import CHARACTER.chum5 [MORE.chum5 …] --out ROSTER.yaml [--force]`: Chummer
characters into a roster (issue 29; tactical/data/chummer/), with what was read, what was
skipped and why, and every fallback, printed per character."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tactical.core.errors import TacticalError
from tactical.data.chummer.importer import import_characters, summary

SUFFIXES = (".chum5", ".chum")


def wanted(files: list[Path]) -> bool:
    """Whether `tactical import` was given Chummer files (a map import takes one other)."""
    return any(f.suffix.lower() in SUFFIXES for f in files)


def run(args: argparse.Namespace) -> int:
    files: list[Path] = list(args.file)
    others = [f for f in files if f.suffix.lower() not in SUFFIXES]
    if others:
        print(f"tactical import: error: {others[0]}: not a Chummer file (.chum5); import "
              "Chummer characters and maps separately", file=sys.stderr)
        return 1
    try:
        result = import_characters(files, args.out, force=bool(getattr(args, "force", False)))
    except (TacticalError, OSError) as exc:
        for line in str(exc).splitlines() or [type(exc).__name__]:
            print(f"tactical import: error: {line}", file=sys.stderr)
        print(f"tactical import: nothing was written to {args.out}", file=sys.stderr)
        return 1
    for line in summary(result):
        print(line)
    return 0
