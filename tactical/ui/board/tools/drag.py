"""The move tool: press on a token (it becomes selected), drag it, drop to commit ONE Move —
or, with Shift held or before combat, ONE GMMove (the GM's hand: no action, no reaction;
issue 14). The path drawn is the shortest legal one from the token, through the waypoints
pinned on the way (Space or a right click; Backspace takes the last one off), to the hex
under the cursor; Alt held (or the safest toggle) asks for the one that triggers the fewest
reactions within the allowance (issue 26; tactical.encounter.queries.paths). The Move
committed is exactly that path. A drop past the mover's allowance moves the legal part
(the preview's `allowed`: never ending on another's hex);
when no part is legal, `drop_note` says why at the drop. Each NEW hex asks the engine's move preview
(tactical.encounter.queries.movepreview) once and draws exactly that; the Move on release finds
the same prepared reactors and path scan in the engine's oracle (no second preparation,
no second scan)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsItem

from tactical.core.types import Hex
from tactical.encounter.commands import GMMove, GMMoveGroup, Move
from tactical.encounter.model import EncounterState, Phase
from tactical.encounter.queries.change import Change
from tactical.encounter.queries.movepreview import MovePreview, move_preview
from tactical.encounter.queries.paths import DRAG_NODES, PathPlanner
from tactical.geometry.layout import hex_to_point, hexes_along
from tactical.rules.reactions import LeftOut
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
        self.waypoints: list[Hex] = []  # pinned on the way (issue 26), in order
        self.target: Hex | None = None  # the hex the path goes to (under the cursor)
        self.safest = False  # the status bar's toggle: always the safest path
        self.alt = False  # Alt held: the safest path while it is
        self._planner: PathPlanner | None = None
        self._pinned: list[Hex] = []  # the path up to the last waypoint (start first)
        # the state and left-out tuple `_marks_of` worked from, and what it found
        self._marks: tuple[EncounterState, tuple[LeftOut, ...], dict[str, Hex],
                           tuple[LeftOut, ...]] | None = None
        self.document.changed.connect(self._document_changed)
        for signal in (self.started, self.stepped, self.finished):
            signal.connect(lambda *_: self.changed())

    # --- the tool: the left button (Shift: a GM move)

    def press(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.button() == Qt.MouseButton.RightButton and self.dragging:
            self.pin()  # a right click during a drag pins a waypoint, no menu
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        pressed = self.grab(at, gm=_shift(event))
        self.changed()  # a press clears the last drop's note
        return pressed  # empty board: not the drag's (the pan's)

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.set_alt(_alt(event))
            self.follow(at)
        return False

    def key(self, event: QKeyEvent) -> bool:
        if not self.dragging:
            return False
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self.pin()
            return True
        if event.key() == Qt.Key.Key_Backspace:
            self.unpin()
            return True
        if event.key() == Qt.Key.Key_Alt:
            self.set_alt(True)
            return True
        return False

    def key_release(self, event: QKeyEvent) -> bool:
        if self.dragging and event.key() == Qt.Key.Key_Alt:
            self.set_alt(False)
            return True
        return False

    def claims(self, event: QKeyEvent) -> bool:
        """Space and Backspace are the drag's while it goes on (not End turn)."""
        return self.dragging and event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Backspace)

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
        last, self._last = self._last, point
        if self.gm:  # the GM's hand goes where the cursor went (a GMMove takes its end)
            hexes = hexes_along(self.scene.layout, last, point)[1:]
            if not self.step_to(hexes) and first:
                self._refresh()
            return
        if not self.aim(self.scene.hex_at(pos)) and first:
            self._refresh()

    def drop(self, pos: QPointF, gm: bool = False) -> bool:
        """Drop: commit the move if a drag was going on. True if a Move was applied."""
        self.gm = self.gm or gm
        if self.dragging:
            self.follow(pos)
            return self.commit()
        self.token_id = None
        return False

    # --- the path: shortest through the waypoints (issue 26)

    @property
    def wants_safest(self) -> bool:
        return self.safest or self.alt

    def planner(self) -> PathPlanner:
        assert self.token_id is not None
        planner = self._planner
        if planner is None or planner.state is not self.document.state \
                or planner.mover != self.token_id:
            planner = self._planner = PathPlanner(self.document.state,
                                                  self.document.encounter.ctx,
                                                  self.token_id, DRAG_NODES)
        return planner

    def aim(self, target: Hex) -> bool:
        """The path to `target`: the pinned part, then the shortest (or safest) leg from
        the last waypoint. Asks the engine once if the path changed; True if it did."""
        if not self.dragging or self.token_id is None:
            return False
        target = (int(target[0]), int(target[1]))
        if not self.document.loaded.map.grid.contains(target):
            return False
        self.target = target
        pinned = self._pinned or self.path[:1]
        path = self.planner().extend(pinned, target, self.wants_safest, keep=self.path)
        if path == self.path:
            return False
        self.path = path
        self._refresh()
        return True

    def pin(self) -> bool:
        """Pin a waypoint at the path's end (Space, a right click): the path up to it
        stays; True if one was pinned."""
        if not self.dragging or self.gm or len(self.path) < 2:
            return False
        end = self.path[-1]
        if self.waypoints and self.waypoints[-1] == end:
            return False
        self.waypoints.append(end)
        self._pinned = list(self.path)
        self.changed()
        return True

    def unpin(self) -> bool:
        """Backspace: the last waypoint off; the path to the cursor is searched again."""
        if not self.waypoints:
            return False
        self.waypoints.pop()
        self._pinned = self._replan(self.waypoints)
        if self.target is not None and not self.aim(self.target):
            self.changed()
        return True

    def set_alt(self, held: bool) -> None:
        if held != self.alt:
            self.alt = held
            self._re_aim()

    def set_safest(self, on: bool) -> None:
        """The status bar's toggle: the safest path for every drag while on."""
        if on != self.safest:
            self.safest = on
            self._re_aim()

    def _re_aim(self) -> None:
        if self.dragging and not self.gm and self.target is not None:
            self._pinned = self._replan(self.waypoints)
            if not self.aim(self.target):
                self.changed()
        else:
            self.changed()

    def _replan(self, waypoints: list[Hex]) -> list[Hex]:
        if not waypoints:
            return []
        path = self.path[:1]
        for w in waypoints:
            path = self.planner().extend(path, w, self.wants_safest)
        return path

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
        where, faint = self._marks_of(preview)
        self.scene.overlay.dragged = self.token_id
        self.scene.overlay.show(preview.hexes, preview.allowed, preview.metres,
                                preview.limit_m, preview.reactions, faint, where)
        self._place_token()
        self.stepped.emit(preview)

    def _marks_of(self, preview: MovePreview) -> tuple[dict[str, Hex], tuple[LeftOut, ...]]:
        """Where each token stands and the left-out enemies worth a faint ring; the same
        state and the same left-out tuple (the engine keeps it while it does not change)
        as the step before give the same, not a walk over every token and enemy again."""
        marks = self._marks
        if marks is None or marks[0] is not preview.state \
                or marks[1] is not preview.left_out:
            marks = self._marks = (
                preview.state, preview.left_out, {c.id: c.hex for c in preview.state},
                tuple(x for x in preview.left_out if _could_react(x.reasons)))
        return marks[2], marks[3]

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
        self.waypoints = []
        self._pinned = []
        self.target = None
        self.alt = False
        self._planner = None
        self._marks = None

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


def _alt(event: QMouseEvent) -> bool:
    return bool(event.modifiers() & Qt.KeyboardModifier.AltModifier)


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
    lines.append((_path_words(tool), "#FFFFFF"))
    return lines


def _path_words(tool: DragTool) -> str:
    """The waypoints and the way asked for, with the keys that change them."""
    way = "safest path (fewest reactions)" if tool.wants_safest else "shortest path"
    pins = len(tool.waypoints)
    pinned = f"{pins} waypoint{'s' if pins != 1 else ''}" if pins else "no waypoint"
    # while Alt is held the key to say is letting go (the 1080p grab read "safest path
    # (fewest reactions) … hold Alt: safest" with Alt down)
    safest = ("Safest path is on (status bar)" if tool.safest
              else "let go of Alt: shortest" if tool.alt else "hold Alt: safest")
    return (f"{way}, {pinned} — Space / right click: waypoint, Backspace: remove it, "
            f"{safest}")
