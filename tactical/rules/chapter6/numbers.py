"""The Chapter 6 ruleset constants file's schema (tactical/rules/chapter6/ruleset.yaml).

Rule numbers live in data, not code (shared/ARCHITECTURE.md), so a GM can house-rule them.
The schema is the ruleset's own: the engine and the geometry never import it; they read the
numbers they need through neutral protocols (`tactical.rules.basenumbers.BaseNumbers`,
`tactical.geometry.params.MapNumbers`), which this model satisfies structurally. Imported,
it registers itself as the `kind: ruleset` file without an `engine` (the base game's).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from tactical.data.character import Character
from tactical.data.gear import DiceExpression, Slug
from tactical.data.kinds import register_ruleset_engine
from tactical.data.problems import Loc
from tactical.data.schema import Frozen
from tactical.rules.basenumbers import (
    ActionKind,
    Awareness,
    CoverClassName,
    DamageTypeName,
    Degree,
    Effort,
    InjuryLevel,
    ModeName,
    Nerve,
    PatchReadiness,
    Rest,
)

Attribute = Literal["AG", "CU", "ST", "VI", "RE", "PR"]
RollOff = Annotated[str, StringConstraints(pattern=r"^d[1-9][0-9]*$")]  # "d10": a die roll-off


class Checks(Frozen):
    dice: int = Field(ge=2, le=10)  # limits (issue 11): the odds enumerate every face
    die_sides: int = Field(ge=2, le=100)
    double_bonus: int
    fumble_face: int
    degrees: dict[Degree, int]
    difficulty: dict[str, int]


class Perception(Frozen):
    skill: Slug  # the Awareness check's skill (Vigilance)
    unaware_idle_rounds: int = Field(ge=0)  # RULINGS: Unaware, "no actions in round 1"
    effort_tn: dict[Effort, int]
    awareness: dict[Degree, Awareness]
    stealth_tn_bonus: dict[Degree, int]


class Defence(Frozen):
    base: int
    attributes: tuple[Attribute, ...] = ()
    skill: tuple[Slug, ...] = ()  # the best of these skills adds (Parry: the melee skills)


class Defences(Frozen):
    dodge: Defence
    parry: Defence
    grit: Defence
    poise: Defence
    will: Defence
    discipline: Literal["will", "grit", "poise"]
    parry_weapon_tags: tuple[Slug, ...]  # a weapon with one of these tags parries


OptionName = Literal["aim_for_opening", "charge", "disarm", "flurry", "grapple", "smash",
                     "aimed_shot", "crossfire", "suppressive_fire", "trick_shot",
                     "fire_around_cover"]


class AttackOption(Frozen):
    """Ch.6 attack options: which attacks may take it and what it does to the check."""

    kind: Literal["melee", "ranged"]
    advantage: bool = False
    disadvantage: bool = False
    damage: bool = True  # False: the option has an effect instead of damage (Disarm, …)
    extra_attacks: int = Field(default=0, ge=0)
    modes: tuple[ModeName, ...] = ()  # empty: any fire mode
    ignores_cover: bool = False
    # the actions an attack with this option takes (Ch.6: "Aimed Shot (1 Major, 1 Minor)");
    # empty: only the attack's own (older numbers files)
    needs: tuple[ActionKind, ...] = ()


class ReactionRules(Frozen):
    """One reaction kind's numbers and words (its predicate: rules/chapter6/reactions.py)."""

    kind: Literal["melee", "ranged"]  # the attack it grants
    disadvantage: bool = False
    max_band: Literal["close", "short", "medium", "long", "extreme"] | None = None
    label: str = Field(min_length=1)  # the board's and the dock's name for it
    attack_label: str | None = None  # the attack's name in a breakdown, if not `label`
    colour: Literal["orange", "sky", "green", "yellow", "blue", "vermillion", "purple",
                    "black"]  # a key of the board's colour-blind-safe palette (Okabe-Ito)
    why: str = Field(min_length=1)  # str.format template: distance_m, band, band_tn,
    # weapon, cover, reach_m


