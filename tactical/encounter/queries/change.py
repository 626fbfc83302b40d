"""What one step of the history changed (a command applied, undone or redone), as the views
need to know it: the Qt-free half of the document's typed change signal (STYLE: the
document emits one typed change signal; tactical/ui/document.py emits a `Change`).

Worked out from the state before and after the step, with the events it made: the events
name combatants in fields of their own (a ruleset adds events the engine does not know,
`Ruleset.foreign_events`), and an undo changes what its events changed, backwards; the two
states say exactly what differs, whichever events did it. Every `Change` is one entry of
the log (a batch of events, or an undo or redo marker)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from tactical.encounter.handlers.terrain import terrain_key
from tactical.encounter.model import EncounterState


class How(Enum):
    APPLIED = "applied"  # a command the GM gave now
    UNDONE = "undone"
    REDONE = "redone"


@dataclass(frozen=True, slots=True)
class Change:
    how: How
    events: tuple[Any, ...]  # the step's batch (undone: the events taken back)
    moved: frozenset[str]  # tokens on another hex, or come or gone
    combatants: frozenset[str]  # combatants whose state differs (the moved ones too)
    roster: bool  # combatants added or removed
    terrain: bool  # a door opened or shut, cover taken away or put back
    pending: bool  # the pending reactions or the halted move
    turn: bool  # the phase, the round, the acting order or who acts

    @property
    def new_events(self) -> tuple[Any, ...]:
        """What just happened at the table: a new command's events (an undo or a redo
        replays no roll)."""
        return self.events if self.how is How.APPLIED else ()


def change_between(before: EncounterState, after: EncounterState, events: tuple[Any, ...],
                   how: How = How.APPLIED) -> Change:
    """The change from `before` to `after` made by `events` (`how`: applied, undone or
    redone). Combatants the step did not touch keep their objects: `is` answers for most."""
    was, now = before.combatants, after.combatants
    differ = frozenset(cid for cid in was.keys() | now.keys()
                       if was.get(cid) is not now.get(cid) and was.get(cid) != now.get(cid))
    moved = frozenset(cid for cid in differ
                      if cid not in was or cid not in now or was[cid].hex != now[cid].hex)
    return Change(
        how, events, moved, differ,
        roster=was.keys() != now.keys(),
        terrain=terrain_key(before) != terrain_key(after),
        pending=(before.pending, before.halted) != (after.pending, after.halted),
        turn=_turn(before) != _turn(after))


def _turn(state: EncounterState) -> tuple[object, ...]:
    return state.phase, state.round, state.order, state.turn, state.initiative_pass
