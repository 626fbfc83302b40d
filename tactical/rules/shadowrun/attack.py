"""One Shadowrun attack, start to end (SR4 "The Combat Sequence", SR5 "Combat Sequence"):
declare the defence, the opposed test, compare armor, the damage resistance test, apply
damage. Every die and every number is in the result, so replaying it never rolls."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tactical.core.errors import IllegalCommand
from tactical.data.shadowrun_ruleset import ArmorKind, AttackKind, ShadowrunRuleset
from tactical.rules.shadowrun.damage import (
    DamageCode,
    Monitors,
    armor_dice,
    damage_after_resistance,
    damage_code,
    mark,
    modified_av,
    modified_dv,
)
from tactical.rules.shadowrun.defence import (
    DefenceDeclaration,
    DefenceResult,
    defence_problems,
    resolve_defence,
)
from tactical.rules.shadowrun.mapmods import MapModifier
from tactical.rules.shadowrun.pools import (
    Modifier,
    Outcome,
    PoolRoll,
    PoolRoller,
    glitch_note_head,
    opposed,
    roll_pool,
)


@dataclass(frozen=True, slots=True)
class WeaponStats:
    """The weapon as this attack uses it: DV already read for the attacker (STR applied)."""

    name: str
    kind: AttackKind
    dv: int
    damage_type: DamageCode = "P"
    ap: int = 0
    dv_text: str = ""  # as written ("STR+1"), for the breakdown


@dataclass(frozen=True, slots=True)
class ArmorValues:
    """The defender's armor: SR5 one value; SR4 Ballistic and Impact (None: not given, the
    single value stands in)."""

    armor: int = 0
    ballistic: int | None = None
    impact: int | None = None
    source: str = "Armor"


def armor_for(values: ArmorValues, kind: AttackKind,
              rules: ShadowrunRuleset) -> tuple[int, ArmorKind]:
    # SR4: "Impact armor (not Ballistic) is used to defend against melee weapons"
    which = rules.damage.armor_by_kind[kind]
    value = getattr(values, which)
    return (values.armor, "armor") if value is None else (value, which)


@dataclass(frozen=True, slots=True)
class AttackSetup:
    """Everything one attack needs, as numbers and named parts (built from a CASE, or from
    two sheets by `attack_from_sheets`)."""

    weapon: WeaponStats
    attack_parts: tuple[Modifier, ...]  # skill + attribute ± modifiers
    defence_parts: tuple[Modifier, ...]  # SR5 Reaction + Intuition ± modifiers, SR4 Reaction
    body: int
    armor: ArmorValues = field(default_factory=ArmorValues)
    limit: int | None = None  # SR5: weapon Accuracy or Physical limit
    limit_source: str = ""
    ratings: Mapping[str, int] = field(default_factory=dict)  # what defence options add
    defence: DefenceDeclaration = field(default_factory=DefenceDeclaration)
    has_melee_weapon: bool = False  # the defender can parry
    initiative: int | None = None  # the defender's score before the defence's cost
    resist_parts: tuple[Modifier, ...] = ()  # extra damage resistance dice (± modifiers)
    monitors: Monitors | None = None  # the defender's, before the attack
    grazing: bool | None = None  # a tie is a grazing hit (None: the ruleset's default)
    # what the sheets and the map proposed (gear, reach, SR4 melee rows), dropped or not:
    # the attack panel's checkboxes (issue 25 item 4); the kept ones are in the parts
    proposed: tuple[MapModifier, ...] = ()


@dataclass(frozen=True, slots=True)
class DamageResult:
    base_dv: int
    net_hits: int
    modified_dv: int
    armor: int
    armor_kind: ArmorKind
    ap: int
    modified_av: int
    code_before: DamageCode
    code: DamageCode  # after the Physical → Stun comparison
    resist: PoolRoll
    damage: int  # boxes

    @property
    def converted(self) -> bool:
        return self.code != self.code_before


@dataclass(frozen=True, slots=True)
class AttackResult:
    ruleset: str
    weapon: WeaponStats
    attack: PoolRoll
    defense: PoolRoll
    defence: DefenceResult
    net_hits: int
    outcome: Outcome
    damage: DamageResult | None
    monitors_before: Monitors | None
    monitors_after: Monitors | None
    notes: tuple[str, ...]

    @property
    def hit(self) -> bool:
        return self.outcome is Outcome.HIT

    @property
    def boxes(self) -> int:
        return 0 if self.damage is None else self.damage.damage


def attack_problems(setup: AttackSetup, rules: ShadowrunRuleset) -> list[str]:
    """Every reason the attack cannot be resolved as set up (empty: it can)."""
    reasons = defence_problems(setup.defence, setup.weapon.kind, setup.ratings, rules,
                               has_melee_weapon=setup.has_melee_weapon,
                               initiative=setup.initiative)
    if setup.limit is not None and not rules.dice.limits:
        reasons.append(f"{rules.id} has no limits; leave the limit out")
    return reasons


def resolve_attack(setup: AttackSetup, roller: PoolRoller,
                   rules: ShadowrunRuleset) -> AttackResult:
    """Resolve one attack; IllegalCommand lists every reason when the rules forbid it.
    Dice are taken from `roller` in the order attack, defense, resist (resist only on a hit)."""
    reasons = attack_problems(setup, rules)
    if reasons:
        raise IllegalCommand(reasons)
    notes: list[str] = []
    defence = resolve_defence(setup.defence, setup.ratings, rules, initiative=setup.initiative)
    # SR5: "Attacker rolls Combat Skill + Ability +/- Modifiers [Limit]"
    attack = roll_pool("attack", setup.attack_parts, roller, rules.dice, setup.limit)
    # SR5: "Defender rolls Reaction + Intuition +/- Modifiers" - no limit (no skill involved)
    defense = roll_pool("defense", setup.defence_parts + defence.parts, roller, rules.dice)
    grazing = rules.grazing_hit_default if setup.grazing is None else setup.grazing
    test = opposed(attack, defense, grazing=grazing)
    share = "more than half" if rules.dice.glitch == "more_than_half" else "half or more"
    for roll in (attack, defense):
        if roll.critical_glitch:
            notes.append(f"{glitch_note_head(roll.test)} critical glitch ({share} of the dice "
                         "show 1, no hits)")
        elif roll.glitch:
            notes.append(f"{glitch_note_head(roll.test)} glitch ({share} of the dice show 1)")
    if test.outcome is Outcome.GRAZE:
        notes.append("grazing hit: contact, no damage (contact-only attacks still work)")
    if setup.defence.active:
        # RULINGS SR5 Full Defense: "declared again in a later pass of the same turn it costs
        # nothing more"
        notes.append(f"{', '.join(setup.defence.active).replace('_', ' ')} already declared "
                     "this combat turn: its dice, no Initiative again")
    if defence.prone:
        notes.append("the defender drops prone")
    if defence.uses_next_action:
        notes.append("full defense uses the defender's next action")
    damage: DamageResult | None = None
    after = setup.monitors
    if test.outcome is Outcome.HIT:
        damage = _damage(setup, test.net_hits, roller, rules)
        if setup.monitors is not None:
            after = mark(setup.monitors, damage.code, damage.damage, rules.monitors)
    return AttackResult(rules.id, setup.weapon, attack, defense, defence, test.net_hits,
                        test.outcome, damage, setup.monitors, after, tuple(notes))


def _damage(setup: AttackSetup, net: int, roller: PoolRoller,
            rules: ShadowrunRuleset) -> DamageResult:
    weapon = setup.weapon
    dv = modified_dv(weapon.dv, net)
    armor, kind = armor_for(setup.armor, weapon.kind, rules)
    av = modified_av(armor, weapon.ap)
    code = damage_code(weapon.damage_type, dv, av, rules.damage)
    # SR4 step 5: "The defender rolls attribute + modified Armor Value to resist damage"
    parts = [Modifier("Body", setup.body)]
    if armor_dice(av):
        parts.append(Modifier(f"Armor {armor} AP {weapon.ap:+d}", armor_dice(av)))
    resist = roll_pool("resist", (*parts, *setup.resist_parts), roller, rules.dice)
    return DamageResult(weapon.dv, net, dv, armor, kind, weapon.ap, av, weapon.damage_type,
                        code, resist, damage_after_resistance(dv, resist.hits))


def replay_faces(result: AttackResult) -> dict[str, tuple[int, ...]]:
    """The faces the attack used, by test: resolving the same setup with
    `PoolRoller(queues=replay_faces(result))` gives the same result without rolling."""
    faces = {"attack": result.attack.faces, "defense": result.defense.faces}
    if result.damage is not None:
        faces["resist"] = result.damage.resist.faces
    return faces