class AttackRules(Frozen):
    base_tn: int
    easy_tn: int
    easy_tn_takes_modifiers: bool = False
    crossfire_many_allies: int = Field(ge=1)
    trait_advantages: dict[Slug, Literal["melee", "ranged"]]  # a trait's Advantage
    tn_modifiers: dict[str, int]
    parry_without_weapon_gives_advantage: bool
    options: dict[OptionName, AttackOption]
    # Ch.6 Called shots, l.616: "require 1 Major and 1 Minor action to attempt"
    called_shot_needs: tuple[ActionKind, ...] = ("major", "minor")
    reactions: dict[str, ReactionRules]  # by kind name (the log's ReactionOffered.kind)


class RangeBand(Frozen):
    """A band ends at `max_m` metres, or at `max_factor` × the weapon's effective range."""

    band: Literal["close", "short", "medium", "long", "extreme"]
    max_m: float | None = Field(default=None, gt=0)
    max_factor: float | None = Field(default=None, gt=0)
    tn: int


class FireModeRules(Frozen):
    ammo: int = Field(ge=0)
    bonus_dice: int = 0
    multi_target_bonus_dice: int = 0
    may_take_advantage: bool = False
    needs: tuple[ActionKind, ...] = Field(min_length=1)  # the actions an attack takes


class PtDr(Frozen):
    pt: int
    dr: int


class ArmorRules(Frozen):
    dr_cap: int = Field(ge=0, le=100)
    max_layers: int = Field(ge=1)
    third_layer_allowed: bool
    second_layer_dr_share: float = Field(ge=0, le=1)
    final_dr_cap: int = Field(ge=0, le=100)


class MapCover(Frozen):
    corner_shrink: float = Field(ge=0, lt=1)
    partial_max_share: float = Field(gt=0, lt=1)
    prone_improves_by: int = Field(ge=0)


class InjuryEffect(Frozen):
    fatigue: int = 0
    initiative_loss: DiceExpression | None = None
    initiative_duration: Literal["next_turn", "combat"] | None = None
    initiative_zero: bool = False
    disadvantage: str | None = None  # next_turn, until_treated, or a dice expression of rounds
    actions_per_turn: int | None = None
    actions: tuple[Literal["major", "move", "minor"], ...] | None = None
    no_reactions: bool = False
    bleed: DiceExpression | None = None
    bleed_rounds: str | None = None  # a dice expression or until_stabilised
    prone: bool = False
    unconscious: bool = False
    death_in: DiceExpression | None = None


class Cumulative(Frozen):
    incapacitated_at: float = Field(gt=0)
    dying_at: float = Field(gt=0)
    incapacitated: InjuryEffect


class Injury(Frozen):
    thresholds: dict[InjuryLevel, float]
    stun_steps_lower: int = Field(ge=0)
    edge_steps_lower: int = Field(ge=0)
    effects: dict[InjuryLevel, InjuryEffect]
    cumulative: Cumulative


class Fatigue(Frozen):
    fatigued: float = Field(gt=0)
    exhausted: float = Field(gt=0)
    exhausted_actions: tuple[ActionKind, ...]  # Exhausted: "one Minor action"
    unconscious: float = Field(gt=0)
    # Ch.6 l.818: Exhausted, "if you do nothing (except maybe some Free actions) for 1
    # minute (10 turns), you regain 1 Stamina until you are no longer exhausted"
    exhausted_rest_turns: int = Field(ge=1)
    exhausted_rest_stamina: int = Field(ge=1)


class FirstAidHealth(Frozen):
    base: DiceExpression
    per_mos: int = Field(ge=1)
    max_bonus: int = Field(ge=0)


