"""RULINGS Range bands: which band a distance falls in for one ranged weapon.

Distance is hex distance × metres_per_hex, centre to centre. The last band ends at the
weapon's max range (default `default_max_range_factor` × E); beyond it, no attack.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tactical.data.gear import Weapon
from tactical.geometry.params import Band, GeometryParams

__all__ = [
    "BandSpan",
    "WeaponRange",
    "band_at",
    "band_limit_m",
    "band_spans",
    "weapon_range",
]


@dataclass(frozen=True, slots=True)
class WeaponRange:
    """A ranged weapon's reach on the map: E and the resolved max range, in metres."""

    effective_m: float
    max_m: float
    name: str = ""


@dataclass(frozen=True, slots=True)
class BandSpan:
    band: Band
    min_m: float  # exclusive (0 for the first band, which includes 0)
    max_m: float  # inclusive
    tn: int


def weapon_range(weapon: Weapon, params: GeometryParams) -> WeaponRange | None:
    """None for a melee weapon."""
    if weapon.kind != "ranged" or weapon.effective_range_m is None:
        return None
    e = weapon.effective_range_m
    max_m = weapon.max_range_m or e * params.default_max_range_factor
    return WeaponRange(e, max_m, weapon.name)


@lru_cache(maxsize=256)
def band_spans(weapon: WeaponRange, params: GeometryParams) -> tuple[BandSpan, ...]:
    """The bands in order, each from where the previous ended; bands ending before the
    previous one are empty and left out (a long-E weapon's Close ends where Short starts),
    and the last band stretches or stops at the weapon's max range."""
    spans: list[BandSpan] = []
    start = 0.0
    rules = params.range_bands
    for index, rule in enumerate(rules):
        end = rule.max_m if rule.max_m is not None else (rule.max_factor or 0) * weapon.effective_m
        if index == len(rules) - 1:
            end = weapon.max_m
        end = min(end, weapon.max_m)
        if end > start or (index == 0 and end >= start):
            spans.append(BandSpan(rule.band, start, end, rule.tn))
            start = end
    return tuple(spans)


def band_at(distance_m: float, weapon: WeaponRange, params: GeometryParams) -> BandSpan | None:
    """The band holding `distance_m`; None beyond max range (no attack)."""
    for span in band_spans(weapon, params):
        if distance_m <= span.max_m + 1e-9:
            return span
    return None


def band_limit_m(weapon: WeaponRange, band: Band, params: GeometryParams) -> float:
    """How far the weapon's bands reach up to and including `band` (0 if none do)."""
    order = list(Band)
    limit = 0.0
    for span in band_spans(weapon, params):
        if order.index(span.band) <= order.index(band):
            limit = span.max_m
    return limit
