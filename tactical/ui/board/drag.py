"""The move tool: press on a token (it becomes selected), drag it hex by hex, drop to commit
ONE Move. Reactors are prepared once when the drag starts; each NEW hex only extends the
path scan (tactical.geometry.triggers.PathScan) and the overlay shows the latest report."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, QPointF, Signal

from tactical.core.types import Hex
from tactical.encounter.batch import payment
from tactical.encounter.commands import Move
from tactical.encounter.model import Action, Condition, EncounterState, Phase
from tactical.encounter.moves import hex_problems
from tactical.geometry.layout import hex_to_point, hexes_along
from tactical.geometry.triggers import (
    Mover,
    PathScan,
    PreparedReactors,
    TriggerReport,
    prepare_reactors,
)
from tactical.ui.board.palette import Z
from tactical.ui.board.scene import BoardScene


def preview_state(state: EncounterState, reactions_per_round: int) -> EncounterState:
    """Before combat nobody has Reactions counted yet: preview as if round 1 had started."""
    if state.phase is not Phase.SETUP:
        return state
    return replace(state, combatants={c.id: replace(c, reactions=reactions_per_round)
                                      for c in state})


def movement_left(scene: BoardScene, token_id: str) -> float:
    """Metres the token may still walk with a Move: the rest of a halted move, its speed if
    it can pay a Move action (or before combat), else 0."""
    document = scene.document
    state = document.state
    c = state.get(token_id)
    if state.halted is not None and state.halted.mover == token_id:
        return state.halted.metres_left
    speed = document.encounter.ctx.character(c).speed_m
    if state.phase is not Phase.COMBAT:
        return speed
    slot, _why = payment(c, Action.MOVE)
    return speed if slot is not None else 0.0


class DragTool(QObject):
    """Signals: `started(token_id)`, `stepped(TriggerReport)` after every new hex,
    `finished(committed)`."""

    started = Signal(str)
    stepped = Signal(object)
    finished = Signal(bool)

    def __init__(self, scene: BoardScene, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.document = scene.document
        self.token_id: str | None = None  # pressed on, maybe not dragging yet
        self.dragging = False
        self.path: list[Hex] = []
        self.report: TriggerReport | None = None
        self.blocked: tuple[int, str] | None = None  # the first step the engine would refuse
        self.limit_m = 0.0
        self.evaluations = 0  # trigger reports computed (one per new hex at most)
        self._prepared: PreparedReactors | None = None
        self._scan: PathScan | None = None
        self._last: tuple[float, float] | None = None
        self.document.changed.connect(self._document_changed)

    # --- the gesture, in scene coordinates

    def press(self, pos: QPointF) -> bool:
        """Select what is under `pos`; True when a token was pressed (a drag may follow)."""
        token = self.scene.token_at(pos)
        self.document.select(token)
        self.token_id = token
        self._last = (pos.x(), pos.y())
        return token is not None

    def move(self, pos: QPointF) -> None:
        if self.token_id is None or self._last is None:
            return
        point = (pos.x(), pos.y())
        if not self.dragging:
            if self.scene.hex_at(pos) == self.document.state.get(self.token_id).hex:
                return
            self.begin(self.token_id)
        hexes = hexes_along(self.scene.layout, self._last, point)[1:]
        self._last = point
        self.step_to(hexes)

    def release(self, pos: QPointF) -> bool:
        """Drop: commit the move if a drag was going on. True if a Move was applied."""
        if self.dragging:
            self.move(pos)
            return self.commit()
        self.token_id = None
        return False

    # --- the same, by hexes (the render command and tests)

    def begin(self, token_id: str) -> None:
        document = self.document
        state = document.state
        c = state.get(token_id)
        rules = document.encounter.ctx.rules
        oracle = document.oracle
        preview = preview_state(state, rules.initiative.reactions_per_round)
        # Only the mover's enemies, and lazily (each reactor's sight is built at the first
        # step near it): no pause when the drag starts (ISSUE 5: ≤ 100 ms or off-thread)
        enemies = [r for r in oracle.reactors(preview) if r.side != c.side]
        self._prepared = prepare_reactors(oracle.geometry, enemies, oracle.params, lazy=True)
        self._scan = PathScan.start(self._prepared, Mover(
            c.id, c.side, (c.hex,), disengaging=c.has(Condition.DISENGAGED)))
        self.token_id = token_id
        self.dragging = True
        self.path = [c.hex]
        self.limit_m = movement_left(self.scene, token_id)
        if self._last is None:
            self._last = hex_to_point(self.scene.layout, c.hex)
        self.scene.tokens[token_id].setZValue(Z.DRAGGED)
        self.started.emit(token_id)
        self._refresh()

    def step_to(self, hexes: tuple[Hex, ...] | list[Hex]) -> None:
        """Walk the path into each of `hexes` (neighbours in order); back-tracking or
        crossing the path again cuts the loop. Recomputes triggers once, if the path's last
        hex changed (the latest position wins)."""
        if not self.dragging or self._scan is None:
            return
        before = tuple(self.path)
        grid = self.document.loaded.map.grid
        for h in hexes:
            h = (int(h[0]), int(h[1]))
            if not grid.contains(h) or h == self.path[-1]:
                continue
            if h in self.path:
                self.path = self.path[:self.path.index(h) + 1]
                self._scan = self._scan.truncate(len(self.path))
            else:
                self.path.append(h)
                self._scan = self._scan.extend(h)
        if tuple(self.path) != before:
            self._refresh()

    def _refresh(self) -> None:
        assert self._scan is not None and self.token_id is not None
        self.evaluations += 1
        report = self._scan.report()
        if not self.scene.view.map_reactions:  # the engine offers none (Shadowrun)
            report = TriggerReport((), ())
        halted = self.document.state.halted
        done = halted.done_reactors if halted is not None else frozenset()
        report = TriggerReport(tuple(r for r in report.reactions if r.reactor not in done),
                               report.left_out)
        self.report = report
        step = self.document.oracle.params.metres_per_hex
        length = (len(self.path) - 1) * step
        allowed = int(self.limit_m // step + 1e-9)
        self.blocked = self._first_blocked()
        if self.blocked is not None:  # red from the hex it cannot enter, with the reason
            allowed = min(allowed, self.blocked[0] - 1)
        where = {c.id: c.hex for c in self.document.state}
        faint = tuple(x for x in report.left_out if _could_react(x.reasons))
        self.scene.overlay.dragged = self.token_id
        self.scene.overlay.show(tuple(self.path), allowed, length, self.limit_m,
                                report.reactions, faint, where)
        token = self.scene.tokens[self.token_id]
        token.setPos(*hex_to_point(self.scene.layout, self.path[-1]))
        token.name_label.setVisible(False)
        self.scene.arrange_labels()
        self.stepped.emit(report)

    def _first_blocked(self) -> tuple[int, str] | None:
        """The first step (1 = the first hex entered) the engine would refuse, and why."""
        state, oracle = self.document.state, self.document.oracle
        assert self.token_id is not None
        last = len(self.path) - 1
        for index, h in enumerate(self.path[1:], start=1):
            why = hex_problems(state, oracle, self.token_id, h, last=index == last)
            if why:
                return index, f"{h[0]},{h[1]}: {'; '.join(why)}"
        return None

    def commit(self) -> bool:
        token_id, path = self.token_id, tuple(self.path[1:])
        self._end()
        if token_id is None or not path:
            self.finished.emit(False)
            return False
        events = self.document.apply(Move(token_id, path))
        self.scene.sync()  # refused: the token snaps back; applied: it is already there
        self.finished.emit(events is not None)
        return events is not None

    def cancel(self) -> None:
        """Esc: drop the drag, put everything back as the document says."""
        was = self.dragging
        self._end()
        self.scene.sync()
        if was:
            self.finished.emit(False)

    def _end(self) -> None:
        if self.token_id is not None and self.token_id in self.scene.tokens:
            token = self.scene.tokens[self.token_id]
            token.setZValue(Z.TOKENS)
            token.name_label.setVisible(self.scene.layer_visible("tokens"))
        self.scene.overlay.clear()
        self.dragging = False
        self.token_id = None
        self.path = []
        self.report = None
        self.blocked = None
        self._scan = None
        self._prepared = None
        self._last = None

    def _document_changed(self, _events: object) -> None:
        if self.dragging:  # the state under the preview changed (undo, another view)
            self.cancel()


def _could_react(reasons: tuple[str, ...]) -> bool:
    """Left-out enemies worth showing faintly: blocked from reacting or without sight — not
    the ones simply out of range or not triggered."""
    text = " ".join(reasons)
    return not (text.startswith("out of range") or text.startswith("no trigger")
                or text.startswith("the mover has not moved"))
