"""Chapter 6 as the encounter engine asks for it: what a combatant may do now (Ch.6 Injury
thresholds, Cumulative damage, Fatigue, as RULINGS.md reads them), the attack set up from
the facts the engine read off the map, and the skill checks' lines. Neutral in, neutral out
(tactical.rules.api): the engine makes the events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any, cast

from tactical.core.dice import Dice, roll_expression
from tactical.core.errors import IllegalCommand
from tactical.data.gear import DamageType, FireMode, Weapon
from tactical.rules.api import (
    AttackFacts,
    AttackOutcome,
    AttackPreviewParts,
    AttackWords,
    Budget,
    Fighter,
    Harm,
    InitiativeRoll,
    SkillOutcome,
)
from tactical.rules.chapter6 import aftermath
from tactical.rules.chapter6.attack import attack_refusals, plan_attack, resolve_attack
from tactical.rules.chapter6.checks import advantages_of, roll_check
from tactical.rules.chapter6.healing import Kit, first_aid
from tactical.rules.chapter6.injury import (
    CumulativeState,
    FatigueState,
    InjuryLevel,
    cumulative_state,
    fatigue_state,
    injury_effects,
    injury_for,
)
from tactical.rules.chapter6.numbers import Chapter6Ruleset, InjuryEffect
from tactical.rules.chapter6.odds import attack_odds
from tactical.rules.chapter6.report import AttackReport, report_of
from tactical.rules.chapter6.setup import (
    Attacker,
    AttackSetup,
    BurstChoice,
    CalledShot,
    Cover,
    Defence,
    EdgeUse,
    Option,
    Situation,
    defender_from_character,
    from_weapon,
)


def _json_safe(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_json_safe(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    return value


# --- what a combatant may do now ----------------------------------------------------

def _injury_effect(rules: Chapter6Ruleset, injury: str) -> InjuryEffect:
    """The ruleset's effects of an injury level, by the name the state keeps."""
    return cast("Mapping[str, InjuryEffect]", rules.injury.effects)[injury]


def _standing(c: Fighter) -> bool:
    return not ({"dead", "unconscious"} & set(c.conditions))


def out_of_action(c: Fighter, rules: Chapter6Ruleset) -> str | None:
    """Why `c` can do nothing at all, or None."""
    if "dead" in c.conditions:
        return "dead"
    if "unconscious" in c.conditions:
        return "unconscious"
    if cumulative_state(c.damage, c.health, rules) is CumulativeState.DYING:
        return "dying"
    if c.injury == "lethal":
        return "lethal injury"
    if fatigue_state(c.fatigue, c.stamina, rules) is FatigueState.UNCONSCIOUS:
        return "unconscious from fatigue"
    return None


def _limiting_effects(c: Fighter, rules: Chapter6Ruleset) -> list[tuple[str, InjuryEffect]]:
    found: list[tuple[str, InjuryEffect]] = []
    if c.injury is not None:
        found.append((f"{c.injury} injury", _injury_effect(rules, c.injury)))
    if cumulative_state(c.damage, c.health, rules) is CumulativeState.INCAPACITATED:
        found.append(("incapacitated", rules.injury.cumulative.incapacitated))
    return found


def reaction_block(c: Fighter, rules: Chapter6Ruleset) -> str | None:
    """RULINGS Reactions: conscious, aware, a Reaction left, no state forbidding them."""
    reason = out_of_action(c, rules)
    if reason:
        return reason
    for name, effect in _limiting_effects(c, rules):
        if effect.no_reactions:
            return f"no Reactions ({name})"
    if c.unaware:  # Ch.6 l.48: "unable to take Reactions until [it has] had a chance to
        # regain [its] bearings": not in round 1, not even after its empty turn (RULINGS)
        return (f"unaware: no Reactions before round "
                f"{rules.perception.unaware_idle_rounds + 1} (Ch.6 l.48)")
    if c.reactions <= 0:
        return "no Reaction left this round"
    return None


@dataclass(frozen=True, slots=True)
class TierActions:
    major: int
    move: int
    minor: int


def tier_actions(initiative: int, rules: Chapter6Ruleset) -> TierActions:
    """Ch.6 Initiative effects on the action economy: the highest tier reached."""
    tier = rules.initiative.tiers[0]
    for candidate in rules.initiative.tiers:
        if initiative >= candidate.min:
            tier = candidate
    return TierActions(tier.major, tier.move, tier.minor)


