"""Ping for the players (issue 28): hold G and a large ring pulses at the hex under the mouse
on the GM's board and the players' screen for a few seconds (it follows the mouse while G is
held); Shift+G also moves the players' camera there. "Point this out to the players" on a
token's or a hex's menu pings it once. The ring: ui/board/ping.py."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from tactical.core.types import Hex
from tactical.ui.board.ping import Ping
from tactical.ui.board.tools import BoardTool, StartedBy, board_tool


@board_tool
class BeaconTool(BoardTool):
    name, title = "beacon", "Ping"
    tip = "Hold G: a ring pulses here on both screens (Shift+G: the players' camera comes too)"
    shortcut = Qt.Key.Key_G
    token_menu = "Point this out to the players"
    hex_menu = "Point here for the players"

    held = False
    look = False
    last: Hex | None = None

    def start(self, at: QPointF, token: str | None, by: StartedBy) -> None:
        held = self.host.modifiers if self.host is not None and by is StartedBy.SHORTCUT \
            else Qt.KeyboardModifier.NoModifier
        self.look = bool(held & Qt.KeyboardModifier.ShiftModifier)
        self.held = by is StartedBy.SHORTCUT
        where = self.scene.document.state.combatants.get(token or "")
        self.send(where.hex if where is not None else self.scene.hex_at(at))
        if not self.held:
            self.end()  # a menu's ping is one ping
        else:
            self.changed()

    def send(self, h: Hex) -> None:
        self.last = h
        self.scene.document.pinged.emit(Ping(h, self.look))

    def move(self, at: QPointF, event: QMouseEvent) -> bool:
        if self.held:
            h = self.scene.hex_at(at)
            if h != self.last:  # follows the mouse, a hex at a time (the camera too)
                self.send(h)
        return False  # the mouse is still the drag's

    def key(self, event: QKeyEvent) -> bool:
        return self.held and event.key() == self.shortcut  # the held key's repeats

    def key_release(self, event: QKeyEvent) -> bool:
        if event.key() == self.shortcut and not event.isAutoRepeat():
            self.cancel()  # the ring pulses on for its few seconds
            return True
        return False

    def cancel(self) -> None:
        self.held = False
        self.last = None
        super().cancel()

    @property
    def busy(self) -> bool:
        return self.held

    def status(self) -> str:
        if not self.held:
            return ""
        camera = " and the players' camera" if self.look else ""
        return f"Ping: the ring{camera} follows the mouse while G is held"
