"""View ▸ Player view and its toolbar button: opens, places and configures the players'
window, and remembers the choices (screen, full screen, camera, physical scale, key colour,
fog per map). One object owned by the main window; `set_document` follows the open file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QScreen
from PySide6.QtWidgets import QInputDialog, QMainWindow, QMenu, QToolBar

from tactical.core.types import Hex
from tactical.ui.player.camera import (
    CameraMode,
    HexSize,
    choose_screen,
    ppi_from_diagonal,
    ppi_from_ruler,
)
from tactical.ui.settings import Settings

# The main window makes this object before the engine is imported (issue 13: its first
# frame comes first), so what needs the engine is imported where it is used, and the
# options menu is filled when the first encounter arrives (or when it is first opened).
if TYPE_CHECKING:
    from tactical.encounter.queries.audience import AudienceSettings, Detail, RollPolicy
    from tactical.ui.board.view import BoardView
    from tactical.ui.document import EncounterDocument
    from tactical.ui.player.view import StreamLook
    from tactical.ui.player.window import PlayerWindow

KEY = "player_view/"


class PlayerScreen(QObject):
    """Signals: `audience_changed()` when what players may see changes (a token hidden, the
    enemies' detail, the rolls shown): the stream overlays follow it (ui/player/overlays.py)."""

    audience_changed = Signal()

    def __init__(self, window: QMainWindow, settings: Settings,
                 toolbar: QToolBar | None = None) -> None:
        super().__init__(window)
        self.main = window
        self.settings = settings
        self.document: EncounterDocument | None = None
        self.gm_view: BoardView | None = None
        self.window: PlayerWindow | None = None
        self._audience: AudienceSettings | None = None
        self.action = QAction("&Player view", window)
        self.action.setCheckable(True)
        self.action.setShortcut("Ctrl+Shift+P")
        self.action.setToolTip("Open the players' screen: the board without what only the GM "
                               "knows, for a projector, a TV or a stream (Ctrl+Shift+P)")
        self.action.setEnabled(False)
        self.action.toggled.connect(self._toggled)
        self.menu = QMenu("Player view &options", window)
        self.menu.aboutToShow.connect(self._fill_menu)
        self._filled = False
        self.camera_actions: dict[CameraMode, QAction] = {}
        self.detail_actions: dict[Detail, QAction] = {}
        self.roll_actions: dict[RollPolicy, QAction] = {}
        view_menu = next((a.menu() for a in window.menuBar().actions()
                          if a.text().replace("&", "") == "View"), None)
        if isinstance(view_menu, QMenu):
            view_menu.addSeparator()
            view_menu.addAction(self.action)
            view_menu.addMenu(self.menu)
        if toolbar is not None:
            toolbar.addAction(self.action)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenRemoved.connect(self._screen_removed)

    @property
    def audience(self) -> AudienceSettings | None:
        """The GM's choices for the players' screen (the overlays read the same)."""
        return self._audience

    @audience.setter
    def audience(self, settings: AudienceSettings | None) -> None:
        self._audience = settings
        self.audience_changed.emit()

    # --- settings

    # Read through the typed reader (issue 23): a value of the wrong type or an unknown
    # name is the default, with one warning; it was a ValueError at opening the view.

    def _value(self, name: str, default: str) -> str:
        return self.settings.text(KEY + name, default)

    def _choice(self, name: str, names: list[str], default: str) -> str:
        return self.settings.choice(KEY + name, names, default)

    def _number(self, name: str) -> float:
        return self.settings.number(KEY + name, 0.0, 0.0, 10_000.0)

    def _flag(self, name: str, default: bool) -> bool:
        return self.settings.flag(KEY + name, default)

    def _set(self, name: str, value: object) -> None:
        self.settings.set(KEY + name, value)

    def _camera(self) -> CameraMode:
        names = [m.value for m in CameraMode]
        return CameraMode(self._choice("camera", names, CameraMode.FOLLOW.value))

    def _detail(self) -> Detail:
        from tactical.encounter.queries.audience import Detail

        names = [d.value for d in Detail]
        return Detail(self._choice("enemy_detail", names, Detail.COARSE.value))

    def look(self) -> StreamLook:
        from tactical.ui.player.view import KEY_MAGENTA, StreamLook

        key = self._choice("key", ["", KEY_MAGENTA], "")
        return StreamLook(key=key or None)

    # --- the menu

    def _fill_menu(self) -> None:
        if self._filled:
            return
        self._filled = True
        from tactical.encounter.queries.audience import Detail

        menu = self.menu
        camera = menu.addMenu("&Camera")
        group = QActionGroup(menu)
        for mode, text in ((CameraMode.FOLLOW, "&Follow my view"),
                           (CameraMode.LOCKED, "&Locked (safe for miniatures)"),
                           (CameraMode.AUTO, "&Auto-frame the action")):
            action = camera.addAction(text)
            action.setCheckable(True)
            action.setChecked(mode is self._camera())
            action.triggered.connect(lambda _c=False, m=mode: self.set_mode(m))
            group.addAction(action)
            self.camera_actions[mode] = action
        self.screen_menu = menu.addMenu("Full screen &on")
        self.screen_menu.aboutToShow.connect(self._fill_screens)
        menu.addAction("Plain &window (for OBS)").triggered.connect(
            lambda: self.place(None, False))
        menu.addSeparator()
        menu.addAction("Physical &scale…").triggered.connect(self.ask_scale)
        menu.addAction("Calibrate with a &ruler…").triggered.connect(self.ask_ruler)
        self.fog_action = menu.addAction("&Fog of war on this map")
        self.fog_action.setCheckable(True)
        self.fog_action.toggled.connect(self.set_fog)
        self.key_action = menu.addAction("Chroma &key background (magenta)")
        self.key_action.setCheckable(True)
        self.key_action.setChecked(self.look().key is not None)
        self.key_action.toggled.connect(self.set_key)
        detail = menu.addMenu("&Enemies show")
        details = QActionGroup(menu)
        for level, text in ((Detail.COARSE, "&Coarse state (unhurt, hurt, badly hurt, down)"),
                            (Detail.NONE, "&Nothing (down only)"),
                            (Detail.BARS, "&Their bars")):
            action = detail.addAction(text)
            action.setCheckable(True)
            action.setChecked(level is self._detail())
            action.triggered.connect(lambda _c=False, d=level: self.set_enemy_detail(d))
            details.addAction(action)
            self.detail_actions[level] = action
        self._fill_rolls(menu)
        self.hide_action = menu.addAction("&Hide the selected token from players")
        self.hide_action.setCheckable(True)
        self.hide_action.toggled.connect(self.hide_selected)
        # the GM's hand on the fog: the hexes around the mouse on the GM's board
        self.reveal_action = menu.addAction("&Reveal here to players (fog)")
        self.reveal_action.setShortcut("Ctrl+Shift+R")
        self.reveal_action.triggered.connect(lambda: self.fog_by_hand(True))
        self.conceal_action = menu.addAction("Hi&de here from players (fog)")
        self.conceal_action.setShortcut("Ctrl+Shift+H")
        self.conceal_action.triggered.connect(lambda: self.fog_by_hand(False))
        for action in (self.reveal_action, self.conceal_action):
            self.main.addAction(action)  # the shortcut works with the menu closed

    def _fill_rolls(self, menu: QMenu) -> None:
        """Which rolls the players' screen shows by default, and the GM's word on the last."""
        from tactical.encounter.queries.audience import RollPolicy

        rolls = menu.addMenu("&Rolls shown")
        group = QActionGroup(menu)
        for policy, text in ((RollPolicy.ALL, "&All (an enemy's as its outcome only)"),
                             (RollPolicy.PLAYERS, "The &players' side only"),
                             (RollPolicy.NONE, "&None")):
            action = rolls.addAction(text)
            action.setCheckable(True)
            action.setChecked(policy.value == self._value("rolls", RollPolicy.ALL.value)
                              or (policy is RollPolicy.ALL
                                  and self._value("rolls", "all") not in set(RollPolicy)))
            action.triggered.connect(lambda _c=False, p=policy: self.set_roll_policy(p))
            group.addAction(action)
            self.roll_actions[policy] = action
        rolls.addSeparator()
        rolls.addAction("&Show the last roll to players").triggered.connect(
            lambda: self.choose_last_roll(True))
        rolls.addAction("&Hide the last roll from players").triggered.connect(
            lambda: self.choose_last_roll(False))

    def set_roll_policy(self, policy: RollPolicy) -> None:
        """Which rolls players see unless the GM says otherwise for one (remembered)."""
        self._fill_menu()
        self._set("rolls", policy.value)
        self.roll_actions[policy].setChecked(True)
        if self.audience is not None:
            self._apply(self.audience.with_rolls(policy))

    def choose_last_roll(self, shown: bool) -> None:
        """The GM's word on the latest roll of the fight, whatever the policy."""
        from tactical.encounter.queries.stream import roll_count

        if self.document is None or self.audience is None:
            return
        number = roll_count(self.document.encounter.history.effective_events())
        if number:
            self._apply(self.audience.with_roll_choice(number, shown))

    def _apply(self, settings: AudienceSettings) -> None:
        self.audience = settings
        if self.window is not None:
            self.window.set_settings(settings)

    def _fill_screens(self) -> None:
        from tactical.ui.player.window import screens

        self.screen_menu.clear()
        for info in screens():
            _x, _y, w, h = info.geometry
            self.screen_menu.addAction(f"{info.name} ({w}×{h})").triggered.connect(
                lambda _c=False, s=info: self.place(s, True))

    # --- following the open encounter

    def set_document(self, document: EncounterDocument | None,
                     gm_view: BoardView | None) -> None:
        was_open = self.window is not None
        self._close_window()
        fresh = document is not self.document
        if self.document is not None and fresh:
            self.document.selection_changed.disconnect(self._selection_changed)
        self.document, self.gm_view = document, gm_view
        self.hovered: Hex | None = None
        if gm_view is not None:
            gm_view.hex_hovered.connect(self._hovered)
        self.action.setEnabled(document is not None)
        if document is None:
            self.action.setChecked(False)
            return
        from tactical.encounter.queries.audience import default_settings

        self._fill_menu()
        self.sides = list(document.loaded.map.sides) or sorted({c.side for c in document.state})
        from tactical.encounter.queries.audience import RollPolicy

        policy = self._value("rolls", RollPolicy.ALL.value)
        self.audience = self._with_enemy_detail(default_settings(self.sides)).with_rolls(
            RollPolicy(policy) if policy in set(RollPolicy) else RollPolicy.ALL)
        if fresh:
            document.selection_changed.connect(self._selection_changed)
        self.fog_action.blockSignals(True)
        self.fog_action.setChecked(self._flag(self._fog_key(), False))
        self.fog_action.blockSignals(False)
        if was_open:  # issue 26: the players' window follows, behind the GM's board
            self.open(front=False)

    def _fog_key(self) -> str:
        name = self.document.loaded.map.name if self.document is not None else ""
        return "fog/" + "".join(ch if ch.isalnum() else "_" for ch in name)

    # --- the window

    def _toggled(self, on: bool) -> None:
        if on and self.window is None:
            self.open()
        elif not on:
            self._close_window()

    def open(self, front: bool = True) -> PlayerWindow | None:
        """The players' window on its screen; `front` False (it follows a newly opened
        encounter): shown without taking the focus, the GM's window kept in front."""
        from tactical.ui.player.window import PlayerWindow, screens

        if self.document is None or self.audience is None:
            return None
        self.window = PlayerWindow(self.document, self.audience, self.gm_view, self.look())
        self.window.closed.connect(self._closed)
        self.window.set_fog(self.fog_action.isChecked())
        self.window.set_mode(self._camera())
        hex_size = self._choice("hex", [h.value for h in HexSize], HexSize.INCH.value)
        self.window.set_physical_scale(self._ppi(), HexSize(hex_size))
        gm_screen = self.main.screen()
        gm_name = gm_screen.name() if gm_screen is not None else None
        remembered = self._value("screen", "") or None
        target = choose_screen(screens(), remembered, gm_name)
        full = self._flag("full_screen", len(screens()) > 1)
        if target is not None and target.name == gm_name and remembered not in (None, gm_name):
            full = False  # its own screen is gone: a window, not over the GM's board
        if not front:
            self.window.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self.window.place(target, full)
        if not front:
            self.main.raise_()
            self.main.activateWindow()
        self.action.blockSignals(True)
        self.action.setChecked(True)
        self.action.blockSignals(False)
        return self.window

    def _screen_removed(self, screen: QScreen) -> None:
        """The players' screen was unplugged (issue 23): their window comes back on the
        GM's screen as a plain window (never full screen over the GM's board); the screen
        stays remembered for when it is plugged in again."""
        window = self.window
        if window is None:
            return
        placed = window.placed_on
        if placed is not None and placed.name != screen.name():
            return
        from tactical.ui.player.window import screen_info

        gm_screen = self.main.screen()
        window.place(screen_info(gm_screen) if gm_screen not in (None, screen) else None,
                     False)

    def place(self, screen: object, full_screen: bool) -> None:
        """One click: this screen, remembered for next time."""
        from tactical.ui.player.camera import ScreenInfo

        info = screen if isinstance(screen, ScreenInfo) else None
        self._set("full_screen", "1" if full_screen else "0")
        if info is not None:
            self._set("screen", info.name)
        window = self.window or self.open()
        if window is not None:
            window.place(info, full_screen)

    def _close_window(self) -> None:
        if self.window is not None:
            window, self.window = self.window, None
            window.close()
            window.deleteLater()
        self.action.blockSignals(True)
        self.action.setChecked(False)
        self.action.blockSignals(False)

    def _closed(self) -> None:
        """The players' window closed by its own close button: the action follows."""
        if self.window is not None:
            window, self.window = self.window, None
            window.deleteLater()
        self.action.blockSignals(True)
        self.action.setChecked(False)
        self.action.blockSignals(False)

    # --- options

    def set_mode(self, mode: CameraMode) -> None:
        self._fill_menu()
        self._set("camera", mode.value)
        self.camera_actions[mode].setChecked(True)
        if self.window is not None:
            self.window.set_mode(mode)

    def _ppi(self) -> float | None:
        measured = self._number("ruler_ppi")
        if measured > 0:
            return measured
        diagonal = self._number("diagonal_in")
        if diagonal <= 0:
            return None
        placed = self.window.placed_on if self.window is not None else None
        if placed is None:
            screen = self.main.screen()
            if screen is None:
                return None
            from tactical.ui.player.window import screen_info

            placed = screen_info(screen)
        return ppi_from_diagonal(placed.geometry[2], placed.geometry[3], diagonal)

    def ask_scale(self) -> None:
        diagonal, ok = QInputDialog.getDouble(
            self.main, "Physical scale", "The players' screen's diagonal in inches "
            "(0: fit the map, no physical scale).\nThe view then draws 1 hex = 1 inch and "
            "locks the zoom.", self._number("diagonal_in"), 0.0, 400.0, 1)
        if ok:
            self.set_diagonal(diagonal)

    def ask_ruler(self) -> None:
        """Draw a ruler on the players' screen and ask how long it measures."""
        window = self.window or self.open()
        if window is None:
            return
        window.view.ruler = True
        window.view.viewport().update()
        try:
            mm, ok = QInputDialog.getDouble(
                self.main, "Calibrate with a ruler", "Length of the ruler on the players' "
                "screen, between the two ticks, in millimetres:", 100.0, 1.0, 5000.0, 1)
        finally:
            window.view.ruler = False
            window.view.viewport().update()
        if ok:
            self.set_ruler_mm(mm)

    def set_ruler_mm(self, mm: float, hex_size: HexSize = HexSize.INCH) -> None:
        """The ruler (RULER_PX long) measured `mm` on the players' screen."""
        from tactical.ui.player.view import RULER_PX

        self._set("ruler_ppi", f"{ppi_from_ruler(RULER_PX, mm):.4f}")
        self._set("hex", hex_size.value)
        if self.window is not None:
            self.window.set_physical_scale(self._ppi(), hex_size)

    def set_diagonal(self, inches: float, hex_size: HexSize = HexSize.INCH) -> None:
        self._set("diagonal_in", f"{inches:g}")
        self._set("ruler_ppi", "0")  # the diagonal given last wins
        self._set("hex", hex_size.value)
        if self.window is not None:
            self.window.set_physical_scale(self._ppi(), hex_size)

    def set_fog(self, on: bool) -> None:
        if self.document is not None:
            self._set(self._fog_key(), "1" if on else "0")
        if self.window is not None:
            self.window.set_fog(on)

    def set_key(self, on: bool) -> None:
        from tactical.ui.player.view import KEY_MAGENTA

        self._set("key", KEY_MAGENTA if on else "")
        if self.window is not None:
            self.window.set_look(self.look())

    def _selection_changed(self, token: str) -> None:
        hidden = self.audience is not None and token in self.audience.hidden
        self.hide_action.blockSignals(True)
        self.hide_action.setChecked(bool(token) and hidden)
        self.hide_action.setEnabled(bool(token))
        self.hide_action.blockSignals(False)

    def _with_enemy_detail(self, settings: AudienceSettings) -> AudienceSettings:
        level = self._detail()
        for side in self.sides:
            if side not in settings.player_sides:
                settings = settings.with_detail(side, level)
        return settings

    def set_enemy_detail(self, level: Detail) -> None:
        """What every side but the players' shows of its wounds (remembered)."""
        self._fill_menu()
        self._set("enemy_detail", level.value)
        self.detail_actions[level].setChecked(True)
        if self.audience is not None:
            self.audience = self._with_enemy_detail(self.audience)
            if self.window is not None:
                self.window.set_settings(self.audience)

    def _hovered(self, h: object) -> None:
        self.hovered = h if isinstance(h, tuple) else None

    def fog_by_hand(self, reveal: bool, at: Hex | None = None, radius: int = 1) -> None:
        """Reveal (or hide) the hex under the mouse and its neighbours on the players'
        screen, whatever the tokens see."""
        centre = at if at is not None else self.hovered
        window = self.window
        if centre is None or window is None or window.scene.fog is None:
            return
        from tactical.geometry.hexgrid import hex_range

        hexes = hex_range(centre, radius)
        if reveal:
            window.scene.fog.reveal(hexes)
        else:
            window.scene.fog.conceal(hexes)
        window.scene.sync()

    def hide_selected(self, hidden: bool) -> None:
        token = self.document.selected if self.document is not None else None
        if token is None or self.audience is None:
            return
        self.audience = self.audience.with_hidden(token, hidden)
        if self.window is not None:
            self.window.set_settings(self.audience)