class FirstAid(Frozen):
    skill: Slug  # the Medic skill
    max_hexes: int = Field(ge=0)  # the healer must be next to the patient
    tn: dict[InjuryLevel, int]
    kit_tn: dict[Literal["medkit", "some_equipment", "improvised", "trauma_kit", "autodoc"],
                 int]
    steps_better: int = Field(ge=1)
    health: dict[InjuryLevel, FirstAidHealth]
    trauma_patch_skill: int


class Tier(Frozen):
    min: int = Field(ge=0)
    major: int = Field(ge=0)
    move: int = Field(ge=0)
    minor: int = Field(ge=0)


class InitiativeRules(Frozen):
    dice: DiceExpression
    attributes: tuple[Attribute, ...]
    tie_breakers: tuple[Attribute | RollOff, ...]  # attributes, then a roll-off die ("d10")
    edge_bonus: DiceExpression
    tiers: tuple[Tier, ...] = Field(min_length=1)
    reactions_per_round: int = Field(ge=0)
    downgrades_per_turn: int = Field(ge=0)


class ActionCosts(Frozen):
    """Ch.6 Actions: the action each command takes (a ranged attack: its fire mode's)."""

    full: tuple[ActionKind, ...] = Field(min_length=1)  # a Full action's slots
    attack: ActionKind
    move: ActionKind
    step: ActionKind
    drop_prone: ActionKind
    get_up: ActionKind
    evade: tuple[ActionKind, ...] = Field(min_length=1)  # two Moves
    disengage: ActionKind
    ready_weapon: ActionKind
    overwatch: ActionKind
    first_aid: ActionKind


class Movement(Frozen):
    speed_m: float = Field(gt=0)
    sprint_factor: float = Field(gt=0)
    step_hexes: int = Field(ge=1)
    charge_min_m: float = Field(ge=0)
    evade_tn: int


class BreakFree(Frozen):
    """Ch.6 Grapple, l.404: "break free (Major action)"; the check is our ruling
    (docs/rules-chapter6.md, Options that leave effects)."""

    action: ActionKind
    skills: tuple[str, ...] = Field(min_length=1)  # the better of these
    difficulty: str


class OptionEffects(Frozen):
    """What attack options leave behind on the board (Ch.6 l.380-412, l.490)."""

    disarm_recover: dict[Literal["marginal", "solid", "perfect"], tuple[ActionKind, ...]]
    break_free: BreakFree


class AutoFireSpread(Frozen):
    """Ch.6 Auto fire at "several (nearby) targets ... in the same general vicinity" (l.460,
    464): how near each must be to the first (our ruling, docs/rules-chapter6.md)."""

    vicinity_m: float = Field(gt=0)


class EdgeReaction(Frozen):
    """Ch.6 l.152 "Using Edge can also give you additional Reactions": the price (our
    ruling, docs/rules-chapter6.md)."""

    edge: int = Field(ge=1)
    reactions: int = Field(ge=1)


class TableActions(Frozen):
    """Ch.6 actions that were not on the board (l.190-216): their costs and numbers (our
    rulings where the text gives none, docs/rules-chapter6.md)."""

    dash_factor: float = Field(gt=0)  # Dash (Full): this many times the speed, any path
    use_skill: ActionKind
    assist: ActionKind
    # l.198 "If you are engaged in melee combat … This counts as using a Move action": what
    # a melee attack spends besides its own cost (None: nothing, the house rule)
    melee_engagement: ActionKind | None = "move"
    mount: ActionKind = "move"  # l.208 Mount/Dismount (a Move action), each way


class DisciplineChecks(Frozen):
    """Ch.6 Fear and Pinning (l.968-982): "active Discipline defense checks"; the numbers
    are our rulings (docs/rules-chapter6.md)."""

    defence_offset: int  # the check's skill = Discipline + this (−10: Discipline 21 → 11)
    difficulty: dict[Nerve, str]
    action: dict[Nerve, ActionKind | None]  # None: no action (on demand)


