"""Movement and the reactions it triggers (Ch.6 Movement; RULINGS Reactions on the map)."""

from __future__ import annotations

from collections.abc import Sequence

from tactical.core.types import Hex
from tactical.data.character import sheet_reach_m
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, full_action_payable, payment, refuse_unless, spend
from tactical.encounter.context import MapOracle
from tactical.encounter.handlers.turns import acting
from tactical.encounter.model import Action, Combatant, Condition, EncounterState
from tactical.geometry.hexgrid import hex_distance, hex_line, is_neighbour
from tactical.rules.reactions import ReactionOffer, ReactionSpec


def hex_problems(state: EncounterState, oracle: MapOracle, mover: str, hex_: Hex, *,
                 last: bool, came_from: Hex | None = None) -> list[str]:
    """Why `mover` cannot enter `hex_` (from `came_from`: a wall between them; walls, cover,
    an enemy there), or stop in it when it is the `last` hex (anyone there). The engine and
    the move preview both ask this."""
    problems: list[str] = []
    sync = getattr(oracle, "sync", None)  # issue 15: the cover as it stands now
    if sync is not None:
        sync(state)
    blocked = oracle.passable(hex_)
    if blocked:
        problems.append(blocked)
    # issue 15: a thin wall between two hexes blocks the step (docs/formats.md); said only
    # of a hex the token could stand in (else "inside the wall" says it all)
    step_blocked = getattr(oracle, "step_blocked", None)
    if not blocked and step_blocked is not None and came_from is not None:
        wall = step_blocked(state, came_from, hex_)
        if wall:
            problems.append(wall)
    other = state.occupant(hex_)
    if other is not None and other.id != mover:
        if other.side != state.get(mover).side and not other.has(Condition.DEAD):
            problems.append(f"held by {other.name}")
        elif last:
            problems.append(f"{other.name} already stands there")
    return problems


def path_problems(batch: Batch, mover: str, start: Hex, path: Sequence[Hex]) -> list[str]:
    """Every reason the path cannot be walked (gaps, walls, enemies in the way)."""
    problems: list[str] = []
    previous = start
    for index, hex_ in enumerate(path):
        if not is_neighbour(previous, hex_):
            problems.append(f"step {index + 1} {list(hex_)} is not next to {list(previous)}")
            break
        problems += [f"step {index + 1} {list(hex_)}: {why}" for why in hex_problems(
            batch.state, batch.ctx.oracle, mover, hex_, last=index == len(path) - 1,
            came_from=previous)]
        previous = hex_
    return problems


# Ch.6 Mount/Dismount, l.208: a rider moves with its mount, not on its own
RIDES = "rides a mount: it moves with it; Dismount first (a Move action, l.208)"
MAX_PATH = 1000  # hexes; the fastest sprint is a few dozen


def move(batch: Batch, command: cmd.Move) -> None:
    c = acting(batch, command.combatant)
    rules = batch.ctx.rules
    how_cost = {"move": Action(rules.actions.move), "step": Action(rules.actions.step)}
    path: tuple[Hex, ...] = tuple((int(h[0]), int(h[1])) for h in command.path)
    refuse_unless((len(path) > 0, "the path is empty"),
                  (command.how in ("move", "step", "sprint", "charge"),
                   f"unknown way to move '{command.how}'"))
    # Bounds first (issue 11): a Move to a hex 10^7 away drew a 10^7-hex line (19 s).
    refuse_unless((len(path) <= MAX_PATH, f"the path has {len(path):,} steps; no move is "
                   f"longer than {MAX_PATH:,}"),
                  (batch.ctx.loaded.map.grid.contains(path[-1]),
                   f"{list(path[-1])} is off the map"))
    speed = rules.speed_m(batch.ctx.character(c))
    metres = len(path) * rules.metres_per_hex
    reasons = path_problems(batch, c.id, c.hex, path)
    get_up = f"is prone: Get Up first (a {rules.actions.get_up.capitalize()} action)"
    for condition, why in ((Condition.PRONE, get_up),
                           (Condition.GRAPPLED, "is grappled"),
                           (Condition.IMMOBILISED, "is immobilised"),
                           (Condition.MOUNTED, RIDES)):
        if c.has(condition):
            reasons.append(f"{c.name} {why}")
    straight = path == hex_line(c.hex, path[-1])[1:]
    if command.how in ("move", "step"):
        slot, why = payment(c, how_cost[command.how])
        if slot is None:
            reasons.append(why)
        limit = speed if command.how == "move" else rules.movement.step_hexes * \
            rules.metres_per_hex
        if metres > limit:
            reasons.append(f"{metres:g} m is farther than {c.name}'s {command.how} of "
                           f"{limit:g} m")
    else:
        ok, why = full_action_payable(c, rules)
        if not ok:
            reasons.append(why)
        if not straight:
            reasons.append(f"a {command.how} goes in a straight line")
        limit = speed * rules.movement.sprint_factor
        if metres > limit:
            reasons.append(f"{metres:g} m is farther than {c.name}'s sprint of {limit:g} m")
        if command.how == "charge":
            reasons += charge_problems(batch, c.id, metres)
    refuse_unless(*((False, r) for r in reasons))
    if command.how in how_cost:
        slot, _ = payment(c, how_cost[command.how])
        batch.emit(ev.ActionSpent(c.id, how_cost[command.how].value, str(slot),
                                  command.how.capitalize()))
    else:
        for action in rules.actions.full:
            batch.emit(ev.ActionSpent(c.id, action, action, command.how.capitalize()))
    if command.how == "charge":
        # Ch.6 Charge, l.388-390: the attack comes after the move, paid by this Full action;
        # attacks against the charger have Advantage until its next turn
        batch.emit(ev.ConditionChanged(c.id, Condition.CHARGING.value, True, "Charge"),
                   ev.ConditionChanged(c.id, Condition.CHARGE_ATTACK.value, True, "Charge"))
    started_in_reach_of = batch.ctx.oracle.in_reach_of(batch.state, c.id)
    walk(batch, c.id, c.hex, path, frozenset(), started_in_reach_of, command.how)


