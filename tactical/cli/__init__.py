"""The `tactical` command: the GUI with no subcommand, tools with one.

Each tool lives in its own module under tactical/cli/ with `add_parser(subparsers)` and
`run(args) -> int`; SUBCOMMANDS lists them in the order `--help` shows them.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from tactical import __version__

SUBCOMMANDS = ("validate", "attack", "replay", "play", "sight", "triggers", "path", "render",
               "overlays", "import", "chummer-write", "campaign")
# a tool named like a Python keyword, or with a dash
MODULES = {"import": "importvtt", "chummer-write": "chummerwrite"}
# What the window's first frame needs that is not Qt (the map, the engine, the log, the
# geometry): imported before PySide6, whose import hook reads the source of every module
# imported after it (about 60 ms of a cold start; issue 13).
ENGINE = ("tactical.encounter.store.files", "tactical.encounter.store.autosave",
          "tactical.encounter.queries.oracle", "tactical.encounter.queries.movepreview",
          "tactical.encounter.queries.audience", "tactical.encounter.queries.fog",
          "tactical.rules.registry")


def load_engine() -> None:
    """Import ENGINE and the default ruleset (the demo's; the registry imports a ruleset
    when it is first asked for); call it before the first import of PySide6."""
    for name in ENGINE:
        importlib.import_module(name)
    from tactical.rules import registry

    registry.ruleset(registry.DEFAULT)


def _gui_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tactical",
        description="A game master's combat board. With no FILE, opens the demo encounter.",
        epilog="tools: " + ", ".join(SUBCOMMANDS)
        + " (run 'tactical TOOL --help' for each)",
    )
    parser.add_argument("file", nargs="?", type=Path,
                        help="a map (.yaml) or encounter log (.jsonl) to open")
    from tactical.rules import registry

    parser.add_argument("--ruleset", choices=sorted(registry.ids()),
                        help="run a new encounter under this ruleset (default: the map's)")
    parser.add_argument("--version", action="version", version=f"tactical {__version__}")
    parser.add_argument("--smoke-test", action="store_true",
                        help="check this installation (demo, one round, one frame drawn "
                        "offscreen; writes only in a temporary folder) and exit")
    parser.add_argument("--first-frame", action="store_true",
                        help=argparse.SUPPRESS)  # packaging/coldstart.py times the frozen app
    return parser


def _tool_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tactical")
    parser.add_argument("--version", action="version", version=f"tactical {__version__}")
    sub = parser.add_subparsers(dest="tool", required=True)
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"tactical.cli.{MODULES.get(name, name)}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # numpy's OpenBLAS starts a thread per core when imported (~0.14 s of CPU at a start,
    # on a laptop that also runs the stream); Tactical's arrays never need them
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] in SUBCOMMANDS:
        args = _tool_parser().parse_args(args_list)
        module = importlib.import_module(f"tactical.cli.{MODULES.get(args.tool, args.tool)}")
        try:
            return int(module.run(args))
        except BrokenPipeError:
            # `tactical play … | head`: the reader left; stop quietly, as Unix tools do
            # (Python's signal docs: point stdout at devnull so the exit flush is silent)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 0
    args = _gui_parser().parse_args(args_list)
    if args.smoke_test or args.first_frame:  # issue 17: the check every package runs
        load_engine()
        from tactical.cli import smoke

        return smoke.run() if args.smoke_test else smoke.first_frame()
    from tactical.ui import startcache

    if not startcache.start_has_picture(args.file, args.ruleset):
        load_engine()  # the window paints when the board is built: the engine first
    from tactical.ui.app import run_gui  # Qt is imported only when a window is wanted

    return run_gui(args.file, args.ruleset)
