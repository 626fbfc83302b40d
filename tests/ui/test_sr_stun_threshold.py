"""The attack panel's "Stun if the DV is N or less" line through the real window, each
edition by its own text: SR5 keeps a DV equal to the AV Physical ("Physical DV >= AV",
sr5 l.20), SR4 turns it Stun ("does not exceed the Armor", sr4 l.33). The grab at 1280 × 720
showed Wombat's shot at Cutter (AV 12 −1 AP = 11) reading "Stun if the DV is 11 or less"
under SR5, so an 11 the engine marks Physical."""

from __future__ import annotations

import re
from pathlib import Path

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tests import windows

MAPS = Path(__file__).resolve().parents[1] / "scenarios" / "maps"


def stun_line(qtbot, tmp_path, map_name: str) -> tuple[int, int]:
    """The modified AV and the highest DV the panel says turns Stun."""
    win = windows.open_window(qtbot, tmp_path, (1280, 720), MAPS / map_name,
                              ScriptedDice(d10=[5] * 20, d6=[5, 1, 3] * 60))
    try:
        win.document.apply(cmd.SetInitiative("wombat", 14))
        win.document.apply(cmd.SetInitiative("cutter", 9))
        win.document.apply(cmd.StartCombat())
        win.attack_target("cutter")
        qtbot.wait(50)
        text = win.dock.attack.odds.text()
    finally:
        windows.close(win)
    found = re.search(r"= <b>(\d+)</b> \(Stun if the DV is (\d+) or less\)", text)
    assert found, text
    return int(found.group(1)), int(found.group(2))


def test_sr5_a_dv_equal_to_the_av_is_not_called_stun(qtbot, tmp_path):
    av, stun_at_most = stun_line(qtbot, tmp_path, "sr5_alley.yaml")
    assert av == 11  # the worked example's AV 12, AP −1
    assert stun_at_most == 10


def test_sr4_a_dv_equal_to_the_av_is_stun(qtbot, tmp_path):
    av, stun_at_most = stun_line(qtbot, tmp_path, "sr4_alley.yaml")
    assert av > 0
    assert stun_at_most == av
