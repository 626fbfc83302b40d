"""Qt tests run offscreen and must not leave top-level windows behind."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests import qtleaks


@pytest.fixture(autouse=True)
def no_leaked_windows(qapp) -> Iterator[None]:
    yield from qtleaks.no_leaked_windows()
