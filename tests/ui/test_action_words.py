"""Issue 14: the token menu and the dock's action buttons say an action's cost in the running
ruleset's words — Chapter 6's Major/Minor/Full, Shadowrun's Complex/Simple (the engine's
mapping, docs/rules-shadowrun.md: a Major is a Complex action, a Minor a Simple one)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from tactical.core.paths import demo_map
from tactical.encounter import commands as cmd
from tactical.ui.main_window import MainWindow


@pytest.mark.parametrize("ruleset, ready, prone, skill", [
    ("chapter6", "Ready weapon (Major)", "Drop prone (Minor)", "Use a skill… (Major)"),
    # RULINGS "Actions": sr5.yaml `actions.costs` (ready: Simple, drop prone: Free), else a
    # Major is a Complex action
    ("sr5", "Ready weapon (Simple)", "Drop prone (Free)", "Use a skill… (Complex)"),
])
def test_dock_buttons_name_costs_in_the_rulesets_words(qtbot, tmp_path, ruleset, ready,
                                                        prone, skill):
    win = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    assert win.open_path(demo_map(), ruleset)
    assert win.document.state.ruleset == ruleset
    win.document.apply(cmd.StartCombat())
    bar = win.dock.actions_bar
    assert bar is not None
    assert bar.buttons["Ready weapon"].text() == ready
    assert bar.buttons["Drop prone"].text() == prone
    more = [a.text() for a in bar.buttons["More actions"].menu().actions()]
    assert skill in more
    if ruleset == "chapter6":
        assert bar.buttons["Refocus"].text() == "Refocus (Full)"
        assert bar.buttons["Evade"].text() == "Evade (2 Move)"  # Move stays Move
    else:  # Chapter 6's actions are not Shadowrun's (RULINGS "Actions")
        assert not {"Refocus", "Evade", "Declare Overwatch", "First aid on"} & set(bar.buttons)
    win.close()
