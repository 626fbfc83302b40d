"""The attack panel's last result stays while its roll is in effect and goes when it is
undone — found from the batch that made it, not by walking the whole fight on every
change (issue 13: constant time at 10,000 events)."""

from __future__ import annotations

from tactical.core.dice import ScriptedDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.ui.dock import CombatDock
from tactical.ui.document import EncounterDocument


def test_the_result_stays_through_other_commands_and_goes_with_its_undo(qtbot, root):
    document = EncounterDocument.for_map(load_map(root / "maps" / "warehouse.yaml"),
                                         ScriptedDice(d10=[5] * 6 + [10, 9, 8], d6=[6] * 30))
    dock = CombatDock(document)
    qtbot.addWidget(dock)
    dock.show()
    order = ("vanya", "kicker", "guard-shotgun", "guard-shield", "guard-office", "abomination")
    for i, cid in enumerate(order):
        document.apply(cmd.SetInitiative(cid, 30 - 3 * i))
    document.apply(cmd.StartCombat())
    dock.attack.set_target("guard-shotgun")
    dock.attack.roll_button.click()
    assert dock.attack.result_frame.isVisibleTo(dock.attack)
    document.apply(cmd.EndTurn())  # another command: the result of the roll stays
    assert dock.attack.result_frame.isVisibleTo(dock.attack)
    document.undo()  # the turn's end
    assert dock.attack.result_frame.isVisibleTo(dock.attack)
    document.undo()  # the attack
    assert not dock.attack.result_frame.isVisibleTo(dock.attack)
    document.redo()
    document.apply(cmd.EndTurn())  # redone, the old result is not brought back
    assert not dock.attack.result_frame.isVisibleTo(dock.attack)
