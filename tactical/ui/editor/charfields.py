"""What the character form offers: the schema's bounds as spin boxes, the catalogue as
choices with tooltips, the skills a GM is likely to mean, and a valid new character."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

from tactical.data.library import Library

ATTRIBUTES = {"AG": "Agility", "CU": "Cunning", "ST": "Strength", "VI": "Vigor",
              "RE": "Resolve", "PR": "Presence"}  # Ch.6 attributes
SR_ATTRIBUTES = ("body", "agility", "reaction", "strength", "willpower", "intuition",
                 "logic", "charisma")
SKILL_RANKS = (0, 999)  # the schema bounds no skill (rule texts print up to 20): room for any
SIZES = ("small", "medium", "large", "huge")

# A new character: a valid street samurai NPC (Ch.6-style totals; SR5 numbers of a
# starting street samurai with wired reflexes 1). Missing catalogue ids are dropped.
DEFAULT_CHARACTER: dict[str, Any] = {
    "id": "street-samurai", "name": "Street samurai",
    "description": "Hired muscle: wired reflexes, a smartlinked heavy pistol, a sword.",
    "attributes": {"AG": 5, "CU": 3, "ST": 4, "VI": 4, "RE": 3, "PR": 2},
    "skills": {"ranged_close": 12, "melee_finesse": 11, "brawl": 9, "athletics": 8,
               "vigilance": 10},
    "health": 26, "stamina": 25, "edge": 1,
    "armor": ["armor-jacket"], "weapons": ["ares-predator", "sword"], "traits": ["smartlink"],
    "shadowrun": {"body": 5, "agility": 5, "reaction": 5, "strength": 4, "willpower": 3,
                  "intuition": 4, "skills": {"pistols": 5, "blades": 4, "unarmed_combat": 3},
                  "initiative_dice": 2, "initiative_passes": 2},
}


def bounds(model: type[BaseModel], name: str) -> tuple[float, float]:
    """A numeric field's range as the schema gives it (ge/gt … le/lt)."""
    low, high = -1e9, 1e9
    for rule in model.model_fields[name].metadata:
        for attr, pick in (("ge", 0), ("gt", 0), ("le", 1), ("lt", 1)):
            value = getattr(rule, attr, None)
            if value is None:
                continue
            if pick == 0:
                low = float(value) if attr == "ge" else float(value) + 0.5
            else:
                high = float(value) if attr == "le" else float(value) - 1
    return low, high


def spin(model: type[BaseModel], name: str, tip: str) -> QSpinBox:
    box = QSpinBox()
    low, high = bounds(model, name)
    box.setRange(int(low), int(high))
    box.setToolTip(f"{tip} ({int(low)}–{int(high)})")
    return box


def metres(model: type[BaseModel], name: str, tip: str) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    low, high = bounds(model, name)
    box.setRange(low, high)
    box.setDecimals(1)
    box.setSingleStep(0.5)
    box.setSuffix(" m")
    box.setToolTip(tip)
    return box


def weapon_choices(library: Library) -> dict[str, tuple[str, str]]:
    """Each catalogue weapon: its label, and a tooltip with what a GM picks it by."""
    out = {}
    for w in sorted(library.weapons.values(), key=lambda w: w.name.lower()):
        if w.kind == "ranged":
            reach = f"effective range {w.effective_range_m:g} m"
            reach += f", max {w.max_range_m:g} m" if w.max_range_m else ""
            reach += f"; {'/'.join(m.value for m in w.modes)}, {w.magazine} rounds"
        else:
            reach = f"melee, reach {w.reach_m:g} m"
        out[w.id] = (f"{w.name}  ({w.id})",
                     f"{w.name}: {w.damage} {w.damage_type.value}, {reach}; skill {w.skill}")
    return out


def armor_choices(library: Library) -> dict[str, tuple[str, str]]:
    return {a.id: (f"{a.name}  ({a.id})", f"{a.name}: PT {a.pt}, DR {a.dr}%")
            for a in sorted(library.armor.values(), key=lambda a: a.name.lower())}


def known_skills(library: Library) -> tuple[set[str], set[str]]:
    """The skills a GM is offered: those the roster's characters and the catalogue's
    weapons use (Ch.6), and those the roster's Shadowrun blocks use."""
    ch6 = {w.skill for w in library.weapons.values()}
    sr: set[str] = set()
    for c in library.characters.values():
        ch6.update(c.skills)
        if c.shadowrun is not None:
            sr.update(c.shadowrun.skills)
    return ch6, sr


def default_character(library: Library) -> dict[str, Any]:
    """The form's start for a new character: a street samurai, with the catalogue items
    this library has."""
    data = dict(DEFAULT_CHARACTER)
    data["weapons"] = [w for w in data["weapons"] if w in library.weapons]
    data["armor"] = [a for a in data["armor"] if a in library.armor]
    return data
