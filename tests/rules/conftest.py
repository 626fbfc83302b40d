"""Shared fixtures for Chapter 6 rule tests."""

from __future__ import annotations

import pytest

from tactical.rules.chapter6.constants import chapter6_ruleset


@pytest.fixture(scope="session")
def rules():
    return chapter6_ruleset()
