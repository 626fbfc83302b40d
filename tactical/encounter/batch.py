"""A command's events, folded as they are made, so later decisions see earlier events."""

from __future__ import annotations

from typing import Any

from tactical.core.dice import Dice
from tactical.core.errors import IllegalCommand, InvalidCommand
from tactical.encounter import events as ev
from tactical.encounter.context import Context
from tactical.encounter.evolve import evolve
from tactical.encounter.model import Action, Combatant, EncounterState
from tactical.rules.api import AreaRules, Ruleset, SkillOutcome
from tactical.rules.basenumbers import BaseNumbers


class Batch:
    def __init__(self, state: EncounterState, ctx: Context, dice: Dice) -> None:
        self.state = state
        self.ctx = ctx
        self.dice = dice
        self.events: list[Any] = []

    def emit(self, *events: Any) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)

    @property
    def ruleset(self) -> Ruleset:
        """The encounter's ruleset, playing with the encounter's numbers."""
        return self.ctx.ruleset_of(self.state.ruleset)

    def area(self) -> AreaRules:
        """The ruleset's area attacks (an optional part of the interface, RULINGS Area
        attacks); refused, naming the game, when its ruleset offers none."""
        found = self.ruleset.area
        if found is None:
            raise IllegalCommand([f"{self.ruleset.title} has no area attacks (blasts, an Auto "
                                  "Fire vicinity, a suppression zone): its ruleset offers none"])
        return found

    def combatant(self, cid: str) -> Combatant:
        if cid not in self.state.combatants:
            known = ", ".join(self.state.combatants)
            raise InvalidCommand(f"no combatant '{cid}'; the map has: {known}")
        return self.state.get(cid)


def refuse_unless(*checks: tuple[bool, str]) -> None:
    """Refuse with every failed reason at once (STYLE: say every reason, not the first)."""
    reasons = [reason for ok, reason in checks if not ok]
    if reasons:
        raise IllegalCommand(reasons)


def payment(c: Combatant, action: Action) -> tuple[str | None, str]:
    """Which action slot pays for `action` (Ch.6: one downgrade a turn, Major → Move or
    Minor, Move → Minor), or None and why it cannot be paid."""
    b = c.budget
    if b.total is not None and b.total <= 0:
        return None, f"{c.name} has used the one action its injury allows this turn"
    if b.count_of(action.value) > 0:
        return action.value, ""
    if b.downgrades > 0:
        bigger = {Action.MOVE: ("major",), Action.MINOR: ("move", "major")}.get(action, ())
        for slot in bigger:
            if b.count_of(slot) > 0:
                return slot, ""
    left = ", ".join(f"{b.count_of(s)} {s}" for s in ("major", "move", "minor"))
    downgrade = "" if b.downgrades > 0 else "; the downgrade is used"
    return None, f"{c.name} has no {action.value} action left ({left}{downgrade})"


def full_action_payable(c: Combatant, rules: BaseNumbers) -> tuple[bool, str]:
    """Ch.6 Full action = Major + Move + Minor (`actions.full`), all from this
    turn."""
    b, slots = c.budget, rules.actions.full
    ok = (all(b.count_of(s) >= slots.count(s) for s in set(slots))
          and (b.total is None or b.total >= len(slots)))
    names = [f"a {s.capitalize()}" for s in slots]
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return ok, f"{c.name} needs {listed} action left for a Full action"


def checked(batch: Batch, c: Combatant, check: str, result: SkillOutcome,
            target: str | None = None) -> None:
    """A plain check's log line and, when the ruleset rolled dice, its roll for the screens
    (ev.CheckRolled): one place for every handler that rolls a check."""
    batch.emit(ev.Note(result.text))
    if result.check is not None:
        batch.emit(ev.CheckRolled(c.id, check, result.success, dict(result.check), target))


def spend(batch: Batch, c: Combatant, action: Action | str, purpose: str,
          *checks: tuple[bool, str], command: str = "") -> str:
    """Pay for `action` with the slot `payment` names (a downgrade, when that is what is
    left), refusing with every reason at once — its own and `checks`' (STYLE); the
    ActionSpent event is emitted and the slot returned. The ruleset says which slots the
    action takes in its game (`action_slots`; Shadowrun: a Major is both Simple slots, a
    Drop prone none), by the `command` type when it costs that one its own way."""
    action = Action(action)
    slots = batch.ruleset.action_slots(action.value, command)
    if tuple(slots) == (action.value,):
        slot, why = payment(c, action)
        refuse_unless((slot is not None, why), *checks)
        batch.emit(ev.ActionSpent(c.id, action.value, str(slot), purpose))
        return str(slot)
    refuse_unless(*checks)
    pay_slots(batch, c.id, slots, purpose)
    return slots[0] if slots else "free"


def pay_slots(batch: Batch, cid: str, slots: tuple[str, ...] | list[str],
              purpose: str) -> None:
    """Pay each of `slots` in turn (a Shadowrun Complex action: both Simple slots), one
    ActionSpent each; refused, naming what is left, when one cannot be paid."""
    for slot in slots:
        paid, why = payment(batch.state.get(cid), Action(slot))
        if paid is None and len(slots) > 1:
            why += f" ({purpose} takes {len(slots)} of them)"
        refuse_unless((paid is not None, why))
        batch.emit(ev.ActionSpent(cid, slot, str(paid), purpose))
