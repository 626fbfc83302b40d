"""Ch.6 Attacks, melee and ranged: `plan_attack` checks and prepares everything that needs
no dice (TN, Advantage, ammunition, damage dice per degree, protection); `resolve_attack`
rolls. The odds (odds.py) read the same plan, so the dock's odds and the roll agree."""

from __future__ import annotations

from dataclasses import dataclass

from tactical.core.dice import Dice as DiceSource
from tactical.core.dice import (
    DiceExpr,
    DiceRoll,
    display_dice,
    parse_dice,
    roll_expression,
)
from tactical.core.errors import IllegalCommand
from tactical.data.gear import DamageType, FireMode
from tactical.rules.chapter6.armor import (
    Protection,
    adjust,
    cover_protection,
    layer_armor,
    mitigate,
    resistance_changes,
    type_change,
)
from tactical.rules.chapter6.checks import (
    Advantages,
    CheckRoll,
    Degree,
    advantages_of,
    roll_check,
)
from tactical.rules.chapter6.constants import chapter6_ruleset
from tactical.rules.chapter6.injury import (
    CumulativeState,
    Effects,
    InjuryOutcome,
    cumulative_state,
    injury_effects,
    injury_for,
)
from tactical.rules.chapter6.labels import burst_damage, extra_dice
from tactical.rules.chapter6.numbers import Chapter6Ruleset
from tactical.rules.chapter6.setup import (
    OPTION_NAMES,
    AttackKind,
    AttackSetup,
    BurstChoice,
    CalledShot,
    Cover,
    Defence,
    EdgeUse,
    Option,
    Reaction,
)
from tactical.rules.chapter6.tn import (
    BAND_ORDER,
    BandResult,
    TargetNumber,
    chosen_defence,
    range_band,
    target_number,
)


def reaction_name(kind: Reaction, rules: Chapter6Ruleset) -> str:
    """The attack's name in a breakdown: attack.reactions.<kind>.attack_label, else its
    label ("Intercept attack", "Snapshot")."""
    spec = rules.attack.reactions[kind]
    return spec.attack_label or spec.label


@dataclass(frozen=True, slots=True)
class DicePart:
    """One named piece of the damage roll ("Perfect hit", "+2d6")."""

    source: str
    dice: str


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """Everything about an attack that needs no dice."""

    setup: AttackSetup
    mode: FireMode | None
    ammo_used: int
    band: BandResult | None
    tn: TargetNumber
    advantages: Advantages
    burst: BurstChoice | None
    edge_roll: bool
    deals_damage: bool
    damage_type: DamageType
    bonus_parts: tuple[DicePart, ...]  # mode, options, Edge (the degree's dice come first)
    cover: Protection | None  # shooting through cover: applied before armor
    armor: Protection
    notes: tuple[str, ...]  # rulings applied on the way ("BF: +1d6 forced, …")

    def damage_parts(self, degree: Degree, rules: Chapter6Ruleset) -> tuple[DicePart, ...]:
        """Ch.6 Damage modifiers: weapon, then Solid +1d6 / Perfect +2d6, then the rest."""
        parts = [DicePart("Weapon", self.setup.weapon.damage)]
        if degree in (Degree.SOLID, Degree.PERFECT):
            n = int(rules.damage_dice[degree.value])
            parts.append(DicePart(f"{degree.value.capitalize()} hit", extra_dice(n, rules)))
        return (*parts, *self.bonus_parts)

    def damage_expr(self, degree: Degree, rules: Chapter6Ruleset) -> DiceExpr:
        """The expression rolled: as built, unless the ruleset turns flat-to-dice on."""
        expr = DiceExpr()
        for part in self.damage_parts(degree, rules):
            expr = expr.plus(parse_dice(part.dice))
        if rules.damage_dice["convert_flat_to_dice"]:
            return parse_dice(display_dice(expr, int(rules.damage_dice["flat_per_die"])))
        return expr


