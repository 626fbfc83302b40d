"""The status section offers the injured combatant's Edge right after a hit."""

from __future__ import annotations

from tactical.core.dice import ScriptedDice
from tactical.core.paths import demo_map
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.ui.dock import CombatDock
from tactical.ui.document import EncounterDocument


def test_spend_edge_button_lowers_the_fresh_injury(qtbot):
    doc = EncounterDocument.for_map(load_map(demo_map()), ScriptedDice(d6=[3, 4, 2, 5, 1, 3]))
    dock = CombatDock(doc, ask=lambda sides, prompt: None)
    qtbot.addWidget(dock)
    dock.show()
    doc.select("vanya")
    button = dock.status.lower_button
    assert not button.isVisible()  # no fresh hit
    doc.apply(cmd.ApplyDamage("vanya", 12))  # Serious
    assert button.isVisible()
    assert dock.status.injury_text.text().startswith("Serious")
    button.click()
    assert doc.state.get("vanya").injury == "moderate"
    assert dock.status.injury_text.text().startswith("Moderate")
    assert not button.isVisible()  # once per hit