def turn_budget(c: Fighter, round_number: int, rules: Chapter6Ruleset) -> tuple[Budget, str]:
    """The actions `c` gets at the start of its turn, and why they are fewer than its tier's."""
    reason = out_of_action(c, rules)
    if reason:
        return Budget(), reason
    if c.unaware and round_number <= rules.perception.unaware_idle_rounds:
        return Budget(), f"unaware: no actions in round {round_number}"
    tier = tier_actions(c.effective_initiative(), rules)
    budget = Budget(tier.major, tier.move, tier.minor, rules.initiative.downgrades_per_turn)
    why: list[str] = []
    for name, effect in _limiting_effects(c, rules):
        if effect.actions is not None:  # Critical, incapacitated: only these (one Minor)
            only = effect.actions
            budget = Budget(int("major" in only), int("move" in only), int("minor" in only), 0)
            why.append(f"{name}: one {'/'.join(effect.actions)} action")
        elif effect.actions_per_turn is not None:
            budget = Budget(budget.major, budget.move, budget.minor, budget.downgrades,
                            effect.actions_per_turn, budget.major_or_move)
            why.append(f"{name}: {effect.actions_per_turn} action a turn")
    state = fatigue_state(c.fatigue, c.stamina, rules)
    if state is FatigueState.EXHAUSTED:  # fatigue.exhausted_actions: one Minor
        left = rules.fatigue.exhausted_actions
        budget = Budget(left.count("major"), left.count("move"), left.count("minor"), 0)
        why.append("exhausted: one Minor action")
    elif state is FatigueState.FATIGUED:
        budget = Budget(budget.major, budget.move, budget.minor, budget.downgrades,
                        budget.total, True)
        why.append("fatigued: loses a Major or a Move")
    return budget, "; ".join(why)


def disadvantage_sources(c: Fighter, rules: Chapter6Ruleset, *,
                         attack: bool = False) -> list[str]:
    """Disadvantage `c` carries into its own checks (RULINGS: injuries, Pinned, immobilised);
    with `attack`, also what hampers only its attack (going on past an Intercept)."""
    sources = [t.source or "Injury" for t in c.timers if t.kind == "disadvantage"]
    if c.injury is not None and _injury_effect(rules, c.injury).disadvantage == "until_treated":
        sources.append(f"{c.injury.capitalize()} injury")
    if "pinned" in c.conditions:
        sources.append("Pinned")
    if "immobilised" in c.conditions:
        sources.append("Immobilised")
    if "frightened" in c.conditions:  # Ch.6 Fear, l.972 (ruling: a Disadvantage)
        sources.append("Frightened")
    if attack and "intercepted" in c.conditions:  # RULINGS Intercept: the attack only
        sources.append("Went on past an Intercept")
    return list(dict.fromkeys(sources))


# --- initiative ---------------------------------------------------------------------

def roll_initiative(sheet_dice: int, attributes: dict[str, int], dice: Dice,
                    rules: Chapter6Ruleset) -> InitiativeRoll:
    """Ch.6 Initiative = 1d6 (more with gear) + AG + CU; ties: AG, CU, then a d10 roll-off
    (rolled now, so the order never needs a second look at the dice)."""
    init = rules.initiative
    count = sheet_dice * int(init.dice.split("d")[0] or 1)
    roll = roll_expression(f"{count}d{init.dice.split('d')[1]}", dice)
    tiebreak = tie_breaks(attributes, dice, rules)
    bonus = sum(attributes[a] for a in init.attributes)
    return InitiativeRoll(roll.faces, bonus, roll.total + bonus, tiebreak)


def tie_breaks(attributes: Mapping[str, int], dice: Dice,
               rules: Chapter6Ruleset) -> tuple[int, ...]:
    """`initiative.tie_breakers`: attributes from the sheet, a roll-off die ("d10") rolled
    now."""
    return tuple(dice.roll(int(t[1:])) if t.startswith("d") else attributes[t]
                 for t in rules.initiative.tie_breakers)


# --- attacks ------------------------------------------------------------------------