def _dice_part(source: str, count: int, rules: Chapter6Ruleset) -> DicePart | None:
    return DicePart(source, extra_dice(count, rules)) if count else None


def _default_mode(setup: AttackSetup) -> FireMode | None:
    # Ch.6 Fire modes: "defaults to Single Attack, unless the weapon doesn't support this mode".
    modes = setup.weapon.modes
    if setup.mode is not None:
        return setup.mode
    if not modes:
        return None
    return FireMode.SA if FireMode.SA in modes else modes[0]


def _reach(setup: AttackSetup) -> float:
    # Ruling: the longer of the wielder's reach (a troll's) and the weapon's (a spear's).
    return max(setup.attacker.reach_m, setup.weapon.reach_m)


FOOTWORK_ATTACKER = "No Move to spend in melee (Ch.6 l.198)"
FOOTWORK_TARGET = "Target has no Move to spend in melee (Ch.6 l.198)"


def _sources(setup: AttackSetup, mode: FireMode | None,
             rules: Chapter6Ruleset) -> tuple[list[str], list[str]]:
    """Every Advantage and Disadvantage source except the options' and Burst fire's."""
    a, d, s = setup.attacker, setup.defender, setup.situation
    adv, dis = list(a.advantages), list(a.disadvantages)
    reaction = rules.attack.reactions.get(setup.reaction) if setup.reaction else None
    if setup.reaction is not None and reaction is not None and reaction.disadvantage:
        dis.append(reaction_name(setup.reaction, rules))
    if setup.kind is AttackKind.MELEE:
        if _reach(setup) > d.reach_m and not d.shield:  # l.1009 "negated by ... shield"
            adv.append("Longer reach")
        elif _reach(setup) < d.reach_m:
            dis.append("Shorter reach")
        if s.attackers_in_reach > s.defenders_in_reach:
            adv.append(f"Outnumbering ({s.attackers_in_reach} vs {s.defenders_in_reach})")
        elif s.attackers_in_reach < s.defenders_in_reach:
            dis.append(f"Outnumbered ({s.attackers_in_reach} vs {s.defenders_in_reach})")
        if a.unarmed and d.armed:  # l.1009 "Unarmed attacks against an armed opponent"
            dis.append("Unarmed against an armed opponent")
        easy = d.defenseless or d.unaware or d.target_practice
        if (not easy and chosen_defence(setup) is Defence.PARRY and not d.parry_weapon
                and rules.attack.parry_without_weapon_gives_advantage):
            adv.append("Parry without a weapon")
    if d.charging:
        adv.append("Target charged")
    melee = setup.kind is AttackKind.MELEE
    # Ch.6 Move actions, l.198: in melee, no Move to spend (immobilised, or none left) is
    # Disadvantage on one's attack and Advantage for enemies attacking one in melee
    if melee and (d.immobilised or d.no_footwork):
        adv.append(FOOTWORK_TARGET)
    elif d.immobilised:
        adv.append("Target immobilised")
    if melee and (a.immobilised or a.no_footwork):
        dis.append(FOOTWORK_ATTACKER)
    elif a.immobilised:
        dis.append("Immobilised")
    if mode is FireMode.AF and s.targets > 1:
        dis.append("Auto fire at several targets")
    return adv, dis


def _bonus_parts(setup: AttackSetup, mode: FireMode | None, burst: BurstChoice | None,
                 rules: Chapter6Ruleset) -> tuple[DicePart, ...]:
    """Ch.6 Damage modifiers beyond the weapon's and the degree's: mode, options, Edge."""
    s = setup.situation
    bonus: list[DicePart | None] = []
    if mode is FireMode.BF and burst is BurstChoice.DAMAGE:
        bonus.append(_dice_part("Burst fire", rules.fire_modes["BF"].bonus_dice, rules))
    elif mode is FireMode.AF:
        af = rules.fire_modes["AF"]
        if s.targets > 1:
            bonus.append(_dice_part("Auto fire (several targets)", af.multi_target_bonus_dice,
                                    rules))
        else:
            bonus.append(_dice_part("Auto fire", af.bonus_dice, rules))
    for option in setup.options:
        if option.value in rules.damage_dice:
            bonus.append(_dice_part(OPTION_NAMES[option], int(rules.damage_dice[option.value]),
                                    rules))
    if setup.attacker.edge is EdgeUse.DAMAGE:
        bonus.append(_dice_part("Edge", int(rules.damage_dice["edge"]), rules))
    return tuple(p for p in bonus if p is not None)


