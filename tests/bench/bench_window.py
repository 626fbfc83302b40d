"""The whole window end to end (issue 13): the real MainWindow at 1920 × 1080, offscreen,
driven with mouse events. Prints ONE JSON line:

- drag_step_{p50,p95,max}_ms_{200,400}_{path,safest} (issue 26): one hex step of a drag whose
  cursor runs 40 hexes from the shotgun mover among the covers, the shortest path searched
  again each step, with and without waypoints; `_safest`: Alt held (fewest reactions);
  `_trail`: the baseline, the same cursor's run drawn as the mouse trail (the drag before
  issue 26: no search), measured just before them.
- drag_step_{p50,p95,max}_ms_{200,400}_{melee,shotgun}: one hex step of a drag in combat
  (the mouse move, the engine's move preview with its reactions, the repaint it causes), the
  mover acting, on a generated 200 × 200 map (2,000 covers, 100 tokens) and a 400 × 400 map
  (5,000 covers, 400 tokens); targets p95 ≤ 8, max ≤ 16. The same with `_player` appended:
  with the players' window open too (1920 × 1080, follow camera, fog of war on; issue 16's
  frame cost). `_gm`: a drag before combat (a GM move: no preview), shotgun mover.
  drag_step_*_ms_200_overlays: the melee mover's drag with View ▸ Stream overlays on and
  four browser streams open (issue 28; the same targets).
- aim_step_{p50,p95,max}_ms_200_{blast,sector} (issue 27): one hex step of the board's aiming
  tool (the engine's preview of who is caught, the template's outline, the marks, the
  repaint), the aim run 14 hexes east of a grenadier and back on the 200 map: a frag
  grenade's 6 m blast (its rings, the wall shield of every ring hex, the scatter spread),
  then Suppressive Fire's 60° sector of a machine pistol; targets p95 ≤ 8, max ≤ 16; the
  _cpu_ keys beside them, and aim_step_{p95,cpu_p95}_vs_drag_200_*: each over the melee
  drag's in the same run (a loaded machine slows both).
- overlay_push_ms_p95 (and _max): what the stream overlays' push costs the GUI thread per
  command, undo and redo of the 10,000-event fight (target ≤ 1).
- undo_ms_10k, redo_ms_10k, append_ms_10k: in a 10,000-event fight (target ≤ 20).
- open_ms_200, open_ms_400: File ▸ Open of those maps to the first painted frame (≤ 300 /
  ≤ 1000), the median of three files never read before, the window warmed up on the demo
  as `tactical` starts; reopen_ms_*: the last one opened again (tactical/data/kinds.py keeps
  the last files read, so a reopen skips parsing).
- cold_start_s: a fresh process to the first painted frame of the demo (≤ 0.4), with its
  bytecode compiled as an installed app has it (after one warm-up run). That frame is the
  picture of the board the warm-up start kept (tactical/ui/startcache.py);
  cold_start_live_s: the same starts to the live board's first frame (the picture's frame,
  drawn by the engine's board), and cold_start_first_s: a start with no picture kept (the
  first start on a map, or at a new window size), to the live board.
Beside them, baselines from the same run: base_repaint_ms (a bare QGraphicsView repaint at
the same size), base_cold_start_s (a bare Qt window's first frame). Maps and fights are
generated with fixed seeds into a temporary folder; nothing large is committed.
Run: make bench (or pytest -s tests/bench/bench_window.py).
"""

from __future__ import annotations

import gc
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QSettings, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

from tactical.core.dice import RandomDice
from tactical.core.paths import demo_map
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.geometry.hexgrid import hex_line
from tactical.ui.document import EncounterDocument
from tactical.ui.main_window import MainWindow
from tactical.ui.player.camera import CameraMode

SEED = 13
WIDTH, HEIGHT = 1920, 1080
CLASSES = ("flimsy", "light", "medium", "tough", "reinforced", "impenetrable")
MOVERS = {"melee": "cutter", "shotgun": "security-guard"}
STEPS = 14  # hexes out, then the same back (the path shortens): 28 steps a drag
PATH_STEPS = 40  # issue 26: the cursor's run from the token, round the covers
DRAGS = 4
BOMBER = "bomber"  # issue 27: the grenadier whose aim is measured
EVENTS = 10_000
HERE = Path(__file__).resolve().parent


