"""Dice typed at the table through the real window under SR5: Start combat asks each
combatant's Initiative die by name. The 1280 × 720 grab showed "d6 #1 for the initiative
test, 1 dice" four times over (Wombat, Vanya, Cutter, the ganger), nobody named, so the GM
could not tell whose die to type (issue 25 item 6: the roller, the test and the pool)."""

from __future__ import annotations

from pathlib import Path

from tactical.ui.dock import AskDice
from tests import windows

MAPS = Path(__file__).resolve().parents[1] / "scenarios" / "maps"


def test_sr5_start_combat_asks_each_initiative_die_by_name(qtbot, tmp_path):
    win = windows.open_window(qtbot, tmp_path, (1280, 720), MAPS / "sr5_passes.yaml")
    prompts: list[str] = []
    faces = {"Wombat": 6, "Vanya": 1, "Cutter": 4, "Ganger": 2}

    def table(sides: int, prompt: str) -> int:
        prompts.append(prompt)
        return next(face for name, face in faces.items() if name in prompt)

    try:
        win.document.encounter.dice = AskDice(table)
        win.dock.initiative.start_button.click()
        started = win.document.state.round == 1
    finally:
        windows.close(win)
    # one Initiative die each (SR5: the sum of 1d6), the roller named, one die
    assert sorted(prompts) == sorted(f"d6 #1 for {name} — initiative, 1 die" for name in faces)
    assert started
