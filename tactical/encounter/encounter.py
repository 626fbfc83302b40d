"""A running encounter: the current state, the history, and the log every change goes to.

The GUI, the command line and the tests all drive an encounter through `apply`, `undo` and
`redo`; each writes to the log (flushed and fsynced) before the state changes, so a crash
loses nothing that was shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tactical.core.dice import Dice
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.context import Context, initial_state
from tactical.encounter.engine import decide_and_fold
from tactical.encounter.evolve import evolve, fold
from tactical.encounter.handlers.split import SplitAttack
from tactical.encounter.history import Entry, History, entry_records, marker_record
from tactical.encounter.model import EncounterState


class LogSink(Protocol):
    def append_many(self, payloads: Sequence[dict[str, Any]]) -> None: ...


class Encounter:
    #: A snapshot of the state every this many batches in effect: undo refolds at most
    #: this many batches, not the whole fight (issue 13: 476 ms at 10,000 events).
    SNAPSHOT_EVERY = 32

    def __init__(self, ctx: Context, dice: Dice, sink: LogSink | None = None,
                 history: History | None = None) -> None:
        self.ctx = ctx
        self.dice = dice
        self.sink = sink
        self.initial = initial_state(ctx.loaded, ctx.ruleset)
        self.history = history or History()
        # (k, the state after the first k batches in effect), k ascending; every k is at
        # most len(history.done), so each is the fold of a prefix still in effect
        self._snapshots: list[tuple[int, EncounterState]] = [(0, self.initial)]
        state = self.initial
        for k, number in enumerate(self.history.done, start=1):
            state = fold(state, self.history.entries[number].events)
            self._snapshot(k, state)
        self.state: EncounterState = state

    def apply(self, command: Any, label: str | None = None) -> tuple[Any, ...]:
        """Decide, log, then change the state; a refusal raises and changes nothing."""
        events, after = decide_and_fold(self.state, command, self.ctx, self.dice)
        if not events:
            return ()
        entry = self.history.prepare(label or command_label(command, self.state, events),
                                     events)
        if self.sink is not None:
            self.sink.append_many(entry_records(entry))
        self.history.commit(entry)
        self.state = after  # folded once, by the batch that made the events
        self._snapshot(len(self.history.done), self.state)
        return events

    def restore(self, label: str, events: tuple[Any, ...],
                check: Callable[[EncounterState, Any], str | None] | None = None,
                ) -> tuple[int, str] | None:
        """Put a command read back from the log into effect, as `apply` did when it was
        made (not logged again): its events folded, a snapshot kept. `check` is asked about
        each event on the state it folds onto; the first it refuses stops the command
        (nothing changes) and is given back: its index in `events`, and why."""
        state = self.state
        for index, event in enumerate(events):
            if check is not None:
                why = check(state, event)
                if why is not None:
                    return index, why
            state = evolve(state, event)
        self.history.commit(self.history.prepare(label, events))
        self.state = state
        self._snapshot(len(self.history.done), state)
        return None

    def undo(self) -> Entry | None:
        return self._step("undo")

    def redo(self) -> Entry | None:
        return self._step("redo")

    def _step(self, kind: str) -> Entry | None:
        numbers = self.history.done if kind == "undo" else self.history.undone
        if not numbers:
            return None
        entry = self.history.entries[numbers[-1]]
        if self.sink is not None:
            self.sink.append_many([marker_record(kind, entry)])
        done = self.history.done
        if kind == "redo":  # the very same events on the state they were made on
            self.history.redo()
            self.state = fold(self.state, entry.events)
        else:  # the nearest snapshot still in effect, and the few batches after it
            self.history.undo()
            while self._snapshots[-1][0] > len(done):
                self._snapshots.pop()
            k, state = self._snapshots[-1]
            self.state = fold(state, (e for n in done[k:]
                                      for e in self.history.entries[n].events))
        self._snapshot(len(done), self.state)
        return entry

    def _snapshot(self, k: int, state: EncounterState) -> None:
        if k % self.SNAPSHOT_EVERY == 0 and self._snapshots[-1][0] < k:
            self._snapshots.append((k, state))


def command_label(command: Any, state: EncounterState, events: tuple[Any, ...] = ()) -> str:
    """What the Edit menu says: "Undo Move Kicker 3 hexes" — what happened (`events`): a
    move that halted after 1 hex says 1 hex, not the path it was given (issue 26)."""

    def name(cid: str | None) -> str:
        return state.combatants[cid].name if cid is not None and cid in state.combatants \
            else str(cid)

    match command:
        case cmd.Move(combatant=c, path=p, how=how):
            walked = [e for e in events if isinstance(e, ev.Moved) and e.combatant == c]
            n = sum(len(e.path) for e in walked) if events else len(p)
            halted = any(isinstance(e, ev.MoveHalted) and e.combatant == c for e in events)
            return (f"{how.capitalize()} {name(c)} {n} hex{'es' if n != 1 else ''}"
                    + (" (halted)" if halted else ""))
        case cmd.Attack(attacker=a, target=t):
            return f"{name(a)} attacks {name(t)}"
        case SplitAttack(attacker=a, targets=ts):
            return f"{name(a)} attacks {', '.join(name(t) for t in ts)} (pool split)"
        case cmd.React(reactor=r, offer=o):
            return f"{name(_reactor(state, r, o))} reacts"
        case cmd.DeclineReaction(reactor=r, offer=o):
            return f"{name(_reactor(state, r, o))} declines to react"
        case cmd.EndTurn():
            return f"End {name(state.actor)}'s turn"
        case cmd.ApplyDamage(combatant=c, amount=n):
            return f"{n} damage to {name(c)}"
        case cmd.GMMove(combatant=c):
            return f"GM move ({name(c)})"
        case cmd.GMMoveGroup(combatants=group):
            names = ", ".join(name(c) for c in group[:3]) + (" …" if len(group) > 3 else "")
            return f"GM move of {len(group)} ({names})"
        case cmd.SetSide(combatant=c, side=side):
            return f"{name(c)} to the {side} side"
        case cmd.AddCombatant(character=sheet, name=newcomer):
            return f"Add {newcomer or sheet}"
    words = "".join(f" {ch.lower()}" if ch.isupper() else ch for ch in type(command).__name__)
    who = getattr(command, "combatant", None)
    return words.strip().capitalize() + (f" ({name(who)})" if who else "")


def _reactor(state: EncounterState, reactor: str, offer: str | None) -> str:
    """Who reacts: the command's reactor, or its offer's when it names the offer alone."""
    if reactor or not offer:
        return reactor
    return next((p.reactor for p in state.pending if p.id == offer), offer)
