"""Ch.6 Damage mitigation: PT/DR, layering, damage types, called shots, cover, resistances."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import floor

from tactical.data.character import Resistance
from tactical.data.gear import DamageType
from tactical.rules.chapter6.checks import Modifier
from tactical.rules.chapter6.numbers import Chapter6Ruleset, PtDr


@dataclass(frozen=True, slots=True)
class Protection:
    """A PT and a DR (percent), with each step that made them, named."""

    pt: int
    dr: int
    steps: tuple[Modifier, ...] = ()  # source "... PT" / "... DR" with the change


def layer_armor(layers: Sequence[PtDr], rules: Chapter6Ruleset,
                third_layer: bool | None = None) -> Protection:
    """Ch.6 Layering armor: the highest PT; the highest DR + half (rounded down) of the
    second-highest (a third layer, if allowed, adds half again); DR at most 80."""
    if not layers:
        return Protection(0, 0)
    a = rules.armor
    allowed = a.max_layers + (1 if (a.third_layer_allowed if third_layer is None
                                    else third_layer) else 0)
    pt = max(layer.pt for layer in layers)
    drs = sorted((layer.dr for layer in layers), reverse=True)[:allowed]
    steps = [Modifier("Armor PT (highest)", pt), Modifier("Armor DR (highest)", drs[0])]
    dr = drs[0]
    for extra in drs[1:]:
        add = floor(extra * a.second_layer_dr_share)
        steps.append(Modifier(f"Layered DR (half of {extra})", add))
        dr += add
    if dr > a.dr_cap:
        steps.append(Modifier(f"Armor DR cap {a.dr_cap}", a.dr_cap - dr))
        dr = a.dr_cap
    return Protection(pt, dr, tuple(steps))


def adjust(base: Protection, changes: Sequence[tuple[str, int, int]],
           rules: Chapter6Ruleset) -> Protection:
    """Apply named PT/DR changes after the cap; PT ≥ 0 and 0 ≤ DR ≤ 100 (RULINGS)."""
    pt, dr, steps = base.pt, base.dr, list(base.steps)
    for name, dpt, ddr in changes:
        if dpt:
            steps.append(Modifier(f"{name} PT", dpt))
            pt += dpt
        if ddr:
            steps.append(Modifier(f"{name} DR", ddr))
            dr += ddr
    return Protection(max(0, pt), min(rules.armor.final_dr_cap, max(0, dr)), tuple(steps))


def type_change(damage_type: DamageType, rules: Chapter6Ruleset) -> tuple[str, int, int]:
    """Ch.6 Damage types: Stun PT +5 / DR +20, Energy PT −10 / DR −20."""
    t = rules.damage_types[damage_type.value]
    return (f"{damage_type.value.capitalize()} damage", t.pt, t.dr)


def resistance_changes(resistances: Sequence[Resistance],
                       damage_type: DamageType) -> list[tuple[str, int, int]]:
    """Ch.6 Resistances and Vulnerabilities: PT/DR changes against one kind of damage."""
    return [(("Resistance" if r.pt + r.dr >= 0 else "Vulnerability")
             + f" ({r.damage.value})", r.pt, r.dr)
            for r in resistances if r.damage == damage_type]


def cover_protection(cover_class: str, damage_type: DamageType,
                     rules: Chapter6Ruleset) -> Protection:
    """Ch.6 Cover: shooting through uses the cover class's PT/DR (ruling: the damage type
    changes it as it changes armor)."""
    c = rules.cover_classes[cover_class]  # type: ignore[index]
    base = Protection(c.pt, c.dr, (Modifier(f"{cover_class.capitalize()} cover PT", c.pt),
                                   Modifier(f"{cover_class.capitalize()} cover DR", c.dr)))
    return adjust(base, [type_change(damage_type, rules)], rules)


def mitigate(damage: int, protection: Protection) -> int:
    """Ch.6 Damage mitigation: damage below PT is negated; otherwise DR% of it is removed,
    the reduction rounded down (PT25/DR60: 25 → 10)."""
    if damage <= 0 or damage < protection.pt:
        return 0
    return damage - damage * protection.dr // 100
