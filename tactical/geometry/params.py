"""The rule numbers geometry needs, read from a ruleset's numbers by the caller.

Geometry imports no ruleset (layering): the caller — the encounter's map oracle, the CLI —
passes the ruleset's validated numbers to `GeometryParams.from_ruleset`, which reads them
structurally (`MapNumbers`); there is no second copy of the band or cover TN table here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

__all__ = ["Band", "BandRule", "GeometryParams", "MapNumbers"]


class Band(StrEnum):
    """RULINGS Range bands, nearest first."""

    CLOSE = "close"
    SHORT = "short"
    MEDIUM = "medium"
    LONG = "long"
    EXTREME = "extreme"


@dataclass(frozen=True, slots=True)
class BandRule:
    """A band ends at `max_m` metres, or at `max_factor` × the weapon's effective range."""

    band: Band
    max_m: float | None
    max_factor: float | None
    tn: int


class _BandNumbers(Protocol):
    @property
    def band(self) -> str: ...
    @property
    def max_m(self) -> float | None: ...
    @property
    def max_factor(self) -> float | None: ...
    @property
    def tn(self) -> int: ...


class _CoverNumbers(Protocol):
    @property
    def corner_shrink(self) -> float: ...
    @property
    def partial_max_share(self) -> float: ...
    @property
    def prone_improves_by(self) -> int: ...


class _AttackNumbers(Protocol):
    @property
    def tn_modifiers(self) -> Mapping[str, int]: ...


class MapNumbers(Protocol):
    """What geometry reads of a ruleset's numbers (its ruleset.yaml, validated)."""

    @property
    def metres_per_hex(self) -> float: ...
    @property
    def range_bands(self) -> Sequence[_BandNumbers]: ...
    @property
    def default_max_range_factor(self) -> float: ...
    @property
    def default_reach_m(self) -> float: ...
    @property
    def map_cover(self) -> _CoverNumbers: ...
    @property
    def attack(self) -> _AttackNumbers: ...


@dataclass(frozen=True, slots=True)
class GeometryParams:
    metres_per_hex: float
    range_bands: tuple[BandRule, ...]
    default_max_range_factor: float
    default_reach_m: float
    corner_shrink: float  # RULINGS Cover from the map: corners shrunk toward the centre
    partial_max_share: float  # ≤ this share of the rays → Partial; more → Full
    prone_improves_by: int
    partial_cover_tn: int
    full_cover_tn: int

    @classmethod
    def from_ruleset(cls, numbers: MapNumbers) -> GeometryParams:
        tn = numbers.attack.tn_modifiers
        cover = numbers.map_cover
        return cls(
            metres_per_hex=numbers.metres_per_hex,
            range_bands=tuple(BandRule(Band(b.band), b.max_m, b.max_factor, b.tn)
                              for b in numbers.range_bands),
            default_max_range_factor=numbers.default_max_range_factor,
            default_reach_m=numbers.default_reach_m,
            corner_shrink=cover.corner_shrink,
            partial_max_share=cover.partial_max_share,
            prone_improves_by=cover.prone_improves_by,
            partial_cover_tn=tn["partial_cover"],
            full_cover_tn=tn["full_cover"],
        )
