"""Damage: DV + net hits, AV + AP, Physical → Stun, damage resistance and the condition
monitors (shared/rules/sr4-resolving-combat.txt steps 4-6, sr5-combat-sequence.txt)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Literal

from tactical.core.errors import TacticalError
from tactical.data.shadowrun_ruleset import DamageRules, MonitorRules

DamageCode = Literal["P", "S"]
_DV = re.compile(r"^\s*(?:(STR)\s*(?:([+-])\s*(\d+))?|(\d+))\s*$")


def ceil_half(value: int) -> int:
    return -(-value // 2)


def base_dv(dv: str | int, strength: int | None, rules: DamageRules) -> int:
    """A weapon's DV: a number, or "STR+1" read by the edition (SR5 hand razors (STR + 1)P:
    STR 3 → 4; SR4 melee "Strength ÷ 2 (round up), modified for the weapon")."""
    if isinstance(dv, int):
        return dv
    match = _DV.match(dv)
    if match is None:
        raise TacticalError(f"cannot read DV {dv!r}; expected a number or STR, STR+N, STR-N")
    if match.group(4) is not None:
        return int(match.group(4))
    if strength is None:
        raise TacticalError(f"DV {dv!r} needs the attacker's Strength")
    from_str = strength if rules.strength_in_dv == "full" else ceil_half(strength)
    bonus = int(match.group(3) or 0) * (-1 if match.group(2) == "-" else 1)
    return from_str + bonus


def modified_dv(dv: int, net: int) -> int:
    # SR5: "Add attacker net hits to Damage Value (DV) of weapon"
    return dv + max(0, net)


def modified_av(armor: int, ap: int) -> int:
    # SR5: "Subtract attacker weapon Armor Penetration (AP) modifier from defenders AV" (AP is
    # negative, so AV + AP). Ruling: armor never goes below 0.
    return max(0, armor + ap)


def damage_code(code: DamageCode, dv: int, av: int, rules: DamageRules) -> DamageCode:
    """Each edition its own text (RULINGS): "dv_not_above_av", SR4 — Physical becomes Stun
    when the modified DV does not exceed the modified AV (sr4 l.33); "dv_below_av", SR5 —
    Physical when DV >= AV, Stun when DV < AV (sr5 l.19-21), so a tie stays Physical."""
    if code == "S":
        return "S"
    if rules.stun_conversion == "dv_not_above_av":
        return "S" if dv <= av else "P"
    return "S" if dv < av else "P"


def armor_dice(av: int) -> int:
    # SR5: "Defender rolls Body + Modified AV (Only if AV is > 0)"
    return max(0, av)


def damage_after_resistance(dv: int, resist_hits: int) -> int:
    # SR4 step 5: "Each hit scored reduces the modified Damage Value by 1. If the DV is reduced
    # to 0 or less, no damage is inflicted."
    return max(0, dv - resist_hits)


class Status(StrEnum):
    OK = "ok"
    UNCONSCIOUS = "unconscious"  # Stun monitor full
    DYING = "dying"  # Physical monitor full, overflow up to Body
    DEAD = "dead"  # overflow beyond Body


@dataclass(frozen=True, slots=True)
class Monitors:
    """The Physical and Stun condition monitors: their sizes and the boxes marked.
    `stun_size` is None when the Willpower is not known (a bare CASE)."""

    physical_size: int
    stun_size: int | None
    physical: int = 0
    stun: int = 0
    overflow: int = 0  # Physical damage beyond the monitor
    body: int = 1

    @property
    def status(self) -> Status:
        if self.overflow > self.body:
            return Status.DEAD
        if self.physical >= self.physical_size:
            return Status.DYING
        if self.stun_size is not None and self.stun >= self.stun_size:
            return Status.UNCONSCIOUS
        return Status.OK


def monitors_for(body: int, willpower: int | None, rules: MonitorRules, *, physical: int = 0,
                 stun: int = 0) -> Monitors:
    # RULINGS: "Physical 8 + ⌈Body/2⌉, Stun 8 + ⌈Willpower/2⌉"
    def size(rating: int) -> int:  # RULINGS: 8 + ⌈rating / 2⌉ (`base`, `attribute_divisor`)
        return rules.base + -(-rating // rules.attribute_divisor)

    stun_size = None if willpower is None else size(willpower)
    empty = Monitors(size(body), stun_size, body=body)
    return mark(mark(empty, "P", physical, rules), "S", stun, rules)


def mark(monitors: Monitors, code: DamageCode, boxes: int, rules: MonitorRules) -> Monitors:
    """Damage marked on the monitor of its code. Ruling (texts silent; SR4/SR5 books): Stun
    beyond a full Stun monitor goes on Physical box for box; Physical beyond a full monitor
    is overflow."""
    if boxes <= 0:
        return monitors
    if code == "S":
        room = boxes if monitors.stun_size is None else monitors.stun_size - monitors.stun
        taken = min(boxes, max(0, room))
        monitors = replace(monitors, stun=monitors.stun + taken)
        rest = boxes - taken
        if rest <= 0 or not rules.stun_overflow_to_physical:
            return monitors
        boxes = rest
    room = monitors.physical_size - monitors.physical
    taken = min(boxes, max(0, room))
    return replace(monitors, physical=monitors.physical + taken,
                   overflow=monitors.overflow + boxes - taken)


def clear(monitors: Monitors, code: DamageCode, boxes: int) -> Monitors:
    """Healing clears boxes on the monitor of its code (ruling, docs/rules-shadowrun.md:
    the GM's Heal; Physical clears its overflow first, then its own boxes; Stun never
    clears Physical boxes that Stun overflow put there)."""
    if code == "S":
        return replace(monitors, stun=max(0, monitors.stun - boxes))
    from_overflow = min(boxes, monitors.overflow)
    return replace(monitors, overflow=monitors.overflow - from_overflow,
                   physical=max(0, monitors.physical - (boxes - from_overflow)))


def wound_modifier(monitors: Monitors, rules: MonitorRules) -> int:
    # RULINGS: "-1 die per 3 boxes of damage" (each monitor counted on its own, then added)
    per = rules.boxes_per_wound_die
    return -(monitors.physical // per + monitors.stun // per)
