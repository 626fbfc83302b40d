"""`tactical validate FILE…`: check data files; print OK or one line per problem."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tactical.data.character import Roster
from tactical.data.gear import Catalogue
from tactical.data.kinds import load_file
from tactical.data.library import Library, bundled_library, reference_problems
from tactical.data.maps import MapFile
from tactical.data.problems import DataError, Problem
from tactical.rules import registry


def add_parser(sub: Any) -> None:
    parser = sub.add_parser("validate", help="check maps, rosters, catalogues and rulesets",
                            description="Check Tactical data files. Prints OK or one line per "
                            "problem (file:line:column: field: message); exit 1 on any problem.")
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")


def run(args: argparse.Namespace) -> int:
    registry.load_schemas()  # a ruleset file is read by its ruleset's schema
    loaded = []
    problems: list[Problem] = []
    for path in args.files:
        try:
            loaded.append(load_file(path))
        except DataError as exc:
            problems.extend(exc.problems)
    try:
        library = bundled_library()
    except DataError as exc:  # a broken bundled file is reported like any other
        problems.extend(p for p in exc.problems if p not in problems)
        library = Library()
    # Files checked together may refer to each other (a new roster and a map that uses it).
    for _doc, model in loaded:
        if isinstance(model, Catalogue):
            library = library.with_catalogue(model)
        elif isinstance(model, Roster):
            library = library.with_characters(model.characters)
    for doc, model in loaded:
        problems.extend(reference_problems(doc, model, library))
        if isinstance(model, MapFile) and model.ruleset not in registry.ids():
            problems.append(doc.problem(("ruleset",), f"unknown ruleset '{model.ruleset}'; "
                                        f"expected one of: {', '.join(registry.ids())}"))
    for problem in problems:
        print(problem, file=sys.stderr)
    failed = {p.file for p in problems}
    for path in args.files:
        if str(path) not in failed:
            print(f"{path}: OK")
    return 1 if problems else 0
