"""What a ruleset provides: the one interface the engine, the CLI and the board reach a
ruleset through (docs/architecture.md).

A ruleset is data (its YAML numbers) plus a few pure functions. Nothing outside the ruleset's
own package may import that package: the encounter engine, the geometry and the CLI ask
`tactical.rules.registry.ruleset(id)` for a `Ruleset` and use only what is declared here.
"""

from __future__ import annotations

from typing import Protocol

from tactical.core.types import RulesetId
from tactical.rules.reactions import ReactionSpec


class Ruleset(Protocol):
    """One ruleset as the engine sees it. Implementations: `rules/chapter6/ruleset.py`,
    `rules/shadowrun/ruleset.py` (one object per edition)."""

    @property
    def id(self) -> RulesetId:
        """The id written in a log's header and in `--ruleset` ("chapter6", "sr5")."""
        ...

    @property
    def title(self) -> str:
        """How the GM sees it named ("Shadowrun 5th edition")."""
        ...

    @property
    def reaction_kinds(self) -> tuple[ReactionSpec, ...]:
        """The reactions a move on the map can offer, in the order a step lists them
        (empty: the map offers none)."""
        ...
