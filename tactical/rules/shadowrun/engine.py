"""Shadowrun (SR4, SR5) as the encounter engine asks for it: opposed d6 pools, condition
monitors and initiative passes (issue 7; docs/rules-shadowrun.md). Neutral in, neutral out
(tactical.rules.api): the engine makes the events.

Tactical's mapping (a ruling, docs/rules-shadowrun.md): a combat turn is the encounter's
round, each initiative pass a `RoundStarted` with its pass number; each action phase holds
a Move and two Simple actions (Minor slots), a Complex action taking both (RULINGS
"Actions", the ruleset file's `actions`). The map offers SR5's Intercept only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from tactical.core.dice import Dice
from tactical.core.errors import IllegalCommand
from tactical.data.character import Character
from tactical.data.gear import ShadowrunWeapon
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.rules.api import (
    AttackFacts,
    AttackOutcome,
    AttackPreviewParts,
    Budget,
    Fighter,
    InitiativeEdge,
    InitiativeRoll,
    MonitorMarks,
)
from tactical.rules.shadowrun import situation
from tactical.rules.shadowrun.actions import (
    AIM,
    Shot,
    aim_modifiers,
    aims,
    mode_set,
    shot,
)
from tactical.rules.shadowrun.attack import AttackSetup, attack_problems, resolve_attack
from tactical.rules.shadowrun.damage import (
    DamageCode,
    Monitors,
    Status,
    clear,
    mark,
    wound_modifier,
)
from tactical.rules.shadowrun.defence import DEFAULT, DefenceDeclaration, declared_options
from tactical.rules.shadowrun.describe import hits_words
from tactical.rules.shadowrun.edge import (
    EdgeRoller,
    close_call,
    edge_parts,
    edge_problems,
    edge_use,
)
from tactical.rules.shadowrun.initiative import Combatant as InitiativeEntry
from tactical.rules.shadowrun.initiative import (
    acting_order,
    initiative_parts,
    score_in_pass,
)
from tactical.rules.shadowrun.initiative import roll_initiative as roll_pool_initiative
from tactical.rules.shadowrun.pools import Modifier, PoolRoller, glitch_note_head
from tactical.rules.shadowrun.preview import shadowrun_preview
from tactical.rules.shadowrun.report import AttackReport, report_of
from tactical.rules.shadowrun.sheet import (
    attack_from_sheets,
    monitors_of,
    stats_of,
    weapon_numbers,
)
from tactical.rules.shadowrun.surprise import interrupt_problems


@dataclass(frozen=True, slots=True)
class ShadowrunState:
    """What Shadowrun keeps on each combatant (`Combatant.extension`): its condition
    monitors' sizes and its SR4 Initiative Passes, from the sheet. The boxes marked are the
    combatant's damage (Physical + overflow) and stun."""

    physical_size: int
    stun_size: int | None
    body: int
    passes: int = 1

    @property
    def monitor_sizes(self) -> tuple[int, int | None, int]:
        return self.physical_size, self.stun_size, self.body


def extension(sheet: Character, rules: ShadowrunRuleset) -> ShadowrunState:
    m = monitors_of(sheet, rules)
    passes = sheet.shadowrun.initiative_passes if sheet.shadowrun else 1
    return ShadowrunState(m.physical_size, m.stun_size, m.body, passes)


def monitors(c: Fighter) -> Monitors | None:
    """The condition monitors from the boxes the state keeps (None: no Shadowrun state)."""
    ext = c.extension
    if not isinstance(ext, ShadowrunState):
        return None
    return Monitors(ext.physical_size, ext.stun_size, c.damage - c.overflow, c.stun,
                    c.overflow, ext.body)


def wound_of(c: Fighter, rules: ShadowrunRuleset) -> int:
    """The wound modifier of the combatant's monitors (0 without Shadowrun state)."""
    m = monitors(c)
    return wound_modifier(m, rules.monitors) if m is not None else 0


def monitors_with(c: Fighter | None, physical: int, stun: int,
                  overflow: int) -> Monitors | None:
    ext = None if c is None else c.extension
    if not isinstance(ext, ShadowrunState):
        return None
    return Monitors(ext.physical_size, ext.stun_size, physical, stun, overflow, ext.body)


