"""Loading the Chapter 6 ruleset constants shipped inside the package."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tactical.data.kinds import load_file
from tactical.rules.chapter6.numbers import Chapter6Ruleset

RULESET_FILE = Path(__file__).with_name("ruleset.yaml")


@cache
def chapter6_ruleset(path: Path = RULESET_FILE) -> Chapter6Ruleset:
    """The validated constants; a broken file raises DataError naming its line."""
    _doc, model = load_file(path)
    assert isinstance(model, Chapter6Ruleset), "ruleset.yaml must have kind: ruleset"
    return model
