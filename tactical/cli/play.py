"""`tactical play SCENARIO.json [--json]`: play a scenario file (a map, scripted dice, a list
of commands) through the engine and print what each command did and the state after."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tactical.core.errors import TacticalError
from tactical.encounter.report import play_state_json, state_text
from tactical.encounter.scenario import play_all


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("play", help="play a scenario file through the engine",
                            description="Play a scenario (a map, scripted dice and commands, "
                            "JSON) through the encounter engine; a refused command is "
                            "reported and the run goes on. Exit 1 on a bad file.")
    parser.add_argument("scenario", type=Path, metavar="SCENARIO.json")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: results and state")


def run(args: argparse.Namespace) -> int:
    try:
        played = play_all(args.scenario)
    except (TacticalError, OSError) as exc:  # DataError lines name file:line:col: field
        text = str(exc)
        print(text if text.startswith(str(args.scenario)) else f"{args.scenario}: {text}",
              file=sys.stderr)
        return 1
    state = played.encounter.state
    if args.json:
        out = {"results": [r.to_json() for r in played.results],
               "state": play_state_json(state)}
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    for r in played.results:
        what = ", ".join(r.events) if r.refused is None else f"REFUSED: {r.refused}"
        print(f"{r.index:>3} {r.type}: {what}")
    print()
    print(state_text(state))
    return 0
