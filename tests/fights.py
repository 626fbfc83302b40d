"""The fights the tests share, set up once here instead of in each test file.

The warehouse demo (maps/warehouse.yaml) at the points most tests start from: the order of
its golden fight (tests/scenarios/warehouse_three_rounds.json), Kicker's first Move of
round 1 (APPROACH) and his second (CHARGE: the shotgun guard at 13,3 can Snapshot at 9,2;
the shield guard at 11,1 Intercepts at 10,2).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tactical.core.dice import Dice, RandomDice
from tactical.core.paths import maps_dir
from tactical.data.library import load_map
from tactical.encounter.commands import Move, SetInitiative, StartCombat
from tactical.ui.document import EncounterDocument

INITIATIVE = {"kicker": 30, "vanya": 22, "guard-shotgun": 18, "guard-shield": 14,
              "guard-office": 11, "abomination": 9}
APPROACH = ((3, 7), (4, 7), (5, 6), (6, 5), (7, 5))
CHARGE = ((7, 4), (8, 3), (9, 2), (10, 2), (11, 2))


def start(document: EncounterDocument, initiative: Mapping[str, int] = INITIATIVE,
          moves: Iterable[Move] = ()) -> EncounterDocument:
    """Sets each combatant's Initiative, starts the fight and plays `moves`; every command
    must be accepted."""
    for cid, value in initiative.items():
        assert document.apply(SetInitiative(cid, value)) is not None, cid
    assert document.apply(StartCombat()) is not None
    for move in moves:
        assert document.apply(move) is not None, move
    return document


def document(map_name: str = "warehouse.yaml", dice: Dice | None = None) -> EncounterDocument:
    """A bundled map's document before the fight starts (seeded dice unless given)."""
    return EncounterDocument.for_map(load_map(maps_dir() / map_name),
                                     dice if dice is not None else RandomDice(6))


def fight(map_name: str = "warehouse.yaml", initiative: Mapping[str, int] = INITIATIVE,
          moves: Iterable[Move] = (), dice: Dice | None = None) -> EncounterDocument:
    """A bundled map's document with the fight started (see `start`)."""
    return start(document(map_name, dice), initiative, moves)


def warehouse(approach: bool = True) -> EncounterDocument:
    """The warehouse fight started, Kicker's first Move made (unless `approach` is False)."""
    return fight(moves=(Move("kicker", APPROACH),) if approach else ())
