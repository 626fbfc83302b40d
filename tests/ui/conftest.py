"""Qt tests run offscreen and must not leave top-level windows behind."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication


@pytest.fixture(autouse=True)
def no_leaked_windows(qapp):
    before = set(map(id, QApplication.topLevelWidgets()))
    yield
    leaked = [w for w in QApplication.topLevelWidgets()
              if id(w) not in before and w.isVisible()]
    for widget in leaked:
        widget.close()
    assert not leaked, f"top-level windows left open: {leaked}"
