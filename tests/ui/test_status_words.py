"""What the status bar and the tooltips say about the window's actions, as the GM reads them
while hovering a toolbar button or a menu item (play-test at 720p: the status bar read
"End the current turn (Space) (Space)")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction, QKeySequence

from tests import fights
from tests.ui.test_drag_path import press, send
from tests.windows import close, open_window


def test_each_action_names_its_shortcut_once(qtbot, tmp_path: Path) -> None:
    window = open_window(qtbot, tmp_path, size=(1280, 720))
    checked = 0
    for action in window.findChildren(QAction):
        key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if not key:
            continue
        for text in (action.toolTip(), action.statusTip()):
            assert text.count(f"({key})") <= 1, f"{action.objectName()}: {text!r}"
        checked += 1
    assert window.findChild(QAction, "action_next").statusTip() == "End the current turn (Space)"
    assert checked >= 5
    close(window)


def test_the_hovered_hex_is_told_anew_after_a_drop_under_a_still_cursor(qtbot,
                                                                         demo_window) -> None:
    # play-test at 1080p: Vanya dropped on 4,10 and the status bar, the cursor still on her,
    # read "Hex 4,10 · 6 m from Vanya" (measured from where she had stood)
    window = demo_window
    doc = fights.start(window.document)
    window.zoom_to_fit()
    assert doc.state.actor == "kicker" and doc.state.get("kicker").hex == (2, 8)
    press(window, (2, 8))
    send(window, QEvent.Type.MouseMove, (3, 7))
    send(window, QEvent.Type.MouseMove, (4, 7))
    assert window.hover_label.text().startswith("Hex 4,7 · 4 m from Kicker")
    with qtbot.waitSignal(doc.changed):
        send(window, QEvent.Type.MouseButtonRelease, (4, 7), Qt.MouseButton.NoButton,
             Qt.MouseButton.LeftButton)
    assert doc.state.get("kicker").hex == (4, 7)
    words = window.hover_label.text()
    assert words.startswith("Hex 4,7 · Kicker"), words
    assert "m from Kicker" not in words
    # a new selection under the same cursor: measured from the one selected now
    doc.select("vanya")
    vanya = doc.state.get("vanya").hex
    assert " m from Vanya" in window.hover_label.text() and vanya != (4, 7)


def test_leaving_full_screen_gives_back_the_maximised_window(qtbot, tmp_path: Path) -> None:
    # play-test at 1080p: F11 twice on the maximised window left a small one in the middle
    window = open_window(qtbot, tmp_path, size=None)
    window.showMaximized()
    qtbot.waitUntil(window.isMaximized)
    full = window.action_map["fullscreen"]
    full.trigger()
    qtbot.waitUntil(window.isFullScreen)
    full.trigger()
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert window.isMaximized()
    window.showNormal()
    full.trigger()
    qtbot.waitUntil(window.isFullScreen)
    full.trigger()
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not window.isMaximized()  # a window that was not maximised comes back as it was
    close(window)


def test_a_tokens_tooltip_names_its_side_as_the_map_does(qtbot, tmp_path: Path) -> None:
    # play-test at 720p: the tooltip over Kicker while aiming read "Kicker (runners)", the
    # side's id; the map names it "Runners"
    yard = Path(__file__).resolve().parents[1] / "scenarios" / "maps" / "area_yard.yaml"
    window = open_window(qtbot, tmp_path, size=(1280, 720), path=yard)
    kicker, ganger = window.scene.tokens["kicker"], window.scene.tokens["ganger"]
    assert "<b>Kicker</b> (Runners)" in kicker.toolTip(), kicker.toolTip()
    assert "<b>Ganger</b> (Gang)" in ganger.toolTip(), ganger.toolTip()
    close(window)


def test_the_toolbar_buttons_stay_put_as_the_undo_label_changes(qtbot, tmp_path: Path) -> None:
    # a 720p real-X session: "Undo End PanGen Abomination's turn" widened the Undo button and
    # pushed Full screen under the pointer where Player view had been one click before
    from tactical.encounter import commands as cmd

    window = open_window(qtbot, tmp_path, size=(1280, 720))
    toolbar = window.toolbar
    fit = toolbar.widgetForAction(window.action_map["fit"])
    before = fit.mapTo(window, fit.rect().topLeft()).x()
    doc = window.document
    doc.apply(cmd.AddCombatant("bart", "ganger", (6, 8), "corp",
                               "Bartholomew Fitzgerald-Worthington the Third"))
    undo = window.action_map["undo"]
    assert "Bartholomew Fitzgerald-Worthington the Third" in undo.text()  # the Edit menu's
    qtbot.wait(20)
    assert fit.mapTo(window, fit.rect().topLeft()).x() == before
    assert undo.iconText().endswith("…")  # elided on the button, whole in the Edit menu
    assert "Bartholomew Fitzgerald-Worthington the Third" in undo.toolTip()
    close(window)
