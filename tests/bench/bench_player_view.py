"""Frame cost with the players' window open (issue 16): one hex step of a drag in the GM's
board, with and without a players' window (follow camera, fog of war on) on the same
document, on the warehouse and on the generated 200 × 200 map (2,000 covers, 100 tokens).
A step is the drag tool's step, the GM viewport's repaint and whatever both windows queued
(processEvents). Prints one JSON line; target (issue 13): p95 ≤ 8 ms, max ≤ 16 ms, and the
players' window adds nothing a GM would feel. Run: make bench.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tactical.core.dice import RandomDice
from tactical.core.paths import maps_dir
from tactical.data.library import LoadedMap, bundled_library, load_map
from tactical.encounter.commands import Move, SetInitiative, StartCombat
from tactical.encounter.queries.audience import default_settings
from tactical.geometry.hexgrid import hex_line
from tactical.ui.board import BoardScene, BoardView
from tactical.ui.document import EncounterDocument
from tactical.ui.player.camera import CameraMode
from tactical.ui.player.window import PlayerWindow

sys.path.insert(0, str(Path(__file__).parent))
from benchmap import SEED, generate

ROUNDS = 15


def warehouse() -> tuple[EncounterDocument, str, list[tuple[int, int]]]:
    document = EncounterDocument.for_map(load_map(maps_dir() / "warehouse.yaml"),
                                         RandomDice(6))
    for i, cid in enumerate(["kicker", "vanya", "guard-shotgun", "guard-shield",
                             "guard-office", "abomination"]):
        document.apply(SetInitiative(cid, 40 - i))
    document.apply(StartCombat())
    document.apply(Move("kicker", ((3, 7), (4, 7), (5, 6), (6, 5), (7, 5))))
    return document, "kicker", [(7, 4), (8, 3), (9, 2), (10, 2), (11, 2)]


def generated() -> tuple[EncounterDocument, str, list[tuple[int, int]]]:
    map_file, _reactors = generate(random.Random(SEED))
    document = EncounterDocument.for_map(
        LoadedMap(Path("bench.yaml"), map_file, bundled_library()), RandomDice(SEED))
    for i, token in enumerate(map_file.tokens):
        document.apply(SetInitiative(token.id, 200 - i))
    document.apply(StartCombat())
    mover = document.state.actor
    assert mover is not None
    start = document.state.get(mover).hex
    return document, mover, list(hex_line(start, (start[0] + 5, start[1]))[1:])


def steps_ms(view: BoardView, mover: str, path: list[tuple[int, int]]) -> list[float]:
    times = []
    tool = view.drag_tool
    for _ in range(ROUNDS):
        tool.begin(mover)
        for h in path:
            start = time.perf_counter()
            tool.step_to([h])
            view.viewport().repaint()
            QApplication.processEvents()
            times.append((time.perf_counter() - start) * 1000.0)
        tool.cancel()
        QApplication.processEvents()
    return times


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"p50": round(statistics.median(ordered), 2),
            "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
            "max": round(ordered[-1], 2)}


def fog_costs(document: EncounterDocument, mover: str) -> dict[str, float]:
    """A committed one-hex move and its undo with the players' fog on (both windows
    re-read the state), and the same without the players' window (measured before)."""
    start = document.state.get(mover).hex
    for dq, dr in ((1, 0), (0, 1), (-1, 0), (0, -1), (1, -1), (-1, 1)):
        t = time.perf_counter()
        if document.apply(Move(mover, ((start[0] + dq, start[1] + dr),))) is not None:
            moved = (time.perf_counter() - t) * 1000.0
            t = time.perf_counter()
            document.undo()
            return {"fog_move_ms": round(moved, 1),
                    "fog_undo_ms": round((time.perf_counter() - t) * 1000.0, 1)}
    return {}


def test_player_view_benchmark(qapp) -> None:
    results: dict[str, object] = {}
    for name, setup in (("warehouse", warehouse), ("map200", generated)):
        document, mover, path = setup()
        gm = BoardView(BoardScene(document))
        gm.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        gm.resize(1920, 1080)
        gm.show()
        gm.zoom_to_fit()
        gm.centre_on_hex(document.state.get(mover).hex)
        steps_ms(gm, mover, path)  # warm the caches
        alone = summary(steps_ms(gm, mover, path))
        plain = {f"no_player_view_{k}": v for k, v in fog_costs(document, mover).items()}
        players = PlayerWindow(document, default_settings(
            list(document.loaded.map.sides) or sorted({c.side for c in document.state})), gm)
        players.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        players.resize(1920, 1080)
        players.set_fog(True)
        players.set_mode(CameraMode.FOLLOW)
        players.show()
        QApplication.processEvents()
        steps_ms(gm, mover, path)
        both = summary(steps_ms(gm, mover, path))
        results[name] = {"gm_only_ms": alone, "with_player_view_ms": both,
                         **fog_costs(document, mover), **plain}
        players.close()
        gm.close()
    print(json.dumps(results))
