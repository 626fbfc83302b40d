"""`tactical attack CASE.json [--odds]`: resolve one Chapter 6 attack with scripted dice and
print it as one JSON object (format: docs/rules-chapter6.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tactical.errors import IllegalCommand, TacticalError


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "attack", help="resolve one Chapter 6 attack from a CASE file",
        description="Resolve one attack described by a CASE file (JSON) with its scripted "
        "dice and print the result as one JSON object; exit 1 on invalid input.")
    parser.add_argument("case", type=Path, metavar="CASE")
    parser.add_argument("--odds", action="store_true",
                        help="add the exact odds of the attack as set up")


def run(args: argparse.Namespace) -> int:
    from tactical.rules.chapter6.case import load_case, run_case

    try:
        case = load_case(args.case)
        report = run_case(case, odds=args.odds)
    except IllegalCommand as exc:
        for reason in exc.reasons:
            print(f"{args.case}: the rules forbid this attack: {reason}", file=sys.stderr)
        return 1
    except TacticalError as exc:  # DataError lines already name the file, line and field
        text = str(exc)
        print(text if text.startswith(str(args.case)) else f"{args.case}: {text}",
              file=sys.stderr)
        return 1
    print(json.dumps(report))
    return 0
