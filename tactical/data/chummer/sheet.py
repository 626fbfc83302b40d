"""What Tactical reads from a `.chum5` tree (xmltree.Node), as plain numbers and texts.

Chummer's format drifts between versions, so every element is optional here: an unknown
element is ignored, a missing one falls back and says so in `warnings` (naming the
element), and whatever is read but has no place in Tactical is listed in `skipped` with
why. Nothing is dropped silently. Two element sets are understood (docs/campaign.md):
older saves (`<skills><skill><name>…<rating>…<spec>`) and newer ones
(`<newskills><skills><skill>…<base>…<karma>…<specs><spec><name>`, skill groups in
`<newskills><groups>`).
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field

from tactical.data import picturecheck
from tactical.data.chummer.xmltree import Node

ATTRIBUTES = ("BOD", "AGI", "REA", "STR", "WIL", "INT", "LOG", "CHA", "EDG")
MAX_PORTRAIT_BYTES = 8 * 1024 * 1024
MAX_PORTRAIT_PIXELS = 4096 * 4096
# SR5 core skill groups (p. 92): a group's rating counts for each of its skills.
GROUPS = {"firearms": ("automatics", "longarms", "pistols"),
          "close_combat": ("blades", "clubs", "unarmed_combat")}
INITIATIVE_DICE = ("InitiativeDice", "InitiativeDiceAdd")  # Chummer improvement types
INITIATIVE_PASSES = ("InitiativePass", "InitiativePassAdd")  # SR4's extra passes


def slug(text: str) -> str:
    """'Unarmed Combat' → 'unarmed_combat'; 'Ares Predator V' → 'ares_predator_v'."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:60] or "x"


def number(text: str | None) -> int | None:
    """The first whole number in a Chummer value ('15(c)', '-1', '5 (7)', '+2'), or None
    ('-', '', 'Physical')."""
    if text is None:
        return None
    found = re.search(r"[-+−]?\d+", text)
    return None if found is None else int(found.group().replace("−", "-"))


def truthy(text: str | None, default: bool = True) -> bool:
    return default if text is None else text.strip().lower() in ("true", "1", "yes")


@dataclass(frozen=True)
class Skill:
    name: str
    rating: int
    specialisations: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChumWeapon:
    name: str
    category: str
    melee: bool
    damage: str  # as Chummer writes it: '8P', '(STR+1)P', '({STR}+2)P', '10S(e)'
    ap: int
    accuracy: str  # '5', 'Physical', ''
    modes: tuple[str, ...]
    rc: int
    ammo: int | None  # magazine size
    loaded: int | None  # rounds in it now
    reach: int
    skill: str | None  # Chummer's <useskill>, when it names one
    specs: tuple[str, ...]  # the specialisations the weapon counts for


@dataclass(frozen=True)
class ChumArmor:
    name: str
    value: int
    addition: bool  # '+2': an accessory that adds to the armor worn (SR5 p. 169)
    ballistic: int | None = None  # SR4
    impact: int | None = None


@dataclass(frozen=True)
class ChumVehicle:
    index: int
    name: str
    category: str
    body: int
    drone: bool
    boxes: int
    filled: int
    guid: str = ""


@dataclass
class ChumSheet:
    edition: str = "SR5"
    name: str = ""
    alias: str = ""
    metatype: str = ""
    metavariant: str = ""
    attributes: dict[str, int] = field(default_factory=dict)
    skills: list[Skill] = field(default_factory=list)
    initiative_dice: int = 1
    initiative_passes: int = 1
    weapons: list[ChumWeapon] = field(default_factory=list)
    armor: list[ChumArmor] = field(default_factory=list)
    physical_boxes: int = 0
    stun_boxes: int = 0
    physical_filled: int = 0
    stun_filled: int = 0
    vehicles: list[ChumVehicle] = field(default_factory=list)
    portrait: tuple[str, bytes] | None = None  # (extension, bytes), validated
    warnings: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def _attributes(root: Node, sheet: ChumSheet) -> None:
    holder = root.find("attributes")
    found: dict[str, Node] = {}
    for each in holder.all("attribute") if holder is not None else []:
        code = (each.value("name") or "").upper()
        if code in ATTRIBUTES:
            found.setdefault(code, each)  # a second set (e.g. a shapeshifter's) is ignored
    for code in ATTRIBUTES:
        node = found.get(code)
        total = None if node is None else number(node.value("totalvalue"))
        if total is None and node is not None:  # older saves: value, or base + karma
            total = number(node.value("value"))
            if total is None:
                parts = [number(node.value(n)) for n in ("metatypemin", "base", "karma")]
                total = sum(p or 0 for p in parts) or None
            if total is not None:
                sheet.warnings.append(f"attribute {code}: no <totalvalue>; read its "
                                      f"unaugmented value {total}")
        if total is None:
            total = 2 if code == "EDG" else 3
            sheet.warnings.append(f"attribute {code}: missing (<attributes><attribute>"
                                  f"<name>{code}</name>); took {total}")
        sheet.attributes[code] = total


