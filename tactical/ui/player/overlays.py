"""View ▸ Stream overlays: the overlays for OBS (tactical/overlay/) served from the open
fight. Off by default; the port is shown in the menu and changeable (remembered).

After each command (the document's one `changed`), and when the GM changes what players may
see, the GUI thread builds the four topics' JSON through the players' audience filter — the
same settings and the same drawn tokens as the players' window — and hands the strings to
the server's threads (tactical/overlay/feed.py). The attacks and round starts in effect are
kept from each change (`RollEvents`), never read again from the whole history; the roll
and banner topics are built again only when those changed. `push_ms` keeps what each push
cost the GUI thread (the bench reads it: ≤ 1 ms)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QInputDialog, QMainWindow, QMenu

if TYPE_CHECKING:  # the window is built before the engine is imported (issue 13)
    from tactical.encounter.queries.change import Change
    from tactical.overlay.feed import Feed
    from tactical.overlay.payload import Payload, RollEvents
    from tactical.overlay.server import OverlayServer
    from tactical.ui.document import EncounterDocument
    from tactical.ui.player.control import PlayerScreen
    from tactical.ui.settings import Settings

KEY = "stream_overlays/port"
DEFAULT_PORT = 8728
PUSHES_KEPT = 1000


class StreamOverlays(QObject):
    def __init__(self, window: QMainWindow, settings: Settings, screen: PlayerScreen) -> None:
        super().__init__(window)
        self.main, self.settings, self.screen = window, settings, screen
        self.document: EncounterDocument | None = None
        self.server: OverlayServer | None = None
        self.feed: Feed | None = None
        self.payload: Payload | None = None
        self.problem = ""
        self.push_ms: list[float] = []
        self._rolls = True  # the next push builds the roll and banner topics again
        self.roll_events: RollEvents | None = None  # None: to be read from the history
        self._fog_followed = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)  # after the players' board re-read the change
        self._timer.timeout.connect(self.push)
        self.action = QAction("Stream &overlays", window)
        self.action.setCheckable(True)
        self.action.toggled.connect(self._toggled)
        self.port_action = QAction("Stream overlays &port…", window)
        self.port_action.triggered.connect(self.ask_port)
        self._words()
        view_menu = next((a.menu() for a in window.menuBar().actions()
                          if a.text().replace("&", "") == "View"), None)
        if isinstance(view_menu, QMenu):
            view_menu.addAction(self.action)
            view_menu.addAction(self.port_action)
        screen.audience_changed.connect(self._seen_differently)
        screen.action.toggled.connect(self._seen_differently)  # the players' window: its fog
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)

    # --- the port

    @property
    def port(self) -> int:
        # a hostile value falls back with one warning (ui/settings.py, issue 23)
        return int(self.settings.number(KEY, DEFAULT_PORT, 1024, 65535))

    def set_port(self, port: int) -> None:
        self.settings.set(KEY, port)
        if self.server is not None:
            self.stop()
            self.start()
        self._words()

    def ask_port(self) -> None:
        port, ok = QInputDialog.getInt(
            self.main, "Stream overlays port", "The overlays are served on 127.0.0.1 at this "
            "port (this computer only):", self.port, 1024, 65535)
        if ok:
            self.set_port(port)

    def _words(self) -> None:
        url = f"http://127.0.0.1:{self.server.port if self.server else self.port}/"
        self.action.setText(f"Stream &overlays ({url})")
        self.action.setToolTip(self.problem or f"Serve the initiative strip, the last roll, the "
                               f"party and the reaction banner for OBS browser sources at "
                               f"{url} (transparent; only what the players' screen shows)")
        self.port_action.setText(f"Stream overlays &port ({self.port})…")

    # --- on and off

    def _toggled(self, on: bool) -> None:
        if on:
            self.start()
        else:
            self.stop()

    def start(self, port: int | None = None) -> bool:
        """Serves on `port` (None: the remembered one); False when it is taken."""
        from tactical.overlay.feed import Feed
        from tactical.overlay.payload import Payload
        from tactical.overlay.server import OverlayServer, PortInUse

        if self.server is not None:
            return True
        feed = Feed()
        try:
            self.server = OverlayServer(feed, self.port if port is None else port).start()
        except PortInUse as error:
            self.problem = str(error)
            self.main.statusBar().showMessage(self.problem, 10000)
            self.action.blockSignals(True)
            self.action.setChecked(False)
            self.action.blockSignals(False)
            self._words()
            return False
        self.problem = ""
        self.feed, self.payload, self._rolls, self.roll_events = feed, Payload(), True, None
        self.push()
        self.action.blockSignals(True)
        self.action.setChecked(True)
        self.action.blockSignals(False)
        self._words()
        self.main.statusBar().showMessage(f"Stream overlays at {self.server.url}", 10000)
        return True

    def stop(self) -> None:
        server, self.server, self.feed = self.server, None, None
        if server is not None:
            server.stop()
        self.action.blockSignals(True)
        self.action.setChecked(False)
        self.action.blockSignals(False)
        self._words()

    # --- following the fight

    def set_document(self, document: EncounterDocument | None) -> None:
        if self.document is not None:
            self.document.changed.disconnect(self._changed)
        self.document = document
        if document is not None:
            document.changed.connect(self._changed)
            fog = getattr(self.screen, "fog_action", None)  # made with the first document
            if fog is not None and not self._fog_followed:
                fog.toggled.connect(self._seen_differently)
                self._fog_followed = True
        self._rolls, self.roll_events = True, None
        self._later()

    def _changed(self, change: Change) -> None:
        from tactical.overlay.payload import Stale

        if self.roll_events is not None:
            try:
                self._rolls |= self.roll_events.follow(change)
            except Stale:
                self.roll_events = None
        self._rolls |= change.roster
        self._later()

    def _seen_differently(self, *_args: Any) -> None:
        """What players may see changed (a hidden token, the rolls shown, the fog): every
        topic again, the rolls too."""
        self._rolls = True
        self._later()

    def _later(self, *_args: Any) -> None:
        if self.server is not None and not self._timer.isActive():
            self._timer.start(0)

    def drawn(self) -> set[str] | None:
        """What the players' window draws (hidden and fogged tokens left out); with its
        window closed and fog on for this map, the players' own tokens only (nothing in the
        dark can show); else None: every token the audience does not hide."""
        window = self.screen.window
        if window is not None:
            return {cid for cid, t in window.scene.tokens.items() if t.isVisible()}
        fog = getattr(self.screen, "fog_action", None)
        if fog is not None and fog.isChecked() and self.document is not None \
                and self.screen.audience is not None:
            sides = self.screen.audience.player_sides
            return {c.id for c in self.document.state if c.side in sides}
        return None

    def push(self) -> None:
        """The topics built from the fight now, handed to the server's threads."""
        document, settings = self.document, self.screen.audience
        if self.feed is None or self.payload is None or document is None or settings is None:
            return
        from tactical.encounter.queries.audience import Audience, AudienceFilter
        from tactical.overlay.payload import RollEvents

        t0 = time.perf_counter()
        state = document.state
        if self.roll_events is None:  # once per start or file (and after a surprise)
            self.roll_events = RollEvents(document.encounter.history.effective_events())
            self._rolls = True
        events = self.roll_events if self._rolls else None
        self.feed.publish(self.payload.build(state, events,
                                             AudienceFilter(Audience.PLAYERS, settings),
                                             document.oracle.reaction_kinds(state),
                                             self.drawn()))
        self._rolls = False
        self.push_ms.append((time.perf_counter() - t0) * 1000.0)
        del self.push_ms[:-PUSHES_KEPT]

