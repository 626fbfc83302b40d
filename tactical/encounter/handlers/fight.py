"""Attacks in the encounter: the engine reads the facts off the state and the map, the
ruleset resolves the attack, its outcome becomes events. The reactions a move offers are
settled in reacting.py, with these attacks."""

from __future__ import annotations

from dataclasses import replace

from tactical.core.errors import InvalidCommand
from tactical.data.character import sheet_reach_m
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, payment, refuse_unless
from tactical.encounter.handlers import marks
from tactical.encounter.handlers.detection import undetected_reason
from tactical.encounter.handlers.harm import apply_harm
from tactical.encounter.handlers.passes import resort_pass
from tactical.encounter.handlers.turns import acting
from tactical.encounter.model import (
    Action,
    Combatant,
    Condition,
    Hex,
    Phase,
)
from tactical.geometry.hexgrid import hex_distance
from tactical.rules.api import AttackFacts, AttackOutcome, AttackWords, SightInfo


def _reach(batch: Batch, c: Combatant, weapon_id: str | None) -> float:
    sheet = batch.ctx.character(c)
    weapon = batch.ctx.weapon(weapon_id) if weapon_id is not None else None
    melee = [weapon] if weapon is not None and weapon.kind == "melee" else []
    ruled = batch.ruleset.melee_reach_m(sheet, melee)  # Shadowrun: RULINGS "Reach"
    if ruled is not None:
        return ruled
    return max([sheet_reach_m(sheet, batch.ctx.rules.default_reach_m),
                *(w.reach_m for w in melee)])


def _in_reach(batch: Batch, who: Combatant, of: Combatant) -> bool:
    metres = hex_distance(who.hex, of.hex) * batch.ctx.rules.metres_per_hex
    return metres <= _reach(batch, who, melee_weapon(batch, who))


def melee_weapon(batch: Batch, c: Combatant) -> str | None:
    weapons = batch.ctx.character(c).weapons
    if c.weapon and batch.ctx.weapon(c.weapon).kind == "melee":
        return c.weapon
    return next((w for w in weapons if batch.ctx.weapon(w).kind == "melee"), None)


def _standing(c: Combatant) -> bool:
    return not (c.has(Condition.DEAD) or c.has(Condition.UNCONSCIOUS))


def attack_facts(batch: Batch, attacker: Combatant, target: Combatant, weapon_id: str,
                 command: cmd.Attack, reaction: str | None, *, targets: int = 1,
                 ammo_paid: bool = False, sight: SightInfo | None = None) -> AttackFacts:
    """What the ruleset needs to set the attack up, read from the sheets, the state and
    the map (RULINGS Outnumbered: who is in reach of whom, counted from the map); `sight`:
    the attacker's sight of the target when the caller has it already."""
    ctx = batch.ctx
    target_sheet = ctx.character(target)
    ours = sum(1 for c in batch.state if c.side == attacker.side and _standing(c)
               and _in_reach(batch, c, target))
    theirs = sum(1 for c in batch.state if c.side == target.side and _standing(c)
                 and _in_reach(batch, c, attacker))
    return AttackFacts(
        attacker=attacker, target=target, attacker_sheet=ctx.character(attacker),
        target_sheet=target_sheet, weapon_id=weapon_id, weapon=ctx.weapon(weapon_id),
        target_armor=tuple(ctx.loaded.library.armor[a] for a in target_sheet.armor),
        target_weapons=tuple(ctx.weapon(w) for w in target_sheet.weapons),
        attacker_reach_m=_reach(batch, attacker, weapon_id),
        target_reach_m=_reach(batch, target, melee_weapon(batch, target)),
        sight=sight or attack_sight(batch, attacker, target, command)[0],
        attackers_in_reach=max(1, ours), defenders_in_reach=max(1, theirs),
        choice=command, reaction=reaction, targets=targets, ammo_paid=ammo_paid,
        crossfire_allies=len(crossfire_allies(batch, attacker, target)),
        target_exposed=command.exposed,
        pass_number=batch.state.initiative_pass if batch.state.phase is Phase.COMBAT else 1)


def attack_sight(batch: Batch, attacker: Combatant, target: Combatant,
                 command: cmd.Attack) -> tuple[SightInfo, Hex | None]:
    """What the attacker sees of the target, and from which hex when it fires around cover
    (Ch.6 Fire Around Cover, l.204: line of sight and cover from the best free hex next to
    its own, round the high cover it stands behind; it stays in its hex, so attacks on it
    and the reactions it draws still see it there). None: from where it stands."""
    oracle = batch.ctx.oracle
    if FIRE_AROUND_COVER not in command.options:
        return oracle.sight(batch.state, attacker.id, target.id), None
    peek = getattr(oracle, "peek_sight", None)
    if peek is None:  # a scripted oracle: no map to peek round
        return SightInfo(False, "none", None, 0.0, "this map cannot say where to peek "
                                                     "(Fire Around Cover, l.204)"), None
    found: tuple[SightInfo, Hex | None] = peek(batch.state, attacker.id, target.id)
    return found


