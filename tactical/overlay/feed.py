"""The hand-over between the thread that knows the fight (the GUI's, or the log follower's)
and the server's threads: the latest JSON of each topic, prepared by the writer, with a
version number a server-sent-events stream waits on. Writing costs a dict store and a
notify; the server's threads never read the fight itself."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass

#: The pages, in the order the index lists them (each is also its URL: /initiative …).
TOPICS = ("initiative", "roll", "party", "banner")


@dataclass(frozen=True, slots=True)
class Item:
    version: int  # this topic's count of changes (a new value, never the same one twice)
    json: str


class Feed:
    """Thread-safe latest values: `publish` from one writer, `wait` from many readers."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._items: dict[str, Item] = {t: Item(0, "null") for t in TOPICS}
        self._closed = False

    def publish(self, values: Mapping[str, str]) -> tuple[str, ...]:
        """Store each topic's new JSON; wakes the streams of those that changed (returned)."""
        with self._lock:
            changed = tuple(t for t, text in values.items()
                            if t in self._items and self._items[t].json != text)
            for topic in changed:
                self._items[topic] = Item(self._items[topic].version + 1, values[topic])
            if changed:
                self._lock.notify_all()
        return changed

    def get(self, topic: str) -> Item:
        with self._lock:
            return self._items[topic]

    def wait(self, topic: str, after: int, timeout: float) -> Item | None:
        """The topic once its version is past `after`; None on timeout or when closed."""
        with self._lock:
            self._lock.wait_for(lambda: self._closed or self._items[topic].version > after,
                                timeout)
            item = self._items[topic]
            return None if self._closed or item.version <= after else item

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Ends every stream (the server is stopping)."""
        with self._lock:
            self._closed = True
            self._lock.notify_all()
