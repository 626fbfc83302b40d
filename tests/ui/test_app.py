"""The main window: opens the demo encounter with board and dock, shortcuts drive the
engine, broken files are messages, and a fight left in progress is offered back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QMessageBox

from tactical.core.paths import demo_map
from tactical.encounter import commands as cmd
from tactical.encounter.store import autosave
from tactical.ui import app as app_module
from tactical.ui.board import BoardView
from tactical.ui.dock import CombatDock
from tactical.ui.fonts import load_app_font
from tactical.ui.main_window import MainWindow
from tactical.ui.opening import close_document, start_on_map
from tests.resume_offer import answer_fights


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(demo_window):
    return demo_window


def test_the_demo_encounter_opens_with_board_and_dock(window):
    assert window.windowTitle().startswith("Tactical — Warehouse 7, Tacoma docks")
    assert isinstance(window.centralWidget(), BoardView)
    assert isinstance(window.dock, CombatDock)
    assert window.document.path is not None and window.document.path.exists()  # autosave


def test_space_ends_the_turn_and_ctrl_z_undoes_it(window, qtbot):
    doc = window.document
    window.action_map["start"].trigger()
    first = doc.state.actor
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert doc.state.actor != first
    assert window.action_map["undo"].text() == f"Undo End {doc.state.get(first).name}'s turn"
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.state.actor == first
    assert window.action_map["redo"].isEnabled()


def test_number_keys_toggle_layers(window, qtbot):
    window.view.setFocus()
    assert window.scene.layer_visible("grid")
    qtbot.keyClick(window.view, Qt.Key.Key_1)
    assert not window.scene.layer_visible("grid")
    qtbot.keyClick(window.view, Qt.Key.Key_1)
    assert window.scene.layer_visible("grid")


def test_a_refused_command_shows_why_in_the_status_bar(window):
    # issue 14, defect 7: the toolbar follows the phase, so Next turn waits for combat
    assert not window.action_map["next"].isEnabled()
    assert window.action_map["start"].isEnabled() and not window.action_map["end"].isEnabled()
    window.document.apply(cmd.EndTurn())  # as a script or another view might
    assert "combat has not started" in window.statusBar().currentMessage()
    window.action_map["start"].trigger()
    assert window.action_map["next"].isEnabled() and not window.action_map["start"].isEnabled()


def test_a_broken_map_is_a_message_and_the_encounter_stays(window, write, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[2]))
    before = window.document
    assert not window.open_path(write("bad.yaml", "kind: map\nname: x\n"))
    assert "grid: missing required field 'grid'" in shown[0]
    assert window.document is before


def test_recent_files_are_remembered(window, settings, qtbot):
    assert str(demo_map().resolve()) in settings.value("recent")
    again = MainWindow(settings=settings)
    qtbot.addWidget(again)
    assert again.recent_menu.actions()[0].text() == f"{demo_map().name}  (map)"
    again.close()


def test_a_fight_left_in_progress_is_offered_and_resumes_where_it_stopped(
        qtbot, settings, monkeypatch, tmp_path):
    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path / "data"))
    doc = start_on_map(demo_map())
    doc.apply(cmd.StartCombat())
    doc.apply(cmd.EndTurn())
    expected = doc.state
    close_document(doc, finished=False)  # the GM quit mid-fight
    shown = answer_fights(monkeypatch, "continue")
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    path = app_module.offer_resume(win)
    assert path == doc.path
    assert shown.questions == ["You left a fight in progress on Warehouse 7, Tacoma docks — "
                               "continue it?"]
    assert win.open_path(path)
    assert win.document.state == expected
    win.close()  # the fight is still running: offered again at the next start
    assert autosave.latest_unfinished().path == doc.path
    assert str(doc.path.resolve()) in settings.value("recent")


def test_quitting_mid_fight_keeps_it_and_an_ended_fight_is_closed(qtbot, settings,
                                                                  monkeypatch, tmp_path):
    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path / "data"))
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    assert win.open_path(demo_map())
    running = win.document
    running.apply(cmd.StartCombat())
    assert win.open_path(demo_map())  # another encounter: the running fight is put away
    assert autosave.latest_unfinished().path == running.path
    labels = [a.text() for a in win.recent_menu.actions()]
    assert labels[0].endswith("(map)") and labels[1].endswith("(encounter)")
    win.action_map["start"].trigger()
    win.action_map["end"].trigger()
    ended = win.document
    win.close()
    assert [s.path for s in autosave.resumable()] == [running.path]  # not the ended one
    assert ended.path.exists()


def test_bundled_font_is_loaded(qapp):
    font = load_app_font(12)
    assert font.family() in QFontDatabase.families()
    assert "DejaVu Sans" in font.family()


@pytest.mark.parametrize("ruleset, title", [("chapter6", "Chapter 6"),
                                            ("sr5", "Shadowrun 5th edition"),
                                            ("sr4", "Shadowrun 4th edition")])
def test_a_new_encounter_runs_under_any_of_the_three_rulesets(qtbot, settings, monkeypatch,
                                                               ruleset, title):
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(demo_map()), ""))
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: (
        {"chapter6": "Chapter 6 (2d10 success checks)", "sr5": "Shadowrun 5th edition",
         "sr4": "Shadowrun 4th edition"}[ruleset], True))
    win.action_map["new"].trigger()
    assert win.document.state.ruleset == ruleset
    assert title in win.windowTitle()
    kicker = win.document.state.get("kicker")
    assert (kicker.sr_monitor is not None) == (ruleset != "chapter6")
    win.action_map["start"].trigger()
    assert win.document.state.actor is not None
    win.close()


def test_a_fight_filed_away_is_not_offered_again_and_not_now_keeps_it(
        qtbot, settings, monkeypatch, tmp_path):
    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path / "data"))
    doc = start_on_map(demo_map())
    doc.apply(cmd.StartCombat())
    close_document(doc, finished=False)
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    answer_fights(monkeypatch, "later")
    assert app_module.offer_resume(win) is None
    assert autosave.latest_unfinished().path == doc.path  # Not now: still in progress
    answer_fights(monkeypatch, "file")
    assert app_module.offer_resume(win) is None
    assert autosave.latest_unfinished() is None  # not asked again at the next start
    assert doc.path.exists()  # but kept: File ▸ Open can continue it
    win.close()


def test_an_untouched_launch_leaves_no_log_and_a_saved_fight_is_not_offered(
        qtbot, settings, monkeypatch, tmp_path):
    """Issue 14, defect 10: twelve launches wrote twelve empty autosaves; a fight the GM
    saved as a copy before quitting was offered as "Resume?" at the next start."""
    monkeypatch.setenv(autosave.ENV_VAR, str(tmp_path / "data"))
    win = MainWindow(settings=settings)
    qtbot.addWidget(win)
    assert win.open_path(demo_map())
    untouched = win.document.path
    assert untouched.exists()
    assert win.open_path(demo_map())  # nothing done on the first: its log goes
    assert not untouched.exists()
    win.document.apply(cmd.StartCombat())
    copy = tmp_path / "kept.jsonl"
    monkeypatch.setattr("tactical.ui.main_window.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(copy), ""))
    win.save_as()
    win.close()
    assert copy.exists() and autosave.latest_unfinished() is None
    assert str(copy.resolve()) == settings.value("recent")[0]