def build_setup(batch: Batch, attacker: Combatant, target: Combatant, weapon_id: str,
                command: cmd.Attack, reaction: str | None, *, targets: int = 1,
                ammo_paid: bool = False) -> object:
    """The ruleset's setup of the attack, as `resolve` would roll it (IllegalCommand with
    every reason when refused)."""
    facts = attack_facts(batch, attacker, target, weapon_id, command, reaction,
                         targets=targets, ammo_paid=ammo_paid)
    return batch.ruleset.preview_attack(facts).setup


def resolve(batch: Batch, attacker: Combatant, target: Combatant, weapon_id: str,
            command: cmd.Attack, reaction: str | None, *, targets: int = 1,
            ammo_paid: bool = False, sight: SightInfo | None = None,
            uses_marks: bool = True) -> AttackOutcome:
    """The ruleset resolves the attack; its outcome becomes events, every die in them.
    `uses_marks` False: the attacker's timers the attack used (a Take Aim) stay for a later
    attack of the same action (a split pool's next target)."""
    facts = attack_facts(batch, attacker, target, weapon_id, command, reaction,
                         targets=targets, ammo_paid=ammo_paid, sight=sight)
    outcome = batch.ruleset.resolve_attack(facts, batch.dice)
    source = f"{attacker.name}'s {facts.weapon.name}"
    batch.emit(ev.AttackResolved(attacker.id, target.id, weapon_id, reaction,
                                 outcome.report.hit, outcome.summary, outcome.report))
    if outcome.edge_spent:
        batch.emit(ev.EdgeSpent(attacker.id, 1, outcome.edge_spent))
    if outcome.ammo_used:
        batch.emit(ev.AmmoSpent(attacker.id, weapon_id, outcome.ammo_used))
    if outcome.initiative_after is not None:
        batch.emit(ev.InitiativeSet(target.id, *outcome.initiative_after))
        resort_pass(batch, f"{target.name} spent Initiative")
    if outcome.prone:
        batch.emit(ev.ConditionChanged(target.id, Condition.PRONE.value, True, outcome.prone))
    if outcome.turn_defence is not None:  # SR5 Full Defense: until the combat turn ends
        condition, why = outcome.turn_defence
        batch.emit(ev.ConditionChanged(target.id, condition, True, why))
    if outcome.monitors is not None:
        m = outcome.monitors
        batch.emit(ev.MonitorsChanged(target.id, m.physical, m.stun, m.overflow, source))
    if outcome.harm is not None:
        apply_harm(batch, target.id, outcome.harm, source)
    marks.after_attack(batch, attacker.id, target.id,
                       outcome if uses_marks else replace(outcome, used_marks=()))
    return outcome


def attack(batch: Batch, command: cmd.Attack) -> None:
    unknown = batch.ruleset.attack_choice_problems(AttackWords.of(command))
    if unknown:
        raise InvalidCommand("; ".join(unknown))
    a = acting(batch, command.attacker)
    t = batch.combatant(command.target)
    weapon_id = command.weapon or a.weapon
    refuse_unless((weapon_id is not None, f"{a.name} has no weapon ready"),
                  (t.side != a.side or command.defenseless, f"{t.name} is on {a.name}'s side"),
                  (t.id != a.id, "a combatant cannot attack itself"),
                  (t.id not in a.undetected, undetected_reason(a, t) or ""))  # Ch.6 l.46
    assert weapon_id is not None
    refuse_unless((weapon_id in batch.ctx.character(a).weapons,
                   f"{a.name} does not carry {weapon_id}"))
    # RULINGS Area attacks: "An area weapon ... aims at a hex, not at a combatant"
    area = batch.ctx.weapon(weapon_id).area
    refuse_unless((area is None,
                   f"the {batch.ctx.weapon(weapon_id).name} is aimed at a hex, not at "
                   f"{t.name}: {'throw' if area and area.delivery == 'thrown' else 'fire'} "
                   "it from the token menu's More actions (RULINGS Area attacks)"))
    command, charged = charge_attack(batch, a, command)
    # Ch.6 Crossfire, l.476: "If at least one ally has already attacked the same target this
    # round" (issue 12 item 8)
    refuse_unless((CROSSFIRE_OPTION not in command.options
                   or bool(crossfire_allies(batch, a, t)),
                   f"Crossfire needs an ally of {a.name} who already attacked {t.name} this "
                   "round (Ch.6 Crossfire, l.476)"))
    # Ch.6 Fire modes: Auto fire takes a Major and a Minor (`fire_modes.<mode>.needs`);
    # options and called shots their own (Aimed Shot 1 Major + 1 Minor, l.470; Suppressive
    # Fire a Full action, l.482; Called Shots 1 Major + 1 Minor, l.616): issue 12 item 2
    # Shadowrun: the ruleset's own (RULINGS "Actions": a shot or a burst a Simple action,
    # full-auto and melee Complex); None: the base game's numbers above
    own = batch.ruleset.attack_slots(a, weapon_id, batch.ctx.weapon(weapon_id), command.mode)
    needs = own if own is not None else batch.ctx.rules.attack_needs(
        command.mode, command.options, command.called_shot is not None)
    costs = [] if charged else [Action(need) for need in needs]
    # Ch.6 Flurry, l.402: "Gain 1 additional attack": already paid for by the first
    paid = marks.extra_attack_left(a) is not None
    around = FIRE_AROUND_COVER in command.options
    for action in [] if paid else costs:
        slot, why = payment(batch.state.get(a.id), action)
        if around and action is Action.MOVE:  # Ch.6 l.204 "This move-equivalent action"
            why += " (Fire Around Cover takes a Move action, Ch.6 l.204)"
        refuse_unless((slot is not None, why))
        batch.emit(ev.ActionSpent(a.id, action.value, str(slot), "Attack"))
    melee_footwork(batch, a.id, weapon_id)
    # the peek round cover (up to six sights) worked out once, for the note and the roll
    sight, peek = attack_sight(batch, a, t, command) if around else (None, None)
    if peek is not None:
        batch.emit(ev.Note(f"{a.name} leans out to {list(peek)} to fire around cover, then "
                           f"ducks back to {list(a.hex)} (Ch.6 Fire Around Cover, l.204)"))
    resolve(batch, batch.state.get(a.id), t, weapon_id, command, None, sight=sight)
    if paid:
        marks.spend_extra_attack(batch, a.id)