def monitor_damage(c: Fighter, amount: int, damage_type: str, rules: ShadowrunRuleset, *,
                   heal: bool = False) -> MonitorMarks | None:
    """The GM's Apply damage / Heal under Shadowrun (RULINGS "Damage on the monitors"):
    boxes marked or cleared on Physical or Stun (Stun overflows onto Physical, Physical
    into overflow), no injury, no dice. Energy damage goes on Physical (SR has no
    Energy type)."""
    m = monitors(c)
    if m is None:
        return None
    code: DamageCode = "S" if damage_type == "stun" else "P"
    after = clear(m, code, amount) if heal else mark(m, code, amount, rules.monitors)
    return MonitorMarks(after.physical, after.stun, after.overflow)


def monitors_json(c: Fighter, rules: ShadowrunRuleset) -> dict[str, object] | None:
    m = monitors(c)
    if m is None:
        return None
    return {"monitors": {"physical": {"boxes": m.physical, "size": m.physical_size},
                         "stun": {"boxes": m.stun, "size": m.stun_size},
                         "overflow": m.overflow},
            "wound_modifier": wound_modifier(m, rules.monitors),
            # RULINGS: "a full Stun monitor means unconscious" (so do dying and dead)
            "conscious": m.status is Status.OK and "unconscious" not in c.conditions}


# --- initiative ---------------------------------------------------------------------

SEIZED = "seize_the_initiative"  # the mark: first in each pass to the end of the turn


def initiative_edge(c: Fighter, sheet: Character, use: str, dice: Dice,
                    rules: ShadowrunRuleset) -> InitiativeEdge:
    """Edge on the initiative (project defaults `actions.edge`): Blitz rolls the score
    anew, SR5 with `initiative_dice` dice, SR4 with the Edge rating in dice more; Seize the
    Initiative (`act_first`) puts the combatant first in each later pass of the turn."""
    found = rules.actions.edge.get(use)
    if found is None or found.when != "initiative":
        known = [k for k, u in rules.actions.edge.items() if u.when == "initiative"]
        raise IllegalCommand([f"unknown Edge use {use!r} for the Initiative score; expected "
                              f"one of: {', '.join(known) or 'none'}"])
    if c.edge < found.cost:  # said before any die is rolled (the menus' dry run)
        raise IllegalCommand([f"{c.name} has {c.edge} Edge left; {found.name} costs "
                              f"{found.cost}"])
    if found.act_first:
        if any(t.kind == SEIZED for t in c.timers):
            raise IllegalCommand([f"{c.name} has seized the initiative this combat turn"])
        return InitiativeEdge(None, SEIZED, f"{found.name}: first in each later pass of "
                                            "this combat turn", found.cost, found.name)
    more = sheet.edge if found.edge_dice else 0
    roll = roll_initiative(c, sheet, dice, rules, count=found.initiative_dice, more=more)
    return InitiativeEdge(roll, None, f"{found.name}: Initiative rolled anew with "
                                      f"{len(roll.faces)} dice", found.cost, found.name)


def roll_initiative(c: Fighter, sheet: Character, dice: Dice,
                    rules: ShadowrunRuleset, *, count: int | None = None,
                    more: int = 0) -> InitiativeRoll:
    """SR4: Reaction + Intuition + hits on that many dice; SR5: + the sum of 1d6 (ruling:
    one Initiative die without enhancements). Ties: Reaction + Intuition, then Edge."""
    stats = stats_of(sheet)
    m = monitors(c)
    wound = wound_modifier(m, rules.monitors) if m is not None else 0
    ratings = [(a, getattr(stats, a)) for a in rules.initiative.attributes]
    base = initiative_parts(ratings, wound)
    attributes = sum(value for _, value in ratings)  # initiative.attributes
    if count is None:  # Blitz gives its own (SR5: 5 dice)
        count = attributes if rules.initiative.score == "hits" else stats.initiative_dice
    count += more  # SR4's Blitz: the Edge rating in dice more
    # the roller named, as the other tests are, for dice typed at the table (issue 25 item 6)
    roller = PoolRoller(dice, who={"initiative": c.name})
    roll = roll_pool_initiative(base, count, roller, rules.initiative, rules.dice)
    return InitiativeRoll(roll.faces, roll.base, roll.score, (attributes, c.edge))


