"""One move preview (issue 10, item 3): what the board's drag draws is what the Move on
release commits — the same reactions at the same step, the same refusal — and the Move
reuses the drag's prepared reactors and path scan instead of building its own."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from tactical.core.dice import RandomDice
from tactical.core.paths import maps_dir
from tactical.data.library import LoadedMap, load_map
from tactical.encounter.commands import Move
from tactical.geometry.hexgrid import hex_line
from tactical.ui.board import BoardScene
from tactical.ui.board.tools.drag import DragTool
from tactical.ui.document import EncounterDocument
from tests import fights

sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))
from benchmap import SEED, generate  # the benchmark's generated map


def started(name: str, order: list[str], moves: tuple[Move, ...] = ()) -> EncounterDocument:
    return fights.fight(name, {cid: 40 - i for i, cid in enumerate(order)}, moves)


def warehouse() -> tuple[EncounterDocument, str, tuple[tuple[int, int], ...]]:
    # Kicker's second Move of round 1 (the golden log): a Snapshot at 9,2, an Intercept
    # at 10,2 beyond it; then on past the end of the Move (refused).
    order = ["kicker", "vanya", "guard-shotgun", "guard-shield", "guard-office",
             "abomination"]
    approach = Move("kicker", ((3, 7), (4, 7), (5, 6), (6, 5), (7, 5)))
    path = ((7, 4), (8, 3), (9, 2), (10, 2), (11, 2), (12, 1))
    return started("warehouse.yaml", order, (approach,)), "kicker", path


def street() -> tuple[EncounterDocument, str, tuple[tuple[int, int], ...]]:
    # Vanya walks toward Hellhound 2: a Snapshot at step 4, too far after step 5.
    order = ["vanya", "wombat", "kicker", "cutter", "ganger-1", "ganger-2"]
    return started("street.yaml", order), "vanya", hex_line((1, 11), (6, 14))[1:]


@pytest.mark.parametrize("setup", [warehouse, street], ids=["warehouse", "street"])
def test_the_drag_and_the_committed_move_agree_step_for_step(qtbot, setup):
    document, mover, path = setup()
    scene = BoardScene(document)
    tool = DragTool(scene)
    oracle = document.oracle
    pending_seen = 0
    for k in range(1, len(path) + 1):
        tool.begin(mover)
        for h in path[:k]:  # one hex per mouse step, as a drag
            tool.step_to([h])
        preview = tool.report
        assert preview is not None and preview.hexes[1:] == path[:k]
        drawn = scene.overlay.reactions
        assert drawn == preview.reactions  # the drag draws exactly the engine's preview
        counts = (oracle.preparations, oracle.scans)
        committed = tool.commit()
        assert (oracle.preparations, oracle.scans) == counts  # nothing prepared or scanned
        whole = preview.blocked is None and preview.allowed >= k
        # issue 14: an overlong drop walks the legal part
        assert committed == (preview.allowed >= 1)
        if not whole:
            if committed:
                document.undo()
            continue
        state = document.state
        first = min((r.step for r in preview.reactions), default=None)
        if first is None:
            assert state.get(mover).hex == path[k - 1] and state.pending == ()
        else:
            pending_seen += 1
            # the log keeps its own index (into the Move's path): step − 1
            assert [(p.reactor, p.kind, p.step + 1, p.hex, p.why) for p in state.pending] == [
                (r.reactor, r.kind, r.step, r.hex, r.why) for r in preview.reactions
                if r.step == first]
            assert state.get(mover).hex == preview.hexes[first]
            assert state.halted is not None
            assert state.halted.remaining == preview.hexes[first + 1:]
        document.undo()
    assert pending_seen >= 2  # the reactions were exercised, not only quiet paths


def test_a_30_step_drag_on_the_benchmark_map_prepares_reactors_once(qtbot):
    map_file, _reactors = generate(random.Random(SEED))
    library = load_map(maps_dir() / "street.yaml").library  # it has the "ganger" sheet
    document = EncounterDocument.for_map(LoadedMap(Path("bench.yaml"), map_file, library),
                                         RandomDice(1))
    scene = BoardScene(document)
    tool = DragTool(scene)
    oracle = document.oracle
    mover = map_file.tokens[0]
    enemies = [t for t in map_file.tokens if t.side != mover.side]
    path = [mover.hex]
    for goal in (enemies[0].hex, enemies[10].hex):
        path.extend(hex_line(path[-1], goal)[1:])
    path = path[1:31]
    assert len(path) == 30
    tool.begin(mover.id)
    for h in path:
        tool.step_to([h])
    tool.step_to([path[10]])  # back along the path: cut, not rescanned
    assert tool.evaluations == 32 and tool.report is not None
    assert tool.report.hexes[1:] == tuple(path[:11])
    assert (oracle.preparations, oracle.scans) == (1, 1)
    tool.cancel()
