"""Shadowrun SR4 and SR5 as `tactical.rules.api.Ruleset`s: one object per edition."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tactical.core.types import RulesetId
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.rules.reactions import ReactionSpec
from tactical.rules.shadowrun.constants import Edition, shadowrun_ruleset

_TITLES: dict[Edition, str] = {"sr5": "Shadowrun 5th edition", "sr4": "Shadowrun 4th edition"}


@dataclass(frozen=True, slots=True)
class Shadowrun:
    edition: Edition
    numbers: ShadowrunRuleset  # sr4.yaml / sr5.yaml, validated

    @property
    def id(self) -> RulesetId:
        return self.edition

    @property
    def title(self) -> str:
        return _TITLES[self.edition]

    @property
    def reaction_kinds(self) -> tuple[ReactionSpec, ...]:
        """None: a move on the map offers no reactions (docs/rules-shadowrun.md)."""
        return ()


@cache
def shadowrun(edition: Edition) -> Shadowrun:
    return Shadowrun(edition, shadowrun_ruleset(edition))
