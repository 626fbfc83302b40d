"""Issue 22: a command is drawn once. Through the real main window (offscreen), count the
board's syncs at a drop and at an undo, the attack previews and the sight questions at a
choice of target, and the move previews at the first step of a drag."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tactical.core.paths import demo_map
from tactical.encounter import commands as cmd
from tactical.encounter.queries import oracle as oracle_module
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools import drag as drag_module
from tactical.ui.dock import attack as attack_module
from tactical.ui.main_window import MainWindow

INITIATIVE = {"kicker": 30, "vanya": 22, "guard-shotgun": 18, "guard-shield": 14,
              "guard-office": 11, "abomination": 9}


class Calls:
    """Who called a spied function, in order (the first argument: `self` for a method)."""

    def __init__(self) -> None:
        self.by: list[Any] = []

    def spy(self, real: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.by.append(args[0] if args else None)
            return real(*args, **kwargs)
        return counted

    def of(self, who: object) -> int:
        return sum(1 for x in self.by if x is who)

    def __len__(self) -> int:
        return len(self.by)

    def clear(self) -> None:
        self.by.clear()


@pytest.fixture
def syncs(monkeypatch) -> Calls:
    """BoardScene.sync, spied before any board connects it to its document."""
    calls = Calls()
    monkeypatch.setattr(BoardScene, "sync", calls.spy(BoardScene.sync))
    return calls


@pytest.fixture
def window(qtbot, tmp_path, syncs) -> Iterator[MainWindow]:
    """The demo fight, round 1, Kicker acting, the board fitted in a shown window."""
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    win.resize(1600, 900)
    win.show()
    qtbot.waitExposed(win)
    assert win.open_path(demo_map())
    doc = win.document
    for cid, value in INITIATIVE.items():
        doc.apply(cmd.SetInitiative(cid, value))
    doc.apply(cmd.StartCombat())
    win.zoom_to_fit()
    yield win
    win.close()


def at(window: MainWindow, h: tuple[int, int]) -> QPoint:
    return window.view.mapFromScene(window.scene.centre(h))


def send(window: MainWindow, kind: QEvent.Type, point: QPoint, buttons: Qt.MouseButton,
         button: Qt.MouseButton = Qt.MouseButton.NoButton) -> None:
    viewport = window.view.viewport()
    event = QMouseEvent(kind, QPointF(point), QPointF(viewport.mapToGlobal(point)), button,
                        buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, event)


def press(window: MainWindow, h: tuple[int, int]) -> None:
    QTest.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at(window, h))


def drag(window: MainWindow, path: tuple[tuple[int, int], ...]) -> None:
    press(window, window.document.state.get("kicker").hex)
    for h in path:
        send(window, QEvent.Type.MouseMove, at(window, h), Qt.MouseButton.LeftButton)


def drop(window: MainWindow, h: tuple[int, int]) -> None:
    send(window, QEvent.Type.MouseButtonRelease, at(window, h), Qt.MouseButton.NoButton,
         Qt.MouseButton.LeftButton)


def test_a_drop_syncs_the_board_once(window, syncs):
    drag(window, ((3, 7), (4, 7)))
    syncs.clear()
    drop(window, (4, 7))
    assert window.document.state.get("kicker").hex == (4, 7)  # the Move was applied
    assert syncs.of(window.scene) == 1
    assert window.scene.tokens["kicker"].pos() == window.scene.centre((4, 7))


def test_a_refused_drop_syncs_the_board_once_and_the_token_snaps_back(window, syncs):
    window.document.apply(cmd.Move("kicker", ((3, 7),)))
    window.document.apply(cmd.Move("kicker", ((4, 7),)))  # both Moves spent
    drag(window, ((5, 6),))
    syncs.clear()
    drop(window, (5, 6))
    assert window.document.state.get("kicker").hex == (4, 7)
    assert syncs.of(window.scene) == 1
    assert window.scene.tokens["kicker"].pos() == window.scene.centre((4, 7))


def test_undo_and_redo_sync_the_board_once_even_mid_drag(window, syncs):
    doc = window.document
    doc.apply(cmd.Move("kicker", ((3, 7),)))
    syncs.clear()
    doc.undo()
    assert syncs.of(window.scene) == 1
    syncs.clear()
    doc.redo()
    assert syncs.of(window.scene) == 1
    for undone in ("Move", "SetCondition"):  # the dragged token's own step, or another's
        if undone == "SetCondition":
            doc.apply(cmd.SetCondition("guard-office", "prone", True))
        drag(window, ((4, 7), (5, 6)))
        syncs.clear()
        doc.undo()  # Ctrl+Z with the button still held: the drag is dropped, drawn once
        assert not window.view.drag_tool.dragging
        assert syncs.of(window.scene) == 1
        kicker = window.scene.tokens["kicker"]
        assert kicker.pos() == window.scene.centre(doc.state.get("kicker").hex), undone
        assert kicker.name_label.isVisible()


def test_the_first_drag_step_asks_for_one_move_preview(window, monkeypatch):
    calls = Calls()
    monkeypatch.setattr(drag_module, "move_preview", calls.spy(drag_module.move_preview))
    press(window, (2, 8))
    assert len(calls) == 1  # the press prepares the mover's enemies (issue 13)
    calls.clear()
    send(window, QEvent.Type.MouseMove, at(window, (3, 7)), Qt.MouseButton.LeftButton)
    tool = window.view.drag_tool
    assert tool.dragging and tool.path == [(2, 8), (3, 7)]
    assert len(calls) == 1
    assert tool.report is not None and tool.report.hexes == ((2, 8), (3, 7))
    calls.clear()
    send(window, QEvent.Type.MouseMove, at(window, (4, 7)), Qt.MouseButton.LeftButton)
    assert len(calls) == 1
    drop(window, (4, 7))


@pytest.fixture
def previews(monkeypatch) -> tuple[Calls, Calls]:
    """The dock's attack previews and the map's sight questions (the geometry's own)."""
    shown, seen = Calls(), Calls()
    monkeypatch.setattr(attack_module, "preview", shown.spy(attack_module.preview))
    monkeypatch.setattr(oracle_module, "sight", seen.spy(oracle_module.sight))
    return shown, seen


def test_choosing_a_target_in_the_list_previews_the_attack_once(window, previews):
    shown, seen = previews
    panel = window.dock.attack
    index = panel.target_combo.findData("guard-office")
    assert index >= 0 and panel.target_combo.currentData() != "guard-office"
    shown.clear()
    seen.clear()
    panel.target_combo.setCurrentIndex(index)
    assert panel.current is not None and panel.current.attack.target == "guard-office"
    assert (len(shown), len(seen)) == (1, 1)


def test_picking_a_target_on_the_board_previews_the_attack_once(window, previews, qtbot):
    shown, seen = previews
    panel = window.dock.attack
    panel.pick_button.setChecked(True)
    shown.clear()
    seen.clear()
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at(window, window.document.state.get(
                         "guard-office").hex))
    assert panel.current is not None and panel.current.attack.target == "guard-office"
    assert window.document.selected == "kicker"  # the board keeps the attacker's bands
    assert (len(shown), len(seen)) == (1, 1)


