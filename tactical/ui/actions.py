"""The window's actions, menus and toolbar: one place that says what each does, its
shortcut and its tooltip (issue 6: shortcuts for everything frequent)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from tactical.ui.menus import LAYERS
from tactical.ui.shortcuts import two_columns


@dataclass(frozen=True)
class Spec:
    name: str
    text: str
    keys: tuple[str | QKeySequence.StandardKey, ...] = ()
    tip: str = ""
    checkable: bool = False


SPECS = {
    "new": Spec("new", "&New encounter from map…", (QKeySequence.StandardKey.New,),
                "Start an encounter on a map file (autosaved as you play)"),
    "open": Spec("open", "&Open…", (QKeySequence.StandardKey.Open,),
                 "Open a map (.yaml) or continue an encounter log (.jsonl)"),
    "continue": Spec("continue", "&Continue an encounter…", ("Ctrl+Shift+O",),
                     "Continue a saved encounter from your encounters folder"),
    "carry_in": Spec("carry_in", "&Bring in a campaign's party…", (),
                     "Before combat: the party's tokens start with their campaign's state"),
    "rest": Spec("rest", "&Rest the party…", (),
                 "Pass time for a campaign's party: rests, healing, reload, Edge"),
    "party_chummer": Spec("party_chummer", "Write the party's wounds back to C&hummer…", (),
                          "A campaign's Chummer runners: their carried condition monitors "
                          "into their .chum5 files (only those boxes change)"),
    "save_as": Spec("save_as", "Save encounter &as…", ("Ctrl+Shift+S",),
                    "Write a compact copy of this encounter (the autosave goes on)"),
    "export": Spec("export", "&Export board image…", ("Ctrl+E",),
                   "Save the board as a PNG for handouts and stream overlays"),
    "quit": Spec("quit", "&Quit", (QKeySequence.StandardKey.Quit,)),
    "undo": Spec("undo", "&Undo", ("Ctrl+Z",), "Undo the last command, rolls and all"),
    "redo": Spec("redo", "&Redo", ("Ctrl+Shift+Z", "Ctrl+Y"),
                 "Redo: the very same dice come up again"),
    "start": Spec("start", "&Start combat", ("Ctrl+Return",),
                  "Roll initiative for everyone without a value and start round 1"),
    "next": Spec("next", "&Next turn", ("Space",), "End the current turn"),
    "end": Spec("end", "&End combat", (), "End the fight"),
    "fit": Spec("fit", "Zoom to &fit", ("F",), "Show the whole map"),
    "fullscreen": Spec("fullscreen", "&Full screen", ("F11",), "Full screen", True),
    "legend": Spec("legend", "&Legend", ("L",), "Show the legend", True),
    # issue 26, item 3: what holding Alt during a drag does, kept on (the status bar's toggle)
    "safest": Spec("safest", "Safest &path", (),
                   "Drags take the safest path: the fewest reactions within the movement "
                   "left, then the shortest (as holding Alt while dragging does)", True),
    "shortcuts": Spec("shortcuts", "&Keyboard shortcuts", (QKeySequence.StandardKey.HelpContents,)),
    "about": Spec("about", "&About Tactical"),
    "support": Spec("support", "Copy &support details",
                    tip="Copy what a bug report needs (versions, screens, sizes and counts, "
                        "the log's path; no map content) to the clipboard"),
}
LAYER_NAMES = {"grid": "Hex grid", "cover": "Cover", "bands": "Range bands",
               "triggers": "Reaction triggers", "tokens": "Tokens and labels"}


def make_actions(window: QMainWindow) -> dict[str, QAction]:
    actions: dict[str, QAction] = {}
    for spec in SPECS.values():
        action = QAction(spec.text, window)
        action.setObjectName(f"action_{spec.name}")
        shortcuts = [QKeySequence(k) for k in spec.keys]
        if shortcuts:
            action.setShortcuts(shortcuts)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        tip = spec.tip or spec.text.replace("&", "").rstrip("…")
        if shortcuts:
            tip += f" ({shortcuts[0].toString(QKeySequence.SequenceFormat.NativeText)})"
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.setCheckable(spec.checkable)
        actions[spec.name] = action
    for number, layer in enumerate(LAYERS, start=1):
        action = QAction(f"{LAYER_NAMES[layer]}", window)
        action.setObjectName(f"action_layer_{layer}")
        action.setCheckable(True)
        action.setChecked(True)
        action.setShortcut(QKeySequence(str(number)))
        action.setToolTip(f"Show or hide {LAYER_NAMES[layer].lower()} ({number})")
        actions[f"layer_{layer}"] = action
    return actions


def build_menus(window: QMainWindow, actions: dict[str, QAction],
                recent: QMenu) -> tuple[QToolBar, QMenu]:
    """The menu bar and the toolbar; returns the toolbar and the Combat menu (the dock adds
    its own actions there)."""
    bar = window.menuBar()
    file_menu = bar.addMenu("&File")
    for name in ("new", "open", "continue", "carry_in", "rest", "party_chummer"):
        file_menu.addAction(actions[name])
    file_menu.addMenu(recent)
    file_menu.addSeparator()
    for name in ("save_as", "export"):
        file_menu.addAction(actions[name])
    file_menu.addSeparator()
    file_menu.addAction(actions["quit"])
    edit = bar.addMenu("&Edit")
    edit.addAction(actions["undo"])
    edit.addAction(actions["redo"])
    combat = bar.addMenu("&Combat")
    for name in ("start", "next", "end"):
        combat.addAction(actions[name])
    combat.addAction(actions["safest"])  # also in the status bar (main_window)
    combat.addSeparator()
    view = bar.addMenu("&View")
    layers = view.addMenu("&Layers")
    for layer in LAYERS:
        layers.addAction(actions[f"layer_{layer}"])
    for name in ("legend", "fit", "fullscreen"):
        view.addAction(actions[name])
    help_menu = bar.addMenu("&Help")
    help_menu.addAction(actions["shortcuts"])
    help_menu.addAction(actions["support"])
    help_menu.addAction(actions["about"])
    toolbar = window.addToolBar("Main")
    toolbar.setObjectName("mainToolbar")
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    for name in ("open", "undo", "redo", "start", "next", "fit", "fullscreen"):
        toolbar.addAction(actions[name])
    return toolbar, combat


#: Undo and Redo on the toolbar keep the width of this many characters, their names elided
#: there: a 720p real-X session had "Undo End PanGen Abomination's turn" push Full screen under
#: the pointer where Player view had been one click before
HISTORY_BUTTON_CHARS = 28


def set_history_label(toolbar: QToolBar, action: QAction, text: str) -> None:
    """Undo / Redo name what they take back: whole in the Edit menu and the tip, elided on a
    toolbar button of one width, so the buttons after it never move."""
    action.setText(text)
    key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    action.setToolTip(f"{text} ({key})" if key else text)
    button = toolbar.widgetForAction(action)
    if button is None:
        return
    metrics = button.fontMetrics()
    room = metrics.averageCharWidth() * HISTORY_BUTTON_CHARS
    action.setIconText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, room))
    button.setFixedWidth(room + 2 * metrics.averageCharWidth())


def connect(actions: dict[str, QAction], handlers: dict[str, Callable[..., object]]) -> None:
    for name, handler in handlers.items():
        action = actions[name]
        if action.isCheckable():
            action.toggled.connect(handler)
        else:
            action.triggered.connect(lambda _checked=False, h=handler: h())


def shortcut_table(actions: dict[str, QAction]) -> str:
    rows = []
    for action in actions.values():
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                         for k in action.shortcuts())
        if keys:
            rows.append(f"<tr><td><b>{keys}</b></td><td>{action.text().replace('&', '')}"
                        "</td></tr>")
    rows.append("<tr><td><b>Esc</b></td><td>Cancel a drag</td></tr>")
    rows.append("<tr><td><b>Space / right click (dragging)</b></td><td>Pin a waypoint; "
                "<b>Backspace</b> removes the last</td></tr>")
    rows.append("<tr><td><b>Alt (dragging)</b></td><td>Safest path: fewest reactions; "
                "the status bar's <b>Safest path</b> keeps it on</td></tr>")
    rows.append("<tr><td><b>Wheel</b></td><td>Zoom around the cursor</td></tr>")
    rows.append("<tr><td><b>Drag empty board</b></td><td>Pan</td></tr>")
    rows.append("<tr><td><b>Shift-drag a token</b></td><td>GM move (no action, no "
                "reaction)</td></tr>")
    rows.append("<tr><td><b>Right-click</b></td><td>A token's or a hex's menu</td></tr>")
    rows.append("<tr><td><b>Hold M, middle drag</b></td><td>Ruler (metres, band)</td></tr>")
    rows.append("<tr><td><b>Ctrl-click, Ctrl-drag</b></td><td>Choose several tokens; a GM "
                "move of one moves them all</td></tr>")
    return two_columns(rows)  # two columns: the list fits a 720p screen (issue 26)
