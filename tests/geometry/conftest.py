"""Fixtures for the geometry tests; map helpers live in geomaps.py."""

from __future__ import annotations

import pytest

from tactical.geometry.params import GeometryParams


@pytest.fixture
def params() -> GeometryParams:
    return GeometryParams()
