"""`tactical --smoke-test`: the check every built package runs (issue 17).

It loads the demo encounter, plays a scripted round through the engine into a log, reopens
the log, and draws one frame of the real window offscreen. Every user folder (data,
settings, caches) points into a temporary folder that is removed afterwards, and the
install folder must be unchanged at the end: an installed app writes only in the user's
places. Exit 0 when everything worked, 1 with the failing step named otherwise.

`tactical --first-frame` starts the window on the demo the same way and prints "painted"
once its first frame is painted (the frozen app's cold start, packaging/coldstart.py).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from tactical.core.dice import RandomDice
from tactical.core.errors import TacticalError
from tactical.core.paths import app_root, demo_map, font_file
from tactical.data.library import load_map
from tactical.encounter.commands import command_from_payload
from tactical.encounter.encounter import Encounter
from tactical.encounter.model import Phase
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.store import autosave, files
from tactical.rules import registry

SEED = 17


def _command(kind: str, **fields: object) -> dict[str, object]:
    return {"type": kind, **fields}


# One round on the demo map (maps/warehouse.yaml): initiative, a move, an attack, and every
# combatant's turn ended, so round 2 begins. The same kinds of commands as a scenario file.
ROUND: tuple[dict[str, object], ...] = (
    *(_command("SetInitiative", combatant=who, value=value) for who, value in (
        ("kicker", 30), ("vanya", 22), ("guard-shotgun", 18), ("guard-shield", 14),
        ("guard-office", 11), ("abomination", 9))),
    _command("StartCombat"),
    _command("Move", combatant="kicker", path=[[3, 7], [4, 7]]),
    _command("EndTurn"),
    _command("Attack", attacker="vanya", target="guard-shotgun"),
    *(_command("EndTurn") for _ in range(5)),
)
# Where a user's files would go; all of them point into the temporary folder.
USER_DIRS = ("HOME", "USERPROFILE", "APPDATA", "LOCALAPPDATA", "XDG_CONFIG_HOME",
             "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")


class SmokeFailed(TacticalError):
    """A step of the smoke test failed; the message says which and why."""


def install_dir() -> Path:
    """The folder an installer fills: beside the frozen executable, or the checkout's
    bundled content (assets/, maps/) when run from source."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve().parent
    return app_root()


