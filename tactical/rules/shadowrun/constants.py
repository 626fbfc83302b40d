"""Loading the Shadowrun editions' ruleset constants shipped inside the package: one YAML file
per edition (sr4.yaml, sr5.yaml), named by its id. The list of ids is the registry's
(tactical/rules/registry.py); adding an edition is its file and one line there."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TypeAlias

from tactical.data.kinds import load_file
from tactical.data.shadowrun_ruleset import ShadowrunRuleset

Edition: TypeAlias = str
"""An edition's id, which is also its file's name here ("sr5" → sr5.yaml)."""

HERE = Path(__file__).parent


@cache
def shadowrun_ruleset(edition: Edition, path: Path | None = None) -> ShadowrunRuleset:
    """The validated constants of one edition; a broken file raises DataError naming its line."""
    if path is None and not re.fullmatch(r"[a-z][a-z0-9]*", edition):
        raise ValueError(f"'{edition}' is not an edition id")
    _doc, model = load_file(path or HERE / f"{edition}.yaml")
    if not isinstance(model, ShadowrunRuleset) or model.id != edition:
        raise ValueError(f"{edition}.yaml must have kind: ruleset and id: {edition}")
    return model
