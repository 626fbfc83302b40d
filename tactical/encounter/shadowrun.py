"""Shadowrun (SR4, SR5) in the encounter: the same commands and events, with opposed d6
pools, condition monitors and initiative passes (issue 7; docs/rules-shadowrun.md).

Tactical's mapping (a ruling, docs/rules-shadowrun.md): a combat turn is the encounter's
round, each initiative pass a `RoundStarted` with its pass number; in each action phase a
combatant has one Major (a Complex action: an attack), one Move and one Minor (Simple)
action. The map offers no Snapshot/Overwatch/Intercept/Opportunity reactions (those are
Chapter 6's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tactical.core.errors import IllegalCommand
from tactical.data.character import Character
from tactical.data.ruleset import sheet_reach_m
from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.context import Context, json_safe
from tactical.encounter.limits import monitors
from tactical.encounter.model import Combatant, Condition, EncounterState
from tactical.rules.shadowrun.attack import (
    AttackResult,
    AttackSetup,
    attack_problems,
    resolve_attack,
)
from tactical.rules.shadowrun.case import result_json
from tactical.rules.shadowrun.constants import shadowrun_ruleset
from tactical.rules.shadowrun.damage import wound_modifier
from tactical.rules.shadowrun.defence import DEFAULT, DefenceDeclaration
from tactical.rules.shadowrun.initiative import Combatant as InitiativeEntry
from tactical.rules.shadowrun.initiative import (
    acting_order,
    initiative_parts,
    roll_initiative,
)
from tactical.rules.shadowrun.pools import Modifier, PoolRoller
from tactical.rules.shadowrun.sheet import attack_from_sheets, monitors_of, stats_of

EDITIONS = ("sr4", "sr5")


def is_shadowrun(state: EncounterState) -> bool:
    return state.ruleset in EDITIONS


def rules_for(state: EncounterState) -> ShadowrunRuleset:
    return shadowrun_ruleset(state.ruleset)  # type: ignore[arg-type]


def monitor_sizes(rules: ShadowrunRuleset, character: Character) -> tuple[int, int | None, int]:
    m = monitors_of(character, rules)
    return m.physical_size, m.stun_size, m.body


def roll_initiative_event(batch: Batch, c: Combatant) -> ev.InitiativeRolled:
    """SR4: Reaction + Intuition + hits on that many dice; SR5: + the sum of 1d6 (ruling:
    one Initiative die without enhancements). Ties: Reaction + Intuition, then Edge."""
    rules = rules_for(batch.state)
    stats = stats_of(batch.ctx.character(c))
    sr_monitors = monitors(c)
    wound = wound_modifier(sr_monitors, rules.monitors) if sr_monitors is not None else 0
    ratings = [(a, getattr(stats, a)) for a in rules.initiative.attributes]
    base = initiative_parts(ratings, wound)
    attributes = sum(value for _, value in ratings)
    dice = attributes if rules.initiative.score == "hits" else stats.initiative_dice
    roll = roll_initiative(base, dice, PoolRoller(batch.dice), rules.initiative, rules.dice)
    tiebreak = (attributes, c.edge)
    return ev.InitiativeRolled(c.id, roll.faces, roll.base, roll.score, tiebreak)


def pass_order(state: EncounterState, pass_number: int) -> tuple[str, ...]:
    rules = rules_for(state)
    entries = [InitiativeEntry(c.id, c.effective_initiative(), c.sr_passes, c.tiebreak)
               for c in state
               if not c.has(Condition.DEAD)]
    return acting_order(entries, pass_number, rules.initiative)


def next_pass(batch: Batch) -> bool:
    """Start the next initiative pass of this combat turn, if anyone acts in it."""
    state = batch.state
    number = state.initiative_pass + 1
    order = pass_order(state, number)
    if not order:
        return False
    reactions = tuple((c.id, c.reactions) for c in state)
    batch.emit(ev.RoundStarted(state.round, order, reactions, number))
    return True


def reroll_for_new_turn(batch: Batch) -> None:
    """SR: every combat turn starts with new initiative scores."""
    for c in list(batch.state):
        if not c.has(Condition.DEAD):
            batch.emit(roll_initiative_event(batch, c))


def attack_setup(state: EncounterState, ctx: Context, command: cmd.Attack) -> AttackSetup:
    """The opposed test `command` sets up, as the engine resolves it and the dock previews it:
    pools from the sheets, the defence declared in the command, the GM's situational
    modifiers, wound modifiers from the monitors. IllegalCommand when the map (sight, reach)
    or the catalogue (no Shadowrun numbers) rules it out."""
    rules = rules_for(state)
    attacker, target = state.get(command.attacker), state.get(command.target)
    weapon_id = command.weapon or attacker.weapon
    if weapon_id is None:
        raise IllegalCommand([f"{attacker.name} has no weapon ready"])
    weapon = ctx.weapon(weapon_id)
    target_sheet = ctx.character(target)
    sight = ctx.oracle.sight(state, attacker.id, target.id)
    reasons: list[str] = []
    if weapon.kind == "ranged" and not sight.line_of_sight:
        reasons.append(f"{attacker.name} cannot see {target.name}: {sight.why}")
    if weapon.kind == "melee":
        reach = max(sheet_reach_m(ctx.character(attacker), ctx.rules.default_reach_m),
                    weapon.reach_m)
        if sight.distance_m > reach:
            reasons.append(f"{target.name} is {sight.distance_m:g} m away, beyond "
                           f"{attacker.name}'s reach of {reach:g} m")
    if weapon.shadowrun is None:
        reasons.append(f"{weapon.name} has no Shadowrun numbers in the catalogue")
    refuse_unless(*((False, r) for r in reasons))
    defender_weapon = next((ctx.weapon(w) for w in target_sheet.weapons
                            if ctx.weapon(w).kind == "melee"), None)
    declaration = DefenceDeclaration((command.defence,)) if command.defence else DEFAULT
    return attack_from_sheets(
        ctx.character(attacker), weapon, target_sheet,
        [ctx.loaded.library.armor[a] for a in target_sheet.armor], rules,
        defence=declaration,
        attack_modifiers=[Modifier(s, v) for s, v in command.attack_modifiers],
        defence_modifiers=[Modifier(s, v) for s, v in command.defence_modifiers],
        attacker_monitors=monitors(attacker), defender_monitors=monitors(target),
        defender_initiative=target.effective_initiative() if target.initiative is not None
        else None,
        defender_weapon=defender_weapon)


def attack(batch: Batch, attacker: Combatant, target: Combatant, weapon_id: str,
           command: cmd.Attack) -> AttackResult:
    """One opposed attack (the setup from `attack_setup`); events carry every die so
    replay never rolls."""
    rules = rules_for(batch.state)
    weapon = batch.ctx.weapon(weapon_id)
    setup = attack_setup(batch.state, batch.ctx, replace(command, weapon=weapon_id))
    problems = attack_problems(setup, rules)
    if problems:
        raise IllegalCommand(problems)
    result = resolve_attack(setup, PoolRoller(batch.dice), rules)
    report = json_safe(result_json(result))
    batch.emit(ev.AttackResolved(attacker.id, target.id, weapon_id, None, result.hit,
                                 describe(attacker, target, weapon.name, report), report))
    defence = result.defence
    if defence.initiative_cost and target.initiative is not None:
        batch.emit(ev.InitiativeSet(target.id, target.initiative - defence.initiative_cost,
                                    f"{', '.join(defence.options)} "
                                    f"(−{defence.initiative_cost} Initiative)"))
    if defence.prone and not target.has(Condition.PRONE):
        batch.emit(ev.ConditionChanged(target.id, Condition.PRONE.value, True, "Hit the Dirt"))
    after = result.monitors_after
    if after is not None and result.boxes:
        batch.emit(ev.MonitorsChanged(target.id, after.physical, after.stun, after.overflow,
                                      f"{attacker.name}'s {weapon.name}"))
    return result


def describe(attacker: Combatant, target: Combatant, weapon: str, r: dict[str, Any]) -> str:
    """One log line: hits (limited), net hits, DV vs AV, resisted, boxes."""
    a, d = r["attack"], r["defense"]
    limit = f" [limit {a['limit']}] → {r['attack_hits_limited']}" if a.get("limit") else ""
    line = (f"{attacker.name} → {target.name}, {weapon}: {a['pool']} dice, "
            f"{r['attack_hits']} hits{limit} vs {d['pool']} dice, {r['defense_hits']} "
            f"hits — {r['net_hits']} net, {r['outcome']}")
    if r.get("modified_dv") is not None:
        line += (f"; {r['modified_dv']}{r['damage_type_before']} vs AV {r['modified_av']}"
                 + (f" → {r['damage_type']}" if r['damage_type'] != r['damage_type_before']
                    else "")
                 + f", {r['resist_hits']} resisted, {r['damage']}{r['damage_type']}")
    for name, glitch in r["glitch"].items():
        if glitch:
            crit = r["critical_glitch"].get(name)
            line += f"; {'critical ' if crit else ''}glitch on the {name} test"
    return line


def initial_monitors(state: EncounterState,
                     library_characters: Mapping[str, Character]) -> EncounterState:
    """Give every combatant its condition monitor sizes (from its sheet)."""
    rules = rules_for(state)
    combatants = {}
    for cid, c in state.combatants.items():
        sheet = library_characters[c.character]
        passes = sheet.shadowrun.initiative_passes if sheet.shadowrun else 1
        combatants[cid] = replace(c, sr_monitor=monitor_sizes(rules, sheet), sr_passes=passes)
    return replace(state, combatants=combatants)
