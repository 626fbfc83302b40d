"""`tactical replay LOG.jsonl [--at N] [--json]`: the state after N events of a log."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tactical.core.errors import TacticalError
from tactical.encounter.report import state_json, state_text
from tactical.encounter.store import files


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("replay", help="print an encounter log's state after N events",
                            description="Replay an encounter log (read only) and print the "
                            "initiative order and each combatant's Health, Stamina, injury "
                            "and conditions.")
    parser.add_argument("log", type=Path, metavar="LOG.jsonl")
    parser.add_argument("--at", type=int, metavar="N",
                        help="after the first N events in effect (default: all)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except (TacticalError, OSError) as exc:  # e.g. a broken bundled ruleset: its line
        print(f"tactical replay: {exc}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    view = files.read(args.log)
    for warning in view.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if args.at is not None and not 0 <= args.at <= len(view.events):
        print(f"tactical replay: --at must be between 0 and {len(view.events)} "
              f"(the log holds {len(view.events)} events in effect)", file=sys.stderr)
        return 1
    state = view.state_at(args.at)
    if args.json:
        out = state_json(state)
        out["events"] = len(view.events) if args.at is None else args.at
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        print(state_text(state))
    return 0
