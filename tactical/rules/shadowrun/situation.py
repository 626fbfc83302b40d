"""What the sheets and the map say about one SR attack besides range and cover (issue 25
item 4): sheet gear counted (a smartlink), Reach as dice (RULINGS "Reach"), and SR4's melee
modifiers (sr4 l.61-104): those the map can tell (friends in melee, charging) proposed like
the map's range and cover, named, each one the GM may drop (`Attack.dropped`); the rest
(superior position, off-hand, receiving a charge, touch-only) the GM's one-click chips,
carried as the attack's option words. Every number is the ruleset file's."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tactical.data.character import Character
from tactical.data.gear import Weapon
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.rules.api import AttackFacts
from tactical.rules.shadowrun.mapmods import MapModifier
from tactical.rules.shadowrun.melee import MeleeSituation, melee_modifiers
from tactical.rules.shadowrun.sheet import weapon_numbers

#: The GM's chips: an option word of the attack -> the SR4 melee table's flag it sets.
CHIPS: dict[str, str] = {
    "superior_position": "attacker_superior",  # sr4 l.89-92
    "defender_superior": "defender_superior",
    "off_hand": "attacker_off_hand",  # sr4 l.81-84
    "defender_off_hand": "defender_off_hand",
    "receiving_charge": "receiving_charge",  # sr4 l.97-100
    "touch_only": "touch_only",  # sr4 l.101-104
}
#: sr4 l.79: the longer Reach "can choose to apply his net Reach bonus as a dice modifier
#: bonus to his test or as a negative dice pool modifier to his opponent's test"
REACH_PENALTY = "reach_penalty"
OPTION_WORDS = (*CHIPS, REACH_PENALTY)


@dataclass(frozen=True, slots=True)
class Chip:
    """One chip as the attack panel offers it: the option word, its words and dice."""

    word: str
    label: str
    dice: int
    pool: str  # "attack" or "defence"


def chips(rules: ShadowrunRuleset) -> tuple[Chip, ...]:
    """The edition's chips (none without the SR4 melee table: SR5)."""
    return tuple(Chip(word, m.name + ("" if m.pool == "attack" else " (defender)"), m.dice,
                      m.pool)
                 for word in CHIPS for m in chip_dice((word,), rules))


def option_problems(options: Iterable[str], rules: ShadowrunRuleset) -> list[str]:
    """The chips an edition without the SR4 melee table cannot take."""
    if rules.melee_modifiers is not None:
        return []
    return [f"{rules.id} has no melee modifier table: '{o}' is SR4's (sr4 l.61-104); give "
            "it as a pool modifier" for o in options if o in CHIPS]


def reach_of(sheet: Character, weapon: Weapon | None, rules: ShadowrunRuleset) -> int:
    """SR Reach: the melee weapon's `reach` plus the sheet's natural Reach (troll +1)."""
    r = rules.reach
    natural = 0 if r is None else sum(r.traits.get(t, 0) for t in sheet.traits)
    if weapon is None or weapon.kind != "melee":
        return natural
    sr = weapon_numbers(weapon, rules)
    return natural + (sr.reach if sr is not None else 0)


def melee_reach_m(reach: int, rules: ShadowrunRuleset) -> float | None:
    """How far a Reach strikes (RULINGS "Reach"); None: the ruleset keeps the sheet's
    metres."""
    r = rules.reach
    if r is None:
        return None
    return r.long_melee_m if reach >= r.long_from else r.melee_m


def reach_per_point(rules: ShadowrunRuleset) -> int:
    r = rules.reach
    if r is not None and r.per_point is not None:
        return r.per_point
    return rules.melee_modifiers.reach_per_point if rules.melee_modifiers else 0


def reach_dice(attacker: int, defender: int, penalty: bool,
               rules: ShadowrunRuleset) -> tuple[MapModifier, ...]:
    """sr4 l.79: the net Reach as a bonus to the longer side's test, or, at its choice, a
    penalty to the other's. The attacker's choice is the attack's `reach_penalty` word;
    a defender with the longer Reach takes the bonus (the GM drops it to rule otherwise)."""
    diff = (attacker - defender) * reach_per_point(rules)
    if not diff:
        return ()
    name = f"Reach {attacker} vs {defender}"
    if diff > 0:
        return (MapModifier(name, -diff, "defence"),) if penalty \
            else (MapModifier(name, diff, "attack"),)
    return (MapModifier(name, -diff, "defence"),)


def gear_dice(sheet: Character, weapon: Weapon,
              rules: ShadowrunRuleset) -> tuple[MapModifier, ...]:
    """The sheet's gear counted (sr*.yaml `gear_modifiers`): a smartlink with a smartgun."""
    return tuple(MapModifier(g.name, g.dice, g.pool) for g in rules.gear_modifiers
                 if g.trait in sheet.traits and weapon.kind in g.against
                 and all(t in weapon.tags for t in g.weapon_tags))


def melee_from_map(rules: ShadowrunRuleset, *, attacker_friends: int, defender_friends: int,
                   charging: bool) -> tuple[MapModifier, ...]:
    """SR4's melee rows the map tells: friends in melee (sr4 l.69-74: "+1 ... for each friend
    more than his opponent has, to a maximum of +4") and charging (sr4 l.93-96: +2)."""
    if rules.melee_modifiers is None:
        return ()
    table = melee_modifiers(MeleeSituation(attacker_friends=attacker_friends,
                                           defender_friends=defender_friends,
                                           charging=charging), rules.melee_modifiers)
    return (*(MapModifier(m.source, m.value, "attack") for m in table.attacker),
            *(MapModifier(m.source, m.value, "defence") for m in table.defender))


def chip_dice(options: Iterable[str], rules: ShadowrunRuleset) -> tuple[MapModifier, ...]:
    """The chips the GM ticked, as named dice (SR4 melee table)."""
    if rules.melee_modifiers is None:
        return ()
    flags = {CHIPS[o]: True for o in options if o in CHIPS}
    if not flags:
        return ()
    table = melee_modifiers(MeleeSituation(**flags),  # type: ignore[arg-type]
                            rules.melee_modifiers)
    return (*(MapModifier(m.source, m.value, "attack") for m in table.attacker),
            *(MapModifier(m.source, m.value, "defence") for m in table.defender))


def proposals(facts: AttackFacts, defender_weapon: Weapon | None,
              rules: ShadowrunRuleset) -> tuple[MapModifier, ...]:
    """What the sheets and the map propose for this attack (issue 25 item 4), each named,
    each one the GM may drop: sheet gear (a smartlink), Reach as dice, and SR4's friends in
    melee and charging. Friends are the standing allies in reach of the foe, less the
    fighter itself (sr4 l.71: "near the combatant ... fighting against the same
    opponent(s)"); a melee attack after a Move in the same action phase is a charge
    (project default: every Move covers at least an adjacent hex's 2 m, sr4 l.95)."""
    weapon, choice = facts.weapon, facts.choice
    out = list(gear_dice(facts.attacker_sheet, weapon, rules))
    if weapon.kind != "melee":
        return tuple(out)
    out += reach_dice(
        reach_of(facts.attacker_sheet, weapon, rules),
        reach_of(facts.target_sheet, defender_weapon, rules),
        REACH_PENALTY in choice.options, rules)
    charging = (bool(getattr(facts.attacker, "move_spent", False))
                or "charging" in facts.attacker.conditions or "charge" in choice.options)
    out += melee_from_map(rules, attacker_friends=facts.attackers_in_reach - 1,
                          defender_friends=facts.defenders_in_reach - 1, charging=charging)
    return tuple(out)