def _specs(node: Node) -> tuple[str, ...]:
    names = []
    holder = node.find("specs")
    for spec in holder.all("spec") if holder is not None else []:
        if spec.value("name"):
            names.append(spec.value("name") or "")
    if node.value("spec"):  # older saves: one <spec> text
        names.append(node.value("spec") or "")
    return tuple(n for n in names if n)


def _skills(root: Node, sheet: ChumSheet) -> None:
    newer = root.find("newskills")
    groups: dict[str, int] = {}
    nodes: list[Node] = []
    if newer is not None:
        holder = newer.find("skills")
        nodes = holder.all("skill") if holder is not None else []
        group_holder = newer.find("groups")
        for group in group_holder.all("group") if group_holder is not None else []:
            groups[slug(group.value("name") or "")] = sum(
                number(group.value(n)) or 0 for n in ("base", "karma"))
    else:
        holder = root.find("skills")
        if holder is None:
            sheet.warnings.append("skills: no <newskills> or <skills>; the character has "
                                  "no skills (every attack defaults)")
            return
        nodes = holder.all("skill")
        group_holder = root.find("skillgroups")
        for group in group_holder.all("skillgroup") if group_holder is not None else []:
            groups[slug(group.value("name") or "")] = number(group.value("rating")) or 0
    by_skill = {s: g for g, members in GROUPS.items() for s in members}
    other: list[str] = []  # knowledge and non-combat skills, listed as skipped
    for node in nodes:
        if truthy(node.value("isknowledge") or node.value("knowledge"), False):
            other.append(node.value("name") or "?")
            continue  # knowledge skills: not rolled in a fight
        category = node.value("skillcategory") or ""
        name = node.value("name") or node.value("specific") or ""
        if not name:
            if category == "Combat Active":
                sheet.skipped.append(f"a combat skill saved only by its Chummer id "
                                     f"(<suid>{node.value('suid') or '?'}</suid>, no <name>): "
                                     "set its rating on the form")
            continue
        rating = number(node.value("totalvalue"))
        if rating is None:
            rating = number(node.value("rating"))
        if rating is None:
            rating = sum(number(node.value(n)) or 0 for n in ("base", "karma"))
        rating += groups.get(by_skill.get(slug(name), ""), 0)
        if rating <= 0:
            continue
        if category and category != "Combat Active" and slug(name) != "perception":
            other.append(name)
            continue  # non-combat active skills stay in Chummer
        sheet.skills.append(Skill(name, rating, _specs(node)))
    if other:
        sheet.skipped.append(f"{len(other)} knowledge and non-combat skills "
                             f"({', '.join(other[:8])}{', …' if len(other) > 8 else ''}): "
                             "not rolled in a fight by Tactical")


def _improvements(root: Node, sheet: ChumSheet) -> None:
    holder = root.find("improvements")
    dice = passes = 0
    for node in holder.all("improvement") if holder is not None else []:
        if not truthy(node.value("enabled")):
            continue
        kind = node.value("improvetype") or ""
        value = number(node.value("val")) or 0
        if kind in INITIATIVE_DICE:
            dice += value
        elif kind in INITIATIVE_PASSES:
            passes += value
    sheet.initiative_dice = max(1, min(5, 1 + dice))  # SR5: at most 5D6
    sheet.initiative_passes = max(1, min(4, 1 + passes))  # SR4: at most 4 passes