def order(fighters: Iterable[Fighter], pass_number: int, rules: ShadowrunRuleset, *,
          next_round: bool = False) -> tuple[str, ...]:
    """Who acts in the pass, in order; `next_round`: the combat turn about to start, with
    its pending changes (a failed surprise test's −10, RULINGS "Surprise")."""
    fighters = list(fighters)  # read twice: the scores, then who seized the initiative
    entries = [InitiativeEntry(c.id, _score(c, next_round),
                               c.extension.passes if isinstance(c.extension, ShadowrunState)
                               else 1, c.tiebreak)
               for c in fighters if "dead" not in c.conditions]
    found = acting_order(entries, pass_number, rules.initiative)
    # Seize the Initiative (project default): first whatever the score, in score order
    seized = {c.id for c in fighters if any(t.kind == SEIZED for t in c.timers)}
    return (*(i for i in found if i in seized), *(i for i in found if i not in seized))


def _score(c: Fighter, next_round: bool) -> int:
    if not next_round:
        return c.effective_initiative()
    if c.initiative_zero or c.initiative is None:
        return 0
    return max(0, c.initiative + c.initiative_next_round + c.initiative_lasting)


# --- the action budget --------------------------------------------------------------

def out_of_action(c: Fighter) -> str | None:
    if "dead" in c.conditions:
        return "dead"
    if "unconscious" in c.conditions:
        return "unconscious"
    m = monitors(c)  # the condition monitors say it all
    return None if m is None or m.status is Status.OK else m.status.value


def turn_budget(c: Fighter, round_number: int, rules: ShadowrunRuleset) -> tuple[Budget, str]:
    """An action phase (RULINGS "Actions"). No lost round for the unaware: surprise under
    Shadowrun is its surprise test (RULINGS "Surprise", rules/shadowrun/surprise.py)."""
    reason = out_of_action(c)
    if reason:
        return Budget(), reason
    phase = rules.initiative.action_phase  # Complex, move, Simple (ruling)
    return Budget(phase.count("major"), phase.count("move"), phase.count("minor"), 0), ""


# --- attacks ------------------------------------------------------------------------

