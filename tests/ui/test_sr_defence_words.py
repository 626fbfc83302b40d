"""A declared SR defence's dice in the book's words through the real window at 1280 × 720:
the grab of Cutter's Dodge read "Dodge: gymnastics +0" in the Defence pool and on the
result card (the sheet's skill id), "Full Defense: willpower" likewise."""

from __future__ import annotations

from pathlib import Path

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tests import windows

MAPS = Path(__file__).resolve().parents[1] / "scenarios" / "maps"


def test_sr5_dodge_reads_gymnastics_in_the_pool_and_on_the_card(qtbot, tmp_path):
    win = windows.open_window(qtbot, tmp_path, (1280, 720), MAPS / "sr5_passes.yaml",
                              ScriptedDice(d10=[5] * 8, d6=[5, 2, 3] * 40))
    try:
        for cid, value in (("wombat", 14), ("cutter", 10), ("vanya", 9), ("ganger", 8)):
            win.document.apply(cmd.SetInitiative(cid, value))
        win.document.apply(cmd.StartCombat())
        win.attack_target("cutter")
        qtbot.wait(30)
        panel, combo = win.dock.attack, win.dock.attack.part.sr_defence_combo
        combo.setCurrentIndex(combo.findData("dodge"))
        qtbot.wait(30)
        assert "Dodge: Gymnastics" in panel.breakdown.text()
        full = combo.findData("full_defense")
        combo.setCurrentIndex(full)
        qtbot.wait(30)
        assert "Full Defense: Willpower" in panel.breakdown.text()
        combo.setCurrentIndex(combo.findData("dodge"))
        qtbot.wait(30)
        panel.roll_button.click()
        qtbot.wait(30)
        card = panel.result.text()
        assert "Dodge: Gymnastics 0" in card, card
        assert "gymnastics" not in card and "gymnastics" not in panel.breakdown.text()
    finally:
        windows.close(win)