def _modes(text: str) -> tuple[str, ...]:
    words = re.split(r"[/,\s]+", text.upper())
    out = [{"FA": "AF"}.get(w, w) for w in words if w in ("SS", "SA", "BF", "FA", "AF")]
    return tuple(dict.fromkeys(out))


def _loaded(node: Node) -> int | None:
    clips = node.find("clips")
    if clips is not None:  # newer saves: the clips, the first one loaded
        counts = [number(c.value("count")) for c in clips.all("clip")]
        return next((c for c in counts if c is not None), None)
    return number(node.value("ammoremaining"))


def _weapons(root: Node, sheet: ChumSheet) -> None:
    holder = root.find("weapons")
    for node in holder.all("weapon") if holder is not None else []:
        name = node.value("name") or "Weapon"
        if not truthy(node.value("equipped")):
            sheet.skipped.append(f"weapon {name}: not equipped in Chummer")
            continue
        kind = (node.value("type") or "").lower()
        category = node.value("category") or ""
        melee = kind == "melee" or (not kind and number(node.value("reach")) is not None
                                    and not node.value("mode"))
        sheet.weapons.append(ChumWeapon(
            name=name, category=category, melee=melee,
            damage=node.value("damage") or "", ap=number(node.value("ap")) or 0,
            accuracy=node.value("accuracy") or "",
            modes=_modes(node.value("mode") or ""), rc=number(node.value("rc")) or 0,
            ammo=number(node.value("ammo")), loaded=_loaded(node),
            reach=max(0, number(node.value("reach")) or 0),
            skill=node.value("useskill") or None,
            specs=tuple(s for s in (node.value("spec"), node.value("spec2")) if s)))
        accessories = node.find("accessories")
        if accessories is not None and accessories.children:
            sheet.skipped.append(f"weapon {name}: its accessories (Chummer's Accuracy, RC "
                                 "and damage already count them)")
    if holder is None:
        sheet.warnings.append("weapons: no <weapons>; the character fights unarmed")


def _armor(root: Node, sheet: ChumSheet) -> None:
    holder = root.find("armors")
    for node in holder.all("armor") if holder is not None else []:
        name = node.value("name") or "Armor"
        if not truthy(node.value("equipped")):
            sheet.skipped.append(f"armor {name}: not worn in Chummer")
            continue
        text = node.value("armor") or ""
        value = number(text)
        ballistic, impact = number(node.value("b")), number(node.value("i"))
        if value is None and ballistic is None:
            sheet.skipped.append(f"armor {name}: no armor value (<armor>{text}</armor>)")
            continue
        sheet.armor.append(ChumArmor(name, value if value is not None else ballistic or 0,
                                     text.strip().startswith("+"), ballistic, impact))


