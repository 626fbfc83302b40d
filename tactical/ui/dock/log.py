"""The combat log: every event in effect as a line a GM can read, refusals in their own
colour, newest at the bottom, scrolled to it. Undo takes lines away; redo brings them back."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QTextBrowser, QWidget

from tactical.ui.dock import style
from tactical.ui.dock.lines import Kind, Line, event_line
from tactical.ui.document import EncounterDocument

KIND_COLOURS = {
    Kind.HIT: style.GREEN, Kind.MISS: style.GREY, Kind.DAMAGE: style.ORANGE,
    Kind.CONDITION: style.PURPLE, Kind.TURN: style.SKY_BLUE, Kind.ROUND: style.SKY_BLUE,
    Kind.REACTION: style.PURPLE, Kind.MOVE: "", Kind.REFUSAL: style.VERMILLION, Kind.NOTE: "",
}
KIND_MARKS = {Kind.HIT: "⚔ ", Kind.MISS: "⚔ ", Kind.DAMAGE: "✚ ", Kind.REFUSAL: "✗ ",
              Kind.ROUND: "◆ ", Kind.TURN: "▶ ", Kind.REACTION: "↯ "}


def line_html(line: Line) -> str:
    colour = KIND_COLOURS.get(line.kind, "")
    text = escape(KIND_MARKS.get(line.kind, "") + line.text)
    bold = line.kind in (Kind.ROUND, Kind.TURN, Kind.REFUSAL)
    if bold:
        text = f"<b>{text}</b>"
    return f"<span style='color:{colour}'>{text}</span>" if colour else text


class CombatLog(QTextBrowser):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = document  # not `document`: QTextEdit.document() is the text
        self.setObjectName("combatLog")
        self.setOpenLinks(False)
        self.setToolTip("Every event of the encounter; refusals in vermillion")
        self.lines: list[Line] = []
        self._events_shown = 0
        self._notes: list[tuple[int, Line]] = []  # (events in effect when said, line)
        document.changed.connect(self.sync)
        document.refused.connect(self.refused)
        self.sync()

    def refused(self, message: str) -> None:
        self.note(Line(message, Kind.REFUSAL))

    def note(self, line: Line) -> None:
        """A line that is no event (a refusal, a cancelled roll): kept until undone past."""
        self._notes.append((self._events_shown, line))
        self.lines.append(line)
        self._append([line])

    def sync(self, events: Any = None) -> None:
        effective = list(self.doc.encounter.history.effective_events())
        fresh = tuple(events or ())
        if fresh and len(effective) == self._events_shown + len(fresh) \
                and all(a is b for a, b in zip(effective[-len(fresh):], fresh, strict=True)):
            new = self._lines_for(fresh)
            self._events_shown = len(effective)
            self.lines.extend(new)
            self._append(new)
            return
        self._rebuild(effective)

    def _lines_for(self, events: Any) -> list[Line]:
        state = self.doc.state
        return [line for e in events if (line := event_line(e, state)) is not None]

    def _rebuild(self, effective: list[Any]) -> None:
        self._notes = [(n, line) for n, line in self._notes if n <= len(effective)]
        state = self.doc.state
        lines: list[Line] = []
        notes = list(self._notes)
        for i, e in enumerate(effective):
            while notes and notes[0][0] <= i:
                lines.append(notes.pop(0)[1])
            line = event_line(e, state)
            if line is not None:
                lines.append(line)
        lines.extend(line for _n, line in notes)
        self._events_shown = len(effective)
        self.lines = lines
        self.clear()
        self._append(lines)

    def _append(self, lines: list[Line]) -> None:
        if not lines:
            return
        cursor = self.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        html = "<br>".join(line_html(line) for line in lines)
        if not self.document().isEmpty():
            html = "<br>" + html
        cursor.insertHtml(html)
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())
