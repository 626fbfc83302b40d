"""Fixtures for the geometry tests; map helpers live in geomaps.py."""

from __future__ import annotations

import pytest

from tactical.geometry.params import GeometryParams
from tactical.rules.chapter6.constants import chapter6_ruleset


@pytest.fixture
def params() -> GeometryParams:
    return GeometryParams.from_ruleset(chapter6_ruleset())