def charge_problems(batch: Batch, mover: str, metres: float) -> list[str]:
    """Ch.6 Charge: "You can only Charge if you're not already engaged in melee combat"
    (l.386) and "must move at least 6 m in a direct line" (l.388, `movement.charge_min_m`)."""
    rules = batch.ctx.rules
    problems: list[str] = []
    if metres < rules.movement.charge_min_m:
        problems.append(f"a charge needs at least {rules.movement.charge_min_m:g} m")
    c = batch.state.get(mover)
    engaged = sorted(o.name for o in batch.state if o.side != c.side
                     and not (o.has(Condition.DEAD) or o.has(Condition.UNCONSCIOUS))
                     and hex_distance(o.hex, c.hex) * rules.metres_per_hex
                     <= max(melee_reach(batch, o), melee_reach(batch, c)) + 1e-9)
    if engaged:
        problems.append(f"{batch.state.get(mover).name} is already engaged in melee with "
                        f"{', '.join(engaged)}: no Charge (Ch.6 Charge, l.386)")
    return problems


def melee_reach(batch: Batch, c: Combatant) -> float:
    """How far `c` reaches in melee: its sheet's reach, or a longer melee weapon's."""
    sheet = batch.ctx.character(c)
    melee = [w for w in (batch.ctx.weapon(w) for w in sheet.weapons) if w.kind == "melee"]
    ruled = batch.ruleset.melee_reach_m(sheet, melee)  # Shadowrun: RULINGS "Reach"
    if ruled is not None:
        return ruled
    reach = sheet_reach_m(sheet, batch.ctx.rules.default_reach_m)
    return max([reach, *(w.reach_m for w in melee)])


def _halt_step(offer: ReactionOffer, spec: ReactionSpec) -> int:
    """Where the mover stops for `offer` (ReactionSpec.halt). "before": the map names the
    first hex out of reach, the mover halts in the hex before it, its start when that is
    the first step (an Attack of Opportunity is made while the mover is still in reach,
    issue 12 item 12)."""
    return max(0, offer.step - 1) if spec.halt == "before" else offer.step


def walk(batch: Batch, mover: str, start: Hex, path: tuple[Hex, ...], done: frozenset[str],
         started_in_reach_of: frozenset[str], how: str = "move") -> None:
    """Move along `path` until the first step where reactions become possible; stop there
    with them pending (issue 4: the move stops at the first pending reaction)."""
    # RULINGS Attack of Opportunity: "started within the reactor's melee reach leaves it".
    # A reactor that declined (or took) another reaction during this move still owes an
    # `owed` kind (issue 12 item 11); `started_in_reach_of` loses a reactor once it settled
    # one.
    owed = done & started_in_reach_of
    specs = {s.name: s for s in batch.ruleset.reaction_kinds}
    offers = [(o, specs[o.kind]) for o in batch.ctx.oracle.triggers(
        batch.state, mover, start, path, done - owed, started_in_reach_of)
        if o.kind in specs]
    offers = [(o, s) for o, s in offers
              if (not s.owed or o.reactor in started_in_reach_of)
              and (o.reactor not in done or s.owed)]
    metres_per_hex = batch.ctx.rules.metres_per_hex
    if not offers:
        batch.emit(ev.Moved(mover, path, len(path) * metres_per_hex, how))
        if batch.state.halted is not None:
            batch.emit(ev.MoveEnded(mover, "reached the end of its path"))
        return
    step = min(_halt_step(o, s) for o, s in offers)  # 0: before it leaves its hex
    if step >= 1:
        batch.emit(ev.Moved(mover, path[:step], step * metres_per_hex, how))
    at = path[step - 1] if step >= 1 else start
    for offer, spec in ((o, s) for o, s in offers if _halt_step(o, s) == step):
        # The log records the index into the Move's path (step − 1), as it always has.
        batch.emit(ev.ReactionOffered(offer.reactor, offer.kind, mover, step - 1,
                                      at if spec.halt == "before" else offer.hex,
                                      offer.why, f"o{batch.state.offers_made + 1}",
                                      spec.owed))
    remaining = path[step:]
    batch.emit(ev.MoveHalted(mover, at, remaining, len(remaining) * metres_per_hex,
                             tuple(sorted(done)), tuple(sorted(started_in_reach_of))))