def _protection(setup: AttackSetup,
                rules: Chapter6Ruleset) -> tuple[Protection | None, Protection]:
    """The cover's PT/DR when shooting through (applied first), and the armor's."""
    s, d = setup.situation, setup.defender
    dtype = setup.weapon.damage_type
    cover = None
    if s.through_cover and s.cover_class in rules.cover_classes:
        cover = cover_protection(s.cover_class, dtype, rules)
    changes = [type_change(dtype, rules)]
    if s.called_shot is not None:
        c = rules.called_shots[s.called_shot.value]
        name = "Weakness" if s.called_shot is CalledShot.WEAKNESS else "Vulnerability"
        changes.append((f"Called shot: {name}", c.pt, c.dr))
    if Option.AIM_FOR_OPENING in setup.options:
        c = rules.called_shots["aim_for_opening"]
        changes.append(("Aim for Opening", c.pt, c.dr))
    changes.extend(resistance_changes(d.resistances, dtype))
    return cover, adjust(layer_armor(d.armor, rules), changes, rules)


def attack_refusals(setup: AttackSetup, rules: Chapter6Ruleset | None = None) -> tuple[str, ...]:
    """Every reason the rules forbid this attack as set up (empty: allowed)."""
    return _plan(setup, rules or chapter6_ruleset())[1]


def plan_attack(setup: AttackSetup, rules: Chapter6Ruleset | None = None) -> AttackPlan:
    """The attack's TN, Advantage, ammunition and damage dice; IllegalCommand listing every
    reason when the rules forbid it."""
    plan, reasons = _plan(setup, rules or chapter6_ruleset())
    if reasons or plan is None:
        raise IllegalCommand(reasons)
    return plan


def reaction_cost_problems(setup: AttackSetup, mode: FireMode | None,
                           rules: Chapter6Ruleset) -> list[str]:
    """A Reaction pays for one attack, the cost of a Major: an option, fire mode or called
    shot that takes more (a Minor, a Move) cannot be a Reaction (Ch.6 l.1031: Double Tap
    "requires a Minor action to be spent …, so it cannot be used as part of a Reaction";
    issue 12 item 2)."""
    if setup.reaction is None or setup.reaction not in rules.attack.reactions:
        return []
    one = (rules.actions.attack,)
    name = reaction_name(setup.reaction, rules)
    problems: list[str] = []
    parts = [(f"{mode.value} fire", rules.attack_needs(mode.value, (), False))] if mode else []
    parts += [(OPTION_NAMES[o], rules.attack_needs(None, (o.value,), False))
              for o in setup.options]
    if setup.situation.called_shot is not None:
        parts.append(("a called shot", rules.attack_needs(None, (), True)))
    for what, needs in parts:
        if needs != one:
            why = "a Reaction cannot pay a Minor action" if "minor" in needs else \
                "a Reaction pays for the attack alone"  # Fire Around Cover's Move (l.204)
            problems.append(f"{what} takes {' + '.join(n.capitalize() for n in needs)}; a "
                            f"{name} is a Reaction and pays only for one attack "
                            f"(Ch.6 l.1031: {why})")
    return problems


