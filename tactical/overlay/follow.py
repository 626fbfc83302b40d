"""`tactical overlays LOG`: a log read again each time it grows (the GM's app appends and
fsyncs each command; a streaming PC reads it over a shared folder), its state and events
turned into the overlays' topics through the players' audience filter. A map is served as
its setup (everyone at full Health, in roster order), read again when the file changes.

One look at the file's size and time every `interval` seconds is the only polling: the
browsers wait on their event streams."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tactical.core.errors import TacticalError
from tactical.encounter.model import EncounterState
from tactical.encounter.queries.audience import Audience, AudienceFilter, AudienceSettings
from tactical.overlay.feed import Feed
from tactical.overlay.payload import Payload
from tactical.rules import registry

Settings = Callable[[EncounterState, list[str]], AudienceSettings]


def read_source(path: Path) -> tuple[EncounterState, tuple[Any, ...], list[str]]:
    """The state, the effective events and the map's sides of a log (.jsonl) or a map."""
    if path.suffix.lower() == ".jsonl":
        from tactical.encounter.store.files import read

        view = read(path)
        return view.state_at(), view.events, list(view.loaded.map.sides)
    from tactical.data.library import load_map
    from tactical.encounter.context import initial_state

    loaded = load_map(path)
    return initial_state(loaded, None), (), list(loaded.map.sides)


def publish(feed: Feed, payload: Payload, state: EncounterState, events: tuple[Any, ...],
            settings: AudienceSettings) -> None:
    try:
        kinds = registry.ruleset(state.ruleset).reaction_kinds
    except registry.UnknownRuleset:
        kinds = ()
    feed.publish(payload.build(state, events, AudienceFilter(Audience.PLAYERS, settings),
                               kinds))


class Follower:
    """Reads `path` now (raising its error: a bad file is refused before serving), then
    on its own thread whenever it changes. A read that fails later (a line half written, a
    file being replaced) keeps the last good pages and is tried again at the next change."""

    def __init__(self, path: Path, feed: Feed, settings: Settings,
                 interval: float = 0.25) -> None:
        self.path, self.feed, self.settings, self.interval = path, feed, settings, interval
        self.payload = Payload()
        self.problem: str | None = None
        self.reads = 0
        self._seen = self._stamp()
        self._stop = threading.Event()
        self._read()
        self.thread = threading.Thread(target=self._run, name="overlay-follow", daemon=True)

    def _stamp(self) -> tuple[int, int]:
        try:
            st = self.path.stat()
        except OSError:
            return (-1, -1)
        return st.st_size, st.st_mtime_ns

    def _read(self) -> None:
        state, events, sides = read_source(self.path)
        sides = sides or sorted({c.side for c in state})
        publish(self.feed, self.payload, state, events, self.settings(state, sides))
        self.reads += 1

    def start(self) -> Follower:
        self.thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self.thread.is_alive():
            self.thread.join(5)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            stamp = self._stamp()
            if stamp == self._seen:
                continue
            self._seen = stamp
            try:
                self._read()
                self.problem = None
            except (TacticalError, OSError) as error:
                self.problem = str(error)