def build_setup(facts: AttackFacts, rules: Chapter6Ruleset) -> AttackSetup:
    """Everything the resolver needs, from the sheets, the combatants and the map's facts;
    IllegalCommand with every reason the attack is refused."""
    attacker, target, weapon, choice = facts.attacker, facts.target, facts.weapon, facts.choice
    sheet, target_sheet = facts.attacker_sheet, facts.target_sheet
    # RULINGS: smartlink and other gear/talents are Advantage sources (attack.trait_advantages)
    traits = rules.attack.trait_advantages
    advantages = tuple(t for t in sheet.traits if traits.get(t) == weapon.kind)
    advantages += aftermath.setup_advantages(attacker, target, choice.options)
    held = set(attacker.conditions)
    attacker_side = Attacker(
        skill=sheet.skills.get(weapon.skill, 0), advantages=advantages,
        disadvantages=(*disadvantage_sources(attacker, rules, attack=True),
                       *aftermath.setup_disadvantages(attacker, target, choice.options)),
        reach_m=facts.attacker_reach_m,
        edge=EdgeUse(choice.edge) if choice.edge else None,
        immobilised=bool({"immobilised", "grappled"} & held),
        unarmed=_unarmed(weapon, rules), no_footwork="no_footwork" in held)
    parry_skill = max((target_sheet.skills.get(s, 0) for s in rules.defences.parry.skill),
                      default=0)
    parry_weapon = any(set(rules.defences.parry_weapon_tags) & set(w.tags)
                       for w in facts.target_weapons) \
        and not aftermath.holds(target, aftermath.DISARMED)  # l.394 "they count as unarmed"
    theirs = set(target.conditions)
    defender = replace(
        defender_from_character(target_sheet, facts.target_armor, parry_skill=parry_skill,
                                parry_weapon=parry_weapon, rules=rules),
        defenseless=choice.defenseless or not _standing(target),
        unaware=target.unaware, charging="charging" in theirs,
        immobilised=bool({"immobilised", "grappled"} & theirs),
        no_footwork="no_footwork" in theirs,
        evading="evading" in theirs,
        shield=any(rules.melee_gear.shield_tag in w.tags for w in facts.target_weapons),
        armed=target.weapon is not None and not any(
            _unarmed(w, rules) for w in facts.target_weapons if w.id == target.weapon),
        defence=Defence(choice.defence) if choice.defence else None,
        reach_m=facts.target_reach_m)
    sight = facts.sight
    reasons: list[str] = []
    called = CalledShot(choice.called_shot) if choice.called_shot else None
    if weapon.kind == "ranged":
        if not sight.line_of_sight:
            reasons.append(f"{attacker.name} cannot see {target.name}: {sight.why}")
        situation = Situation(distance_m=sight.distance_m, cover=Cover(sight.cover),
                              cover_class=sight.cover_class,
                              called_shot=called, gm_tn=choice.gm_tn,
                              targets=facts.targets,  # Ch.6 l.464-466: AF, several targets
                              # l.440 "Very small or very large targets will affect the TN"
                              size_tn=rules.size_tn[target_sheet.size],
                              target_fast=aftermath.holds(target, aftermath.MOVING_FAST),
                              crossfire_allies=max(1, facts.crossfire_allies),
                              target_exposed=facts.target_exposed)
    else:  # the resolver refuses a target beyond reach
        situation = Situation(distance_m=sight.distance_m,
                              attackers_in_reach=facts.attackers_in_reach,
                              defenders_in_reach=facts.defenders_in_reach, called_shot=called)
    setup = AttackSetup(attacker_side,
                        from_weapon(weapon, None if facts.ammo_paid
                                    else attacker.rounds_loaded(facts.weapon_id)),
                        defender, situation,
                        mode=FireMode(choice.mode) if choice.mode else None,
                        options=tuple(Option(o) for o in choice.options),
                        reaction=facts.reaction or None,
                        burst=BurstChoice(choice.burst_choice) if choice.burst_choice
                        else None)
    reasons += attack_refusals(setup, rules)
    reasons += aftermath.setup_refusals(attacker, setup.options)
    if choice.edge and attacker.edge <= 0:
        reasons.append(f"{attacker.name} has no Edge left")
    if reasons:
        raise IllegalCommand(reasons)
    return setup


def _unarmed(weapon: Weapon, rules: Chapter6Ruleset) -> bool:
    """Ch.6 l.1009: an unarmed attack, unless it "counts as armed" (Killing Hands)."""
    gear = rules.melee_gear
    return gear.unarmed_tag in weapon.tags and gear.armed_tag not in weapon.tags


def resolve(facts: AttackFacts, dice: Dice, rules: Chapter6Ruleset) -> AttackOutcome:
    setup = build_setup(facts, rules)
    result = resolve_attack(setup, dice, rules, damage_taken=facts.target.damage)
    report = report_of(result)
    harm = None
    if result.damage is not None and result.damage.after_armor > 0:
        level = result.injury.level if result.injury else None
        effects = result.effects
        harm = Harm(result.damage.after_armor, result.damage.damage_type.value,
                    level.value if level else None, effects,
                    None if effects is None else _json_safe(asdict(effects)))
    summary = describe(facts.attacker.name, facts.target.name, facts.weapon.name,
                       facts.reaction, report)
    marks, extra, used = aftermath.marks_after(setup, result, facts.attacker, facts.target,
                                               rules)
    return AttackOutcome(report, summary,
                         edge_spent=f"Edge on the {facts.choice.edge}" if facts.choice.edge
                         else None,
                         ammo_used=0 if facts.ammo_paid else result.plan.ammo_used,
                         harm=harm,
                         prone=aftermath.grapple_prone(setup, result),
                         marks=marks, extra_attacks=extra, used_marks=used)


def preview(facts: AttackFacts, rules: Chapter6Ruleset) -> AttackPreviewParts:
    setup = build_setup(facts, rules)
    return AttackPreviewParts(setup, plan_attack(setup, rules), attack_odds(setup, rules))


