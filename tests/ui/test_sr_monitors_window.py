"""Issue 25 item 1 through the real window: under SR5 the GM's Apply damage and Heal (the
token menu) mark and clear boxes on the condition monitors, with no Chapter 6 injury and
no dice asked (RULINGS "Damage on the monitors")."""

from __future__ import annotations

from pathlib import Path

from tactical.core.dice import ScriptedDice
from tactical.rules.shadowrun.engine import monitors
from tests import windows
from tests.ui.test_gm_hands import Script, choose, token_menu

ALLEY = Path(__file__).resolve().parents[1] / "scenarios" / "maps" / "sr5_alley.yaml"


def test_apply_damage_and_heal_on_the_sr5_monitors(qtbot, tmp_path):
    # no dice scripted: a die asked for would fail the test (ScriptedDice runs out)
    win = windows.open_window(qtbot, tmp_path, (1280, 720), ALLEY, ScriptedDice())
    try:
        # the monitors by name, as on the sheet (the 720p grab offered "physical", "stun")
        script = Script(12, "Stun")
        win.set_asker(script)
        choose(token_menu(win, "cutter"), "Apply damage…")
        cutter = win.document.state.get("cutter")
        m = monitors(cutter)
        assert m is not None and (m.stun, m.physical, m.overflow) == (10, 2, 0)
        assert cutter.injury is None and cutter.fatigue == 0 and cutter.timers == ()
        assert script.asked == ["Boxes on Cutter's monitor", "Monitor"]
        win.set_asker(Script("Stun", 4))
        choose(token_menu(win, "cutter"), "Heal by hand…")
        m = monitors(win.document.state.get("cutter"))
        assert m is not None and (m.stun, m.physical) == (6, 2)
    finally:
        windows.close(win)
