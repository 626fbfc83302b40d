"""Issue 25 item 2 through the real window at 1280×720 (offscreen): under SR5 the acting
runner attacks from its own token menu, fires two single shots in one action phase (two
Simple actions, RULINGS "Actions", sr5 l.30), and the menus hold no Chapter 6 action."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtWidgets import QComboBox

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.ui.menus import find_action
from tests import windows
from tests.ui.test_gm_hands import Script, choose, token_menu

ALLEY = Path(__file__).resolve().parents[1] / "scenarios" / "maps" / "sr5_alley.yaml"
CHAPTER6_ONLY = ("Declare Overwatch", "Evade", "Refocus", "Discipline check…", "First aid on",
                 "Edge for initiative", "Lower the last injury", "Edge for a Reaction",
                 "Disengage",
                 # Chapter 6's Full-action Moves: the 720p grab showed both greyed under SR5
                 # as "(Complex + Move + Simple)", a cost no SR phase can pay
                 "Charge…", "Sprint…")


def texts(menu) -> list[str]:
    """Every entry's text, submenus' too (without the cost in brackets)."""
    found = []
    for action in menu.actions():
        found.append(action.text().split(" (")[0])
        if action.menu() is not None:
            found += texts(action.menu())
    return found


def test_two_shots_in_one_phase_from_the_actors_own_menu(qtbot, tmp_path):
    dice = random.Random(25)
    win = windows.open_window(qtbot, tmp_path, (1280, 720), ALLEY,
                              ScriptedDice(d10=[5] * 4, d6=[dice.randint(1, 6)
                                                           for _ in range(200)]))
    try:
        win.document.apply(cmd.SetInitiative("wombat", 14))
        win.document.apply(cmd.SetInitiative("cutter", 9))
        win.action_map["start"].trigger()
        assert win.document.state.actor == "wombat"
        turn = win.dock.turn  # a phase: two Simple actions, no Complex row of its own
        assert turn.counts["minor"].text() == "2 left (a Complex action takes both)"
        assert not turn.labels["major"].isVisibleTo(turn)
        menu = token_menu(win, "wombat")
        words = texts(menu)
        assert "Attack" in words and "Cutter" in words  # Attack ▸ Cutter on its own menu
        assert "Ready weapon" in words and "Drop prone" in words
        assert not set(CHAPTER6_ONLY) & set(words), set(CHAPTER6_ONLY) & set(words)
        prone = find_action(menu, "Drop prone")
        assert prone.text() == "Drop prone (Free)"  # type: ignore[attr-defined]
        choose(menu, "Attack", "Cutter")
        panel = win.dock.attack
        assert panel.target_combo.currentData() == "cutter"
        edge = win.findChild(QComboBox, "srEdgeCombo")
        assert edge is not None and edge.isVisibleTo(panel)  # shown on the SR panel
        # the first shot with Push the Limit (the dock's Edge choice, 1 point)
        edge.setCurrentIndex(edge.findData("push_the_limit"))
        for shot in (1, 2):
            assert panel.roll_button.isEnabled(), f"shot {shot}: {panel.roll_button.toolTip()}"
            panel.roll_button.click()
            if shot == 1:
                assert win.document.state.get("wombat").edge == 1
                edge.setCurrentIndex(0)
        assert win.document.state.get("wombat").edge == 1  # the second shot spent none
        shots = [line.text for line in win.dock.log.lines
                 if line.text.startswith("Wombat") and "Cutter" in line.text
                 and line.kind in ("hit", "miss")]
        assert len(shots) == 2, shots
        assert win.document.state.get("wombat").budget.minor == 0
        assert turn.counts["minor"].text() == "0 left (a Complex action takes both)"
        assert not panel.roll_button.isEnabled()  # a third: no Simple action left
        assert win.document.state.initiative_pass == 1 and win.document.state.round == 1
        # the dock's buttons are the same catalogue: no Chapter 6 action there either
        bar = win.dock.actions_bar
        assert bar is not None and not set(CHAPTER6_ONLY) & set(bar.buttons)
    finally:
        windows.close(win)


def test_the_gms_menu_edits_edge_not_health_or_stamina(qtbot, tmp_path):
    """The 720p grab of Wombat's menu under SR5 offered Chapter 6's "Edit Health/Stamina/
    Edge…" (a dialog of two values SR has not) and a greyed "Rest…" (Stamina back, with
    choices "brief", "partial_long"): SR's is Edge alone, and no rest."""
    win = windows.open_window(qtbot, tmp_path, (1280, 720), ALLEY,
                              ScriptedDice(d10=[5] * 4, d6=[3] * 40))
    try:
        assert win.document.state.get("wombat").edge != 1
        win.set_asker(Script(1))
        words = texts(token_menu(win, "wombat"))
        assert "Edit Edge…" in words
        assert not {"Edit Health/Stamina/Edge…", "Rest…"} & set(words)
        choose(win.last_menu, "Edit Edge…")
        assert win.document.state.get("wombat").edge == 1
    finally:
        windows.close(win)
