"""A long fight's log for the resume benchmark (bench_resume.py): the warehouse demo, played
through the engine for one cycle of two rounds (every combatant steps out and back, attacks
and reloads, the GM heals what was taken), then that cycle repeated with its commands and
rounds renumbered until the log holds `events` events.

Playing 300,000 events through the engine would take minutes; a repeated cycle that leaves
every combatant as it found it (checked: the benchmark asserts the log replays without a
warning) is a fight the fold and the meaning checks must walk event by event all the same.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactical.core.dice import RandomDice
from tactical.core.errors import TacticalError
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.history import entry_records
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.encounter.store import files
from tactical.encounter.store.log import EncounterLog
from tactical.geometry.hexgrid import hex_neighbours

ROOT = Path(__file__).resolve().parents[2]
WAREHOUSE = ROOT / "maps" / "warehouse.yaml"


def _try(encounter: Encounter, command: Any) -> bool:
    try:
        encounter.apply(command)
    except TacticalError:
        return False
    return True


def _settle(encounter: Encounter) -> None:
    for pending in encounter.state.pending:
        _try(encounter, cmd.DeclineReaction(pending.reactor))


def _turn(encounter: Encounter, home: dict[str, Any], out: bool) -> None:
    actor = encounter.state.actor
    assert actor is not None
    c = encounter.state.get(actor)
    if out:
        any(_try(encounter, cmd.Move(actor, (h,))) for h in hex_neighbours(c.hex))
        _settle(encounter)
        foes = [o.id for o in encounter.state if o.side != c.side]
        any(_try(encounter, cmd.Attack(actor, foe)) for foe in foes)
        _settle(encounter)
    else:
        if c.hex != home[actor]:
            _try(encounter, cmd.Move(actor, (home[actor],)))
        _settle(encounter)
        _try(encounter, cmd.ReadyWeapon(actor))  # reload what the attack spent
    for o in list(encounter.state):
        if o.damage:
            _try(encounter, cmd.HealByHand(o.id, o.damage))
        for condition in o.conditions:
            _try(encounter, cmd.SetCondition(o.id, condition.value, False))
    _try(encounter, cmd.EndTurn())


def write_long_log(path: Path, events: int) -> int:
    """The log of a fight of at least `events` events at `path`; returns how many."""
    loaded = load_map(WAREHOUSE)
    encounter = Encounter(Context(loaded, GeometryOracle(loaded)), RandomDice(23))
    for c in list(encounter.state):
        encounter.apply(cmd.SetInitiative(c.id, 10 + len(c.id)))
    encounter.apply(cmd.StartCombat())
    setup = len(encounter.history.entries)
    home = {c.id: c.hex for c in encounter.state}
    for out in (True, False):
        first_round = encounter.state.round
        while encounter.state.round == first_round and encounter.state.actor is not None:
            _turn(encounter, home, out)
    entries = [encounter.history.entries[n] for n in sorted(encounter.history.entries)]
    records = [r for e in entries[:setup] for r in entry_records(e)]
    cycle = [r for e in entries[setup:] for r in entry_records(e)]
    batches = len(entries) - setup
    repeat = 0
    while len(records) < events:
        for r in cycle:
            event = r["event"]
            if event["type"] == "RoundStarted":
                event = {**event, "round": event["round"] + 2 * repeat}
            records.append({**r, "batch": r["batch"] + batches * repeat, "event": event})
        repeat += 1
    EncounterLog.save_as(path, files.header_for(loaded, "bench"), records)
    return len(records)
