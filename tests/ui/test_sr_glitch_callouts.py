"""Issue 25 item 6 through the real window at 1280 × 720: a critical glitch is called out on
the result card, leads its log line (in the glitch colour, bold) and flashes a pill over
the roller's token, which goes with the undo and when the turn passes."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.geometry.layout import hex_to_point
from tactical.ui.dock.lines import Kind
from tactical.ui.dock.log import line_html
from tactical.ui.main_window import MainWindow
from tests import windows

ALLEY = Path(__file__).resolve().parents[1] / "scenarios" / "maps" / "sr5_alley.yaml"
# Wombat's 10 dice (Pistols 4 + Agility 6): six 1s and no hit, a critical glitch (SR5: more
# than half the dice show 1, no hits); Cutter's 6 defence dice: one hit, no glitch: a miss
WOMBAT = [1, 1, 1, 1, 1, 1, 2, 3, 4, 2]
CUTTER = [5, 2, 3, 4, 2, 3]


def _wombat_shoots_cutter(qtbot, tmp_path: Path, d6: list[int]) -> MainWindow:
    """The alley at 1280 × 720, Wombat (14) acting before Cutter (9), his shot at Cutter
    rolled from the attack panel with these d6 faces."""
    win = windows.open_window(qtbot, tmp_path, (1280, 720), ALLEY,
                              ScriptedDice(d10=[5] * 4, d6=d6))
    win.document.apply(cmd.SetInitiative("wombat", 14))
    win.document.apply(cmd.SetInitiative("cutter", 9))
    win.document.apply(cmd.StartCombat())
    win.attack_target("cutter")
    qtbot.wait(30)
    win.dock.attack.roll_button.click()
    qtbot.wait(30)
    return win


def test_a_critical_glitch_is_called_out_on_card_log_and_token(qtbot, tmp_path):
    win = _wombat_shoots_cutter(qtbot, tmp_path, [*WOMBAT, *CUTTER] * 2)
    try:
        document, dock = win.document, win.dock
        panel = dock.attack
        # the result card: the call-out, big, over the numbers
        assert panel.result_callout.isVisible()
        assert panel.result_callout.text() == "⚠ CRITICAL GLITCH — Wombat's attack test"
        # and brought into view at 720p (the card lay below the dock's edge)
        viewport = dock.sections_scroll.viewport()
        head = QRect(panel.result_callout.mapTo(viewport, QPoint(0, 0)),
                     panel.result_callout.size())
        assert viewport.rect().contains(head)
        # the log line leads with it, in the glitch kind (bold, vermillion, ⚠)
        line = next(li for li in reversed(dock.log.lines) if "Wombat → Cutter" in li.text)
        assert line.kind is Kind.GLITCH
        assert line.text.startswith("CRITICAL GLITCH: Wombat's attack test · Wombat → Cutter")
        assert line_html(line).startswith("<span") and "<b>⚠ CRITICAL GLITCH" in line_html(line)
        # the token: a pill over Wombat, above his token's centre
        marks = win.scene.glitch_marks
        assert marks is not None and set(marks.items) == {"wombat"}
        pill = marks.items["wombat"]
        assert pill.isVisible() and pill.words == "⚠ CRITICAL GLITCH"
        x, y = hex_to_point(win.scene.layout, document.state.get("wombat").hex)
        assert pill.pos().x() == x and pill.pos().y() < y
        document.undo()  # the attack taken back: the call-out goes with it
        assert marks.items == {}
        document.redo()
        assert set(marks.items) == {"wombat"}
        document.apply(cmd.EndTurn())  # the turn passes: the pill is gone
        assert marks.items == {}
        win.grab().save(str(tmp_path / "glitch.png"))
    finally:
        windows.close(win)


def test_a_defence_glitch_is_named_in_words_on_the_card(qtbot, tmp_path):
    """The 720p grab of Wombat's shot at a dodging Cutter (1 1 1 1 5 2 typed for his
    defence) read "defense: glitch (…)" on the card under the call-out: the test's id, not
    its name."""
    cutter = [1, 1, 1, 1, 5, 2]  # four 1s of six: a glitch (SR5: more than half), one hit
    win = _wombat_shoots_cutter(qtbot, tmp_path,
                                [5, 5, 5, 2, 2, 2, 2, 3, 3, 3, *cutter, *[3] * 20])
    try:
        dock = win.dock
        assert dock.attack.result_callout.text() == "⚠ GLITCH — Cutter's defence test"
        card = dock.attack.result.text()
        assert "Defence test: glitch (more than half of the dice show 1)" in card
        assert "defense" not in card
    finally:
        windows.close(win)
