"""Initiative passes that stay honest (issue 25 item 3; RULINGS Shadowrun): Initiative spent
during a pass re-sorts the rest of the pass at once, and a defence that lasts the combat turn
(SR5 Full Defense) ends with the turn. The ruleset orders the pass (`acting_order`); this
module only asks it again when a score changed. A defence that lasts the turn may also be
declared on its own, as an interrupt (`DeclareFullDefense`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.model import Condition, Phase


def resort_pass(batch: Batch, why: str) -> None:
    """RULINGS "SR5 Full Defense": "Initiative spent on a defence during a pass counts at
    once". Those who acted (and the one acting) keep their places; the rest of the pass
    follows the ruleset's order with the new scores (a 4 no longer acts before an 8), and a
    combatant left with no score in this pass (SR5: 0 or below) acts in it no more. Those
    who delayed (DelayAction) keep waiting at the end of the pass, in the order they
    delayed: a score spent by someone else does not undo a delay."""
    state = batch.state
    if state.phase is not Phase.COMBAT:
        return
    done = state.order[:state.turn + 1]
    waiting = state.order[state.turn + 1:]
    if not waiting:
        return
    now = batch.ruleset.acting_order(state, state.initiative_pass)
    rest = (*(cid for cid in now if cid in waiting and cid not in state.delayed),
            *(cid for cid in state.delayed if cid in waiting and cid in now))
    dropped = tuple(cid for cid in waiting if cid not in rest)
    if done + rest != state.order:
        batch.emit(ev.PassReordered(done + rest, dropped, why))


def turn_defences_end(batch: Batch) -> None:
    """SR5 Full Defense lasts "(Entire combat turn)" (sr5 l.9): it ends when the next combat
    turn starts, and a new declaration is paid again."""
    for c in list(batch.state):
        if c.has(Condition.FULL_DEFENSE):
            batch.emit(ev.ConditionChanged(c.id, Condition.FULL_DEFENSE.value, False,
                                           "the combat turn ended"))


@dataclass(frozen=True, slots=True)
class DeclareFullDefense:
    """`combatant` goes on Full Defense now, as an interrupt (issue 25 item 2; RULINGS "SR5
    Full Defense"): in or out of its own action phase, before an attack comes."""

    combatant: str


def declare_full_defense(batch: Batch, command: DeclareFullDefense) -> None:
    """The ruleset says what it costs and sets (`Ruleset.declare_turn_defence`); the cost
    comes off the score at once, and the rest of the pass is re-sorted (RULINGS "Initiative
    spent on a defence during a pass counts at once"); it ends with the combat turn."""
    c = batch.combatant(command.combatant)
    refuse_unless((batch.state.phase is Phase.COMBAT,
                   "Full Defense is declared during combat (it lasts the combat turn)"),
                  (not batch.state.pending, "resolve or decline the pending reactions first"))
    found = batch.ruleset.declare_turn_defence(c, batch.state.initiative_pass)
    if found.initiative_cost and c.initiative is not None:
        batch.emit(ev.InitiativeSet(c.id, c.initiative - found.initiative_cost,
                                    f"{found.words} (−{found.initiative_cost} Initiative)"))
    batch.emit(ev.ConditionChanged(c.id, found.condition, True, found.words))
    if found.initiative_cost:
        resort_pass(batch, f"{c.name} spent Initiative")


HANDLERS: dict[type, Callable[[Batch, Any], None]] = {DeclareFullDefense: declare_full_defense}
cmd.COMMAND_TYPES.update({c.__name__: c for c in HANDLERS})
