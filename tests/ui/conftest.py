"""Qt tests run offscreen and must not leave top-level windows behind; `demo_window` is the
main window on the demo encounter (tests/windows.py), `warehouse` its fight started."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests import fights, qtleaks, windows


@pytest.fixture(autouse=True)
def no_leaked_windows(qapp) -> Iterator[None]:
    yield from qtleaks.no_leaked_windows()


@pytest.fixture
def demo_window(qtbot, tmp_path):
    """The main window at 1600 × 900 on the demo map, fitted, before the fight starts."""
    window = windows.open_window(qtbot, tmp_path)
    yield window
    windows.close(window)


@pytest.fixture
def warehouse_fight():
    """The warehouse fight started, Kicker's first Move made (tests/fights.py)."""
    return fights.warehouse()
