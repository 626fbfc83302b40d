"""The main window: the board in the centre, the combat dock on the right, menus, toolbar,
shortcuts and a status bar; it remembers its layout and recent files (QSettings)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QImage
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tactical import __version__
from tactical.core.errors import TacticalError
from tactical.core.paths import maps_dir
from tactical.ui import actions as acts
from tactical.ui.host import WindowHost
from tactical.ui.menus import LAYERS, LEGEND_EDGES, Asker, DialogAsker, Entry, fill_menu
from tactical.ui.player.control import PlayerScreen
from tactical.ui.player.overlays import StreamOverlays
from tactical.ui.settings import Settings
from tactical.ui.support import FrameTimes

# The window is made and painted before the engine is imported (issue 13: a start shows
# the board's picture first, see tactical/ui/startpicture.py): what needs the engine (the
# board, the dock, the editor, the files) is imported where it is first used.
if TYPE_CHECKING:
    from tactical.ui.board import BoardScene, BoardView
    from tactical.ui.campaign import CarryBar, RestDialog
    from tactical.ui.dock import CombatDock
    from tactical.ui.document import EncounterDocument
    from tactical.ui.editor.install import EditMode
    from tactical.ui.hands import Hands

MAX_RECENT = 8


def dock_width(window_width: int) -> int:
    """The dock's first width: a third of a wide window, never more than 40 % (at 1280 px
    the map keeps ≥ 60 % of the width for a 720p stream; issue 14, defect 12)."""
    return max(340, min(window_width // 3, int(window_width * 0.36)))


class MainWindow(WindowHost):
    """`first_frame_first`: the combat dock and the map editor are built (and their modules
    imported) only once the board has painted its first frame — see `finish_start`; the
    `tactical` command starts so (issue 13: cold start ≤ 0.4 s). Otherwise they are
    there from the start."""

    def __init__(self, document: EncounterDocument | None = None,
                 settings: QSettings | None = None, parent: QWidget | None = None,
                 first_frame_first: bool = False) -> None:
        super().__init__(parent)
        self._starting = first_frame_first  # dock and editor still to come
        self.edit_mode: EditMode | None = None
        self.settings = settings or QSettings()
        self.prefs = Settings(self.settings)  # every read of the settings (issue 23)
        self.log_shown: Callable[[Path | None], None] = lambda _path: None  # crash report
        self.start_maximised = False  # no saved layout, or one that does not fit
        self.frame_times = FrameTimes(self)  # Help ▸ Copy support details
        self.document: EncounterDocument | None = None
        self.scene: BoardScene | None = None  # a view does not own its scene: keep it
        self.view: BoardView | None = None
        self.dock: CombatDock | None = None
        self.hands: Hands | None = None
        self.carry_bar: CarryBar | None = None  # issue 29 (ui/campaign.py)
        self.rest_dialog: RestDialog | None = None
        self.ask: Asker = DialogAsker(self)
        self.last_menu: QMenu | None = None  # the context menu shown last (tests, docs)
        self.shortcuts_dialog: QWidget | None = None  # F1's list, while it is open
        # a start on a map keeps its board's first frame for the next (startcache.py)
        self.start_key: str | None = None
        self._start_shown: QImage | None = None  # the picture the start showed
        self.setMinimumSize(900, 600)
        self.resize(1600, 900)
        self.action_map = acts.make_actions(self)
        self.recent_menu = QMenu("Open &recent", self)
        self.toolbar, self.combat_menu = acts.build_menus(self, self.action_map, self.recent_menu)
        self._dock_actions: list[QAction] = []
        self.legend_edges = self._legend_menu()
        # issue 16: View ▸ Player view and its toolbar button (tactical/ui/player/)
        self.player_screen = PlayerScreen(self, self.prefs, self.toolbar)
        # issue 28: View ▸ Stream overlays (tactical/ui/player/overlays.py), off by default
        self.stream_overlays = StreamOverlays(self, self.prefs, self.player_screen)
        acts.connect(self.action_map, {
            "new": self.choose_map, "open": self.choose_file, "rest": self.rest_party,
            "party_chummer": self.write_party_to_chummer,
            "carry_in": self.carry_in_party,
            "continue": self.choose_encounter, "save_as": self.save_as,
            "export": self.export_image, "quit": self.close, "undo": self.undo,
            "redo": self.redo, "start": self.start_combat, "next": self.end_turn,
            "end": self.end_combat, "fit": self.zoom_to_fit,
            "fullscreen": self.set_full_screen, "legend": self._legend,
            "shortcuts": self.show_shortcuts, "about": self.show_about,
            "support": self.copy_support_details, "safest": self._safest_path,
        })
        for layer in LAYERS:
            self.action_map[f"layer_{layer}"].toggled.connect(
                lambda on, name=layer: self.scene and self.scene.set_layer_visible(name, on))
        self.hover_label = QLabel()
        self._tool_words = ""  # what the board's tools last put in the status bar
        self._was_maximised = False  # before F11 (set_full_screen)
        self.statusBar().addWidget(self.hover_label, 1)
        self.safest_button = QToolButton()  # issue 26: the drag's Alt, kept on
        self.safest_button.setObjectName("safestPath")
        self.safest_button.setDefaultAction(self.action_map["safest"])
        self.safest_button.setAutoRaise(True)
        # never the keyboard's: a click leaves it with the board (Space, Backspace, Esc)
        self.safest_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.statusBar().addPermanentWidget(self.safest_button)
        self.setCentralWidget(self._placeholder())
        self._rebuild_recent()
        if not self._starting:
            self._install_editor()
        self.set_document(document)
        self._restore_layout()
        self.prefs.on_warning = lambda text: self.statusBar().showMessage(text, 15000)
        if self.prefs.warnings:  # read before the status bar listened: say it once now
            self.statusBar().showMessage("; ".join(self.prefs.warnings)[:500], 15000)

    def _install_editor(self) -> None:
        # issue 15: File ▸ New map…, Import…, Save map and the Edit map toggle
        from tactical.ui.editor.install import install_editor

        self.edit_mode = install_editor(self)

    # --- a cold start: the board's first frame, then the rest (issue 13)

    def show_start_picture(self, then: Callable[[], None]) -> None:
        """Until the board is built: the picture of its first frame that an earlier start
        kept (`start_key`); `then` runs once it is on screen (it builds the board)."""
        from tactical.ui.startpicture import PictureBoard

        assert self.start_key is not None

        def painted() -> None:
            self._start_shown = board.shown  # what the live board's frame should equal
            then()

        board = PictureBoard(self.start_key, self._legend_edge(), painted)
        self.setCentralWidget(board)

    def _drop_start_picture(self) -> None:
        """A message is coming: not over the picture of a board that is not there."""
        central = self.centralWidget()
        if central is not None and central.objectName() == "startPicture":
            self.setCentralWidget(self._placeholder())

    def _keep_start_picture(self) -> None:
        """The board's first frame, kept for the next start on this map: if it is the
        board as a start shows it (nothing the GM did in between: no selection, zoom,
        hidden layer or legend) and the picture shown, if any, was not the same."""
        key, self.start_key = self.start_key, None
        shown, self._start_shown = self._start_shown, None
        document, view = self.document, self.view
        if key is None or view is None or document is None or not document.fresh_log \
                or not document.untouched or document.selected is not None \
                or not view.fitted or not view.tools.idle \
                or not all(self.action_map[f"layer_{name}"].isChecked() for name in LAYERS) \
                or not self.action_map["legend"].isChecked():
            return
        from tactical.ui.startpicture import keep_picture

        keep_picture(view, key, self._legend_edge(), shown)

    def _legend_edge(self) -> str:
        return self.prefs.choice("view/legend_edge", LEGEND_EDGES, "auto")

    def finish_start(self) -> None:
        """Build what `first_frame_first` left out: the map editor, and the dock of the
        document shown (the window's saved layout then applies to it)."""
        if not self._starting:
            return
        self._starting = False
        self._keep_start_picture()  # the frame on screen, before the dock narrows it
        self._install_editor()
        if self.document is not None:
            self._show_dock(self.document)
        from tactical.ui.screenfit import restore_state

        restore_state(self, self.prefs)
        if self.view is not None:  # the dock took its side: fit the map to what is left
            QTimer.singleShot(0, self.zoom_to_fit)

    def finish_after_first_frame(self) -> None:
        """`finish_start` once the board has painted (at once if there is no board)."""
        if self.view is None:
            QTimer.singleShot(0, self.finish_start)
        else:
            self.view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.view is not None \
                and watched is self.view.viewport():
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self.finish_start)  # after this frame is on screen
        return super().eventFilter(watched, event)

    # --- the document

    def set_document(self, document: EncounterDocument | None) -> None:
        """Show `document` (closing the previous one's log cleanly)."""
        if self.document is not None and self.document is not document:
            self._put_away(self.document)
        self.document = document
        self.log_shown(document.path if document is not None else None)
        self.frame_times.watch(None)
        if self.dock is not None:
            for action in self._dock_actions:
                self.combat_menu.removeAction(action)
            self.removeDockWidget(self.dock)
            self.dock.deleteLater()
            self.dock = None
        if document is None:
            self.scene = self.view = self.hands = None
            self.player_screen.set_document(None, None)  # issue 16
            self.stream_overlays.set_document(None)
            self.setCentralWidget(self._placeholder())
            self.setWindowTitle("Tactical")
            self._update_actions()
            return
        from tactical.ui.board import BoardScene, BoardView
        from tactical.ui.hands import Hands
        from tactical.ui.rulesets import titles

        self.scene = BoardScene(document)
        self.view = BoardView(self.scene)
        self.frame_times.watch(self.view)
        self.view.hex_hovered.connect(self._hovered)
        self.view.menu_requested.connect(self.board_menu)
        self.player_screen.set_document(document, self.view)  # issue 16
        self.stream_overlays.set_document(document)
        self.setCentralWidget(self.view)
        self.view.status_changed.connect(self._tool_status)
        self.view.drag_tool.set_safest(self.action_map["safest"].isChecked())
        self.hands = Hands(document, self.view, self.ask)
        self.hands.attack = self.attack_target
        if not self._starting:
            self._show_dock(document)
        document.changed.connect(self._update_actions)
        # the hovered hex's words follow a move or a new selection under a still cursor
        # (the 1080p grab, after dropping Vanya: "Hex 4,10 · 6 m from Vanya" on her own hex)
        document.changed.connect(self._rehover)
        document.selection_changed.connect(self._rehover)
        document.refused.connect(self._refused)
        for layer in LAYERS:
            self.scene.set_layer_visible(layer, self.action_map[f"layer_{layer}"].isChecked())
        self.action_map["legend"].setChecked(self.scene.legend.visible)
        self.scene.legend.edge = self._legend_edge()
        name = document.loaded.map.name
        where = f" — {document.path.name}" if document.path else ""
        ruleset = titles().get(document.state.ruleset, document.state.ruleset)
        self.setWindowTitle(f"Tactical — {name} ({ruleset}){where}")
        if self.scene.picture_problems:  # issue 28: a portrait not shown is named, not silent
            self.statusBar().showMessage(("Initials instead of a portrait: " + "; ".join(
                sorted(self.scene.picture_problems.values())))[:500], 20000)
        self._update_actions()
        self.view.setFocus()

    def _show_dock(self, document: EncounterDocument) -> None:
        from tactical.ui.dock import CombatDock

        self.dock = CombatDock(document, self, hands=self.hands)
        self.dock.initiative.menu_requested.connect(self.initiative_menu)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        if not self.prefs.has("window/state"):  # first run: the map keeps ≥ 60 %
            self.resizeDocks([self.dock], [dock_width(self.width())],
                             Qt.Orientation.Horizontal)
        from tactical.ui.campaign import CarryBar

        # issue 29: "Carry to the campaign" at the top of the dock, once the fight has ended
        self.carry_bar = CarryBar(document, self.dock)
        column = self.dock.sections["initiative"].parentWidget()
        column_layout = column.layout() if column is not None else None
        if isinstance(column_layout, QVBoxLayout):
            column_layout.insertWidget(0, self.carry_bar)
        self._dock_actions = [self.dock.typed_dice_action, self.dock.toggleViewAction()]
        self.dock.toggleViewAction().setText("Combat &dock")
        self.combat_menu.addActions(self._dock_actions)

    def _placeholder(self) -> QLabel:
        label = QLabel("No encounter open.\nFile ▸ New encounter from map… (Ctrl+N) or "
                       "File ▸ Open… (Ctrl+O)")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = label.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        label.setFont(font)
        return label

    def open_path(self, path: Path, ruleset: str | None = None,
                  campaign: Path | None = None) -> bool:
        """Open a map (a new encounter, under `ruleset` or the map's own; with the party
        of `campaign`) or a log."""
        from tactical.ui.opening import OpenFailed, close_document, open_any

        try:
            document, warnings = open_any(path, ruleset=ruleset, campaign=campaign)
        except OpenFailed as exc:
            self._drop_start_picture()
            QMessageBox.warning(self, "Cannot open", str(exc)[:4000])
            return False
        try:
            self.set_document(document)
        except Exception as exc:
            close_document(document, finished=False)  # never leave its log locked
            self.document = None  # (set_document took it before the board failed)
            self.set_document(None)
            QMessageBox.warning(self, "Cannot open", f"{path}: cannot show it ({exc!r})")
            return False
        # fit once the new view has its real size (after this event loop turn)
        QTimer.singleShot(0, self.zoom_to_fit)
        self._remember(path)
        if warnings:
            text = "\n\n".join(warnings)  # grouped already; still bounded for the dialog
            QMessageBox.information(self, "The encounter log was repaired",
                                    text if len(text) <= 4000 else text[:4000] + " …")
        return True

    def _put_away(self, document: EncounterDocument) -> None:
        """Close a document's log; a fight still running stays resumable (offered at the
        next start) and goes to the top of Open recent, so nothing the GM did is lost."""
        from tactical.ui.opening import close_document, fight_unfinished

        if fight_unfinished(document) and document.path is not None and not document.saved:
            self._remember(document.path)
            self.statusBar().showMessage(
                f"The fight on {document.loaded.map.name} is saved; File ▸ Open recent "
                "continues it", 10000)
        close_document(document)

    def _apply(self, command: object) -> None:
        if self.document is not None:
            self.document.apply(command)

    def start_combat(self) -> None:
        from tactical.encounter import commands as cmd

        self._apply(cmd.StartCombat())

    def end_turn(self) -> None:
        from tactical.encounter import commands as cmd

        self._apply(cmd.EndTurn())

    def end_combat(self) -> None:
        from tactical.encounter import commands as cmd

        self._apply(cmd.EndCombat())

    def undo(self) -> None:
        if self.document is not None:
            self.document.undo()

    def redo(self) -> None:
        if self.document is not None:
            self.document.redo()

    def board_menu(self, h: tuple[int, int], token: str | None, where: QPoint) -> None:
        """Right-click on the board: the token's menu, or the hex's."""
        if self.hands is None:
            return
        if token is not None:
            if self.document is not None:
                self.document.select(token)
            menu = self.hands.token_menu(token, self)
        else:
            menu = self.hands.hex_menu(h, self)
        self._popup(menu, where)

    def attack_target(self, target: str) -> None:
        """Token menu ▸ Attack with …: the attack panel in view on `target`; the board
        keeps the attacker's bands."""
        if self.dock is None or self.document is None:
            return
        actor = self.document.state.actor
        self.dock.set_target(target)
        if actor is not None:
            self.document.select(actor)
        self.dock.show_attack()
        self.dock.attack.roll_button.setFocus()

    def initiative_menu(self, cid: str, where: QPoint) -> None:
        if self.hands is None or self.view is None:
            return
        c = self.hands.document.state.get(cid)
        menu = QMenu(c.name, self)
        menu.setObjectName("initiativeMenu")
        view = self.view
        fill_menu(menu, [*self.hands.initiative_entries(cid), None,
                         Entry("Centre on", run=lambda: view.centre_on_hex(c.hex))])
        self._popup(menu, where)

    def _popup(self, menu: QMenu, where: QPoint) -> None:
        if self.last_menu is not None:
            self.last_menu.deleteLater()
        self.last_menu = menu
        menu.popup(where)

    def set_asker(self, ask: Asker) -> None:
        """Who answers the GM's dialogs (tests: a script)."""
        self.ask = ask
        if self.hands is not None:
            self.hands.ask = ask

    def _update_actions(self, *_: object) -> None:
        doc = self.document
        for name in ("save_as", "export", "fit", "legend"):
            self.action_map[name].setEnabled(doc is not None)
        # the toolbar and menu follow the combat phase, as the dock's buttons do (defect 7)
        setup = combat = False
        if doc is not None:
            from tactical.encounter.model import Phase

            setup, combat = doc.state.phase is Phase.SETUP, doc.state.phase is Phase.COMBAT
        self.action_map["start"].setEnabled(setup)
        self.action_map["next"].setEnabled(combat)
        self.action_map["end"].setEnabled(combat)
        acts.set_history_label(self.toolbar, self.action_map["undo"],
                               doc.undo_text if doc else "Undo")
        acts.set_history_label(self.toolbar, self.action_map["redo"],
                               doc.redo_text if doc else "Redo")
        self.action_map["undo"].setEnabled(bool(doc and doc.encounter.history.undo_label))
        self.action_map["redo"].setEnabled(bool(doc and doc.encounter.history.redo_label))

    def _refused(self, message: str) -> None:
        self.statusBar().showMessage(f"Refused: {message}", 8000)

    def _tool_status(self, text: str) -> None:
        """A board tool's words ("Click where Vanya watches"): shown while it is active;
        when it ends they go, not a message that came since."""
        bar = self.statusBar()
        if text:
            bar.showMessage(text)
        elif bar.currentMessage() == self._tool_words:
            bar.clearMessage()
        self._tool_words = text

    def _safest_path(self, on: bool) -> None:
        """The status bar's Safest path: every drag takes the fewest-reactions path, as
        holding Alt does (a drag under way changes at once)."""
        if self.view is not None:
            self.view.drag_tool.set_safest(on)

    def _rehover(self, *_: object) -> None:
        if self.view is not None:
            self._hovered(self.view.hovered_hex)

    def _hovered(self, hex_: tuple[int, int] | None) -> None:
        from tactical.ui.board import hover_text

        self.hover_label.setText(hover_text(self.document, hex_) if self.document and hex_
                                 else "")

    # --- files

    def choose_map(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "New encounter from map", str(maps_dir()),
                                              "Maps (*.yaml *.yml)")
        if path:
            ruleset = self.choose_ruleset(Path(path))
            if ruleset is not None:
                campaign = self.choose_campaign()
                if campaign is not False:
                    self.open_path(Path(path), ruleset,
                                   campaign=campaign if isinstance(campaign, Path) else None)

    NO_CAMPAIGN, FROM_CAMPAIGN = "No campaign", "The party of a campaign…"

    def choose_campaign(self) -> Path | bool | None:
        """The campaign whose party joins the new encounter (docs/campaign.md): None for
        none, False when the GM cancelled."""
        answer = self.ask.choice("Campaign", "Who fights:", (self.NO_CAMPAIGN,
                                                             self.FROM_CAMPAIGN))
        if answer is None:
            return False
        if answer != self.FROM_CAMPAIGN:
            return None
        path, _ = QFileDialog.getOpenFileName(self, "Campaign", "", "Campaigns (*.yaml *.yml)")
        return Path(path) if path else False

    def carry_in_party(self, campaign: Path | None = None) -> None:
        """File ▸ Bring in a campaign's party…: before combat, the open map's tokens of the
        party start with the state their campaign carries (members not on the map are
        named; a new encounter from the map places them too)."""
        from tactical.encounter.model import Phase

        doc = self.document
        if doc is None or doc.state.phase is not Phase.SETUP:
            self.statusBar().showMessage("A campaign's party is brought in before combat "
                                         "starts", 8000)
            return
        if campaign is None:
            path, _ = QFileDialog.getOpenFileName(self, "Bring in the party of a campaign",
                                                  "", "Campaigns (*.yaml *.yml)")
            campaign = Path(path) if path else None
        if campaign is None:
            return
        from tactical.ui.campaign import carry_into

        self.statusBar().showMessage(carry_into(doc, campaign), 10000)

    def rest_party(self, campaign: Path | None = None) -> None:
        """File ▸ Rest the party…: the open fight's campaign, else one the GM picks."""
        from tactical.ui.campaign import RestDialog, document_campaign

        if campaign is None and self.document is not None:
            campaign = document_campaign(self.document)
        if campaign is None:
            path, _ = QFileDialog.getOpenFileName(self, "Rest the party of a campaign", "",
                                                  "Campaigns (*.yaml *.yml)")
            campaign = Path(path) if path else None
        if campaign is None:
            return
        try:
            self.rest_dialog = RestDialog(campaign, self)
        except TacticalError as error:
            QMessageBox.warning(self, "Cannot open the campaign", str(error)[:4000])
            return
        self.rest_dialog.open()

    def write_party_to_chummer(self, campaign: Path | None = None) -> None:
        """File ▸ Write the party's wounds back to Chummer…: the open fight's campaign,
        else one the GM picks; what is written is listed and asked first."""
        from tactical.ui.campaign import document_campaign
        from tactical.ui.chummer import write_party_back

        if campaign is None and self.document is not None:
            campaign = document_campaign(self.document)
        if campaign is None:
            path, _ = QFileDialog.getOpenFileName(self, "The campaign whose party goes back "
                                                  "to Chummer", "", "Campaigns (*.yaml *.yml)")
            campaign = Path(path) if path else None
        if campaign is not None:
            write_party_back(self, campaign)

    def choose_ruleset(self, map_path: Path) -> str | None:
        """Which ruleset runs the new encounter: the open encounter's offered first (a GM
        running SR5 keeps SR5, issue 25 item 6), else the map's own."""
        from tactical.data.library import load_map
        from tactical.ui.rulesets import DEFAULT_RULESET, titles

        own: str
        try:
            own = load_map(map_path).map.ruleset
        except TacticalError:
            own = DEFAULT_RULESET  # open_path will say what is wrong with the file
        named = titles()
        names = list(named.values())
        current = self.document.state.ruleset if self.document is not None else None
        default = current if current in named else own
        label, ok = QInputDialog.getItem(self, "Ruleset", "Run this encounter with:", names,
                                         list(named).index(default), False)
        if not ok:
            return None
        return next(key for key, name in named.items() if name == label)

    def choose_encounter(self) -> None:
        from tactical.encounter.store import autosave

        folder = autosave.encounters_dir()
        with contextlib.suppress(OSError):  # a read-only data folder: the dialog still opens
            folder.mkdir(parents=True, exist_ok=True)
        path, _ = QFileDialog.getOpenFileName(self, "Continue an encounter", str(folder),
                                              "Encounter logs (*.jsonl)")
        if path:
            self.open_path(Path(path))

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open a map or an encounter", str(maps_dir()),
            "Maps and encounters (*.yaml *.yml *.jsonl);;Maps (*.yaml *.yml);;"
            "Encounter logs (*.jsonl)")
        if path:
            self.open_path(Path(path))

    def save_as(self) -> None:
        if self.document is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save encounter as", "",
                                              "Encounter logs (*.jsonl)")
        if path:
            from tactical.encounter.store import files
            from tactical.ui.opening import now

            target = Path(path).with_suffix(".jsonl")
            try:
                files.save_as(self.document.encounter, target,
                              now().isoformat(timespec="seconds"))
            except Exception as exc:  # any failure to save is a message, never a crash
                QMessageBox.warning(self, "Cannot save", str(exc))
                return
            self.document.saved_at = self.document.steps
            self._remember(target)
            self.statusBar().showMessage(f"Saved a copy as {target}", 6000)

    def export_image(self) -> None:
        if self.document is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export board image", "board.png",
                                              "PNG images (*.png)")
        if path:
            from tactical.ui.board.render import render_image, save_png

            image = render_image(self.document, (1920, 1080), self.document.selected)
            try:
                save_png(image, Path(path))
            except (TacticalError, OSError) as error:  # CannotWrite: "cannot write FILE: …"
                QMessageBox.warning(self, "Cannot export", str(error))

    def _remember(self, path: Path) -> None:
        recent = [str(path.resolve())] + [p for p in self._recent() if p !=
                                          str(path.resolve())]
        self.prefs.set("recent", recent[:MAX_RECENT])
        self._rebuild_recent()

    def _recent(self) -> list[str]:
        return self.prefs.texts("recent", MAX_RECENT)

    def _rebuild_recent(self) -> None:
        self.recent_menu.clear()
        recent = self._recent()
        for path in recent:
            kind = "encounter" if path.endswith(".jsonl") else "map"
            action = self.recent_menu.addAction(f"{Path(path).name}  ({kind})")
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(Path(p)))
        self.recent_menu.setEnabled(bool(recent))

    # --- view

    def zoom_to_fit(self) -> None:
        if self.view is not None:
            self.view.zoom_to_fit()

    def set_full_screen(self, on: bool) -> None:
        """F11; leaving it gives back the window as it was: a maximised one stays maximised
        (the 1080p play-test: the maximised window came back as a small one in the middle)."""
        if on:
            if not self.isFullScreen():
                self._was_maximised = self.isMaximized()
            self.showFullScreen()
        elif self._was_maximised:
            self.showMaximized()
        else:
            self.showNormal()

    def _legend_menu(self) -> dict[str, QAction]:
        """View ▸ Legend position: dock the legend to an edge (issue 14)."""
        view_menu = next(a.menu() for a in self.menuBar().actions() if a.text() == "&View")
        assert isinstance(view_menu, QMenu)
        menu = view_menu.addMenu("Legend &position")
        group = QActionGroup(self)
        edges: dict[str, QAction] = {}
        current = self._legend_edge()
        for edge in LEGEND_EDGES:
            action = menu.addAction("Automatic (left, or bottom when narrow)" if edge == "auto"
                                    else edge.capitalize())
            action.setObjectName(f"action_legend_{edge}")
            action.setCheckable(True)
            action.setChecked(edge == current)
            group.addAction(action)
            action.triggered.connect(lambda _=False, e=edge: self.set_legend_edge(e))
            edges[edge] = action
        return edges

    def set_legend_edge(self, edge: str) -> None:
        self.prefs.set("view/legend_edge", edge)
        self.legend_edges[edge].setChecked(True)
        if self.scene is not None and self.view is not None:
            self.scene.legend.edge = edge
            self.view.fitted = False  # fitted beside the legend where it was
            self.view.viewport().update()
            self.view.place_words()

    def _legend(self, on: bool) -> None:
        if self.scene is not None and self.view is not None:
            self.scene.legend.visible = on
            self.view.viewport().update()
            self.view.place_words()

    def show_shortcuts(self) -> None:
        from tactical.ui.shortcuts import ShortcutsDialog

        dialog = ShortcutsDialog(acts.shortcut_table(self.action_map), self)
        dialog.setModal(True)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.show()  # (not exec: the tests and the docs renderer look at it open)
        self.shortcuts_dialog = dialog

    def copy_support_details(self) -> None:
        from tactical.ui.support import copy_support_details  # issue 23

        copy_support_details(self, self.document, list(self.frame_times.ms),
                             self.settings.fileName())

    def show_about(self) -> None:
        QMessageBox.about(self, "About Tactical",
                          f"Tactical {__version__}\nA game master's combat board.")

    # --- layout and closing

    def _restore_layout(self) -> None:
        """The saved size, place and docks, if they fit this screen (issue 23: a layout
        saved on a larger screen, or by another Qt, opens maximised instead)."""
        from tactical.ui.screenfit import restore_geometry, restore_state

        self.start_maximised = not restore_geometry(self, self.prefs)
        restore_state(self, self.prefs)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.player_screen.set_document(None, None)  # issue 16: the players' window too
        self.stream_overlays.stop()  # issue 28: frees the port
        self.prefs.set("window/geometry", self.saveGeometry())
        self.prefs.set("window/state", self.saveState())
        if self.document is not None:
            self._put_away(self.document)
        self.document = None
        super().closeEvent(event)
