"""The combat log in a long fight (issue 13): undo and redo take away and bring back only
the last lines, the widget holds a window of recent lines, and scrolling to the top shows
the older ones — what the GM reads is always the fight's own lines, in order."""

from __future__ import annotations

from tactical.core.dice import RandomDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.ui.dock.lines import Kind, Line, event_line
from tactical.ui.dock.log import CombatLog
from tactical.ui.document import EncounterDocument


def refold_lines(doc: EncounterDocument) -> list[str]:
    state = doc.state
    return [line.text for e in doc.encounter.history.effective_events()
            if (line := event_line(e, state)) is not None]


def widget_lines(log: CombatLog) -> list[str]:
    return [t.lstrip("⚔✚✗◆▶↯ ") for t in log.toPlainText().split("\n")]


def test_long_fight_log_keeps_a_window_and_follows_undo_redo(qtbot, root):
    doc = EncounterDocument.for_map(load_map(root / "maps" / "warehouse.yaml"), RandomDice(3))
    log = CombatLog(doc)
    qtbot.addWidget(log)
    log.resize(400, 200)
    log.show()
    log.WINDOW, log.CHUNK = 30, 10
    doc.apply(cmd.StartCombat())
    for _ in range(60):
        doc.apply(cmd.EndTurn())
    full = refold_lines(doc)
    assert [line.text for line in log.lines] == full
    shown = widget_lines(log)
    assert len(shown) < len(full)  # a window, not the whole fight
    assert shown == full[-len(shown):]
    for _ in range(5):
        doc.undo()
    full_after_undo = refold_lines(doc)
    assert [line.text for line in log.lines] == full_after_undo
    assert widget_lines(log) == full_after_undo[-len(widget_lines(log)):]
    doc.refused.emit("Not now")
    for _ in range(2):
        doc.redo()  # the note stays: said before what is redone... until undone past
    log.note(Line("after", Kind.NOTE))
    texts = [line.text for line in log.lines]
    assert texts[-1] == "after" and "Not now" in texts
    before = len(widget_lines(log))
    bar = log.verticalScrollBar()
    assert bar.value() == bar.maximum() > bar.minimum()  # newest at the bottom
    bar.setValue(bar.minimum())  # the GM scrolls to the top
    older = widget_lines(log)
    assert len(older) > before
    assert older == texts[-len(older):]