def _plan(setup: AttackSetup, rules: Chapter6Ruleset) -> tuple[AttackPlan | None, tuple[str, ...]]:
    reasons: list[str] = []
    notes: list[str] = []
    w, s = setup.weapon, setup.situation
    ranged = setup.kind is AttackKind.RANGED
    kind = setup.kind.value

    # Options and reactions belong to one kind of attack.
    for option in setup.options:
        spec = rules.attack.options[option.value]
        if spec.kind != kind:
            reasons.append(f"{OPTION_NAMES[option]} is a {spec.kind} option; "
                           f"this is a {kind} attack")
    if len(set(setup.options)) != len(setup.options):
        reasons.append("an option is listed twice")
    known = setup.reaction is None or setup.reaction in rules.attack.reactions
    if not known:
        reasons.append(f"unknown reaction {setup.reaction!r}; expected one of: "
                       f"{', '.join(rules.attack.reactions)}")
    elif setup.reaction is not None:
        spec_r = rules.attack.reactions[setup.reaction]
        if spec_r.kind != kind:
            reasons.append(f"{reaction_name(setup.reaction, rules)} is a {spec_r.kind} attack; "
                           f"the weapon is {kind}")

    # Fire mode and ammunition (Ch.6 Fire modes).
    mode = _default_mode(setup) if ranged else None
    reasons += reaction_cost_problems(setup, mode, rules)
    ammo_used = 0
    if ranged:
        if mode is None or mode not in w.modes:
            have = ", ".join(m.value for m in w.modes) or "none"
            reasons.append(f"the weapon cannot fire {mode.value if mode else 'any mode'} "
                           f"(its modes: {have})")
        elif mode is not FireMode.AF and s.targets > 1:
            reasons.append("only Auto fire attacks several targets")
        if mode is not None:
            per = rules.fire_modes[mode.value].ammo
            ammo_used = per * (s.targets if mode is FireMode.AF else 1)
            if Option.SUPPRESSIVE_FIRE in setup.options and w.ammo is not None:
                ammo_used = max(ammo_used, w.ammo)  # Ch.6: "Uses an entire clip"
            if w.ammo is not None and w.ammo < ammo_used:
                reasons.append(f"{mode.value} needs {ammo_used} rounds; {w.ammo} loaded")
        for option in setup.options:
            allowed = rules.attack.options[option.value].modes
            if allowed and mode is not None and mode.value not in allowed:
                reasons.append(f"{OPTION_NAMES[option]} works with {'/'.join(allowed)} only; "
                               f"the mode is {mode.value}")
    elif setup.mode is not None:
        reasons.append("a melee attack has no fire mode")

    # Distance: range band or reach.
    band = None
    if s.distance_m is not None:
        if ranged and w.effective_range_m is not None:
            band = range_band(s.distance_m, w.effective_range_m, w.max_range_m, rules)
            if band is None:
                reasons.append(f"the target at {s.distance_m:g} m is beyond the weapon's "
                               "maximum range")
            elif setup.reaction is not None and known:
                limit = rules.attack.reactions[setup.reaction].max_band
                if limit and BAND_ORDER.index(band.band) > BAND_ORDER.index(limit):
                    name = reaction_name(setup.reaction, rules)
                    reasons.append(f"{name} needs the target within "
                                   f"{limit.capitalize()} range; it is at {band.band.capitalize()}")
        elif not ranged and s.distance_m > _reach(setup):
            reasons.append(f"the target at {s.distance_m:g} m is beyond reach "
                           f"({_reach(setup):g} m)")

    # Situation fields that need each other.
    if s.through_cover and (s.cover is Cover.NONE or s.cover_class is None):
        reasons.append("shooting through cover needs a cover (partial or full) and its "
                       "cover_class")
    if s.cover_class is not None and s.cover_class not in rules.cover_classes:
        reasons.append(f"unknown cover class '{s.cover_class}'; expected one of "
                       + ", ".join(rules.cover_classes))
    if s.called_shot is not None and s.called_shot_tn is not None:
        low = rules.attack.tn_modifiers[f"called_{s.called_shot.value}"]
        high = rules.attack.tn_modifiers[f"called_{s.called_shot.value}_max"]
        if not low <= s.called_shot_tn <= high:
            reasons.append(f"a {s.called_shot.value} called shot adds +{low} to +{high} TN; "
                           f"found {s.called_shot_tn}")
    if Option.TRICK_SHOT in setup.options and s.gm_tn is None:
        reasons.append("Trick Shot needs the GM's TN (situation.gm_tn)")

    # Advantage and Disadvantage, with each option's.
    adv, dis = _sources(setup, mode, rules)
    for option in setup.options:
        if rules.attack.options[option.value].advantage:
            adv.append(OPTION_NAMES[option])
    burst = None
    if mode is FireMode.BF and rules.fire_modes["BF"].may_take_advantage:
        burst = setup.burst or (BurstChoice.DAMAGE if adv else BurstChoice.ADVANTAGE)
        if burst is BurstChoice.ADVANTAGE and adv:
            # RULINGS: +1d6 is forced when Advantage is already present.
            burst = BurstChoice.DAMAGE
            notes.append(f"Burst fire: {burst_damage(rules)} damage, as Advantage was "
                         "already present")
        if burst is BurstChoice.ADVANTAGE:
            adv.append("Burst fire")
    # Ch.6 "Disadvantage and game effects": an option that gives Disadvantage cannot be
    # picked while Disadvantaged, except that each Advantage source offsets one.
    adv_unique = list(dict.fromkeys(adv))
    for option in setup.options:
        if not rules.attack.options[option.value].disadvantage:
            continue
        already = list(dict.fromkeys(dis))
        if len(already) > len(adv_unique):
            offset = (f"; Advantage from {', '.join(adv_unique)} offsets only "
                      f"{len(adv_unique)}" if adv_unique else "")
            reasons.append(f"{OPTION_NAMES[option]} gives Disadvantage and you already have "
                           f"Disadvantage from {', '.join(already)}{offset}")
        dis.append(OPTION_NAMES[option])
    advantages = advantages_of(adv, dis)

    bonus = _bonus_parts(setup, mode, burst, rules)
    try:
        parse_dice(w.damage)
    except ValueError as exc:
        reasons.append(f"weapon damage: {exc}")
    cover, armor = _protection(setup, rules)
    deals = all(rules.attack.options[o.value].damage for o in setup.options)
    if reasons:
        return None, tuple(reasons)
    tn = target_number(setup, band, rules)
    return AttackPlan(setup, mode, ammo_used, band, tn, advantages, burst,
                      setup.attacker.edge is EdgeUse.ROLL, deals, w.damage_type, bonus, cover,
                      armor, tuple(notes)), ()


