"""A fight started on a map file: the encounter with the map's own oracle, each score set,
combat started (the start the SR pass tests share). The engine alone, no document: tests/fights.py
is the same for the window's EncounterDocument."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from tactical.core.dice import Dice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.oracle import GeometryOracle


def started(path: Path, dice: Dice, initiative: Mapping[str, int]) -> Encounter:
    loaded = load_map(path)
    enc = Encounter(Context(loaded, GeometryOracle(loaded)), dice)
    for cid, value in initiative.items():
        enc.apply(cmd.SetInitiative(cid, value))
    enc.apply(cmd.StartCombat())
    return enc