# --- generated maps


def map_yaml(size: int, covers: int, tokens: int, seed: int) -> str:
    """A flat-top size × size map, `covers` rectangles, `tokens` gangers (the first two a
    melee and a shotgun mover, in open ground with room to the east)."""
    rng = random.Random(seed)
    width, height = size * 1.5 * 2 / math.sqrt(3), size * 2.0
    lines = ["kind: map", "version: 1", f"name: Bench {size}", "ruleset: chapter6",
             f"grid: {{columns: {size}, rows: {size}, orientation: flat}}",
             "sides:", "  red: {name: Red}", "  blue: {name: Blue}", "cover:"]
    boxes: list[tuple[float, float, float, float]] = []
    for i in range(covers):
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        w, h = rng.uniform(0.4, 6.0), rng.uniform(0.4, 3.0)
        a = rng.uniform(0, math.pi)
        c, s = math.cos(a), math.sin(a)
        pts = [(cx + x * c - y * s, cy + x * s + y * c)
               for x, y in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        boxes.append((min(xs) - 1.2, min(ys) - 1.2, max(xs) + 1.2, max(ys) + 1.2))
        poly = ", ".join(f"[{x:.2f}, {y:.2f}]" for x, y in pts)
        lines.append(f"  - {{id: c{i}, label: Crate, class: {rng.choice(CLASSES)}, "
                     f"height: {rng.choice(('low', 'high'))}, polygon: [{poly}]}}")
    lines.append("tokens:")
    bucket: dict[tuple[int, int], list[int]] = {}
    for k, (x0, y0, x1, y1) in enumerate(boxes):
        for bx in range(int(x0 // 8), int(x1 // 8) + 1):
            for by in range(int(y0 // 8), int(y1 // 8) + 1):
                bucket.setdefault((bx, by), []).append(k)

    def clear(x: float, y: float) -> bool:
        return not any(boxes[k][0] <= x <= boxes[k][2] and boxes[k][1] <= y <= boxes[k][3]
                       for k in bucket.get((int(x // 8), int(y // 8)), ()))

    used: set[tuple[int, int]] = set()
    placed = 0
    while placed < tokens:
        col, row = rng.randrange(20, size - 40), rng.randrange(20, size - 20)
        q, r = col, row - (col - (col & 1)) // 2  # odd-q offset → axial
        x, y = 1.5 * q * 2 / math.sqrt(3), math.sqrt(3) * (r + q / 2) * 2 / math.sqrt(3)
        ahead = [(x + 1.5 * 2 / math.sqrt(3) * i, y + (i % 2)) for i in range(STEPS + 2)]
        if (q, r) in used or not all(clear(px, py) for px, py in
                                     (ahead if placed < 2 else [(x, y)])):
            continue
        used.add((q, r))
        character = list(MOVERS.values())[placed] if placed < 2 else "ganger"
        side = "red" if placed % 2 else "blue"
        lines.append(f"  - {{id: t{placed}, character: {character}, side: {side}, "
                     f"hex: [{q}, {r}]}}")
        placed += 1
    return "\n".join(lines) + "\n"


# --- driving the window


def pump() -> None:
    """What a turn of the running event loop does: posted events, then the deferred
    deletes (deleteLater: the board and dock a File ▸ Open replaced), which processEvents
    alone never runs outside exec() — without them every open kept its board alive."""
    QApplication.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def mouse(view: QGraphicsView, kind: QEvent.Type, pos: QPointF,
          button: Qt.MouseButton = Qt.MouseButton.LeftButton,
          modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    buttons = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseButtonRelease else button
    event = QMouseEvent(kind, pos, view.viewport().mapToGlobal(pos.toPoint()).toPointF(),
                        button if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton,
                        buttons, modifiers)
    QApplication.sendEvent(view.viewport(), event)


def drag_steps(window: MainWindow, token: str) -> tuple[list[float], list[float]]:
    """Milliseconds per hex step, wall clock and this process's CPU time (what a quiet
    machine would show: other processes' turns on the CPU are not counted): press on the
    token, walk STEPS hexes east and back."""
    view, scene = window.view, window.scene
    assert view is not None and scene is not None
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(DRAGS):
        start = scene.document.state.get(token).hex
        view.set_zoom(1.0)
        view.centerOn(scene.centre(start))
        pump()
        mouse(view, QEvent.Type.MouseButtonPress, QPointF(view.mapFromScene(scene.centre(start))))
        pump()
        q, r = start
        route = [(q + i, r - (i + 1) // 2) for i in range(1, STEPS + 1)]
        route += [*route[-2::-1], start]
        for h in route:
            at = QPointF(view.mapFromScene(scene.centre(h)))
            t0, c0 = time.perf_counter(), time.process_time()
            mouse(view, QEvent.Type.MouseMove, at)
            pump()
            times.append((time.perf_counter() - t0) * 1000.0)
            cpu.append((time.process_time() - c0) * 1000.0)
        view.cancel_drag()
        mouse(view, QEvent.Type.MouseButtonRelease, QPointF(view.mapFromScene(scene.centre(start))))
        pump()
    return times, cpu


def path_drag_steps(window: MainWindow, token: str, safest: bool = False,
                    trail: bool = False) -> tuple[list[float], list[float]]:
    """Issue 26: milliseconds per hex step of a drag whose cursor runs PATH_STEPS hexes from
    the token, winding among the generated map's covers (the shortest path is searched
    again at each step), once plain, once pinning a waypoint every third of the way (Space);
    `safest`: with Alt held (the fewest-reactions search); `trail`: the baseline, the path
    the mouse trail drew before issue 26 (each hex the cursor entered, loops cut, the
    same preview), for "a shortest path must never cost more than the mouse trail did"."""
    view, scene = window.view, window.scene
    assert view is not None and scene is not None
    tool = view.drag_tool
    if trail:  # the old drag: the hexes crossed on the way to the cursor, no search
        tool.aim = lambda target: tool.step_to(  # type: ignore[method-assign]
            hex_line(tool.path[-1], target)[1:])
    alt = Qt.KeyboardModifier.AltModifier if safest else Qt.KeyboardModifier.NoModifier
    times: list[float] = []
    cpu: list[float] = []
    for pins in (False, True, False, True):
        start = scene.document.state.get(token).hex
        view.set_zoom(0.5)
        view.centerOn(scene.centre((start[0] + PATH_STEPS // 2, start[1] - PATH_STEPS // 4)))
        pump()
        mouse(view, QEvent.Type.MouseButtonPress, QPointF(view.mapFromScene(scene.centre(start))))
        pump()
        q, r = start
        # east, bending north and back south: the cursor crosses covers, the path goes round
        route = [(q + i, r - i // 2 + (3 if (i // 8) % 2 else 0)) for i in range(1, PATH_STEPS + 1)]
        for n, h in enumerate(route, 1):
            at = QPointF(view.mapFromScene(scene.centre(h)))
            t0, c0 = time.perf_counter(), time.process_time()
            mouse(view, QEvent.Type.MouseMove, at, modifiers=alt)
            pump()
            times.append((time.perf_counter() - t0) * 1000.0)
            cpu.append((time.process_time() - c0) * 1000.0)
            if pins and n % (PATH_STEPS // 3) == 0:
                view.drag_tool.pin()
        view.cancel_drag()
        mouse(view, QEvent.Type.MouseButtonRelease, QPointF(view.mapFromScene(scene.centre(start))))
        pump()
    if trail:
        del tool.aim  # the class's own again
    return times, cpu


def aim_steps(window: MainWindow, kind: str) -> tuple[list[float], list[float]]:
    """Issue 27: milliseconds per hex step of the aiming tool (`kind` blast or sector) of
    the grenadier the bench put on the map, the aim run STEPS hexes east and back."""
    from tactical.ui.board.tools import StartedBy
    from tactical.ui.board.tools.area import AreaTool

    view, scene, document = window.view, window.scene, window.document
    assert view is not None and scene is not None and document is not None
    tool = view.tools.by_name["area"]
    assert isinstance(tool, AreaTool)
    weapon = "frag-grenade" if kind == "blast" else "machine-pistol"
    document.apply(cmd.ReadyWeapon(BOMBER, weapon))
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(DRAGS):
        q, r = document.state.get(BOMBER).hex
        view.set_zoom(1.0)
        view.centerOn(scene.centre((q + STEPS // 2 + 3, r - STEPS // 4)))
        pump()
        tool.aim_with("blast" if kind == "blast" else "sector", BOMBER, weapon, "bench")
        view.tools.use("area", scene.centre((q + 3, r)), BOMBER, StartedBy.MENU)
        pump()
        route = [(q + 3 + i, r - (i + 1) // 2) for i in range(1, STEPS + 1)]
        route += route[-2::-1]
        for h in route:
            at = QPointF(view.mapFromScene(scene.centre(h)))
            t0, c0 = time.perf_counter(), time.process_time()
            mouse(view, QEvent.Type.MouseMove, at, Qt.MouseButton.NoButton)
            pump()
            times.append((time.perf_counter() - t0) * 1000.0)
            cpu.append((time.process_time() - c0) * 1000.0)
        assert tool.preview is not None and tool.preview.rings, kind
        tool.cancel()
        pump()
    return times, cpu


def aim_figures(results: dict[str, float | str], window: MainWindow, path: Path) -> None:
    """The 200 map opened anew, a grenadier put by the first mover (acting first), the aim
    of each kind measured."""
    window.open_path(path)
    pump()
    document = window.document
    assert document is not None
    state = document.state
    q, r = state.get("t0").hex
    taken = {c.hex for c in state}
    spot = next(h for h in ((q - k, r + j) for k in range(1, 8) for j in range(0, 4))
                if h not in taken and document.oracle.passable(h) is None)
    for command in (cmd.AddCombatant(BOMBER, "grenadier", spot, "red"),
                    cmd.SetInitiative(BOMBER, 2000), cmd.StartCombat()):
        assert document.apply(command) is not None, command
    assert document.state.actor == BOMBER
    for kind in ("blast", "sector"):
        times, cpu = aim_steps(window, kind)
        key = f"200_{kind}"
        results[f"aim_step_p50_ms_{key}"] = round(statistics.median(times), 2)
        results[f"aim_step_p95_ms_{key}"] = round(percentile(times, 95), 2)
        results[f"aim_step_max_ms_{key}"] = round(max(times), 2)
        results[f"aim_step_cpu_p95_ms_{key}"] = round(percentile(cpu, 95), 2)
        results[f"aim_step_cpu_max_ms_{key}"] = round(max(cpu), 2)
        # beside the melee drag measured in the same run (a busy machine slows both alike)
        for stat in ("p95", "cpu_p95"):
            drag = results.get(f"drag_step_{stat}_ms_200_melee")
            if isinstance(drag, float) and drag > 0:
                results[f"aim_step_{stat}_vs_drag_{key}"] = round(
                    float(results[f"aim_step_{stat}_ms_{key}"]) / drag, 2)


def with_player_view(window: MainWindow) -> None:
    """View ▸ Player view: the players' window at 1920 × 1080, following the GM's view,
    with fog of war on (issue 16: the frame cost with both windows open)."""
    screen = window.player_screen
    screen.fog_action.setChecked(True)
    screen.set_mode(CameraMode.FOLLOW)
    screen.action.setChecked(True)
    players = screen.window
    assert players is not None and players.scene.fog is not None
    players.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    players.resize(WIDTH, HEIGHT)
    pump()


def with_overlays(window: MainWindow) -> list[Any]:
    """View ▸ Stream overlays on (a free port), with an event stream open per overlay as
    OBS keeps them; returns the streams' sockets (close them after)."""
    import socket

    overlays = window.stream_overlays
    assert overlays.start(port=0) and overlays.server is not None
    streams = []
    for topic in ("initiative", "roll", "party", "banner"):
        sock = socket.create_connection(("127.0.0.1", overlays.server.port), timeout=5)
        sock.sendall(f"GET /events/{topic} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        sock.recv(65536)
        streams.append(sock)
    pump()
    return streams


def without_overlays(window: MainWindow, streams: list[Any]) -> None:
    for sock in streams:
        sock.close()
    window.stream_overlays.stop()


def drag_figures(results: dict[str, float | str], key: str, steps: list[float],
                 cpu: list[float]) -> None:
    results[f"drag_step_p50_ms_{key}"] = round(statistics.median(steps), 2)
    results[f"drag_step_p95_ms_{key}"] = round(percentile(steps, 95), 2)
    results[f"drag_step_max_ms_{key}"] = round(max(steps), 2)
    results[f"drag_step_cpu_p95_ms_{key}"] = round(percentile(cpu, 95), 2)
    results[f"drag_step_cpu_max_ms_{key}"] = round(max(cpu), 2)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


CPU_MS: list[float] = []  # the CPU time of each `timed` call, in order


def timed(action: Any) -> float:
    t0, c0 = time.perf_counter(), time.process_time()
    action()
    pump()
    CPU_MS.append((time.process_time() - c0) * 1000.0)
    return (time.perf_counter() - t0) * 1000.0


def cpu_median(n: int) -> float:
    """The median CPU time of the last `n` timed calls."""
    return round(statistics.median(CPU_MS[-n:]), 2)


def base_repaint_ms() -> float:
    scene = QGraphicsScene()
    scene.addRect(0, 0, 100, 100)
    view = QGraphicsView(scene)
    view.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    view.resize(WIDTH, HEIGHT)
    view.show()
    pump()
    times = [timed(lambda: (view.viewport().update(), view.viewport().repaint()))
             for _ in range(50)]
    view.close()
    return statistics.median(times)


def fight(document: EncounterDocument) -> None:
    """A 10,000-event fight: combat started, then turns ended (each a few events)."""
    encounter = document.encounter
    encounter.apply(cmd.StartCombat())
    while sum(1 for _ in encounter.history.effective_events()) < EVENTS:
        for _ in range(200):
            encounter.apply(cmd.EndTurn())


def cold_start(kind: str, folder: Path, run: int, picture: bool = True) -> tuple[float, float]:
    """Seconds from starting a process to its first painted frame (see coldstart.py): wall
    clock, and the CPU time the process had used then. `picture`: the start finds the
    board's picture the warm-up start kept (folder/cache)."""
    data = folder / f"{kind}{run}{'p' if picture else ''}"  # fresh: no fight to resume
    data.mkdir()
    if picture and (folder / "cache").exists():
        shutil.copytree(folder / "cache", data / "cache")
    env = dict(os.environ, TACTICAL_DATA_DIR=str(data), XDG_CONFIG_HOME=str(data / "config"),
               QT_QPA_PLATFORM="offscreen",
               # as an installed app starts: with compiled bytecode (pip and the bundle
               # compile it), kept out of the source tree; a warm-up run writes it
               PYTHONPYCACHEPREFIX=str(folder / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # (set in some shells and CI images)
    t0 = time.perf_counter()
    child = subprocess.Popen([sys.executable, str(HERE / "coldstart.py"), kind], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    line = child.stdout.readline()
    took = time.perf_counter() - t0
    _, err = child.communicate(timeout=60)
    assert line.startswith("painted"), err[-2000:]
    if run < 0 and (data / "cache").exists():  # the warm-up's picture, for the runs after
        shutil.copytree(data / "cache", folder / "cache", dirs_exist_ok=True)
    return took, float(line.split()[1])


def test_window_benchmark(qapp, tmp_path: Path) -> None:
    os.environ["TACTICAL_DATA_DIR"] = str(tmp_path / "data")
    results: dict[str, float | str] = {}
    results["base_repaint_ms"] = round(base_repaint_ms(), 3)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    window.resize(WIDTH, HEIGHT)
    window.show()
    pump()
    window.open_path(demo_map())  # as `tactical` starts: the rulesets and catalogue read
    pump()

    maps = {200: (2000, 100), 400: (5000, 400)}
    for size, (covers, tokens) in maps.items():
        text = map_yaml(size, covers, tokens, SEED + size)
        opens = []
        for k in range(3):  # three files never read before (a comment apart: not remembered)
            path = tmp_path / f"bench{size}-{k}.yaml"
            path.write_text(f"# copy {k}\n{text}", encoding="utf-8")
            opens.append(timed(lambda p=path: (window.open_path(p),  # type: ignore[misc]
                                               window.view and window.view.viewport().repaint())))
        results[f"open_ms_{size}"] = round(statistics.median(opens), 1)
        results[f"open_cpu_ms_{size}"] = cpu_median(3)
        results[f"reopen_ms_{size}"] = round(timed(lambda p=path: (  # type: ignore[misc]
            window.open_path(p), window.view and window.view.viewport().repaint())), 1)
        drag_figures(results, f"{size}_gm", *drag_steps(window, "t1"))  # before combat
        document = window.document
        assert document is not None
        # the melee mover acts first, then the shotgun mover (End turn)
        for command in (cmd.SetInitiative("t0", 1000), cmd.SetInitiative("t1", 999),
                        cmd.StartCombat()):
            assert document.apply(command) is not None, command
        for mover, token in (("melee", "t0"), ("shotgun", "t1")):
            if document.state.actor != token:
                document.apply(cmd.EndTurn())
            assert document.state.actor == token, (document.state.actor, token)
            drag_figures(results, f"{size}_{mover}", *drag_steps(window, token))
            if mover == "shotgun":  # issue 26: the shortest and the safest path, 40 hexes,
                # beside the same cursor's mouse trail (the baseline) measured just before
                drag_figures(results, f"{size}_trail",
                             *path_drag_steps(window, token, trail=True))
                drag_figures(results, f"{size}_path", *path_drag_steps(window, token))
                drag_figures(results, f"{size}_safest",
                             *path_drag_steps(window, token, safest=True))
            with_player_view(window)
            drag_figures(results, f"{size}_{mover}_player", *drag_steps(window, token))
            window.player_screen.action.setChecked(False)  # closed again
            pump()
            if size == 200 and mover == "melee":
                streams = with_overlays(window)
                drag_figures(results, f"{size}_overlays", *drag_steps(window, token))
                without_overlays(window, streams)
        if size == 200:
            aim_figures(results, window, path)
        print(size, results, file=sys.stderr)

    document = EncounterDocument.for_map(load_map(demo_map()), RandomDice(SEED))
    fight(document)
    window.set_document(document)
    pump()
    streams = with_overlays(window)
    pushes = len(window.stream_overlays.push_ms)  # the first push read the whole fight
    undos, redos, appends = [], [], []
    cpu: dict[str, list[float]] = {"undo": [], "redo": [], "append": []}
    for _ in range(9):
        undos.append(timed(window.undo))
        cpu["undo"].append(CPU_MS[-1])
        redos.append(timed(window.redo))
        cpu["redo"].append(CPU_MS[-1])
        appends.append(timed(lambda: window._apply(cmd.EndTurn())))
        cpu["append"].append(CPU_MS[-1])
        window.undo()
        pump()
    push_ms = window.stream_overlays.push_ms[pushes:]
    results["overlay_pushes"] = len(push_ms)
    results["overlay_push_ms_p95"] = round(percentile(push_ms, 95), 3)
    results["overlay_push_ms_max"] = round(max(push_ms), 3)
    without_overlays(window, streams)
    results["events"] = sum(1 for _ in document.encounter.history.effective_events())
    results["undo_ms_10k"] = round(statistics.median(undos), 2)
    results["redo_ms_10k"] = round(statistics.median(redos), 2)
    results["append_ms_10k"] = round(statistics.median(appends), 2)
    for what, values in cpu.items():
        results[f"{what}_cpu_ms_10k"] = round(statistics.median(values), 2)
    window.set_document(None)
    window.close()
    gc.collect()

    data = tmp_path / "cold"
    data.mkdir()
    cold_start("live", data, -1)  # the warm-up: bytecode, the OS cache, the board's picture
    cold_start("bare", data, -1)
    for kind, key, picture in (("app", "cold_start", True), ("live", "cold_start_live", True),
                               ("live", "cold_start_first", False),
                               ("bare", "base_cold_start", False)):
        runs = [cold_start(kind, data, i, picture) for i in range(5)]
        results[f"{key}_s"] = round(statistics.median(r[0] for r in runs), 3)
        results[f"{key}_cpu_s"] = round(statistics.median(r[1] for r in runs), 3)
    results["load"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(json.dumps(results))