@dataclass(frozen=True, slots=True)
class DamageResult:
    expression: str  # what was rolled, one term per die size ("6d6+2")
    display: str  # flat points shown as dice (Kicker's "9d6+1")
    parts: tuple[DicePart, ...]
    roll: DiceRoll
    raw: int
    after_cover: int
    after_armor: int
    damage_type: DamageType


def apply_protection(raw: int, plan: AttackPlan) -> tuple[int, int]:
    """Ch.6 (RULINGS "Shooting through cover"): the cover's PT/DR first, then the armor's."""
    after_cover = mitigate(raw, plan.cover) if plan.cover is not None else max(0, raw)
    return after_cover, mitigate(after_cover, plan.armor)


@dataclass(frozen=True, slots=True)
class AttackResult:
    """A resolved attack: every die face and every number, for the log and the dock."""

    plan: AttackPlan
    check: CheckRoll
    hit: bool
    damage: DamageResult | None
    injury: InjuryOutcome | None
    effects: Effects | None  # of the injury, rolled
    total_damage: int  # the defender's damage total after this hit
    cumulative: CumulativeState
    option_effects: tuple[str, ...]  # Disarm, Grapple, Charge, Suppressive Fire, …


def option_effects(setup: AttackSetup, hit: bool, degree: Degree,
                   rules: Chapter6Ruleset | None = None) -> tuple[str, ...]:
    """Ch.6 attack options' effects beyond damage, as text for the GM and the log."""
    rules = rules or chapter6_ruleset()
    out: list[str] = []
    solid = degree in (Degree.SOLID, Degree.PERFECT)
    for option in setup.options:
        if option is Option.CHARGE:
            out.append("charge: attacks against the attacker have Advantage until its next turn")
        elif option is Option.AIM_FOR_OPENING:
            out.append("aim_for_opening: the defender has Advantage on its next attack "
                       "against the attacker")
        elif option is Option.FLURRY:
            extra = rules.attack.options["flurry"].extra_attacks
            count = {1: "one more attack", 2: "two more attacks"}.get(extra,
                                                                     f"{extra} more attacks")
            dice = extra_dice(int(rules.damage_dice["flurry"]), rules)
            out.append(f"flurry: {count} (same or another target in reach), also with "
                       f"Disadvantage{f' and {dice} damage' if dice else ''}")
        elif option is Option.DISARM and hit:
            out.append("disarm: the weapon flies a short distance (Move + Major to pick it up)"
                       if degree is Degree.PERFECT else
                       "disarm: the defender drops its weapon (Major to pick it up)" if solid
                       else "disarm: the weapon is out of position (Minor to fix the grip; "
                       "unarmed until then)")
        elif option is Option.GRAPPLE and hit:
            out.append("grapple: grabbed (no Move actions to reposition)")
            if solid:
                out.append("grapple: Disadvantage to counter-grapple or break free; "
                           "the grappler has Advantage on later grapple checks")
            if degree is Degree.PERFECT:
                out.append("grapple: the defender is thrown prone")
        elif option is Option.SUPPRESSIVE_FIRE and hit:
            out.append("suppressive_fire: the target is Pinned until the attacker's next action")
        elif option is Option.TRICK_SHOT and hit:
            out.append("trick_shot: the trick succeeds (effect as the GM set it)")
    return tuple(out)