def continue_move(batch: Batch) -> None:
    """Once every pending reaction is resolved or declined, the move goes on (unless the
    mover can no longer move)."""
    state = batch.state
    halted = state.halted
    if halted is None or state.pending:
        return
    mover = state.get(halted.mover)
    if mover.has(Condition.PRONE) or mover.has(Condition.DEAD) or mover.has(
            Condition.UNCONSCIOUS) or not halted.remaining:
        batch.emit(ev.MoveEnded(mover.id, "the move is over" if not halted.remaining
                                else f"{mover.name} went down"))
        return
    walk(batch, mover.id, mover.hex, halted.remaining, halted.done_reactors,
         halted.started_in_reach_of)


def drop_prone(batch: Batch, command: cmd.DropProne) -> None:
    c = acting(batch, command.combatant)
    spend(batch, c, batch.ctx.rules.actions.drop_prone, "Drop prone",
          (not c.has(Condition.PRONE), f"{c.name} is prone"), command="DropProne")
    batch.emit(ev.ConditionChanged(c.id, Condition.PRONE.value, True, "Drop prone"))


def get_up(batch: Batch, command: cmd.GetUp) -> None:
    c = acting(batch, command.combatant)
    spend(batch, c, batch.ctx.rules.actions.get_up, "Get up",
          (c.has(Condition.PRONE), f"{c.name} is not prone"), command="GetUp")
    batch.emit(ev.ConditionChanged(c.id, Condition.PRONE.value, False, "Get up"))


def evade(batch: Batch, command: cmd.Evade) -> None:
    """Ch.6 Evade: two Move actions (`actions.evade`) → +5 TN vs ranged attacks until its
    next turn."""
    c = acting(batch, command.combatant)
    costs = batch.ctx.rules.actions.evade
    for index, name in enumerate(costs):
        slot, why = payment(batch.state.get(c.id), Action(name))
        if slot is None:
            count = {1: "a", 2: "two", 3: "three"}.get(len(costs), str(len(costs)))
            kinds = " or ".join(dict.fromkeys(k.capitalize() for k in costs))
            plural = "s" if len(costs) > 1 else ""
            refuse_unless((False, why if index == 0 else
                           f"Evade needs {count} {kinds} action{plural}: {why}"))
        batch.emit(ev.ActionSpent(c.id, name, str(slot), "Evade"))
    batch.emit(ev.ConditionChanged(c.id, Condition.EVADING.value, True, "Evade"))
    if command.path:
        evasive_move(batch, c.id, tuple((int(h[0]), int(h[1])) for h in command.path))


def evasive_move(batch: Batch, cid: str, path: tuple[Hex, ...]) -> None:
    """Ch.6 Evade, l.202: "Evasive movement ... must be combined with a second Move action":
    the evader moves, up to its speed for each Move action Evade took (ruling), already
    Evading (+5 TN) against the Snapshots its movement draws."""
    c = batch.state.get(cid)
    rules = batch.ctx.rules
    limit = rules.speed_m(batch.ctx.character(c)) * len(rules.actions.evade)
    checked_walk(batch, cid, path, limit, "evasive movement", "evade")


def checked_walk(batch: Batch, cid: str, path: tuple[Hex, ...], limit: float, what: str,
                 how: str) -> None:
    """Walk `path` (already paid for) after checking it: on the map, free, at most `limit`
    metres, the walker able to move."""
    c = batch.state.get(cid)
    rules = batch.ctx.rules
    refuse_unless((len(path) > 0, "the path is empty"))
    metres = len(path) * rules.metres_per_hex
    reasons = [] if len(path) <= MAX_PATH and batch.ctx.loaded.map.grid.contains(path[-1]) \
        else [f"{list(path[-1])} is off the map or too far"]
    reasons += [] if reasons else path_problems(batch, cid, c.hex, path)
    reasons += [f"{c.name} {why}" for condition, why in (
        (Condition.PRONE, "is prone: Get Up first"), (Condition.GRAPPLED, "is grappled"),
        (Condition.IMMOBILISED, "is immobilised"), (Condition.MOUNTED, RIDES))
        if c.has(condition)]
    if metres > limit:
        reasons.append(f"{metres:g} m is farther than {c.name}'s {what} of {limit:g} m")
    refuse_unless(*((False, r) for r in reasons))
    started_in_reach_of = batch.ctx.oracle.in_reach_of(batch.state, cid)
    walk(batch, cid, c.hex, path, frozenset(), started_in_reach_of, how)


def disengage(batch: Batch, command: cmd.Disengage) -> None:
    c = acting(batch, command.combatant)
    spend(batch, c, batch.ctx.rules.actions.disengage, "Disengage")
    batch.emit(ev.ConditionChanged(c.id, Condition.DISENGAGED.value, True, "Disengage"))
