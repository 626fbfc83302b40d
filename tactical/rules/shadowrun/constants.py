"""Loading the SR4 and SR5 ruleset constants shipped inside the package."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from tactical.data.kinds import load_file
from tactical.data.shadowrun_ruleset import ShadowrunRuleset

Edition = Literal["sr4", "sr5"]
EDITIONS: tuple[Edition, ...] = ("sr4", "sr5")
HERE = Path(__file__).parent


@cache
def shadowrun_ruleset(edition: Edition, path: Path | None = None) -> ShadowrunRuleset:
    """The validated constants of one edition; a broken file raises DataError naming its line."""
    _doc, model = load_file(path or HERE / f"{edition}.yaml")
    if not isinstance(model, ShadowrunRuleset) or model.id != edition:
        raise ValueError(f"{edition}.yaml must have kind: ruleset and id: {edition}")
    return model
