"""`tactical attack CASE.json [--odds]`: resolve one attack with scripted dice and print it as
one JSON object. The CASE's "ruleset" picks the ruleset that reads it (none: the default,
Chapter 6: docs/rules-chapter6.md; Shadowrun: docs/rules-shadowrun.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tactical.core.errors import IllegalCommand, TacticalError


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "attack", help="resolve one attack (Chapter 6, SR4 or SR5) from a CASE file",
        description="Resolve one attack described by a CASE file (JSON) with its scripted "
        "dice and print the result as one JSON object; exit 1 on invalid input.")
    parser.add_argument("case", type=Path, metavar="CASE")
    parser.add_argument("--odds", action="store_true",
                        help="add the exact odds of the attack as set up")


def _data(path: Path) -> object:
    """The CASE as read (None when unreadable: the default ruleset reports the problem)."""
    from tactical.data.yamlsafe import read_yaml

    try:
        return read_yaml(path).data
    except TacticalError:
        return None


def run(args: argparse.Namespace) -> int:
    from tactical.rules import registry

    data = _data(args.case)
    named = data.get("ruleset") if isinstance(data, dict) else None
    rules = registry.ruleset(named if isinstance(named, str) and named in registry.ids()
                             else registry.DEFAULT)
    try:
        if isinstance(data, dict) and "area" in data:  # issue 27: a blast aimed at a hex
            from tactical.cli.areacase import area_case
            report = area_case(args.case, data)
        else:
            report = rules.attack_case(args.case, odds=args.odds)
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