def melee_footwork(batch: Batch, cid: str, weapon_id: str) -> None:
    """Ch.6 Move actions, l.198: "If you are engaged in melee combat, you are assumed to be
    moving around … This counts as using a Move action. If you're unable to spend a Move
    action …, you get Disadvantage on your attack, while enemies attacking you get
    Advantage." A melee attack on one's turn engages (its target is in reach): it spends a
    Move (`table_actions.melee_engagement`) unless one was already spent this turn (the
    move that closed in, a Charge, an earlier attack's footwork); with none to spend, or
    held in place (immobilised, grappled, pinned), the attacker has no footwork until its
    next turn (condition no_footwork: the resolver's Disadvantage and Advantage)."""
    action = batch.ruleset.melee_engagement_action  # None: no such rule (Shadowrun)
    c = batch.state.get(cid)
    if action is None or batch.ctx.weapon(weapon_id).kind != "melee" or c.move_spent:
        return
    held = [n.value for n in (Condition.IMMOBILISED, Condition.GRAPPLED, Condition.PINNED)
            if c.has(n)]
    slot, why = (None, f"{c.name} is {' and '.join(held)}") if held \
        else payment(c, Action(action))
    if slot is not None:
        batch.emit(ev.ActionSpent(cid, action, str(slot), "Melee footwork (Ch.6 l.198)"))
    elif not c.has(Condition.NO_FOOTWORK):
        batch.emit(ev.ConditionChanged(cid, Condition.NO_FOOTWORK.value, True,
                                       f"no Move for melee footwork: {why} (Ch.6 l.198)"))


CHARGE_OPTION = "charge"
CROSSFIRE_OPTION = "crossfire"
FIRE_AROUND_COVER = "fire_around_cover"


def crossfire_allies(batch: Batch, attacker: Combatant, target: Combatant) -> set[str]:
    """The attacker's allies who already attacked `target` this round."""
    return {cid for cid in target.attacked_by if cid != attacker.id
            and cid in batch.state.combatants
            and batch.state.get(cid).side == attacker.side}


def charge_attack(batch: Batch, a: Combatant, command: cmd.Attack) -> tuple[cmd.Attack, bool]:
    """Ch.6 Charge (1 Full action), l.384-390: "move at least 6 m in a direct line and then
    make your attack", with Advantage. The Charge move paid for the attack: the first
    attack after it costs nothing more and carries the charge option; the option alone,
    without the move, is refused."""
    if not a.has(Condition.CHARGE_ATTACK):
        refuse_unless((CHARGE_OPTION not in command.options,
                       f"{a.name} has not charged: a Charge is a Move with how \"charge\" "
                       "(at least 6 m in a direct line), then the attack (Ch.6 Charge, "
                       "l.388)"))
        return command, False
    batch.emit(ev.ConditionChanged(a.id, Condition.CHARGE_ATTACK.value, False,
                                   "the charge's attack"))
    if CHARGE_OPTION in command.options:
        return command, True
    return replace(command, options=(*command.options, CHARGE_OPTION)), True