def _monitors(root: Node, sheet: ChumSheet) -> None:
    body, will = sheet.attributes["BOD"], sheet.attributes["WIL"]
    for element, default, attr in (("physicalcm", 8 + -(-body // 2), "physical_boxes"),
                                   ("stuncm", 8 + -(-will // 2), "stun_boxes")):
        size = number(root.value(element))
        if size is None or size < 1:
            size = default
            sheet.warnings.append(f"{element}: missing; sized {size} boxes from the "
                                  "attributes (8 + half, rounded up)")
        setattr(sheet, attr, size)
    for element, attr, size in (("physicalcmfilled", "physical_filled", sheet.physical_boxes),
                                ("stuncmfilled", "stun_filled", sheet.stun_boxes)):
        filled = number(root.value(element))
        if filled is None:
            filled = 0
            sheet.warnings.append(f"{element}: missing; no boxes filled")
        setattr(sheet, attr, max(0, min(filled, size + (body if "physical" in attr else 0))))


def _vehicles(root: Node, sheet: ChumSheet) -> None:
    holder = root.find("vehicles")
    for index, node in enumerate(holder.all("vehicle") if holder is not None else []):
        name = node.value("vehiclename") or node.value("name") or f"Vehicle {index + 1}"
        category = node.value("category") or ""
        body = number(node.value("body")) or 0
        drone = category.lower().startswith("drone")
        # SR5 core p. 199 / Rigger 5.0: vehicles 12 + ⌈Body/2⌉ boxes, drones 6 + ⌈Body/2⌉
        boxes = (6 if drone else 12) + -(-body // 2)
        filled = number(node.value("physicalcmfilled"))
        if filled is None:
            sheet.warnings.append(f"vehicle {name}: no <physicalcmfilled>; no boxes filled")
        sheet.vehicles.append(ChumVehicle(index, name, category, body, drone, boxes,
                                          max(0, min(filled or 0, boxes)),
                                          node.value("guid") or ""))
        mounted = node.find("weapons")
        armed = f" and its {len(mounted.children)} weapon(s)" if mounted is not None \
            and mounted.children else ""
        sheet.skipped.append(f"{'drone' if drone else 'vehicle'} {name}{armed}: not a token "
                             "(Tactical fights people); its damage is kept for the "
                             "write-back")


def _portrait(root: Node, sheet: ChumSheet) -> None:
    holder = root.find("mugshots")
    shots = holder.all("mugshot") if holder is not None else []
    single = root.find("mugshot")
    if not shots and single is not None:  # older saves: one <mugshot>
        shots = [single]
    shots = [s for s in shots if s.text.strip()]
    if not shots:
        return
    index = number(root.value("mainmugshotindex")) or 0
    shot = shots[index] if 0 <= index < len(shots) else shots[0]
    text = re.sub(r"\s+", "", shot.text)
    if len(text) > MAX_PORTRAIT_BYTES * 4 // 3 + 4:
        sheet.skipped.append(f"portrait: over {MAX_PORTRAIT_BYTES // (1024 * 1024)} MiB")
        return
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        sheet.skipped.append(f"portrait (<mugshot>, line {shot.line}): not base64")
        return
    try:  # the whole picture checked, as every picture Tactical reads (issue 23)
        found = picturecheck.inspect(picturecheck.of_bytes(data), len(data))
    except picturecheck.Lie as lie:
        sheet.skipped.append(f"portrait (<mugshot>, line {shot.line}): not a whole picture: "
                             f"{lie}")
        return
    if found is None:
        sheet.skipped.append(f"portrait (<mugshot>, line {shot.line}): not a PNG, JPEG, "
                             "GIF, BMP or WebP picture")
        return
    kind, width, height = found
    if width * height > MAX_PORTRAIT_PIXELS:
        sheet.skipped.append(f"portrait: {width} × {height} pixels is too big "
                             f"(at most {MAX_PORTRAIT_PIXELS:,} pixels)")
        return
    extension = {"JPEG": "jpg"}.get(kind, kind.lower())
    sheet.portrait = (extension, data)


def read_sheet(root: Node) -> ChumSheet:
    """The numbers of one Chummer character (the tree's root must be <character>)."""
    sheet = ChumSheet()
    edition = (root.value("gameedition") or "").upper()
    if edition not in ("SR4", "SR5"):
        found = repr(edition) if edition else "missing"
        sheet.warnings.append(f"gameedition: {found}; read as SR5")
        edition = "SR5"
    sheet.edition = edition
    sheet.name = root.value("name") or ""
    sheet.alias = root.value("alias") or ""
    if not sheet.name and not sheet.alias:
        sheet.warnings.append("name: no <name> or <alias>; named after the file")
    sheet.metatype = root.value("metatype") or ""
    sheet.metavariant = root.value("metavariant") or ""
    if not sheet.metatype:
        sheet.warnings.append("metatype: missing; read as Human")
        sheet.metatype = "Human"
    _attributes(root, sheet)
    _skills(root, sheet)
    _improvements(root, sheet)
    _weapons(root, sheet)
    _armor(root, sheet)
    _monitors(root, sheet)
    _vehicles(root, sheet)
    _portrait(root, sheet)
    for tag, what in (("spells", "spells"), ("powers", "adept powers"),
                      ("cyberwares", "cyberware and bioware (their bonuses are in the "
                       "totals)"), ("qualities", "qualities"), ("gears", "other gear"),
                      ("contacts", "contacts"), ("complexforms", "complex forms")):
        node = root.find(tag)
        if node is not None and node.children:
            sheet.skipped.append(f"{len(node.children)} {what} (<{tag}>): not used in a "
                                 "fight by Tactical")
    return sheet