def test_attack_with_from_the_token_menu_previews_the_attack_once(window, previews):
    shown, seen = previews
    shown.clear()
    seen.clear()
    window.attack_target("guard-office")
    assert window.dock.attack.current is not None
    assert window.dock.attack.current.attack.target == "guard-office"
    assert (len(shown), len(seen)) == (1, 1)


def test_every_view_syncs_once_per_command_undo_and_redo(window, syncs, monkeypatch):
    """The GM's board, the players' board (fog on) and camera, the dock's sections and the
    log each read the document's one change once: an attack rolled, its undo, its redo."""
    from tactical.core.dice import RandomDice
    from tactical.ui.dock.actbar import ActionsBar
    from tactical.ui.dock.combatant import StatusPanel
    from tactical.ui.dock.initiative import InitiativePanel
    from tactical.ui.dock.log import CombatLog
    from tactical.ui.dock.turn import TurnPanel
    from tactical.ui.player.view import PlayerView
    from tactical.ui.player.window import PlayerWindow

    views = Calls()
    for cls, name in ((CombatLog, "sync"), (InitiativePanel, "sync"), (TurnPanel, "sync"),
                      (StatusPanel, "sync"), (ActionsBar, "sync"),
                      (PlayerWindow, "_document_changed"), (PlayerView, "_after_change")):
        monkeypatch.setattr(cls, name, views.spy(getattr(cls, name)))
    window.set_document(window.document)  # the dock's sections built with the spies on
    players = window.player_screen.open()
    assert players is not None
    window.player_screen.set_fog(True)
    dock, doc = window.dock, window.document
    watched = [window.scene, players.scene, players, players.view, dock.log,
               dock.initiative, dock.turn, dock.status, dock.actions_bar]
    doc.apply(cmd.EndTurn())  # Vanya's turn: her pistol reaches the guard
    doc.encounter.dice = RandomDice(5)
    window.attack_target("guard-shotgun")
    assert dock.attack.roll_button.isEnabled(), dock.attack.refusals.text()
    for step in (dock.attack.roll, doc.undo, doc.redo):
        syncs.clear()
        views.clear()
        step()
        counts = [syncs.of(v) + views.of(v) for v in watched]
        assert counts == [1] * len(watched), (step, counts)
    players.close()


