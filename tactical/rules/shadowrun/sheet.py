"""From sheets to an attack: a character's `shadowrun:` block, a catalogue weapon and the
defender's worn armor become an `AttackSetup` with every pool part named. The encounter
calls `attack_from_sheets`; the dock shows the parts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tactical.core.errors import TacticalError
from tactical.data.character import Character, ShadowrunStats
from tactical.data.gear import Armor, ShadowrunWeapon, Weapon
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.rules.shadowrun.attack import ArmorValues, AttackSetup, WeaponStats
from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.damage import Monitors, base_dv, monitors_for, wound_modifier
from tactical.rules.shadowrun.defence import DEFAULT, DefenceDeclaration
from tactical.rules.shadowrun.melee import MeleeSituation, melee_modifiers
from tactical.rules.shadowrun.pools import Modifier

ATTRIBUTES = ("body", "agility", "reaction", "strength", "willpower", "intuition", "logic",
              "charisma")


def stats_of(character: Character) -> ShadowrunStats:
    if character.shadowrun is None:
        raise TacticalError(f"{character.name} has no shadowrun: block on the sheet")
    return character.shadowrun


def weapon_skill(weapon: Weapon, rules: ShadowrunRuleset) -> str:
    """The Shadowrun skill of a catalogue weapon: the one its `shadowrun.skill` names (an
    imported Chummer weapon), else the first `weapon_skills` rule whose tags it carries,
    else the skill named for its Chapter 6 skill, else the Ch.6 skill itself."""
    if weapon.shadowrun is not None and weapon.shadowrun.skill is not None:
        return weapon.shadowrun.skill
    for rule in rules.sheet.weapon_skills:
        if all(tag in weapon.tags for tag in rule.tags):
            return rule.skill
    return rules.sheet.skill_for.get(weapon.skill, weapon.skill)


def physical_limit(stats: ShadowrunStats, rules: ShadowrunRuleset | None = None) -> int:
    """The sheet's Physical limit, else SR5's ⌈(Strength × 2 + Body + Reaction) / 3⌉
    (`sheet.physical_limit`; ruling: the texts give only Cutter's 6, which his sheet states)."""
    if stats.physical_limit is not None:
        return stats.physical_limit
    formula = (rules or shadowrun_ruleset("sr5")).sheet.physical_limit
    if formula is None:
        raise TacticalError("the ruleset has no Physical limit formula (sheet.physical_limit)")
    total: int = sum(weight * int(getattr(stats, rating))
                     for rating, weight in formula.weights.items())
    return -(-total // formula.divisor)


def weapon_numbers(weapon: Weapon, rules: ShadowrunRuleset) -> ShadowrunWeapon | None:
    """The weapon's numbers for this edition (`sheet.weapon_numbers`: SR4 reads the
    catalogue's `sr4:` block, else the `shadowrun:` one)."""
    own: ShadowrunWeapon | None = getattr(weapon, rules.sheet.weapon_numbers)
    return own if own is not None else weapon.shadowrun


def weapon_stats(weapon: Weapon, strength: int, rules: ShadowrunRuleset) -> WeaponStats:
    sr = weapon_numbers(weapon, rules)
    if sr is None:
        raise TacticalError(f"{weapon.name} has no shadowrun: numbers in the catalogue")
    return WeaponStats(weapon.name, weapon.kind, base_dv(sr.dv, strength, rules.damage),
                       sr.damage_type, sr.ap, sr.dv)


def worn_armor(armor: Sequence[Armor]) -> ArmorValues:
    """Ruling (texts silent): worn pieces do not add up; the highest value of each kind
    counts. Pieces without Shadowrun numbers (magical Ch.6 armor) count for nothing."""
    pieces = [a for a in armor if a.shadowrun is not None]
    if not pieces:
        return ArmorValues(0, None, None, "No armor")

    def best(kind: str) -> int | None:
        values = [getattr(a.shadowrun, kind) for a in pieces]
        known = [v for v in values if v is not None]
        return max(known) if known else None

    return ArmorValues(best("armor") or 0, best("ballistic"), best("impact"),
                       " + ".join(a.name for a in pieces))


def ratings_of(stats: ShadowrunStats) -> dict[str, int]:
    return {**{name: getattr(stats, name) for name in ATTRIBUTES}, **stats.skills}


def parry_weapon(weapon: Weapon | None) -> bool:
    """A melee weapon in hand (SR4: "If they have a melee weapon in hand, they can parry");
    bare hands do not count unless the catalogue says they count as armed."""
    return (weapon is not None and weapon.kind == "melee"
            and ("unarmed" not in weapon.tags or "counts_as_armed" in weapon.tags))


def attack_from_sheets(attacker: Character, weapon: Weapon, defender: Character,
                       armor: Sequence[Armor], rules: ShadowrunRuleset, *,
                       defence: DefenceDeclaration = DEFAULT,
                       attack_modifiers: Sequence[Modifier] = (),
                       defence_modifiers: Sequence[Modifier] = (),
                       melee: MeleeSituation | None = None,
                       attacker_monitors: Monitors | None = None,
                       defender_monitors: Monitors | None = None,
                       defender_initiative: int | None = None,
                       defender_weapon: Weapon | None = None,
                       grazing: bool | None = None) -> AttackSetup:
    """One attack of `attacker` with `weapon` on `defender` wearing `armor`: the pools
    (SR5: Agility + combat skill [Limit] vs Reaction + Intuition; SR4: vs Reaction), the
    defence declared, SR4 melee modifiers if `melee` is given, wound modifiers from the
    monitors, situational modifiers as given (each named)."""
    a, d = stats_of(attacker), stats_of(defender)
    stats = weapon_stats(weapon, a.strength, rules)
    skill = weapon_skill(weapon, rules)
    attribute = rules.sheet.attack_attribute
    attack: list[Modifier] = [Modifier(attribute.capitalize(), getattr(a, attribute))]
    if a.skills.get(skill, 0) > 0:
        attack.insert(0, Modifier(skill.replace("_", " ").title(), a.skills[skill]))
    else:
        attack.append(Modifier(f"Defaulting (no {skill.replace('_', ' ')})",
                               rules.sheet.defaulting))
    defend = [Modifier(r.capitalize(), getattr(d, r)) for r in rules.sheet.defence_pool]
    if melee is not None:
        if weapon.kind != "melee":
            raise TacticalError("melee modifiers given for a ranged attack")
        if rules.melee_modifiers is None:
            raise TacticalError(f"{rules.id} has no melee modifier table; give the "
                                "modifiers as attack and defence modifiers")
        table = melee_modifiers(melee, rules.melee_modifiers)
        attack += table.attacker
        defend += table.defender
    attack += attack_modifiers
    defend += defence_modifiers
    # Wound modifiers apply to every test but damage resistance (ruling, SR4/SR5 books)
    if attacker_monitors is not None and (w := wound_modifier(attacker_monitors, rules.monitors)):
        attack.append(Modifier("Wounds", w))
    if defender_monitors is not None and (w := wound_modifier(defender_monitors, rules.monitors)):
        defend.append(Modifier("Wounds", w))
    limit, source = None, ""
    if rules.dice.limits:
        sr = weapon_numbers(weapon, rules)
        if sr is not None and sr.accuracy is not None:
            limit, source = sr.accuracy, f"{weapon.name} Accuracy"
        elif weapon.kind == "melee" and rules.sheet.unarmed_limit == "physical":
            # SR5 Cutter: "He uses his Physical limit for the test, which is 6"
            limit, source = physical_limit(a, rules), "Physical limit"
    ratings = ratings_of(d)
    if parry_weapon(defender_weapon):
        assert defender_weapon is not None
        ratings["parry_skill"] = d.skills.get(weapon_skill(defender_weapon, rules), 0)
    return AttackSetup(
        weapon=stats, attack_parts=tuple(attack), defence_parts=tuple(defend), body=d.body,
        armor=worn_armor(armor), limit=limit, limit_source=source, ratings=ratings,
        defence=defence, has_melee_weapon=parry_weapon(defender_weapon),
        initiative=defender_initiative, monitors=defender_monitors, grazing=grazing)


def monitors_of(character: Character, rules: ShadowrunRuleset, *, physical: int = 0,
                stun: int = 0) -> Monitors:
    """A character's condition monitors with `physical` and `stun` boxes already marked."""
    stats = stats_of(character)
    m = rules.monitors  # sized from `physical_attribute` and `stun_attribute` (Body, Willpower)
    sized = monitors_for(getattr(stats, m.physical_attribute), getattr(stats, m.stun_attribute),
                         m, physical=physical, stun=stun)
    return replace(sized, body=stats.body)  # overflow beyond Body kills
