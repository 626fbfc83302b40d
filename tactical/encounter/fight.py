"""Attacks and reactions in the encounter: the state and the map set up a Chapter 6 attack,
the rules resolve it, the result becomes events (Ch.6 Attacks; RULINGS Reactions)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tactical.core.errors import IllegalCommand
from tactical.data.ruleset import sheet_reach_m
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter import shadowrun
from tactical.encounter.batch import Batch, payment, refuse_unless
from tactical.encounter.context import json_safe
from tactical.encounter.harm import take_damage
from tactical.encounter.limits import disadvantage_sources, out_of_action, reaction_block
from tactical.encounter.model import Action, Combatant, Condition, PendingReaction
from tactical.encounter.moves import continue_move
from tactical.encounter.turns import acting
from tactical.geometry.hexgrid import hex_distance
from tactical.rules.chapter6.attack import AttackResult, attack_refusals, resolve_attack
from tactical.rules.chapter6.case import result_json
from tactical.rules.chapter6.setup import (
    Attacker,
    AttackSetup,
    BurstChoice,
    CalledShot,
    Cover,
    Defence,
    EdgeUse,
    FireMode,
    Option,
    Reaction,
    Situation,
    defender_from_character,
    from_weapon,
)

# Sheet traits that are Advantage sources (RULINGS: smartlink and other gear/talents).


def _reach(batch: Batch, c: Combatant, weapon_id: str | None) -> float:
    sheet_reach = sheet_reach_m(batch.ctx.character(c), batch.ctx.rules.default_reach_m)
    if weapon_id is None:
        return sheet_reach
    weapon = batch.ctx.weapon(weapon_id)
    return max(sheet_reach, weapon.reach_m) if weapon.kind == "melee" else sheet_reach


def _in_reach(batch: Batch, who: Combatant, of: Combatant) -> bool:
    metres = hex_distance(who.hex, of.hex) * batch.ctx.rules.metres_per_hex
    return metres <= _reach(batch, who, _melee_weapon(batch, who))


def _melee_weapon(batch: Batch, c: Combatant) -> str | None:
    weapons = batch.ctx.character(c).weapons
    if c.weapon and batch.ctx.weapon(c.weapon).kind == "melee":
        return c.weapon
    return next((w for w in weapons if batch.ctx.weapon(w).kind == "melee"), None)


def _standing(c: Combatant) -> bool:
    return not (c.has(Condition.DEAD) or c.has(Condition.UNCONSCIOUS))


def build_setup(batch: Batch, attacker: Combatant, target: Combatant, weapon_id: str,
                command: cmd.Attack, reaction: Reaction | None) -> AttackSetup:
    """Everything the resolver needs, read from the sheets, the state and the map."""
    ctx, rules = batch.ctx, batch.ctx.rules
    weapon = ctx.weapon(weapon_id)
    sheet, target_sheet = ctx.character(attacker), ctx.character(target)
    traits = rules.attack.trait_advantages
    advantages = tuple(t for t in sheet.traits if traits.get(t) == weapon.kind)
    disadvantages = tuple(disadvantage_sources(attacker, rules))
    immobilised = attacker.has(Condition.IMMOBILISED) or attacker.has(Condition.GRAPPLED)
    attacker_side = Attacker(
        skill=sheet.skills.get(weapon.skill, 0), advantages=advantages,
        disadvantages=disadvantages, reach_m=_reach(batch, attacker, weapon_id),
        edge=EdgeUse(command.edge) if command.edge else None, immobilised=immobilised)
    armor = [ctx.loaded.library.armor[a] for a in target_sheet.armor]
    parry = rules.defences.parry
    parry_skill = max((target_sheet.skills.get(s, 0) for s in parry.skill), default=0)
    parry_weapon = any(set(rules.defences.parry_weapon_tags) & set(ctx.weapon(w).tags)
                       for w in target_sheet.weapons)
    defender = replace(
        defender_from_character(target_sheet, armor, parry_skill=parry_skill,
                                parry_weapon=parry_weapon, rules=rules),
        defenseless=command.defenseless or not _standing(target),
        unaware=target.unaware, charging=target.has(Condition.CHARGING),
        immobilised=target.has(Condition.IMMOBILISED) or target.has(Condition.GRAPPLED),
        evading=target.has(Condition.EVADING),
        defence=Defence(command.defence) if command.defence else None,
        reach_m=_reach(batch, target, _melee_weapon(batch, target)))
    sight = ctx.oracle.sight(batch.state, attacker.id, target.id)
    reasons: list[str] = []
    if weapon.kind == "ranged":
        if not sight.line_of_sight:
            reasons.append(f"{attacker.name} cannot see {target.name}: {sight.why}")
        situation = Situation(distance_m=sight.distance_m, cover=Cover(sight.cover),
                              cover_class=sight.cover_class,
                              called_shot=CalledShot(command.called_shot)
                              if command.called_shot else None, gm_tn=command.gm_tn)
    else:  # the resolver refuses a target beyond reach
        # RULINGS Outnumbered: who is in reach of whom, counted from the map
        ours = sum(1 for c in batch.state if c.side == attacker.side and _standing(c)
                   and _in_reach(batch, c, target))
        theirs = sum(1 for c in batch.state if c.side == target.side and _standing(c)
                     and _in_reach(batch, c, attacker))
        situation = Situation(distance_m=sight.distance_m, attackers_in_reach=max(1, ours),
                              defenders_in_reach=max(1, theirs),
                              called_shot=CalledShot(command.called_shot)
                              if command.called_shot else None)
    options = tuple(Option(o) for o in command.options)
    setup = AttackSetup(attacker_side, from_weapon(weapon, attacker.rounds_loaded(weapon_id)),
                        defender, situation,
                        mode=FireMode(command.mode) if command.mode else None, options=options,
                        reaction=reaction,
                        burst=BurstChoice(command.burst_choice) if command.burst_choice
                        else None)
    reasons += attack_refusals(setup, rules)
    if command.edge and attacker.edge <= 0:
        reasons.append(f"{attacker.name} has no Edge left")
    if reasons:
        raise IllegalCommand(reasons)
    return setup


def resolve(batch: Batch, attacker: Combatant, target: Combatant, weapon_id: str,
            command: cmd.Attack, reaction: Reaction | None) -> AttackResult:
    setup = build_setup(batch, attacker, target, weapon_id, command, reaction)
    result = resolve_attack(setup, batch.dice, batch.ctx.rules, damage_taken=target.damage)
    report = json_safe(result_json(result))
    weapon = batch.ctx.weapon(weapon_id)
    batch.emit(ev.AttackResolved(attacker.id, target.id, weapon_id,
                                 reaction.value if reaction else None, result.hit,
                                 describe(attacker, target, weapon.name, reaction, report),
                                 report))
    if command.edge:
        batch.emit(ev.EdgeSpent(attacker.id, 1, f"Edge on the {command.edge}"))
    if result.plan.ammo_used:
        batch.emit(ev.AmmoSpent(attacker.id, weapon_id, result.plan.ammo_used))
    if result.damage is not None and result.damage.after_armor > 0:
        level = result.injury.level if result.injury else None
        take_damage(batch, target.id, result.damage.after_armor,
                    result.damage.damage_type.value, level, result.effects,
                    f"{attacker.name}'s {weapon.name}")
    return result


def describe(attacker: Combatant, target: Combatant, weapon: str, reaction: Reaction | None,
             r: dict[str, Any]) -> str:
    """One log line that explains every number: dice, total vs TN, degree, damage, injury."""
    roll = r["roll"]
    how = f" ({reaction.value.capitalize()})" if reaction else ""
    numbers = [*roll["kept"], *(m["value"] for m in roll["modifiers"]), roll["double_bonus"]]
    check = str(roll["skill"]) + "".join(f"{n:+d}" for n in numbers if n) + \
        f" = {roll['total']}"
    if roll["fumble"]:
        check += " (fumble)"
    tn_parts = ", ".join(f"{m['source']} {m['value']:+d}" if i else f"{m['source']} "
                         f"{m['value']}" for i, m in enumerate(r["tn_breakdown"]))
    line = (f"{attacker.name} → {target.name}{how}, {weapon}: {check} vs TN {r['tn']} "
            f"({tn_parts}) — {roll['degree'].replace('_', ' ')}, MoS {roll['mos']}")
    damage = r.get("damage")
    if damage:
        line += (f"; {damage['expression']} = {damage['raw']}"
                 + (f" → cover {damage['after_cover']}" if damage.get("cover") else "")
                 + f" → armor PT{damage['armor']['pt']}/DR{damage['armor']['dr']} = "
                 f"{damage['after_armor']} {damage['type']}")
        if r.get("injury"):
            line += f"; {r['injury'].capitalize()} injury"
    return line


def attack(batch: Batch, command: cmd.Attack) -> None:
    a = acting(batch, command.attacker)
    t = batch.combatant(command.target)
    weapon_id = command.weapon or a.weapon
    refuse_unless((weapon_id is not None, f"{a.name} has no weapon ready"),
                  (t.side != a.side or command.defenseless, f"{t.name} is on {a.name}'s side"),
                  (t.id != a.id, "a combatant cannot attack itself"))
    assert weapon_id is not None
    refuse_unless((weapon_id in batch.ctx.character(a).weapons,
                   f"{a.name} does not carry {weapon_id}"))
    # Ch.6 Fire modes: Auto fire takes a Major and a Minor (`fire_modes.<mode>.needs`)
    needs = next((m.needs for name, m in batch.ctx.rules.fire_modes.items()
                  if name == command.mode), (batch.ctx.rules.actions.attack,))
    costs = [Action(need) for need in needs]
    for action in costs:
        slot, why = payment(batch.state.get(a.id), action)
        refuse_unless((slot is not None, why))
        batch.emit(ev.ActionSpent(a.id, action.value, str(slot), "Attack"))
    if shadowrun.is_shadowrun(batch.state):
        shadowrun.attack(batch, batch.state.get(a.id), t, weapon_id, command)
        return
    resolve(batch, batch.state.get(a.id), t, weapon_id, command, None)


def _pending(batch: Batch, reactor: str) -> PendingReaction:
    offer = next((p for p in batch.state.pending if p.reactor == reactor), None)
    if offer is None:
        waiting = ", ".join(p.reactor for p in batch.state.pending) or "none"
        raise IllegalCommand([f"{reactor} has no pending reaction (pending: {waiting})"])
    return offer


def react(batch: Batch, command: cmd.React) -> None:
    offer = _pending(batch, command.reactor)
    reactor = batch.combatant(offer.reactor)
    mover = batch.combatant(offer.mover)
    block = reaction_block(reactor, batch.ctx.rules)
    refuse_unless((block is None, f"{reactor.name} cannot react: {block}"))
    if offer.kind == "intercept":
        intercept(batch, offer, reactor, mover, command)
    else:
        weapon_id = command.weapon or (reactor.weapon if offer.kind != "opportunity"
                                       else _melee_weapon(batch, reactor))
        refuse_unless((weapon_id is not None, f"{reactor.name} has no weapon for this"))
        assert weapon_id is not None
        attack_cmd = cmd.Attack(reactor.id, mover.id, weapon_id, command.mode, (),
                                command.edge)
        batch.emit(ev.ReactionSpent(reactor.id, offer.kind))
        resolve(batch, batch.state.get(reactor.id), batch.state.get(mover.id), weapon_id,
                attack_cmd, Reaction(offer.kind))
    finish_reaction(batch)


def intercept(batch: Batch, offer: PendingReaction, reactor: Combatant, mover: Combatant,
              command: cmd.React) -> None:
    """RULINGS Intercept: the mover stops and fights the interceptor, or goes on; then the
    interceptor gets a free melee attack with Disadvantage and the mover's attack this turn
    has Disadvantage."""
    batch.emit(ev.ReactionSpent(reactor.id, "intercept"))
    if not command.go_on:
        batch.emit(ev.MoveEnded(mover.id, f"stopped by {reactor.name}'s Intercept"))
        return
    batch.emit(ev.ConditionChanged(mover.id, Condition.INTERCEPTED.value, True,
                                   f"went on past {reactor.name}'s Intercept"))
    weapon_id = _melee_weapon(batch, reactor)
    if weapon_id is not None:
        resolve(batch, batch.state.get(reactor.id), batch.state.get(mover.id), weapon_id,
                cmd.Attack(reactor.id, mover.id, weapon_id, edge=command.edge),
                Reaction.INTERCEPT)


def decline(batch: Batch, command: cmd.DeclineReaction) -> None:
    offer = _pending(batch, command.reactor)
    batch.emit(ev.ReactionDeclined(offer.reactor, offer.kind))
    finish_reaction(batch)


def finish_reaction(batch: Batch) -> None:
    """When the last pending reaction of a step is settled, the move goes on."""
    halted = batch.state.halted
    if halted is not None and out_of_action(batch.state.get(halted.mover), batch.ctx.rules):
        batch.emit(ev.MoveEnded(halted.mover, "the mover went down"))
        return
    continue_move(batch)
