"""`tactical overlays MAP_OR_LOG [--port P] [--hide ID] [--player-side SIDE]`: the stream
overlays served headless on 127.0.0.1 for a log, followed as it grows (a streaming PC that is
not the GM's, or a test), or a map's setup. Ctrl+C stops it."""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path
from typing import Any

from tactical.core.errors import TacticalError
from tactical.encounter.model import EncounterState
from tactical.encounter.queries.audience import AudienceSettings, default_settings
from tactical.overlay.feed import TOPICS, Feed
from tactical.overlay.follow import Follower
from tactical.overlay.server import OverlayServer

DEFAULT_PORT = 8728


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "overlays", help="serve the stream overlays for OBS (initiative, roll, party, banner)",
        description="Serve the overlays for OBS browser sources on 127.0.0.1 only: "
        "/initiative, /roll, /party and /banner (each with ?scale= and ?pos=; / lists them), "
        "transparent, updated live as the log grows. Only what the players' screen shows.")
    parser.add_argument("source", type=Path, metavar="MAP_OR_LOG")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="P",
                        help=f"the port on 127.0.0.1 (default {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--hide", action="append", default=[], metavar="ID",
                        help="a token the players must not see (repeatable)")
    parser.add_argument("--player-side", action="append", default=[], metavar="SIDE",
                        help="the players' side (repeatable; default the map's first)")


def _settings(args: argparse.Namespace) -> Any:
    def settings(state: EncounterState, sides: list[str]) -> AudienceSettings:
        chosen = (AudienceSettings(frozenset(args.player_side)) if args.player_side
                  else default_settings(sides))
        for cid in args.hide:
            chosen = chosen.with_hidden(cid, True)
        return chosen
    return settings


def run(args: argparse.Namespace, ready: threading.Event | None = None,
        stop: threading.Event | None = None) -> int:
    """Serves until Ctrl+C (or `stop`, for tests); `ready` is set once it listens."""
    if not 0 <= args.port <= 65535:
        print(f"tactical overlays: --port: {args.port} is not a port (0 to 65535)",
              file=sys.stderr)
        return 2
    if not args.source.exists():
        print(f"tactical overlays: no such file: {args.source}", file=sys.stderr)
        return 1
    feed = Feed()
    try:
        follower = Follower(args.source, feed, _settings(args))
        server = OverlayServer(feed, args.port)
    except (TacticalError, OSError) as error:
        print(f"tactical overlays: {error}", file=sys.stderr)
        return 1
    _warn_unknown(args, args.source)
    server.start()
    follower.start()
    print(f"serving the overlays of {args.source} at {server.url} "
          f"({', '.join('/' + t for t in TOPICS)}); Ctrl+C stops", file=sys.stderr, flush=True)
    if ready is not None:
        ready.set()
    try:
        (stop or threading.Event()).wait()
    except KeyboardInterrupt:
        pass
    finally:
        follower.stop()
        server.stop()
    return 0


def _warn_unknown(args: argparse.Namespace, source: Path) -> None:
    """A --hide that names no token is a typo the GM should see (it hides nothing)."""
    from tactical.overlay.follow import read_source

    try:
        state, _events, _sides = read_source(source)
    except (TacticalError, OSError):
        return
    for cid in args.hide:
        if cid not in state.combatants:
            print(f"warning: --hide: no token '{cid}' in {source}; expected one of: "
                  f"{', '.join(state.combatants)}", file=sys.stderr)
