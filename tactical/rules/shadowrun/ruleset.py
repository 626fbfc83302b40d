"""Shadowrun SR4 and SR5 as `tactical.rules.api.Ruleset`s: one object per edition."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tactical.core.types import RulesetId
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.rules.shadowrun.constants import Edition, shadowrun_ruleset


@dataclass(frozen=True, slots=True)
class Shadowrun:
    edition: Edition
    numbers: ShadowrunRuleset  # sr4.yaml / sr5.yaml, validated

    @property
    def id(self) -> RulesetId:
        return self.edition

    @property
    def title(self) -> str:
        return self.numbers.name  # sr4.yaml / sr5.yaml `name`


@cache
def shadowrun(edition: Edition) -> Shadowrun:
    return Shadowrun(edition, shadowrun_ruleset(edition))