class StimPatch(Frozen):
    """Ch.6 Stim patches (l.858-866)."""

    stamina: DiceExpression  # + the Rating
    action: ActionKind  # our ruling: like a readied patch
    crash_tn: int  # "Grit check DC 20+Rating"
    crash_tn_per_patch: int  # "+5 for each additional patch"
    # (defaults: the rule text's, for logs that kept their numbers before these were here)
    crash_after: DiceExpression = "1d6"  # "After 1d6x10 minutes"
    crash_after_minutes: int = 10
    crash_fatigue: DiceExpression = "2d6"  # "2d6+2xRating fatigue"
    crash_fatigue_per_rating: int = 2


class Medic(Frozen):
    """Ch.6 patches and rests (l.830-866, 936)."""

    trauma_patch_action: dict[PatchReadiness, ActionKind]
    stim_patch: StimPatch
    rests: dict[Rest, int]  # % of Stamina


class HealingRate(Frozen):
    """Health back: `health` every `every` days (0: none at this level and care)."""

    health: int = Field(ge=0, le=100)
    every: int = Field(default=1, ge=1, le=365)


def _rates() -> dict[InjuryLevel, dict[Literal["none", "medical"], HealingRate]]:
    none, day, week = HealingRate(health=0), HealingRate(health=1), HealingRate(health=1,
                                                                                 every=7)
    return {"light": {"none": day, "medical": day}, "moderate": {"none": week, "medical": day},
            "serious": {"none": none, "medical": day},
            "critical": {"none": none, "medical": week},
            "lethal": {"none": none, "medical": none}}


RestName = Literal["brief", "short", "long", "partial_long"]


def _rest_minutes() -> dict[RestName, int]:
    return {"brief": 10, "short": 60, "long": 480, "partial_long": 270}  # l.838-852


class Healing(Frozen):
    """Ch.6 between fights (l.816-830, 900-966; a campaign's rest, docs/campaign.md). The
    defaults are the bundled ruleset.yaml's, so a log written before they existed replays
    with the same numbers."""

    rest_minutes: dict[RestName, int] = Field(default_factory=_rest_minutes)
    rates: dict[InjuryLevel, dict[Literal["none", "medical"], HealingRate]] = Field(
        default_factory=_rates)
    stun_per_day: Attribute = "VI"  # l.966 "Recover Stun damage equal to your Vitality"
    unconscious_minutes: int = Field(default=10, ge=1)  # l.826 "1 point ... every 10 minutes"
    exhausted_minutes: int = Field(default=1, ge=1)  # l.820 "1 minute (10 turns)"
    care_within: DiceExpression = "1d6+1"  # l.742 "or you will die within 1d6+1 hours"


class MeleeGear(Frozen):
    """Ch.6 melee example (l.1009): which catalogue tags make an attack unarmed, count it as
    armed anyway (Killing Hands), and make a shield that negates Reach."""

    unarmed_tag: str
    armed_tag: str
    shield_tag: str


class TargetSpeed(Frozen):
    """Ch.6 Range/Speed (l.438): "faster targets increase TN ... moving fast at extreme
    ranges will not affect the total modifier as much" (numbers: our ruling)."""

    tn: int
    extreme_tn: int
    moves: tuple[str, ...]  # the ways of moving that make a target fast until its next turn


class AreaNumbers(Frozen):
    """RULINGS "Area attacks" (l.460-466, l.482-490): the check against a hex, the scatter
    of a miss, the prone shift and Suppressive Fire's zone."""

    hex_tn: int = 15  # "TN = 15 + the range band modifier + the cover"
    scatter_points_per_hex: int = Field(default=5, ge=1)  # "1 hex per full 5 points"
    scatter_cap_share: float = Field(default=0.5, gt=0, le=1)  # "at most half the distance"
    fumble_scatter: DiceExpression = "1d6"  # "A fumble scatters 1d6 hexes with no cap"
    direction_die: int = Field(default=6, ge=6, le=6)  # "direction 1d6"
    prone_rings_out: int = Field(default=1, ge=0)  # "A prone combatant counts one ring further"
    suppression_angle_deg: float = Field(default=60.0, gt=0, le=360)
    suppression_band: Literal["close", "short", "medium", "long", "extreme"] = "medium"