def test_a_command_redraws_the_tokens_it_touched_as_a_new_board_would(qtbot, monkeypatch):
    """The GM's board re-reads only the tokens a change names (and the actor and selection
    then and now): after each step it draws every token as a board built afresh does."""
    from tactical.core.dice import RandomDice
    from tactical.data.library import load_map
    from tactical.encounter.handlers import terrain
    from tactical.ui.board.tokens import TokenItem
    from tactical.ui.document import EncounterDocument

    document = EncounterDocument.for_map(load_map(demo_map()), RandomDice(4))
    scene = BoardScene(document)
    for cid, value in INITIATIVE.items():
        document.apply(cmd.SetInitiative(cid, value))
    looked = Calls()
    monkeypatch.setattr(TokenItem, "sync", looked.spy(TokenItem.sync))

    def drawn(board: BoardScene) -> dict[str, object]:
        return {cid: (t.look, t.pos(), t.zValue()) for cid, t in board.tokens.items()}

    steps = [
        lambda: document.apply(cmd.StartCombat()),
        lambda: document.select("kicker"),
        lambda: document.apply(cmd.Move("kicker", ((3, 7), (4, 7)))),
        lambda: document.apply(cmd.EndTurn()),  # Vanya acts: the ring moves
        lambda: document.apply(cmd.Attack("vanya", "guard-shotgun")),
        lambda: document.apply(terrain.RemoveCover("office-wall-north", "removed")),
        document.undo, document.undo, document.redo,
        lambda: document.select("guard-shotgun"),
        lambda: document.apply(cmd.RemoveCombatant("guard-office")),  # the roster: all
    ]
    everyone = set(scene.tokens)
    expected = [
        everyone,  # the fight starts: every combatant's turn budget
        {"kicker"},  # selected
        {"kicker"},  # moved (the actor, selected)
        {"kicker", "vanya"},  # the ring goes to Vanya
        {"vanya", "guard-shotgun"},  # the shot paid for, the guard hit
        set(),  # a wall blown open: no token changes
        set(), {"vanya", "guard-shotgun"}, {"vanya", "guard-shotgun"},  # undo, undo, redo
        {"kicker", "guard-shotgun"},  # the selection moves
        everyone - {"guard-office"},  # the roster changed: every token placed afresh
    ]
    for step, wanted in zip(steps, expected, strict=True):
        looked.clear()
        step()
        assert {item.token_id for item in looked.by if item.scene() is scene} == wanted, step
        assert drawn(scene) == drawn(BoardScene(document)), step