def describe(attacker: str, target: str, weapon: str, reaction: str | None,
             r: AttackReport) -> str:
    """One log line that explains every number: dice, total vs TN, degree, damage, injury."""
    roll = r.roll
    how = f" ({reaction.capitalize()})" if reaction else ""
    numbers = [*roll.kept, *(m.value for m in roll.modifiers), roll.double_bonus]
    check = str(roll.skill) + "".join(f"{n:+d}" for n in numbers if n) + f" = {roll.total}"
    if roll.fumble:
        check += " (fumble)"
    tn_parts = ", ".join(f"{m.source} {m.value:+d}" if i else f"{m.source} {m.value}"
                         for i, m in enumerate(r.tn_breakdown))
    line = (f"{attacker} → {target}{how}, {weapon}: {check} vs TN {r.tn} "
            f"({tn_parts}) — {roll.degree.replace('_', ' ')}, MoS {roll.mos}")
    damage = r.damage
    if damage:
        line += (f"; {damage.expression} = {damage.raw}"
                 + (f" → cover {damage.after_cover}" if damage.cover else "")
                 + f" → armor PT{damage.armor.pt}/DR{damage.armor.dr} = "
                 f"{damage.after_armor} {damage.type}")
        if r.injury:
            line += f"; {r.injury.capitalize()} injury"
    return line


# --- injuries -----------------------------------------------------------------------

def gm_damage(amount: int, c: Fighter, damage_type: str, dice: Dice,
              rules: Chapter6Ruleset) -> Harm:
    outcome = injury_for(amount, c.health, DamageType(damage_type), rules)
    effects = (injury_effects(outcome.level, rules, dice)
               if outcome.level is not None else None)
    return Harm(amount, damage_type, outcome.level.value if outcome.level else None, effects,
                None if effects is None else _json_safe(asdict(effects)))


# --- skill checks -------------------------------------------------------------------

def check_disadvantages(who: Fighter, rules: Chapter6Ruleset) -> tuple[str, ...]:
    """Ch.6 l.694-710: an injury's Disadvantage is "on your actions" (Serious: "on all your
    actions"), skill checks included (issue 12 item 7); so are Pinned and immobilised.
    Going on past an Intercept hampers only the mover's attack (RULINGS Intercept)."""
    return tuple(disadvantage_sources(who, rules))


def _with(text: str, disadvantages: Sequence[str]) -> str:
    return text + (f" (Disadvantage: {', '.join(disadvantages)})" if disadvantages else "")


def give_first_aid(healer: str, patient: str, injury: str, skill: int, dice: Dice,
                   rules: Chapter6Ruleset, kit: Kit = "medkit",
                   disadvantages: Sequence[str] = ()) -> SkillOutcome:
    result = first_aid(InjuryLevel(injury), skill, dice, kit=kit, rules=rules,
                       advantages=advantages_of((), disadvantages))
    check = result.check
    text = f"{healer} gives first aid to {patient}: {check.sum_text} — {check.degree.value}"
    text = _with(text, disadvantages)
    if not result.success:
        return SkillOutcome(text + "; no effect", False, check=check.shown())
    after = result.level_after.value if result.level_after else None
    return SkillOutcome(text + f"; {injury} → {after or 'healed'}, "
                               f"+{result.health_restored} Health", True, after,
                        result.health_restored, check=check.shown())


def check_awareness(who: str, effort: str, skill: int, tn: int, dice: Dice,
                    rules: Chapter6Ruleset, disadvantages: Sequence[str] = ()) -> SkillOutcome:
    check = roll_check(skill, tn, dice, rules=rules,
                       advantages=advantages_of((), disadvantages))
    level = rules.perception.awareness[check.degree.value]
    text = (f"{who} checks awareness ({effort} effort): {check.sum_text} — "
            f"{check.degree.value.replace('_', ' ')}: {level.replace('_', ' ')}")
    return SkillOutcome(_with(text, disadvantages), check.success, level=level,
                        check=check.shown())


def unknown_words(choice: AttackWords) -> list[str]:
    """Every word of an attack command that names nothing, with what it expected (issue 11:
    these were a raw ValueError deep in the setup)."""
    checks: list[tuple[str, object, type[StrEnum]]] = [
        ("fire mode", choice.mode, FireMode), ("Edge use", choice.edge, EdgeUse),
        ("burst choice", choice.burst_choice, BurstChoice),
        ("called shot", choice.called_shot, CalledShot), ("defence", choice.defence, Defence),
        *(("option", o, Option) for o in choice.options)]
    return [f"unknown {what} {value!r}; expected one of: {', '.join(e.value for e in kind)}"
            for what, value, kind in checks
            if value is not None and not any(value == e.value for e in kind)]
