"""A Chummer sheet (sheet.ChumSheet) as a roster entry and the gear it carries.

Every number Tactical's Shadowrun rules read comes from the file; the Chapter 6 numbers a
roster entry must have are a documented conversion (docs/campaign.md, "Chapter 6"), so an
imported runner also validates and plays under the base game. Each weapon and the armor
worn become catalogue entries of their own (ids `<character>-<weapon>`), made from the
file's numbers: the player's Chummer numbers, mods included, are the source of truth.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tactical.data.chummer.sheet import ChumArmor, ChumSheet, ChumWeapon, Skill, slug

SPECIALISATION = 2  # SR4 and SR5: +2 dice when the specialisation applies
# The Shadowrun skill of a Chummer weapon category (SR5 core pp. 130-131), and the Chapter 6
# skill and effective range (metres) Tactical gives it (ruling, docs/campaign.md).
CATEGORY = (
    ("taser", "pistols", "ranged_close", 10), ("hold-out", "pistols", "ranged_close", 10),
    ("holdout", "pistols", "ranged_close", 10), ("light pistol", "pistols", "ranged_close", 20),
    ("heavy pistol", "pistols", "ranged_close", 30), ("machine pistol", "automatics",
                                                      "ranged_close", 20),
    ("submachine", "automatics", "ranged_close", 30), ("assault rifle", "automatics",
                                                       "ranged_long", 100),
    ("shotgun", "longarms", "ranged_long", 20), ("sniper", "longarms", "ranged_long", 200),
    ("sporting", "longarms", "ranged_long", 100), ("machine gun", "heavy_weapons",
                                                   "ranged_long", 100),
    ("assault cannon", "heavy_weapons", "ranged_long", 100), ("launcher", "heavy_weapons",
                                                              "ranged_long", 100),
    ("bow", "archery", "ranged_long", 50), ("crossbow", "archery", "ranged_long", 50),
    ("throwing", "throwing_weapons", "ranged_close", 10), ("blade", "blades",
                                                            "melee_finesse", 0),
    ("club", "clubs", "melee_brawn", 0), ("unarmed", "unarmed_combat", "brawl", 0),
    ("cyberweapon", "unarmed_combat", "brawl", 0), ("exotic ranged", "exotic_ranged_weapon",
                                                    "ranged_close", 20),
    ("exotic melee", "exotic_melee_weapon", "melee_finesse", 0), ("pistol", "pistols",
                                                                  "ranged_close", 20),
)
CH6_SKILL = {"pistols": "ranged_close", "automatics": "ranged_close",
             "longarms": "ranged_long", "heavy_weapons": "ranged_long",
             "archery": "ranged_long", "throwing_weapons": "ranged_close",
             "exotic_ranged_weapon": "ranged_close", "blades": "melee_finesse",
             "clubs": "melee_brawn", "unarmed_combat": "brawl",
             "exotic_melee_weapon": "melee_finesse", "perception": "vigilance"}
# Metatypes whose size or reach a GM sees on the board (ruling): others are medium.
LARGE = ("troll", "minotaur", "giant", "centaur", "cyclops", "fomori", "naga", "sasquatch")
SMALL = ("pixie", "gnome", "menehune", "koborokuru", "hobgoblin")
# Ch.6 skill = SR rating + linked attribute + 4: the bundled stock characters' SR and Ch.6
# sheets agree within one point this way (assets/npcs/roster.yaml).
CH6_SKILL_OFFSET = 4
# '8P', '(STR+1)P', '({STR}+2)P', SR4's '(STR/2+2)P' (Tactical's 'STR+2': sr4.yaml halves)
DV = re.compile(r"^\(?\s*(\{?STR\}?(\s*/\s*2)?)?\s*([+-]\s*\d+|\d+)?\s*\)?\s*([PS])",
                re.IGNORECASE)


@dataclass
class Imported:
    """One character ready for a roster, and what the GM is told about it."""

    character: dict[str, Any]
    weapons: list[dict[str, Any]] = field(default_factory=list)
    armor: list[dict[str, Any]] = field(default_factory=list)
    read: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def _category(weapon: ChumWeapon, out: Imported) -> tuple[str, str, int]:
    text = f"{weapon.category} {weapon.name}".lower()
    for key, sr_skill, ch6, metres in CATEGORY:
        if key in text:
            return sr_skill, ch6, metres
    guess = ("unarmed_combat", "brawl", 0) if weapon.melee else ("pistols", "ranged_close", 20)
    if not weapon.skill:
        out.warnings.append(f"weapon {weapon.name}: category {weapon.category!r} is not one "
                            f"Tactical knows; rolled with {guess[0].replace('_', ' ')}")
    return guess


def _dv(text: str, strength: int) -> tuple[str, str, str] | None:
    """Chummer's damage ('8P', '(STR+1)P', '({STR}+2)P', '10S(e)') as Tactical's
    `dv` ('8' or 'STR+1'), damage code ('P'/'S') and the DV for Chapter 6's dice."""
    found = DV.match(text.strip().replace("−", "-"))
    if found is None:
        return None
    strength_based, halved, flat, code = found.groups()
    bonus = int(flat.replace(" ", "")) if flat else 0
    if strength_based:
        dv = "STR" + (f"{bonus:+d}" if bonus else "")
        return dv, code.upper(), str((-(-strength // 2) if halved else strength) + bonus)
    if not flat:
        return None
    return str(bonus), code.upper(), str(bonus)


def ch6_damage(dv: int) -> str:
    """Ruling (docs/campaign.md): DV d6 halved, an odd DV +3 ('8' → 4d6, '11' → 5d6+3): the
    bundled catalogue's pistols and rifles come out within a few points."""
    dice = clamp(dv // 2, 1, 20)
    return f"{dice}d6" + ("+3" if dv % 2 else "")


def _weapon(owner: str, weapon: ChumWeapon, strength: int, edition: str,
            out: Imported) -> tuple[str, str] | None:
    parsed = _dv(weapon.damage, strength)
    if parsed is None:
        out.skipped.append(f"weapon {weapon.name}: its damage {weapon.damage!r} is not a DV "
                           "Tactical's rules roll (grenades, chemicals, special ammunition)")
        return None
    dv, code, ch6_dv = parsed
    sr_skill, ch6_skill, metres = _category(weapon, out)
    if weapon.skill:
        sr_skill = slug(weapon.skill)
    ident = f"{owner}-{slug(weapon.name).replace('_', '-')}"[:64].strip("-")
    electric = "(e)" in weapon.damage.lower()
    shadowrun: dict[str, Any] = {"dv": dv, "damage_type": code, "ap": weapon.ap,
                                 "reach": weapon.reach, "skill": sr_skill}
    accuracy = re.match(r"\s*(\d+)", weapon.accuracy)
    if accuracy and int(accuracy.group(1)) >= 1:
        shadowrun["accuracy"] = int(accuracy.group(1))
    elif edition == "SR5" and weapon.accuracy.strip().lower() not in ("physical", ""):
        out.warnings.append(f"weapon {weapon.name}: Accuracy {weapon.accuracy!r} is not a "
                            "number; the Physical limit counts for melee, none for ranged")
    entry: dict[str, Any] = {
        "id": ident, "name": weapon.name, "kind": "melee" if weapon.melee else "ranged",
        "skill": ch6_skill, "damage": ch6_damage(int(ch6_dv)),
        "damage_type": "stun" if code == "S" else "physical",
        "tags": ["chummer"] + (["electric"] if electric else []),
        "notes": f"From Chummer: {weapon.category}, DV {weapon.damage}, AP {weapon.ap}"
                 + (f", RC {weapon.rc}" if weapon.rc else "")
                 + (f", {weapon.loaded} rounds loaded" if weapon.loaded is not None else ""),
        "shadowrun": shadowrun}
    if weapon.melee:
        entry["reach_m"] = 2.0 * (1 + weapon.reach)  # SR reach 1 = one more hex (ruling)
    else:
        modes = list(weapon.modes) or ["SS"]
        if not weapon.modes:
            out.warnings.append(f"weapon {weapon.name}: no fire mode (<mode>); took SS")
        entry["modes"] = modes
        entry["effective_range_m"] = float(metres or 20)
        entry["magazine"] = clamp(weapon.ammo or 1, 1, 1000)
        if weapon.ammo is None:
            out.warnings.append(f"weapon {weapon.name}: no magazine size (<ammo>); took 1")
        if weapon.rc:
            out.skipped.append(f"weapon {weapon.name}: recoil compensation {weapon.rc} "
                               "(Tactical's Shadowrun rules have no recoil yet; in the "
                               "weapon's notes)")
    out.weapons.append(entry)
    out.read.append(f"weapon {weapon.name}: {sr_skill.replace('_', ' ')}, DV {dv}{code}, "
                    f"AP {weapon.ap}" + (f", Accuracy {shadowrun['accuracy']}"
                                         if "accuracy" in shadowrun else "")
                    + ("" if weapon.melee else f", {'/'.join(entry['modes'])}, "
                       f"{entry['magazine']} rounds") + (f", reach {weapon.reach}"
                                                         if weapon.reach else ""))
    return ident, sr_skill


def _armor(owner: str, name: str, pieces: list[ChumArmor], out: Imported) -> str | None:
    """One catalogue entry for everything worn (ruling, SR5 p. 169: the best armor worn
    plus the accessories written '+N'; SR4 Ballistic/Impact likewise)."""
    if not pieces:
        return None
    base = [p for p in pieces if not p.addition] or pieces[:1]
    best = max(base, key=lambda p: p.value)
    extra = [p for p in pieces if p.addition and p is not best]
    value = best.value + sum(p.value for p in extra)
    shadowrun: dict[str, Any] = {"armor": value}
    if best.ballistic is not None:
        shadowrun["ballistic"] = best.ballistic + sum(p.ballistic or 0 for p in extra)
    if best.impact is not None:
        shadowrun["impact"] = best.impact + sum(p.impact or 0 for p in extra)
    worn = " + ".join(p.name for p in [best, *extra])
    for piece in pieces:
        if piece is not best and piece not in extra:
            out.skipped.append(f"armor {piece.name}: a second armor worn does not add "
                               "(SR5 p. 169: the best counts)")
    ident = f"{owner}-armor"
    # Ch.6 PT/DR from the SR armor value (ruling): PT 2 per point, DR 3 % per point
    out.armor.append({"id": ident, "name": f"{name}'s armor ({worn})",
                      "pt": clamp(2 * value, 0, 100), "dr": clamp(3 * value, 0, 100),
                      "tags": ["chummer"], "notes": f"From Chummer: {worn}",
                      "shadowrun": shadowrun})
    out.read.append(f"armor {worn}: {value}" + (
        f" (Ballistic {shadowrun['ballistic']}, Impact {shadowrun.get('impact', 0)})"
        if "ballistic" in shadowrun else ""))
    return ident


def _folded(skills: list[Skill], weapons: list[ChumWeapon], used: dict[str, list[str]],
            out: Imported) -> dict[str, int]:
    """Skill ratings, with a specialisation folded in (+2) when it covers every weapon
    the character uses the skill with (docs/rules-shadowrun.md: folded on the sheet)."""
    ratings: dict[str, int] = {}
    by_name = {w.name: w for w in weapons}
    for skill in skills:
        key = slug(skill.name)
        rating = skill.rating
        for spec in skill.specialisations:
            names = used.get(key, [])
            covers = names and all(
                spec.lower() in (by_name[n].category.lower(), n.lower(),
                                 *(s.lower() for s in by_name[n].specs))
                or spec.lower().rstrip("s") in by_name[n].category.lower()
                for n in names)
            if covers:
                rating += SPECIALISATION
                out.read.append(f"skill {skill.name} {skill.rating} + {SPECIALISATION} "
                                f"({spec}: every weapon it is used with)")
            else:
                out.skipped.append(f"specialisation {skill.name} ({spec}): not folded in; "
                                   "it does not cover every weapon used with the skill "
                                   "(add +2 as a modifier when it applies)")
        if rating == skill.rating:
            out.read.append(f"skill {skill.name} {rating}")
        ratings[key] = clamp(rating, 0, 20)
    return ratings


def convert(sheet: ChumSheet, ident: str, link: dict[str, Any]) -> Imported:
    """The roster entry for `sheet` with id `ident`; `link` is its `chummer:` block."""
    a = sheet.attributes
    name = sheet.alias or sheet.name or ident
    out = Imported(character={}, warnings=list(sheet.warnings), skipped=list(sheet.skipped))
    weapons: list[str] = []
    used: dict[str, list[str]] = {}
    for weapon in sheet.weapons:
        made = _weapon(ident, weapon, a["STR"], sheet.edition, out)
        if made is not None:
            weapons.append(made[0])
            used.setdefault(made[1], []).append(weapon.name)
    armor = _armor(ident, name, sheet.armor, out)
    ratings = _folded(sheet.skills, sheet.weapons, used, out)
    combat = {k: v for k, v in ratings.items() if k != "perception" or v}
    stats: dict[str, Any] = {
        "body": clamp(a["BOD"], 1, 20), "agility": clamp(a["AGI"], 1, 20),
        "reaction": clamp(a["REA"], 1, 20), "strength": clamp(a["STR"], 1, 20),
        "willpower": clamp(a["WIL"], 1, 20), "intuition": clamp(a["INT"], 1, 20),
        "logic": clamp(a["LOG"], 1, 20), "charisma": clamp(a["CHA"], 1, 20),
        "skills": combat, "initiative_dice": sheet.initiative_dice,
        "initiative_passes": sheet.initiative_passes}
    for what, boxes, rating in (("Physical", sheet.physical_boxes, a["BOD"]),
                                ("Stun", sheet.stun_boxes, a["WIL"])):
        if boxes != 8 + -(-rating // 2):  # a Chummer bonus (Toughness, Will to Live, …)
            out.warnings.append(f"{what} monitor: Chummer's is {boxes} boxes; the fight sizes "
                                f"it {8 + -(-rating // 2)} from the attribute (the link keeps "
                                f"{boxes} for the write-back)")
    ch6_skills: dict[str, int] = {}
    for key, rating in ratings.items():
        if key in CH6_SKILL:
            linked = a["INT"] if key == "perception" else a["AGI"]
            value = clamp(rating + linked + CH6_SKILL_OFFSET, 0, 40)
            ch6 = CH6_SKILL[key]
            ch6_skills[ch6] = max(ch6_skills.get(ch6, 0), value)
    meta = f"{sheet.metatype} {sheet.metavariant}".lower()
    size = "large" if any(m in meta for m in LARGE) else \
        "small" if any(m in meta for m in SMALL) else "medium"
    description = " · ".join(p for p in (
        sheet.name if sheet.alias and sheet.name and sheet.name != sheet.alias else "",
        sheet.metatype + (f" ({sheet.metavariant})" if sheet.metavariant else ""),
        f"imported from Chummer ({sheet.edition})") if p)
    character: dict[str, Any] = {
        "id": ident, "name": name, "description": description,
        "attributes": {"AG": clamp(a["AGI"], 0, 20), "CU": clamp(a["INT"], 0, 20),
                       "ST": clamp(a["STR"], 0, 20), "VI": clamp(a["BOD"], 0, 20),
                       "RE": clamp(a["WIL"], 0, 20), "PR": clamp(a["CHA"], 0, 20)},
        "skills": ch6_skills,
        # Ch.6 Health/Stamina: twice the SR monitors (a full monitor is out, as 100 %
        # of Health is; the Ch.6 civilian's 20 Health is Body 3's 10 boxes)
        "health": clamp(2 * sheet.physical_boxes, 1, 1000),
        "stamina": clamp(2 * sheet.stun_boxes, 1, 1000),
        "edge": clamp(a["EDG"], 0, 20), "size": size,
        "armor": [armor] if armor else [], "weapons": weapons,
        "traits": [slug(sheet.metatype).replace("_", "-")] if sheet.metatype else [],
        "shadowrun": stats, "chummer": link}
    if size == "large" and "troll" in meta:  # SR troll reach +1: one hex more (ruling)
        character["reach_m"] = 4.0  # others leave it to the game's default reach
    out.character = character
    out.read[:0] = [
        f"name {name}" + (f" (real name {sheet.name}, kept as the description)"
                          if sheet.alias and sheet.name and sheet.name != sheet.alias else ""),
        f"metatype {sheet.metatype}" + (f" ({sheet.metavariant})" if sheet.metavariant
                                        else "") + f": size {size}",
        "attributes (Chummer's totals) " + ", ".join(f"{k} {a[k]}" for k in a),
        f"initiative dice {sheet.initiative_dice}"
        + (f", passes {sheet.initiative_passes}" if sheet.edition == "SR4" else ""),
        f"condition monitors: Physical {sheet.physical_filled}/{sheet.physical_boxes}, "
        f"Stun {sheet.stun_filled}/{sheet.stun_boxes} filled"]
    for vehicle in sheet.vehicles:
        out.read.append(f"{'drone' if vehicle.drone else 'vehicle'} {vehicle.name}: "
                        f"Physical {vehicle.filled}/{vehicle.boxes} filled")
    if not sheet.weapons:
        out.read.append("no weapons: the character fights unarmed (defaulting)")
    return out