class Chapter6Ruleset(Frozen):
    kind: Literal["ruleset"]
    version: Literal[1] = 1
    id: Literal["chapter6"]
    name: str
    checks: Checks
    perception: Perception
    defences: Defences
    attack: AttackRules
    range_bands: tuple[RangeBand, ...] = Field(min_length=1)
    default_max_range_factor: float = Field(gt=0)
    metres_per_hex: float = Field(gt=0)
    default_reach_m: float = Field(gt=0)
    fire_modes: dict[ModeName, FireModeRules]
    damage_dice: dict[str, int | bool]
    armor: ArmorRules
    damage_types: dict[DamageTypeName, PtDr]
    called_shots: dict[Literal["weakness", "vulnerability", "aim_for_opening"], PtDr]
    cover_classes: dict[CoverClassName, PtDr]
    map_cover: MapCover
    injury: Injury
    fatigue: Fatigue
    first_aid: FirstAid
    initiative: InitiativeRules
    actions: ActionCosts
    movement: Movement
    option_effects: OptionEffects
    auto_fire_spread: AutoFireSpread
    edge_reaction: EdgeReaction
    table_actions: TableActions
    discipline_checks: DisciplineChecks
    medic: Medic
    healing: Healing = Field(default_factory=Healing)
    melee_gear: MeleeGear
    size_tn: dict[Literal["small", "medium", "large", "huge"], int]
    target_speed: TargetSpeed
    area: AreaNumbers = AreaNumbers()

    def attack_needs(self, mode: str | None, options: Iterable[str],
                     called_shot: bool) -> tuple[ActionKind, ...]:
        """The actions one attack takes (issue 12 item 2): of each kind, the most that its
        fire mode (`fire_modes.<mode>.needs`; no mode: `actions.attack`), any of its options
        (`attack.options.<name>.needs`) or a called shot (`attack.called_shot_needs`) asks
        for. Aimed Shot on SA: Major + Minor; Suppressive Fire: Major + Move + Minor."""
        mode_rules = next((m for name, m in self.fire_modes.items() if name == mode), None)
        parts = [mode_rules.needs if mode_rules is not None else (self.actions.attack,)]
        parts += [self.attack.options[o].needs for o in options if o in self.attack.options]
        if called_shot:
            parts.append(self.attack.called_shot_needs)
        kinds: tuple[ActionKind, ...] = ("major", "move", "minor")
        most = {k: max(part.count(k) for part in parts) for k in kinds}
        return tuple(k for k in kinds for _ in range(most[k]))

    def speed_m(self, sheet: Character) -> float:
        """Ch.6 Movement: the sheet's speed, else the ruleset's default (`movement.speed_m`)."""
        return sheet.speed_m if "speed_m" in sheet.model_fields_set else self.movement.speed_m

    def problems(self) -> Iterable[tuple[Loc, str]]:
        for index, band in enumerate(self.range_bands):
            if (band.max_m is None) == (band.max_factor is None):
                yield ("range_bands", index), "give exactly one of max_m or max_factor"
        mins = [tier.min for tier in self.initiative.tiers]
        if mins != sorted(mins) or mins[0] != 0:
            yield ("initiative", "tiers"), "tiers must start at 0 and rise"


def chapter6_numbers(numbers: object) -> Chapter6Ruleset:
    """The engine's base numbers (`Context.rules`, typed by what the engine reads) as this
    schema, for Chapter 6's own widgets: they are always this model (the registry's
    `base_numbers`, a log header's validated `rules.chapter6`)."""
    if not isinstance(numbers, Chapter6Ruleset):
        raise TypeError(f"not Chapter 6 numbers: {type(numbers).__name__}")
    return numbers


register_ruleset_engine(None, Chapter6Ruleset)
