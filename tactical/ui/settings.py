"""The one reader of the GM's settings (QSettings: window layout, recent files, legend
edge, the players' view). A settings file is hostile too (issue 23): synced from another
machine or another Qt version, or edited by hand. So every value is read by its key as its
type, within its bounds: a value of the wrong type, an unknown name or a number out of range
reads as the default, with one warning per key (logged, and shown once in the status bar);
a list is capped as it is read. Nothing here writes a fallback back: the file stays as it
was until the GM changes that setting. Qt only (QSettings); needs no engine."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Sequence

from PySide6.QtCore import QByteArray, QSettings

log = logging.getLogger(__name__)

#: How much of a text value is read (a name, a path): more is not a setting we wrote.
MAX_TEXT = 4096


def _shown(value: object) -> str:
    """The value as a warning quotes it: short, whatever its type."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


class Settings:
    """Typed reads (and writes) of one QSettings store. `on_warning` (the main window's
    status bar) hears each warning once, as the log does."""

    def __init__(self, store: QSettings) -> None:
        self.store = store
        self.warnings: list[str] = []
        self.on_warning: Callable[[str], None] | None = None
        self._warned: set[str] = set()

    # --- the warning, once per key

    def warn(self, key: str, why: str, then: str = "using the default") -> None:
        if key in self._warned:
            return
        self._warned.add(key)
        text = f"Settings: {key} {why}; {then}"
        self.warnings.append(text)
        log.warning("%s (%s)", text, self.store.fileName())
        if self.on_warning is not None:
            self.on_warning(text)

    def _raw(self, key: str) -> object:
        try:
            value = self.store.value(key)
        except Exception as exc:  # a value Python cannot take
            self.warn(key, f"cannot be read ({type(exc).__name__})")
            return None
        if value is None and self.store.contains(key):  # a foreign @Variant Qt cannot load
            self.warn(key, "cannot be read by this version of Qt")
        return value

    # --- reads

    def has(self, key: str) -> bool:
        return self.store.contains(key)

    def blob(self, key: str) -> QByteArray | None:
        """Bytes Qt saved (a window geometry or layout); None if absent or not bytes."""
        value = self._raw(key)
        if value is None or isinstance(value, QByteArray):
            return value
        if isinstance(value, bytes):
            return QByteArray(value)
        self.warn(key, f"is {_shown(value)}, not saved window bytes")
        return None

    def text(self, key: str, default: str = "") -> str:
        value = self._raw(key)
        if value is None:
            return default
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            self.warn(key, f"is {_shown(value)}, not a short text")
            return default
        return value

    def choice(self, key: str, names: Sequence[str], default: str) -> str:
        """One of `names` (an edge, a camera mode); an unknown name is the default."""
        value = self._raw(key)
        if value is None:
            return default
        if isinstance(value, str) and value in names:
            return value
        self.warn(key, f"is {_shown(value)}, not one of {', '.join(map(repr, names))}")
        return default

    def number(self, key: str, default: float, low: float, high: float) -> float:
        """A finite number in [low, high] (QSettings keeps INI numbers as text)."""
        value = self._raw(key)
        if value is None:
            return default
        try:
            number = float(value) if isinstance(value, (int, float, str)) else math.nan
        except ValueError:
            number = math.nan
        if isinstance(value, bool) or not low <= number <= high:  # NaN fails both
            self.warn(key, f"is {_shown(value)}, not a number from {low:g} to {high:g}")
            return default
        return number

    def flag(self, key: str, default: bool) -> bool:
        value = self._raw(key)
        if value is None:
            return default
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("1", "true", "0", "false"):
            return value.lower() in ("1", "true")
        self.warn(key, f"is {_shown(value)}, not on or off")
        return default

    def texts(self, key: str, cap: int) -> list[str]:
        """A list of texts (recent files), at most `cap` of them: a longer list is cut
        with a warning (100,000 recent files took the start over 20 s, issue 23)."""
        value = self._raw(key)
        if value is None:
            return []
        if isinstance(value, str):  # QSettings gives a one-entry list back as a string
            value = [value]
        if not isinstance(value, list):
            self.warn(key, f"is {_shown(value)}, not a list")
            return []
        kept = [v for v in value[:cap] if isinstance(v, str) and 0 < len(v) <= MAX_TEXT]
        if len(value) > cap:
            self.warn(key, f"holds {len(value):,} entries, more than {cap}",
                      f"the first {cap} are kept")
        elif len(kept) < len(value):
            self.warn(key, "holds entries that are not file paths; they are skipped")
        return kept

    # --- writes (values read back by the methods above)

    def set(self, key: str, value: object) -> None:
        self.store.setValue(key, value)
