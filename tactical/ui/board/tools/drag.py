"""The move tool: press on a token (it becomes selected), drag it hex by hex, drop to commit
ONE Move — or, with Shift held or before combat, ONE GMMove (the GM's hand: no action, no
reaction; issue 14). A drop past the mover's allowance moves the legal part; when no part
is legal, `drop_note` says why at the drop. Each NEW hex asks the engine's move preview
(tactical.encounter.queries.movepreview) once and draws exactly that; the Move on release finds
the same prepared reactors and path scan in the engine's oracle (no second preparation,
no second scan)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QGraphicsItem

from tactical.core.types import Hex
from tactical.encounter.commands import GMMove, GMMoveGroup, Move
from tactical.encounter.model import Phase
from tactical.encounter.queries.change import Change
from tactical.encounter.queries.movepreview import MovePreview, move_preview
from tactical.geometry.layout import hex_to_point, hexes_along
from tactical.rules.reactions import ReactionOffer as Reaction
from tactical.ui.board.palette import PATH_TOO_LONG, Z
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools import BoardTool, Line, board_tool


@board_tool
class DragTool(BoardTool, QObject):
    """The board's resident tool: a left press selects, on a token a drag may follow.
    Signals: `started(token_id)`, `stepped(MovePreview)` after every new hex (None: a GM
    move, no preview), `finished(committed)`; each also tells the board (its summary)."""

    name, title = "drag", "Move"
    resident = True
    started = Signal(str)
    stepped = Signal(object)
    finished = Signal(bool)

    def __init__(self, scene: BoardScene, parent: QObject | None = None) -> None:
        QObject.__init__(self, parent)
        BoardTool.__init__(self, scene)
        self.document = scene.document
        self.token_id: str | None = None  # pressed on, maybe not dragging yet
        self.dragging = False
        self.path: list[Hex] = []  # the start hex first (path[step])
        self.report: MovePreview | None = None  # the engine's preview of the path
        self.blocked: tuple[int, str] | None = None  # the first step the engine would refuse
        self.limit_m = 0.0
        self.evaluations = 0  # previews asked for (one per new hex at most)
        self.gm = False  # this drag is a GM move
        self.drop_note = ""  # why the last drop moved nothing (shown on the board)
        self._last: tuple[float, float] | None = None
        # who a GM move of a token moves (issue 26: the board's group, formation kept)
        self.moves_with: Callable[[str], tuple[str, ...]] = lambda cid: (cid,)
        self.document.changed.connect(self._document_changed)
        for signal in (self.started, self.stepped, self.finished):
            signal.connect(lambda *_: self.changed())

    # --- the tool: the left button (Shift: a GM move)

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        pressed = self.grab(at, gm=_shift(event))
        self.changed()  # a press clears the last drop's note
        return pressed  # empty board: not the drag's (the pan's)

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.follow(at)
        return False

    def release(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.drop(at, gm=_shift(event))
        return True

    @property
    def busy(self) -> bool:
        return self.dragging

    def lines(self) -> list[Line]:
        return drag_summary(self)

    # --- the gesture, in scene coordinates

    def grab(self, pos: QPointF, gm: bool = False) -> bool:
        """Select what is under `pos`; True when a token was pressed (a drag may follow).
        `gm` (Shift held): the drag will be a GM move."""
        token = self.scene.token_at(pos)
        self.document.select(token)
        self.token_id = token
        self._last = (pos.x(), pos.y())
        self.gm = gm or self.document.state.phase is not Phase.COMBAT
        self.drop_note = ""
        if token is not None and not self.gm:
            # Ask the engine about the path that has not started yet: it prepares the
            # mover's enemies now, not at the first step of the drag (issue 13: that work
            # grows with the tokens on the map — 12 ms at 400 — and a press is no frame of
            # a moving token)
            move_preview(self.document.state, self.document.encounter.ctx, token, [], None)
        return token is not None

    def follow(self, pos: QPointF) -> None:
        if self.token_id is None or self._last is None:
            return
        point = (pos.x(), pos.y())
        first = not self.dragging
        if first:
            if self.scene.hex_at(pos) == self.document.state.get(self.token_id).hex:
                return
            # the first step asks for its path's preview once (not for the empty path
            # first, then again: issue 22)
            self.begin(self.token_id, preview=False)
        hexes = hexes_along(self.scene.layout, self._last, point)[1:]
        self._last = point
        if not self.step_to(hexes) and first:
            self._refresh()

    def drop(self, pos: QPointF, gm: bool = False) -> bool:
        """Drop: commit the move if a drag was going on. True if a Move was applied."""
        self.gm = self.gm or gm
        if self.dragging:
            self.follow(pos)
            return self.commit()
        self.token_id = None
        return False

    # --- the same, by hexes (the render command and tests)

    def begin(self, token_id: str, gm: bool | None = None, preview: bool = True) -> None:
        """Start dragging `token_id`; `preview`: draw the empty path's preview now (False:
        the caller steps at once, and that step asks for the one preview)."""
        c = self.document.state.get(token_id)
        if gm is not None:
            self.gm = gm
        self.report = None
        self.token_id = token_id
        self.dragging = True
        self.path = [c.hex]
        if self._last is None:
            self._last = hex_to_point(self.scene.layout, c.hex)
        token = self.scene.tokens[token_id]
        token.setZValue(Z.DRAGGED)
        # While it moves, the token blits one raster of itself at whole pixels (a stamp):
        # Qt's device cache would paint it again at each new sub-pixel offset (issue 13: a
        # third of a step), and its item-coordinate cache drew nothing at all (the dragged
        # token vanished; tests/ui/test_drag_token_drawn.py)
        token.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        token.moving = True
        self.started.emit(token_id)
        if preview:
            self._refresh()

    def step_to(self, hexes: tuple[Hex, ...] | list[Hex]) -> bool:
        """Walk the path into each of `hexes` (neighbours in order); back-tracking or
        crossing the path again cuts the loop. Asks the engine once, if the path's last
        hex changed (the latest position wins); True if it did."""
        if not self.dragging:
            return False
        before = tuple(self.path)
        grid = self.document.loaded.map.grid
        for h in hexes:
            h = (int(h[0]), int(h[1]))
            if not grid.contains(h) or h == self.path[-1]:
                continue
            if h in self.path:
                self.path = self.path[:self.path.index(h) + 1]
            else:
                self.path.append(h)
        if tuple(self.path) == before:
            return False
        self._refresh()
        return True

    def _refresh(self) -> None:
        assert self.token_id is not None
        if self.gm:  # the GM's hand: no preview, no reactions, nothing to pay
            self.report = None
            self.blocked = None
            self.scene.overlay.clear()
            self._place_token()
            self._place_group()
            self.stepped.emit(None)
            return
        self.evaluations += 1
        document = self.document
        preview = move_preview(document.state, document.encounter.ctx, self.token_id,
                               self.path[1:], self.report)  # the step before: incremental
        self.report = preview
        self.limit_m = preview.limit_m
        blocked = preview.blocked
        self.blocked = None if blocked is None else (
            blocked.step, f"{blocked.hex[0]},{blocked.hex[1]}: {'; '.join(blocked.reasons)}")
        where = {c.id: c.hex for c in document.state}
        faint = tuple(x for x in preview.left_out if _could_react(x.reasons))
        self.scene.overlay.dragged = self.token_id
        self.scene.overlay.show(preview.hexes, preview.allowed, preview.metres,
                                preview.limit_m, preview.reactions, faint, where)
        self._place_token()
        self.stepped.emit(preview)

    def _place_token(self) -> None:
        """The dragged token to the path's end; only the names near where it was and is now
        (and the trigger names) move — a GM move too (issue 13: placing all 400 names of a
        400-token map again was most of a step)."""
        assert self.token_id is not None
        token = self.scene.tokens[self.token_id]
        was = token.pos()
        token.setPos(*hex_to_point(self.scene.layout, self.path[-1]))
        token.name_label.setVisible(False)
        now = token.pos()
        self.scene.arrange_labels([QRectF(was, was), QRectF(now, now)])

    def _place_group(self) -> None:
        """A GM move of a group: the others follow the dragged token by the same offset."""
        assert self.token_id is not None
        start, end = self.path[0], self.path[-1]
        state = self.document.state
        for cid in self.moves_with(self.token_id):
            if cid != self.token_id and cid in self.scene.tokens:
                h = state.get(cid).hex
                self.scene.tokens[cid].setPos(*hex_to_point(
                    self.scene.layout, (h[0] + end[0] - start[0], h[1] + end[1] - start[1])))

    def commit(self) -> bool:
        token_id, path, report, gm = self.token_id, tuple(self.path[1:]), self.report, self.gm
        start = self.path[0] if self.path else None
        self._end()
        if token_id is None or not path:
            self.finished.emit(False)
            return False
        group = self.moves_with(token_id)
        if gm and len(group) > 1 and start is not None:
            command: Move | GMMove | GMMoveGroup = GMMoveGroup(
                group, (path[-1][0] - start[0], path[-1][1] - start[1]))
        elif gm:
            command = GMMove(token_id, path[-1])
        else:
            legal = min(len(path), report.allowed) if report is not None else len(path)
            if legal < 1:
                state = self.document.state
                name = state.get(token_id).name
                if state.actor != token_id:
                    why = f"it is not {name}'s turn"
                elif report is not None and report.blocked and report.blocked.step <= 1:
                    why = "; ".join(report.blocked.reasons)
                else:
                    why = f"{report.limit_m if report else 0:g} m of movement left"
                self.drop_note = f"Nothing moved: {why} (Shift-drag: a GM move)"
                self.scene.sync()
                self.finished.emit(False)
                return False
            command = Move(token_id, path[:legal])  # the legal part (issue 14, defect 3)
        events = self.document.apply(command)
        if not events:  # refused (or nothing happened): the token snaps back; applied, the
            self.scene.sync()  # board synced from the document's change, once (issue 22)
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
            token.moving = False
            token.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
            token.name_label.setVisible(self.scene.layer_visible("tokens"))
        self.scene.overlay.clear()
        self.dragging = False
        self.token_id = None
        self.path = []
        self.report = None
        self.blocked = None
        self._last = None
        self.gm = False

    def _document_changed(self, _change: Change) -> None:
        """The state under the preview changed (undo mid-drag, another view): the drag is
        dropped. The board re-reads the state from the same change (once, issue 22); what
        the drag alone had moved aside, the names, goes back into place."""
        if self.dragging:
            self._end()
            self.scene.arrange_labels()
            self.finished.emit(False)


def _shift(event: QMouseEvent) -> bool:
    return bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)


def _could_react(reasons: tuple[str, ...]) -> bool:
    """Left-out enemies worth showing faintly: blocked from reacting or without sight — not
    the ones simply out of range or not triggered."""
    text = " ".join(reasons)
    return not (text.startswith("out of range") or text.startswith("no trigger")
                or text.startswith("the mover has not moved"))


def drag_summary(tool: DragTool) -> list[Line]:
    """The drag in words for the panel: (text, colour) lines; after a drop that moved
    nothing, why."""
    if not tool.dragging or tool.token_id is None:
        return [(tool.drop_note, PATH_TOO_LONG.name())] if tool.drop_note else []
    state = tool.document.state
    name = state.get(tool.token_id).name
    step = tool.document.oracle.params.metres_per_hex
    length = (len(tool.path) - 1) * step
    if tool.gm:
        group = tool.moves_with(tool.token_id)
        who = f"{name} and {len(group) - 1} more (formation kept)" if len(group) > 1 else name
        return [(f"GM move: {who} {length:g} m — no action, no reaction", "#FFFFFF")]
    over = length > tool.limit_m + 1e-9
    lines = [(f"{name} moves {length:g} m of {tool.limit_m:g} m"
              + (" — too far: the drop stops at the limit" if over else ""),
              PATH_TOO_LONG.name() if over else "#FFFFFF")]
    if tool.blocked is not None:
        lines.append((f"Cannot enter {tool.blocked[1]}", PATH_TOO_LONG.name()))
    report = tool.report
    if report is not None:
        reach = min(report.allowed, len(tool.path) - 1)
        within = [r for r in report.reactions if r.step <= reach]
        beyond = [r for r in report.reactions if r.step > reach]

        def said(r: Reaction, before: str = "") -> Line:
            who = state.get(r.reactor).name if r.reactor in state.combatants else r.reactor
            name, colour = tool.scene.view.reaction_looks[r.kind]
            return f"{before}{name}: {who} at {r.hex[0]},{r.hex[1]} — {r.why}", colour

        lines += [said(r) for r in within]
        if not within:  # issue 26: not "No reactions" while the board rings one further on
            lines.append(("No reactions within the movement left" if beyond
                          else tool.scene.view.no_reactions_note, "#FFFFFF"))
        lines += [said(r, "Past the limit, not this Move — ") for r in beyond]
    return lines
