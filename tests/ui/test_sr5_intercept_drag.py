"""SR5's Intercept on the map in the real main window (issue 25 item 4, RULINGS "Intercept on
the map"): dragging Wombat past Cutter lights Cutter's Intercept mid-drag; the drop stops
the move there and the dock lists it; taking it is Cutter's melee attack at once, for −5
Initiative; a Cutter without the score for it is left out, saying why. SR4 has no map
reactions."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtTest import QTest

from tactical.core.dice import RandomDice
from tactical.encounter import commands as cmd
from tactical.ui.board.tools.drag import drag_summary
from tactical.ui.main_window import MainWindow
from tests.ui.test_gm_flow import at, send

ALLEY = """kind: map
name: Alley behind the Hellhounds' bar
ruleset: {ruleset}
grid: {{columns: 10, rows: 6, orientation: flat}}
tokens:
  - {{id: wombat, character: wombat, side: runners, hex: [1, 2]}}
  - {{id: cutter, character: cutter, side: hellhounds, hex: [6, -1]}}
"""
PAST_CUTTER = [(2, 1), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0)]


def alley_window(qtbot, tmp_path, ruleset: str, cutter_score: int) -> MainWindow:
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"),
                                           QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    path = tmp_path / "alley.yaml"
    path.write_text(ALLEY.format(ruleset=ruleset), encoding="utf-8")
    assert window.open_path(path)
    doc = window.document
    doc.encounter.dice = RandomDice(7)
    for c in (cmd.SetInitiative("wombat", 14), cmd.SetInitiative("cutter", cutter_score),
              cmd.StartCombat()):
        doc.apply(c)
    assert doc.state.actor == "wombat"
    window.zoom_to_fit()
    return window


def drag_past_cutter(qtbot, window: MainWindow) -> list[str]:
    QTest.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, at(window, (1, 2)))
    for h in PAST_CUTTER:
        send(window, QEvent.Type.MouseMove, at(window, h), Qt.MouseButton.LeftButton)
    tool = window.view.drag_tool
    qtbot.waitUntil(lambda: tool.dragging and tool.path[-1] == PAST_CUTTER[-1])
    return [text for text, _colour in drag_summary(tool)]


def drop(qtbot, window: MainWindow) -> None:
    send(window, QEvent.Type.MouseButtonRelease, at(window, PAST_CUTTER[-1]),
         Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.view.drag_tool.dragging)


def test_sr5_intercept_is_offered_mid_drag_and_costs_five_initiative(qtbot, tmp_path):
    window = alley_window(qtbot, tmp_path, "sr5", cutter_score=11)
    summary = drag_past_cutter(qtbot, window)
    marks = {(m.reactor, m.kind) for m in window.scene.overlay.reaction_marks}
    assert marks == {("cutter", "intercept")}
    line = next(t for t in summary if t.startswith("Intercept: Cutter"))
    assert "within reach" in line and "−5 Initiative" in line
    assert "Intercept" in [e.text for e in window.scene.legend.entries]

    drop(qtbot, window)
    doc = window.document
    assert [(p.reactor, p.kind) for p in doc.state.pending] == [("cutter", "intercept")]
    halted = doc.state.get("wombat").hex
    assert halted in PAST_CUTTER[:-1]  # the move waits where Cutter can interrupt it
    assert window.dock.reactions.reactors() == ["cutter"]

    window.dock.reactions.row("cutter")[0].click()
    window.dock.attack.roll_button.click()
    state = doc.state
    assert not any(p.reactor == "cutter" for p in state.pending)
    assert state.get("cutter").initiative == 6  # 11 − 5 (sr5 "Intercept (−5 Initiative)")
    lines = [line.text for line in window.dock.log.lines]
    assert any("Cutter" in t and "Intercept" in t for t in lines)
    doc.undo()
    assert doc.state.get("cutter").initiative == 11
    assert [p.kind for p in doc.state.pending] == ["intercept"]


def test_without_the_score_for_it_cutter_is_left_out_and_says_why(qtbot, tmp_path):
    window = alley_window(qtbot, tmp_path, "sr5", cutter_score=4)
    drag_past_cutter(qtbot, window)
    tool = window.view.drag_tool
    assert tool.report is not None and tool.report.reactions == ()
    reasons = {x.reactor: x.reasons for x in tool.report.left_out}
    assert any("Initiative 4: an interrupt needs 5" in r for r in reasons["cutter"])
    drop(qtbot, window)
    assert window.document.state.pending == ()
    assert window.document.state.get("wombat").hex != (1, 2)  # it moved, unhindered


def test_sr4_offers_no_map_reactions(qtbot, tmp_path):
    window = alley_window(qtbot, tmp_path, "sr4", cutter_score=11)
    summary = drag_past_cutter(qtbot, window)
    assert not window.scene.overlay.reaction_marks
    assert "Shadowrun: no map reactions" in summary
    drop(qtbot, window)
    assert window.document.state.pending == ()