def attack_setup(facts: AttackFacts, rules: ShadowrunRuleset) -> AttackSetup:
    """The opposed test the attack sets up, as the engine resolves it and the dock previews
    it: pools from the sheets, the defence declared, the GM's situational modifiers, wound
    modifiers from the monitors. IllegalCommand when the map (sight, reach) or the catalogue
    (no Shadowrun numbers) rules it out."""
    attacker, target, weapon, choice = facts.attacker, facts.target, facts.weapon, facts.choice
    sight = facts.sight
    reasons: list[str] = []
    if weapon.kind == "ranged" and not sight.line_of_sight:
        reasons.append(f"{attacker.name} cannot see {target.name}: {sight.why}")
    if rules.sheet.parry_with == "ready":  # SR4: the weapon in hand, no Parry with a gun
        defender_weapon = next((w for w in facts.target_weapons
                                if w.id == target.weapon and w.kind == "melee"), None)
    else:
        defender_weapon = next((w for w in facts.target_weapons if w.kind == "melee"), None)
    if weapon.kind == "melee":
        # RULINGS "Reach": SR Reach strikes an adjacent hex (two from Reach 3), not Chapter
        # 6's metres; without a `reach:` block the sheet's metres stand
        reach_rating = situation.reach_of(facts.attacker_sheet, weapon, rules)
        reach = situation.melee_reach_m(reach_rating, rules) or facts.attacker_reach_m
        if sight.distance_m > reach:
            words = f"Reach {reach_rating}: {reach:g} m" if rules.reach else f"{reach:g} m"
            reasons.append(f"{target.name} is {sight.distance_m:g} m away, beyond "
                           f"{attacker.name}'s reach ({words})")
    elif any(o in situation.CHIPS for o in choice.options):
        reasons.append("the melee modifiers (off-hand, superior position, receiving a "
                       "charge, touch-only) are for melee attacks (sr4 l.61-104)")
    numbers = weapon_numbers(weapon, rules)
    if numbers is None:
        reasons.append(f"{weapon.name} has no Shadowrun numbers in the catalogue")
    fire = fire_shot(facts, numbers, rules)
    reasons += fire.refusals
    use = edge_use(rules.actions, choice.edge)  # Edge declared with the attack
    reasons += edge_problems(use, attacker)
    if reasons:
        raise IllegalCommand(reasons)
    declaration = turn_defences(target, choice.defence, rules)
    proposed = situation.proposals(facts, defender_weapon, rules)
    dropped = set(getattr(choice, "dropped", ()))
    kept = [m for m in proposed if m.name not in dropped]
    kept += situation.chip_dice(choice.options, rules)
    setup = attack_from_sheets(
        facts.attacker_sheet, weapon, facts.target_sheet, facts.target_armor, rules,
        defence=declaration,
        attack_modifiers=[*(Modifier(m.name, m.dice) for m in kept if m.pool == "attack"),
                          *(Modifier(s, v) for s, v in (
                              *choice.attack_modifiers,
                              *aim_modifiers(rules.actions, attacker), *fire.attack,
                              *((p.source, p.value)
                                for p in edge_parts(use, facts.attacker_sheet.edge))))],
        defence_modifiers=[*(Modifier(m.name, m.dice) for m in kept if m.pool == "defence"),
                           *(Modifier(s, v)
                             for s, v in (*choice.defence_modifiers, *fire.defence))],
        attacker_monitors=monitors(attacker), defender_monitors=monitors(target),
        # RULINGS "Initiative cost of a defence": paid from the current pass's score, and
        # refused when it is more than that score (SR5: the score less 10 per pass taken)
        defender_initiative=score_in_pass(target.effective_initiative(), facts.pass_number,
                                          rules.initiative)
        if target.initiative is not None else None,
        defender_weapon=defender_weapon,
        # the GM's word on a tie (Attack.grazing); a choice without one keeps the default
        grazing=getattr(choice, "grazing", None))
    # Push the Limit: no limit on the hits (actions.edge: no_limit)
    setup = replace(setup, limit=None) if use is not None and use.no_limit else setup
    return replace(setup, proposed=proposed)


TURN_DEFENCE = "full_defense"  # the condition (and option) of a defence that lasts the turn


def turn_defences(target: Fighter, declared: str | None,
                  rules: ShadowrunRuleset) -> DefenceDeclaration:
    """The declaration, with a defence that lasts the combat turn already declared this
    turn counted as active: its dice again, its Initiative not again (RULINGS "SR5 Full
    Defense ... declared again in a later pass of the same turn it costs nothing more")."""
    active = (TURN_DEFENCE,) if (TURN_DEFENCE in target.conditions
                                 and TURN_DEFENCE in rules.defence_options) else ()
    options = () if declared is None or declared in active else (declared,)
    if not options and not active:
        return DEFAULT
    return DefenceDeclaration(options, active)



def fire_shot(facts: AttackFacts, numbers: ShadowrunWeapon | None,
              rules: ShadowrunRuleset) -> Shot:
    """The fire mode's rounds, recoil and burst (RULINGS "Actions"; project defaults in
    the ruleset file's `actions`); nothing for melee or a weapon with no SR numbers."""
    if numbers is None or facts.weapon.kind != "ranged":
        return Shot()
    a = facts.attacker
    # the Attack's own mode word, else the one its gun was set to (Change fire mode)
    mode = facts.choice.mode or mode_set(a, facts.weapon_id)
    return shot(rules.actions, facts.weapon, numbers, mode, a.fired,
                None if facts.ammo_paid else a.rounds_loaded(facts.weapon_id),
                stats_of(facts.attacker_sheet).strength, a.name)


