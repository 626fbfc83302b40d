"""One check for the Qt suites (tests/ui, tests/editor): a test leaves no top-level window
open. It asks for the top-level *windows* (QGuiApplication.topLevelWindows), not widgets:
wrapping every top-level widget alive (QApplication.topLevelWidgets) crashed a CI worker
with a segmentation fault once, and a crashed worker stalls pytest-xdist's loadfile
scheduling."""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtGui import QGuiApplication


def no_leaked_windows() -> Iterator[None]:
    before = set(QGuiApplication.topLevelWindows())  # kept: the same wrappers come back
    yield
    leaked = [w for w in QGuiApplication.topLevelWindows()
              if w not in before and w.isVisible()]
    for window in leaked:
        window.close()
    assert not leaked, f"top-level windows left open: {[w.title() for w in leaked]}"
