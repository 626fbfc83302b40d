"""The rule numbers geometry needs, taken from the ruleset model by the caller.

Geometry must not import tactical.rules (layering), so the CLI or the encounter engine loads
the ruleset (tactical.rules.chapter6.constants.chapter6_ruleset()) and passes
`GeometryParams.from_ruleset(ruleset)` in; `GeometryParams()` holds the RULINGS defaults.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tactical.data.ruleset import Chapter6Ruleset

__all__ = ["Band", "BandRule", "GeometryParams"]


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


_DEFAULT_BANDS = (BandRule(Band.CLOSE, 4.0, None, 0), BandRule(Band.SHORT, None, 0.5, 0),
                  BandRule(Band.MEDIUM, None, 1.0, 0), BandRule(Band.LONG, None, 2.0, 5),
                  BandRule(Band.EXTREME, None, 4.0, 10))


@dataclass(frozen=True, slots=True)
class GeometryParams:
    metres_per_hex: float = 2.0
    range_bands: tuple[BandRule, ...] = _DEFAULT_BANDS
    default_max_range_factor: float = 4.0
    default_reach_m: float = 2.0
    corner_shrink: float = 0.10  # RULINGS Cover from the map: corners shrunk 10%
    partial_max_share: float = 0.5  # ≤ half the rays → Partial; more → Full
    prone_improves_by: int = 1
    partial_cover_tn: int = 5
    full_cover_tn: int = 10
    snapshot_max_band: Band = Band.SHORT  # RULINGS Snapshot: "within Short range"

    @classmethod
    def from_ruleset(cls, ruleset: Chapter6Ruleset) -> GeometryParams:
        tn = ruleset.attack.tn_modifiers
        # A ruleset may name the Snapshot's furthest band (attack.reactions.snapshot.max_band).
        reactions = getattr(ruleset.attack, "reactions", None) or {}
        snapshot = reactions.get("snapshot") if isinstance(reactions, dict) else None
        max_band = getattr(snapshot, "max_band", None) or Band.SHORT
        return cls(
            metres_per_hex=ruleset.metres_per_hex,
            range_bands=tuple(BandRule(Band(b.band), b.max_m, b.max_factor, b.tn)
                              for b in ruleset.range_bands),
            default_max_range_factor=ruleset.default_max_range_factor,
            default_reach_m=ruleset.default_reach_m,
            corner_shrink=ruleset.map_cover.corner_shrink,
            partial_max_share=ruleset.map_cover.partial_max_share,
            prone_improves_by=ruleset.map_cover.prone_improves_by,
            partial_cover_tn=tn.get("partial_cover", 5),
            full_cover_tn=tn.get("full_cover", 10),
            snapshot_max_band=Band(max_band),
        )
