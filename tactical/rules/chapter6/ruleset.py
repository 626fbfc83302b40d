"""Chapter 6 as a `tactical.rules.api.Ruleset`: the object the registry hands out."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tactical.core.types import RulesetId
from tactical.data.ruleset import Chapter6Ruleset
from tactical.rules.chapter6.constants import chapter6_ruleset


@dataclass(frozen=True, slots=True)
class Chapter6:
    numbers: Chapter6Ruleset  # ruleset.yaml, validated

    @property
    def id(self) -> RulesetId:
        return "chapter6"

    @property
    def title(self) -> str:
        return self.numbers.name  # ruleset.yaml `name`


@cache
def chapter6() -> Chapter6:
    return Chapter6(chapter6_ruleset())