def resolve_attack(setup: AttackSetup, dice: DiceSource, rules: Chapter6Ruleset | None = None,
                   *, damage_taken: int = 0) -> AttackResult:
    """Check the attack against the rules (IllegalCommand with every reason), then roll it."""
    rules = rules or chapter6_ruleset()
    return resolve_plan(plan_attack(setup, rules), dice, rules, damage_taken=damage_taken)


def resolve_plan(plan: AttackPlan, dice: DiceSource, rules: Chapter6Ruleset | None = None,
                 *, damage_taken: int = 0) -> AttackResult:
    """Roll a planned attack: d10s for the check (base, Advantage/Disadvantage die, Edge die),
    then d6s for damage (weapon dice, then bonus dice), then d6s for the injury's effects."""
    rules = rules or chapter6_ruleset()
    setup = plan.setup
    check = roll_check(setup.attacker.skill, plan.tn.tn, dice, advantages=plan.advantages,
                       edge=plan.edge_roll, modifiers=setup.attacker.modifiers, rules=rules)
    hit = check.success
    damage = injury = effects = None
    total = damage_taken
    if hit and plan.deals_damage:
        parts = plan.damage_parts(check.degree, rules)
        expr = plan.damage_expr(check.degree, rules)
        roll = roll_expression(expr, dice)
        raw = max(0, roll.total)
        after_cover, after_armor = apply_protection(raw, plan)
        flat_per_die = int(rules.damage_dice["flat_per_die"])
        damage = DamageResult(str(expr.collapsed()), display_dice(expr, flat_per_die), parts,
                              roll, raw, after_cover, after_armor, plan.damage_type)
        injury = injury_for(after_armor, setup.defender.health, plan.damage_type, rules)
        if injury.level is not None:
            effects = injury_effects(injury.level, rules, dice)
        total += after_armor
    return AttackResult(plan, check, hit, damage, injury, effects, total,
                        cumulative_state(total, setup.defender.health, rules),
                        option_effects(setup, hit, check.degree, rules))
