"""The map read the SR way (RULINGS "Map modifiers"): the range band by the weapon's SR range
category, and the cover between attacker and defender, as named pool modifiers the engine
proposes and the GM may drop. The numbers are the ruleset file's `map_modifiers`."""

from __future__ import annotations

from dataclasses import dataclass

from tactical.data.gear import Weapon
from tactical.data.shadowrun_ruleset import RangeBand, ShadowrunRuleset

BANDS: tuple[RangeBand, ...] = ("short", "medium", "long", "extreme")


@dataclass(frozen=True, slots=True)
class MapModifier:
    name: str  # as the log records it: "Range (Medium, 12 m)", "Partial cover"
    dice: int
    pool: str  # "attack" or "defence"


def range_band(numbers: ShadowrunRuleset, weapon: Weapon, distance_m: float
               ) -> RangeBand | None:
    """The band the distance falls in, None beyond Extreme (out of range)."""
    mm = numbers.map_modifiers
    assert mm is not None
    category = (weapon.shadowrun.range if weapon.shadowrun else None) or mm.default_range
    limits = mm.ranges.get(category, mm.ranges[mm.default_range])
    return next((b for b, top in zip(BANDS, limits, strict=True) if distance_m <= top), None)


def proposed(numbers: ShadowrunRuleset, weapon: Weapon, distance_m: float, cover: str
             ) -> tuple[MapModifier, ...]:
    """What the map proposes for one attack: the range band's dice for a ranged weapon (none
    at Short: +0), the cover's dice to the defence test."""
    mm = numbers.map_modifiers
    if mm is None:
        return ()
    out: list[MapModifier] = []
    if weapon.kind == "ranged":
        band = range_band(numbers, weapon, distance_m)
        if band is None:
            out.append(MapModifier(f"Beyond Extreme range ({distance_m:g} m)",
                                   mm.range_dice["extreme"], "attack"))
        elif mm.range_dice[band]:
            out.append(MapModifier(f"Range ({band.capitalize()}, {distance_m:g} m)",
                                   mm.range_dice[band], "attack"))
    if cover in ("partial", "full") and mm.cover_dice.get(cover):  # type: ignore[call-overload]
        word = "Partial cover" if cover == "partial" else "Good cover"
        out.append(MapModifier(word, mm.cover_dice[cover], "defence"))  # type: ignore[index]
    return tuple(out)
