"""Dice typed at the table: every face asked for through the callback, cancelling drops the
command, and the toggle puts the app's dice back."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QPushButton

from tactical.core.dice import DiceError, ScriptedDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.ui.dock import AskDice, CombatDock, RollCancelled
from tactical.ui.dock.dice import FaceDialog, read_face
from tactical.ui.document import EncounterDocument

ORDER = ("vanya", "kicker", "guard-shotgun", "guard-shield", "guard-office", "abomination")


class Table:
    """A scripted GM at the table: hands out faces and remembers every prompt."""

    def __init__(self, faces: list[int | None]) -> None:
        self.faces = list(faces)
        self.prompts: list[tuple[int, str]] = []

    def __call__(self, sides: int, prompt: str) -> int | None:
        self.prompts.append((sides, prompt))
        return self.faces.pop(0)


@pytest.fixture
def dock(qtbot, root):
    app_dice = ScriptedDice(d10=[5] * 6)  # the initiative roll-offs
    document = EncounterDocument.for_map(load_map(root / "maps" / "warehouse.yaml"), app_dice)
    dock = CombatDock(document, ask=Table([]))
    qtbot.addWidget(dock)
    for i, cid in enumerate(ORDER):
        document.apply(cmd.SetInitiative(cid, 30 - 3 * i))
    document.apply(cmd.StartCombat())
    dock.attack.set_target("guard-shotgun")
    return dock


def test_typed_dice_go_into_the_attack(dock):
    table = Table([10, 9, 8] + [6] * 20)
    dock._ask = table
    app_dice = dock.document.encounter.dice
    dock.typed_dice_action.trigger()
    assert dock.typed_dice and isinstance(dock.document.encounter.dice, AskDice)
    dock.attack.roll_button.click()
    resolved = [e for e in dock.document.encounter.history.effective_events()
                if isinstance(e, ev.AttackResolved)]
    assert len(resolved) == 1
    assert resolved[0].result["roll"]["dice"] == [10, 9, 8]
    assert table.prompts[0] == (10, "d10 #1 for Vanya's attack on Guard (shotgun)")
    assert table.prompts[3][0] == 6  # then the damage dice
    assert table.prompts[2] == (10, "d10 #3 for Vanya's attack on Guard (shotgun)")
    dock.typed_dice_action.trigger()
    assert dock.document.encounter.dice is app_dice


def test_cancelling_a_die_cancels_the_command(dock):
    dock._ask = Table([7, None])
    dock.set_typed_dice(True)
    assert dock.typed_dice_action.isChecked()
    state = dock.document.state
    entries = len(dock.document.encounter.history.done)
    dock.attack.roll_button.click()
    assert dock.document.state is state  # nothing changed
    assert len(dock.document.encounter.history.done) == entries
    assert dock.log.lines[-1].kind == "refusal"
    assert dock.log.lines[-1].text.startswith("Roll cancelled (d10 #2 for Vanya's attack")


def test_ask_dice_checks_the_face():
    dice = AskDice(lambda sides, prompt: 11)
    with pytest.raises(DiceError, match="a d10 shows 1 to 10; 11 was typed"):
        dice.roll(10)
    with pytest.raises(RollCancelled):
        AskDice(lambda sides, prompt: None).roll(6)


@pytest.mark.parametrize(("text", "sides", "face"), [
    ("7", 10, 7), ("0", 10, 10), ("10", 10, 10), ("0", 6, None), ("7", 6, None),
    ("", 6, None), ("x", 6, None), (" 3 ", 6, 3)])
def test_read_face(text, sides, face):
    assert read_face(text, sides) == face


def test_face_dialog_validates_and_accepts_a_click(qtbot):
    dialog = FaceDialog(10, "d10 #1 for Vanya's attack")
    qtbot.addWidget(dialog)
    dialog.edit.setText("11")
    dialog._confirm()
    assert dialog.face is None and "1 to 10" in dialog.error.text()
    dialog.edit.setText("0")
    dialog._confirm()
    assert dialog.face == 10 and dialog.result() == FaceDialog.DialogCode.Accepted
    six = FaceDialog(6, "d6 #1")
    qtbot.addWidget(six)
    faces = [b for b in six.findChildren(QPushButton) if b.text().isdigit()]
    assert [b.text() for b in faces] == ["1", "2", "3", "4", "5", "6"]
    faces[3].click()
    assert six.face == 4


def test_rolls_after_a_command_are_not_named_after_it(dock):
    dock._ask = Table([1, 2, 3] + [1] * 10)
    dock.set_typed_dice(True)
    dock.attack.roll_button.click()
    assert dock.document.encounter.dice.purpose == "the roll"


def test_one_dialog_per_roll_takes_all_its_dice(dock):
    """Issue 14, defect 9: a shotgun attack asked seven dialogs; now one per roll."""
    asked = []

    def table(sides, prompt):
        asked.append(prompt)
        return [10, 9, 8] if sides == 10 else [6] * 12

    dock._ask = table
    dock.set_typed_dice(True)
    dock.attack.roll_button.click()
    resolved = [e for e in dock.document.encounter.history.effective_events()
                if isinstance(e, ev.AttackResolved)]
    assert resolved[0].result["roll"]["dice"] == [10, 9, 8]
    assert asked == ["d10 #1 for Vanya's attack on Guard (shotgun)",
                     "d6 #4 for Vanya's attack on Guard (shotgun)"]


def test_the_face_dialog_reads_every_die_of_a_roll(qtbot):
    dialog = FaceDialog(10, "d10 #1 for Vanya's attack")
    qtbot.addWidget(dialog)
    dialog.edit.setText("9 0")
    dialog._confirm()
    assert dialog.faces == [9, 10]
    six = FaceDialog(6, "d6 #1")
    qtbot.addWidget(six)
    six.edit.setText("6 7")
    six._confirm()
    assert six.faces == [] and "1 to 6" in six.error.text()
    six.edit.setText("6 3")
    next(b for b in six.findChildren(QPushButton) if b.text() == "2").click()
    assert six.faces == [6, 3, 2]


def test_shadowrun_dice_typed_at_the_table_name_the_roller_the_test_and_the_pool(root):
    """Issue 25 item 6: under SR5 each test is asked for on its own ("Cutter — defence, 5
    dice"), not as "d6 #1 for the roll" for dice nobody can name."""
    from tactical.encounter.events import AttackResolved

    alley = root / "tests" / "scenarios" / "maps" / "sr5_alley.yaml"
    document = EncounterDocument.for_map(load_map(alley), ScriptedDice(d10=[5] * 4, d6=[3] * 8))
    for cid, value in (("wombat", 14), ("cutter", 9)):
        assert document.apply(cmd.SetInitiative(cid, value)) is not None
    assert document.apply(cmd.StartCombat()) is not None
    prompts: list[str] = []

    def table(sides: int, prompt: str) -> int:
        prompts.append(prompt)
        return 2 if "defence" in prompt else 6  # the shot lands, the damage is resisted

    document.encounter.dice = AskDice(table)
    events = document.apply(cmd.Attack("wombat", "cutter"))
    assert events is not None
    (attack,) = [e for e in events if isinstance(e, AttackResolved)]
    report = attack.result
    asked = prompts
    expected = [f"Wombat — attack, {len(report.attack.dice)} dice",
                f"Cutter — defence, {len(report.defense.dice)} dice",
                f"Cutter — damage resistance, {len(report.resist.dice)} dice"]
    # one prompt per die, each naming its test: the first of each test is its "#1"
    firsts = [p for p in asked if p.startswith("d6 #1 for ")]
    assert [p.removeprefix("d6 #1 for ") for p in firsts] == expected
    assert len(asked) == sum(len(d) for d in (report.attack.dice, report.defense.dice,
                                               report.resist.dice))
