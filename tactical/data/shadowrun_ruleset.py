"""The Shadowrun ruleset constants files (tactical/rules/shadowrun/sr4.yaml and sr5.yaml).

One engine reads both editions; everything in which SR4 and SR5 differ is a field here
(shared/rules/RULINGS.md, "Shadowrun"), so a GM can house-rule it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from tactical.data.gear import Slug
from tactical.data.problems import Loc
from tactical.data.schema import Frozen
from tactical.data.shadowrun_actions import PhaseActions

AttackKind = Literal["melee", "ranged"]
ArmorKind = Literal["armor", "ballistic", "impact"]
Rating = Literal["body", "agility", "reaction", "strength", "willpower", "intuition", "logic",
                 "charisma"]


class DiceRules(Frozen):
    sides: Literal[6] = 6
    hit_min: int = Field(ge=2, le=6)  # a hit is a face >= hit_min (5: "hits on 5-6")
    glitch: Literal["more_than_half", "half_or_more"]  # share of dice showing 1
    limits: bool  # SR5 caps hits by the limit in brackets; SR4 has none


class DefenceOption(Frozen):
    """One way to defend, declared before the roll (SR5 Combat Sequence "Declare")."""

    name: str
    initiative_cost: int = Field(ge=0)
    adds: tuple[str, ...] = ()  # ratings added to the defence pool (a skill, an attribute,
    #                             or "parry_skill": the skill of the defender's melee weapon)
    against: tuple[AttackKind, ...] = Field(min_length=1)
    duration: Literal["test", "turn"] = "test"  # "turn": for the whole combat turn
    needs_melee_weapon: bool = False  # parry
    needs_rating: bool = False  # SR4 block: "If they have Unarmed Combat skill"
    uses_next_action: bool = False  # SR4 full defense takes the defender's next action
    prone: bool = False  # SR5 Hit the Dirt: drop prone
    interrupt_attack: bool = False  # SR5 Intercept: an attack on a mover, not a defence
    range_plus_reach_m: int | None = Field(default=None, ge=0)  # Intercept: 1 + Reach (m)


class DamageRules(Frozen):
    # Physical becomes Stun when the modified DV "does not exceed" the modified AV (SR4), or,
    # with "dv_below_av", only when DV < AV (the SR5 sequence notes' "Stun DV < AV").
    stun_conversion: Literal["dv_not_above_av", "dv_below_av"]
    armor_by_kind: dict[AttackKind, ArmorKind]  # SR4: impact vs melee, ballistic vs ranged
    strength_in_dv: Literal["full", "half_up"]  # SR5 "(STR+1)P"; SR4 ⌈STR/2⌉ + weapon


class MonitorRules(Frozen):
    base: int = Field(ge=1)  # Physical 8 + ⌈Body/2⌉, Stun 8 + ⌈Willpower/2⌉
    attribute_divisor: int = Field(ge=1)  # the 2 in ⌈Body/2⌉
    physical_attribute: Rating = "body"
    stun_attribute: Rating = "willpower"
    boxes_per_wound_die: int = Field(ge=1)  # -1 die per 3 boxes of damage
    stun_overflow_to_physical: bool = True  # Stun beyond its monitor goes on Physical 1:1


RangeBand = Literal["short", "medium", "long", "extreme"]


class MapModifiers(Frozen):
    """RULINGS "Map modifiers" (project defaults, not a book's quotation): range by the
    weapon's SR range category, cover between attacker and defender, proposed as named pool
    modifiers the GM may drop."""

    range_dice: dict[RangeBand, int]  # attack pool dice per band (Short +0 ... Extreme -6)
    # per range category: the upper end (metres) of Short, Medium, Long and Extreme
    ranges: dict[Slug, tuple[float, float, float, float]]
    cover_dice: dict[Literal["partial", "full"], int]  # defence pool dice (partial +2, good +4)
    default_range: Slug  # the category of a ranged weapon the catalogue does not name


class MeleeModifiers(Frozen):
    """SR4 Melee Modifiers Table (shared/rules/sr4-resolving-combat.txt)."""

    friend: int  # +1 per friend more than the opponent has
    friends_max: int = Field(ge=0)  # "to a maximum of +4"
    reach_per_point: int  # "Every point of Reach translates into a +/-1"
    off_hand: int  # -2
    charging: int  # +2
    superior_position: int  # +2
    receiving_charge: int  # +1
    touch_only: int  # +2


class MultipleTargets(Frozen):
    """SR4 Multiple Targets (sr4 l.85-87): "Characters may attack more than one opponent in
    melee with the same Complex Action, as long as those opponents are within one meter of
    each other. The attacker's dice pool is split between each attack"."""

    # "within one meter of each other" on the hex map (project default: a hex is 2 m
    # across, so neighbours stand shoulder to shoulder): every two targets at most this
    # many hexes apart
    within_hexes: int = Field(default=1, ge=0, le=10)
    max_targets: int = Field(default=6, ge=2, le=20)  # a bound on the list, not a rule


class Surprise(Frozen):
    """Surprise under Shadowrun (RULINGS "Surprise": project defaults, not a book's
    quotation; not Chapter 6's lost round): a test of `test` (Reaction + Intuition)
    against `threshold`; a failure costs `initiative_cost` Initiative in the first combat
    turn and, with `no_interrupts`, no interrupt actions (a defence that costs Initiative,
    Intercept) until its first action phase."""

    test: tuple[Rating, ...] = Field(min_length=1)
    threshold: int = Field(ge=1, le=20)
    initiative_cost: int = Field(ge=0, le=100)
    no_interrupts: bool = True


class GearModifier(Frozen):
    """Sheet gear counted in a pool (issue 25 item 4; project defaults, the texts beside the
    project give no number): a trait on the attacker's sheet and the tags the weapon must
    carry, e.g. a smartlink (the trait) with a smartgun (the weapon's `smartlink_ready`)."""

    name: str = Field(min_length=1)  # as the log records it: "Smartlink"
    trait: Slug  # on the attacker's sheet (`traits`)
    weapon_tags: tuple[Slug, ...] = ()  # all of them on the weapon
    against: tuple[AttackKind, ...] = ("melee", "ranged")  # the attacks it helps
    pool: Literal["attack", "defence"] = "attack"
    dice: int = Field(ge=-20, le=20)


class ReachRules(Frozen):
    """RULINGS "Reach" (sr4 l.75-80, SR5 likewise): Reach is dice, never Chapter 6's metres.
    A combatant's Reach is its melee weapon's SR `reach` plus its traits' (sr4 l.79: "Trolls
    have a natural Reach of 1 that is cumulative with weapon Reach"); it strikes at
    `melee_m` (an adjacent hex), at `long_melee_m` from Reach `long_from`."""

    per_point: int | None = None  # dice per point of difference; None: melee_modifiers'
    traits: dict[Slug, int] = Field(default_factory=dict)  # natural Reach (troll: 1)
    melee_m: float = Field(gt=0)  # "adjacent hexes for both sides (Reach 0-2)"
    long_from: int = Field(ge=1)  # "two hexes for Reach 3 or more"
    long_melee_m: float = Field(gt=0)


class InitiativeRules(Frozen):
    # SR4: score = base + hits on the initiative dice; passes from the sheet.
    # SR5: score = base + the sum of the initiative dice; -10 per pass.
    attributes: tuple[Rating, ...] = Field(min_length=1)  # Reaction + Intuition
    score: Literal["hits", "sum"]
    pass_cost: int = Field(ge=0)  # SR5: 10; SR4: 0 (passes come from the sheet)
    passes: Literal["from_sheet", "while_positive"]
    interrupt_needs_score: bool = True  # no Initiative cost the score cannot pay
    # An action phase (ruling): a Complex (the board's Major), a move, a Simple (Minor).
    # The default keeps logs stored before the key existed replayable.
    action_phase: tuple[Literal["major", "move", "minor"], ...] = ("major", "move", "minor")


class WeaponSkill(Frozen):
    """Which Shadowrun skill a catalogue weapon uses: the first rule whose tags the weapon
    carries wins, else the skill named for the weapon's Chapter 6 skill."""

    tags: tuple[Slug, ...] = Field(min_length=1)
    skill: Slug


class LimitFormula(Frozen):
    """SR5 Physical limit: ⌈(Strength × 2 + Body + Reaction) / 3⌉ unless the sheet gives it."""

    weights: dict[Rating, int] = Field(min_length=1)
    divisor: int = Field(ge=1)


class SheetRules(Frozen):
    """How a character sheet becomes a dice pool (the engine's `attack_from_sheets`)."""

    attack_attribute: Rating = "agility"  # SR5: Agility + combat skill
    defence_pool: tuple[Rating, ...] = Field(min_length=1)  # SR5 Reaction + Intuition
    weapon_skills: tuple[WeaponSkill, ...] = ()
    skill_for: dict[Slug, Slug] = Field(default_factory=dict)  # Ch.6 skill → SR skill
    defaulting: int = -1  # an unskilled attack: attribute only, -1
    unarmed_limit: Literal["physical"] | None = None  # SR5: Physical limit without Accuracy
    physical_limit: LimitFormula | None = None  # needed by unarmed_limit: physical
    # Which block of a catalogue weapon holds this edition's numbers: `shadowrun` (SR5's)
    # or `sr4`; a weapon without that block falls back on `shadowrun`
    weapon_numbers: Literal["shadowrun", "sr4"] = "shadowrun"
    # Parry needs a melee weapon "in hand": "carried" (on the sheet: SR5) or "ready" (the
    # weapon the defender holds: SR4, no Parry with a firearm ready)
    parry_with: Literal["carried", "ready"] = "carried"


RestName = Literal["brief", "short", "long", "partial_long"]


def _rest_minutes() -> dict[RestName, int]:
    return {"brief": 10, "short": 60, "long": 480, "partial_long": 270}  # l.838-852


class Healing(Frozen):
    """Between fights (a campaign's rest, docs/campaign.md). Project defaults, not a
    book's: the Shadowrun texts beside the project do not cover healing. A pool's boxes
    are its average hits (dice ÷ 3, at least 1), so a rest gives the same every time."""

    rest_minutes: dict[RestName, int] = Field(default_factory=_rest_minutes)
    stun_pool: tuple[Rating, ...] = ("body", "willpower")  # Stun boxes per hour of rest
    physical_pool: tuple[Rating, ...] = ("body", "body")  # Physical boxes per day of rest
    dice_per_box: int = Field(default=3, ge=1)
    care_bonus: int = Field(default=1, ge=0)  # a box a day more under medical care
    overflow_needs_care: bool = True  # overflow boxes (dying) heal only under care


class ShadowrunRuleset(Frozen):
    kind: Literal["ruleset"]
    version: Literal[1] = 1
    engine: Literal["shadowrun"]  # which schema the file follows (data/kinds.py)
    id: str = Field(pattern=r"^[a-z][a-z0-9]*$")  # the edition; its file is <id>.yaml
    name: str
    dice: DiceRules
    grazing_hit_default: bool = False  # ties miss unless the GM rules a grazing hit
    defence_options: dict[Slug, DefenceOption]
    default_defence: Slug
    damage: DamageRules
    monitors: MonitorRules
    melee_modifiers: MeleeModifiers | None = None
    initiative: InitiativeRules
    sheet: SheetRules
    healing: Healing = Field(default_factory=Healing)
    map_modifiers: MapModifiers | None = None  # None: the map proposes no pool modifiers
    multiple_targets: MultipleTargets | None = None  # None: no split pool (SR5's text)
    surprise: Surprise | None = None  # None: no surprise test (the GM's call)
    gear_modifiers: tuple[GearModifier, ...] = ()  # sheet gear counted (smartlink)
    reach: ReachRules | None = None  # None: melee reach stays the sheet's metres
    actions: PhaseActions = Field(default_factory=PhaseActions)  # RULINGS "Actions"

    def problems(self) -> Iterable[tuple[Loc, str]]:
        if self.default_defence not in self.defence_options:
            yield ("default_defence",), (f"'{self.default_defence}' is not one of the "
                                         "defence_options")
        elif self.defence_options[self.default_defence].initiative_cost:
            yield ("default_defence",), "the default defence must cost no Initiative"
        mm = self.map_modifiers
        if mm is not None and mm.default_range not in mm.ranges:
            yield ("map_modifiers", "default_range"), (f"'{mm.default_range}' is not one of "
                                                       "the ranges")
        for kind in ("melee", "ranged"):
            if kind not in self.damage.armor_by_kind:
                yield ("damage", "armor_by_kind"), f"missing the armor used against {kind}"
        for name, option in self.defence_options.items():
            if option.interrupt_attack and option.range_plus_reach_m is None:
                yield ("defence_options", name), "an interrupt attack needs range_plus_reach_m"
        if self.reach is not None and self.reach.per_point is None \
                and self.melee_modifiers is None:
            yield ("reach", "per_point"), "give per_point: no melee_modifiers table to read"
        if self.sheet.unarmed_limit == "physical" and self.sheet.physical_limit is None:
            yield ("sheet", "physical_limit"), "unarmed_limit: physical needs the formula"
        if self.initiative.passes == "while_positive" and self.initiative.pass_cost <= 0:
            yield ("initiative", "pass_cost"), "passes 'while_positive' need a pass_cost"