def resolve(facts: AttackFacts, dice: Dice, rules: ShadowrunRuleset) -> AttackOutcome:
    """One opposed attack; the outcome carries every die so replay never rolls."""
    setup = attack_setup(facts, rules)
    problems = attack_problems(setup, rules) + surprised_problems(facts, setup, rules)
    if problems:
        raise IllegalCommand(problems)
    target = facts.target
    who = {"attack": facts.attacker.name, "defense": target.name, "resist": target.name}
    use = edge_use(rules.actions, facts.choice.edge)
    roller = PoolRoller(dice, who=who)
    edged = EdgeRoller(roller, use, rules.dice) if use is not None else None
    result = resolve_attack(setup, edged or roller, rules)
    attack, negated = close_call(use, result.attack)
    if edged is not None or negated:
        stopped = glitch_note_head("attack")  # Close Call: the attack's glitch note goes
        notes = [n for n in result.notes if not (negated and n.startswith(stopped))]
        result = replace(result, attack=attack,
                         notes=(*notes, *(edged.notes if edged else ()),
                                *((negated,) if negated else ())))
    # Close Call is spent only on a glitch it stopped (the GM would wait to see one)
    spent = None if use is None or (use.negate_glitch and not negated) else use.name
    report = report_of(result)
    defence = result.defence
    initiative = None
    if defence.initiative_cost and target.initiative is not None:
        initiative = (target.initiative - defence.initiative_cost,
                      f"{', '.join(defence.options)} (−{defence.initiative_cost} Initiative)")
    prone = "Hit the Dirt" if defence.prone and "prone" not in target.conditions else None
    lasting = None
    if TURN_DEFENCE in defence.options and TURN_DEFENCE not in target.conditions:
        option = rules.defence_options[TURN_DEFENCE]
        lasting = (TURN_DEFENCE, f"{option.name} declared: it lasts the combat turn")
    after = result.monitors_after
    marks = (MonitorMarks(after.physical, after.stun, after.overflow)
             if after is not None and result.boxes else None)
    rounds = fire_shot(facts, weapon_numbers(facts.weapon, rules), rules).rounds
    return AttackOutcome(report, summary(facts.attacker.name, target.name, facts.weapon.name,
                                         report),
                         initiative_after=initiative, prone=prone, monitors=marks,
                         turn_defence=lasting,
                         ammo_used=0 if facts.ammo_paid else rounds,
                         used_marks=(AIM,) if aims(facts.attacker) else (),
                         edge_spent=spent)


def preview(facts: AttackFacts, rules: ShadowrunRuleset) -> AttackPreviewParts:
    setup = attack_setup(facts, rules)
    return AttackPreviewParts(setup=setup, pools=shadowrun_preview(setup, rules),
                              refusals=tuple(attack_problems(setup, rules)
                                             + surprised_problems(facts, setup, rules)))


def surprised_problems(facts: AttackFacts, setup: AttackSetup,
                       rules: ShadowrunRuleset) -> list[str]:
    """RULINGS "Surprise": no interrupt action (a defence that costs Initiative) while
    surprised, until the defender's first action phase."""
    declared = declared_options(setup.defence, rules)
    return interrupt_problems(facts.target, declared, rules)


def summary(attacker: str, target: str, weapon: str, r: AttackReport) -> str:
    """The event's summary: hits (limited), net hits, DV vs AV, resisted, boxes."""
    a, d = r.attack, r.defense
    limit = f" [limit {a.limit}] → {r.attack_hits_limited}" if a.limit else ""
    line = (f"{attacker} → {target}, {weapon}: {a.pool} dice, "
            f"{hits_words(r.attack_hits)}{limit} vs {d.pool} dice, "
            f"{hits_words(r.defense_hits)} — {r.net_hits} net, {r.outcome}")
    if r.modified_dv is not None:
        line += (f"; {r.modified_dv}{r.damage_type_before} vs AV {r.modified_av}"
                 + (f" → {r.damage_type}" if r.damage_type != r.damage_type_before else "")
                 + f", {r.resist_hits} resisted, {r.damage}{r.damage_type}")
    for name in ("attack", "defense", "resist"):
        if getattr(r.glitch, name):
            crit = getattr(r.critical_glitch, name)
            line += f"; {'critical ' if crit else ''}glitch on the {name} test"
    return line