def _watched(folder: Path) -> Iterator[Path]:
    if getattr(sys, "frozen", False):
        yield from folder.rglob("*")
    else:  # from source Python writes __pycache__ into the checkout: watch the content only
        for name in ("assets", "maps"):
            yield from (folder / name).rglob("*")


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under `folder` with its size and modification time."""
    found = {}
    for path in _watched(folder):
        if path.is_file():
            stat = path.stat()
            found[str(path.relative_to(folder))] = (stat.st_size, stat.st_mtime_ns)
    return found


@contextmanager
def user_dirs_in(folder: Path) -> Iterator[None]:
    """Point the user data, settings and cache folders into `folder` for the duration."""
    saved = {name: os.environ.get(name) for name in (*USER_DIRS, autosave.ENV_VAR)}
    try:
        for name in USER_DIRS:
            os.environ[name] = str(folder / name.lower())
        os.environ[autosave.ENV_VAR] = str(folder / "data")
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def check_content() -> str:
    for path in (demo_map(), font_file()):
        if not path.is_file():
            raise SmokeFailed(f"the bundled file {path} is missing")
    if not registry.ids():
        raise SmokeFailed("no ruleset was found")
    return f"content found in {app_root()} (rulesets: {', '.join(sorted(registry.ids()))})"


def import_all() -> str:
    """Every module of the app imports: a bundle missing a library (one the packager
    excluded, or a hidden import) fails here, not when the GM opens that dialog."""
    import tactical

    names = [info.name for info in pkgutil.walk_packages(tactical.__path__, "tactical.")
             if not info.name.endswith("__main__")]  # that one would start the app again
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            raise SmokeFailed(f"cannot import {name}: {exc}") from None
    if len(names) < 50:  # the bundle lost its modules (tactical/ has about 190)
        raise SmokeFailed(f"only {len(names)} modules of the app were found")
    return f"{len(names)} modules imported"


def play_round(log_path: Path) -> Encounter:
    """The demo encounter, logged to `log_path`, after one scripted round."""
    loaded = load_map(demo_map())
    created = datetime(2026, 1, 1, tzinfo=UTC).isoformat(timespec="seconds")
    encounter = files.start(loaded, log_path, GeometryOracle, RandomDice(SEED), created)
    for index, payload in enumerate(ROUND):
        try:
            encounter.apply(command_from_payload(payload))
        except TacticalError as exc:
            raise SmokeFailed(f"the engine refused command {index} ({payload['type']}): "
                              f"{exc}") from None
    state = encounter.state
    if state.phase is not Phase.COMBAT or state.round != 2:
        raise SmokeFailed(f"after one round the encounter is in {state.phase.name} round "
                          f"{state.round}, expected COMBAT round 2")
    return encounter


def reopen(log_path: Path, played: Encounter) -> str:
    """The log written by the round replays to the same state (autosave works)."""
    resumed, warnings = files.resume(log_path, GeometryOracle, RandomDice(SEED))
    if warnings:
        raise SmokeFailed(f"the log {log_path.name} needed repairs: {'; '.join(warnings)}")
    if resumed.state != played.state:
        raise SmokeFailed(f"the log {log_path.name} replays to another state")
    close = getattr(resumed.sink, "close", None)
    if close is not None:
        close(finished=False)  # a fight still running: the window resumes it
    return f"log written and replayed ({log_path.stat().st_size} bytes)"


def steps(folder: Path) -> Iterator[tuple[str, Callable[[], str]]]:
    log_path = autosave.new_log_path(demo_map(), datetime(2026, 1, 1), autosave.encounters_dir())

    def play() -> str:
        encounter = play_round(log_path)
        holder.append(encounter)
        close = getattr(encounter.sink, "close", None)
        if close is not None:
            close(finished=False)
        state = encounter.state
        return f"one round played ({len(list(state))} combatants, now round {state.round})"

    def frame() -> str:
        # Qt only here (the command line loads it lazily); never a real screen
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from tactical.ui.smoke import first_frame

        return first_frame(log_path, folder / "settings.ini", folder / "frame.png")

    holder: list[Encounter] = []
    yield "content", check_content
    yield "modules", import_all
    yield "round", play
    yield "log", lambda: reopen(log_path, holder[0])
    yield "frame", frame


def run() -> int:
    before_root = install_dir()
    try:
        before = snapshot(before_root)
        with tempfile.TemporaryDirectory(prefix="tactical-smoke-") as tmp, \
                user_dirs_in(Path(tmp)):
            for name, step in steps(Path(tmp)):
                try:
                    print(f"smoke test: {name}: {step()}")
                except (TacticalError, OSError) as exc:
                    raise SmokeFailed(f"{name}: {exc}") from None
                except Exception as exc:  # anything else is a broken package too
                    raise SmokeFailed(f"{name}: {exc!r}") from None
        changed = sorted(set(snapshot(before_root).items()) ^ set(before.items()))
        if changed:
            names = sorted({path for path, _ in changed})
            raise SmokeFailed(f"the install folder {before_root} changed: "
                              f"{', '.join(names[:5])}")
    except SmokeFailed as exc:
        print(f"smoke test FAILED: {exc}", file=sys.stderr)
        return 1
    print(f"smoke test passed ({before_root} unchanged)")
    return 0


def first_frame() -> int:
    """Start the window on the demo with fresh user folders; print "painted" at its first
    frame and exit (packaging/coldstart.py times this)."""
    with tempfile.TemporaryDirectory(prefix="tactical-first-frame-") as tmp, \
            user_dirs_in(Path(tmp)):
        from tactical.ui.smoke import time_first_paint

        return time_first_paint(Path(tmp) / "settings.ini")
