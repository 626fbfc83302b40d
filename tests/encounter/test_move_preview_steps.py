"""The move preview step by step (as a drag asks it) equals the preview of the whole path
asked afresh: the incremental scan and the incremental check of the hexes it cannot enter
never drift, whatever the drag does (wander through cover, onto tokens, back again, or
back and elsewhere in one mouse move)."""

from __future__ import annotations

import random

import pytest

from tactical.core.dice import RandomDice
from tactical.core.paths import maps_dir
from tactical.data.library import load_map
from tactical.encounter.commands import SetInitiative, StartCombat
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.movepreview import move_preview
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.geometry.hexgrid import hex_line, hex_neighbours


@pytest.mark.parametrize(("name", "mover", "seed"), [
    ("warehouse.yaml", "kicker", 1), ("warehouse.yaml", "kicker", 5),
    ("street.yaml", "vanya", 3), ("street.yaml", "wombat", 4)])
def test_a_wandering_drag_previews_as_the_whole_path_would(name, mover, seed):
    loaded = load_map(maps_dir() / name)
    oracle = GeometryOracle(loaded)
    enc = Encounter(Context(loaded, oracle), RandomDice(seed))
    ids = [t.id for t in loaded.map.tokens]
    ids.remove(mover)
    for i, cid in enumerate([mover, *ids]):
        enc.apply(SetInitiative(cid, 40 - i))
    enc.apply(StartCombat())
    rng = random.Random(seed)
    state, ctx = enc.state, enc.ctx
    fresh = GeometryOracle(loaded)  # scans each whole path from its start
    whole = Context(loaded, fresh)
    path = [state.get(mover).hex]
    previous = None
    blocked = 0
    for _ in range(150):
        roll = rng.random()
        if len(path) > 2 and roll < 0.35:
            path = path[:rng.randrange(1, len(path))]  # back along the path
        if roll < 0.2 or roll >= 0.35:  # (after a cut: a fast mouse, elsewhere at once)
            for _hex in range(rng.choice((1, 1, 2, 3))):  # one mouse move, 1-3 hexes
                options = [h for h in hex_neighbours(path[-1])
                           if loaded.map.grid.contains(h) and h not in path]
                if options:
                    path.append(rng.choice(options))
            if len(path) == 1:
                continue
        previous = move_preview(state, ctx, mover, path[1:], previous)
        fresh._scan = None
        assert previous == move_preview(state, whole, mover, path[1:])
        blocked += previous.blocked is not None
    assert blocked and oracle.preparations == 1  # the drags met walls; one reactor set


def test_cutting_the_drag_back_onto_an_ally_shows_it_cannot_stop_there():
    loaded = load_map(maps_dir() / "warehouse.yaml")
    enc = Encounter(Context(loaded, GeometryOracle(loaded)), RandomDice(1))
    state, ctx = enc.state, enc.ctx
    vanya = state.get("vanya").hex
    start = state.get("kicker").hex
    path = [*hex_line(start, vanya)[1:], (vanya[0], vanya[1] + 1)]  # over Vanya, on
    over = move_preview(state, ctx, "kicker", path)
    assert over.blocked is None
    back = move_preview(state, ctx, "kicker", path[:-1], over)  # the drag goes back a hex
    assert back.blocked is not None and back.blocked.hex == vanya
    assert back.blocked.reasons == ("Vanya already stands there",)
