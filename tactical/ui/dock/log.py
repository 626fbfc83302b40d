"""The combat log: every event in effect as a line a GM can read, refusals in their own
colour, newest at the bottom, scrolled to it. Undo takes lines away; redo brings them back."""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QPalette, QTextCursor
from PySide6.QtWidgets import QTextBrowser, QWidget

from tactical.encounter.queries.change import Change
from tactical.ui.dock import style
from tactical.ui.dock.lines import Kind, Line, event_line
from tactical.ui.document import EncounterDocument

KIND_COLOURS = {
    Kind.HIT: style.GREEN, Kind.MISS: style.GREY, Kind.DAMAGE: style.ORANGE,
    Kind.CONDITION: style.PURPLE, Kind.TURN: style.SKY_BLUE, Kind.ROUND: style.SKY_BLUE,
    Kind.REACTION: style.PURPLE, Kind.MOVE: "", Kind.REFUSAL: style.VERMILLION, Kind.NOTE: "",
    Kind.GLITCH: style.VERMILLION,
}
KIND_MARKS = {Kind.HIT: "⚔ ", Kind.MISS: "⚔ ", Kind.DAMAGE: "✚ ", Kind.REFUSAL: "✗ ",
              Kind.ROUND: "◆ ", Kind.TURN: "▶ ", Kind.REACTION: "↯ ", Kind.GLITCH: "⚠ "}


def line_html(line: Line, background: str = "#ffffff") -> str:
    """A line in its kind's colour, made readable on the log's `background` (4.5:1)."""
    colour = KIND_COLOURS.get(line.kind, "")
    colour = style.readable(colour, background) if colour else ""
    text = escape(KIND_MARKS.get(line.kind, "") + line.text)
    bold = line.kind in (Kind.ROUND, Kind.TURN, Kind.REFUSAL, Kind.GLITCH)
    if bold:
        text = f"<b>{text}</b>"
    return f"<span style='color:{colour}'>{text}</span>" if colour else text


class CombatLog(QTextBrowser):
    """One block of lines per batch in effect (and one per note), newest at the bottom.
    Undo takes the last blocks away and redo or a new command adds blocks, without touching
    the rest; the widget holds the last WINDOW lines and shows older ones when the GM
    scrolls to the top (issue 13: rebuilding a 10,000-line document took half a second)."""

    WINDOW = 400  # lines in the widget; older ones come back by CHUNK on scrolling up
    CHUNK = 200

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = document  # not `document`: QTextEdit.document() is the text
        self.setObjectName("combatLog")
        style.flat_scrollbar(self)
        self.setOpenLinks(False)
        self.setToolTip("Every event of the encounter; refusals in vermillion")
        # (batch number, or -k-1 for a note said when k batches were in effect; its lines)
        self._blocks: list[tuple[int, list[Line]]] = []
        self._batches = 0  # batch blocks among _blocks
        self._numbers: list[int] = []  # their batch numbers, in order
        self._updating = False  # inside sync: scrolling is ours, not the GM's
        self._count = 0  # lines in all blocks
        self._hidden = 0  # the oldest lines, not in the widget (scroll up for them)
        self.verticalScrollBar().valueChanged.connect(self._scrolled)
        self._background = self.palette().color(QPalette.ColorRole.Base).name()
        document.changed.connect(self.sync)
        document.refused.connect(self.refused)
        self.sync()

    @property
    def lines(self) -> list[Line]:
        return [line for _key, lines in self._blocks for line in lines]

    def refused(self, message: str) -> None:
        self.note(Line(message, Kind.REFUSAL))

    def note(self, line: Line) -> None:
        """A line that is no event (a refusal, a cancelled roll): kept until undone past."""
        self._blocks.append((-self._batches - 1, [line]))
        self._count += 1
        self._updating = True
        self._append([line])
        self._updating = False

    def sync(self, _change: Change | None = None) -> None:
        """Take away the blocks of batches no longer in effect (and notes said after
        them), then add the batches now in effect after the ones kept."""
        history = self.doc.encounter.history
        done = history.done
        # the common start of the shown batches and the done ones: the history changes
        # only at its end, so look back from there
        kept = min(len(self._numbers), len(done))
        while kept and self._numbers[kept - 1] != done[kept - 1]:
            kept -= 1
        self._updating = True
        removed = 0
        while self._blocks:
            number, lines = self._blocks[-1]
            batch_index = self._batches - 1 if number >= 0 else -number - 1
            if (number >= 0 and batch_index < kept) or (number < 0 and batch_index <= kept):
                break
            self._blocks.pop()
            removed += len(lines)
            if number >= 0:
                self._batches -= 1
                self._numbers.pop()
        self._remove_last(removed)
        state = self.doc.state
        new: list[Line] = []
        for number in done[kept:]:
            lines = [line for e in history.entries[number].events
                     if (line := event_line(e, state)) is not None]
            self._blocks.append((number, lines))
            self._numbers.append(number)
            self._batches += 1
            new.extend(lines)
        self._count += len(new) - removed
        self._append(new)
        self._updating = False

    # --- the widget: the last lines as blocks of text

    def _remove_last(self, n: int) -> None:
        if n <= 0:
            return
        shown_before = self._count - self._hidden
        in_widget = min(n, shown_before)
        if in_widget >= shown_before:
            self.clear()
        elif in_widget:
            cursor = QTextCursor(self.document())
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.movePosition(QTextCursor.MoveOperation.PreviousBlock,
                                QTextCursor.MoveMode.KeepAnchor, in_widget)
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock,
                                QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        self._hidden -= n - in_widget  # lines undone past the window were hidden ones
        if self._hidden > 0 and self._count - n - self._hidden < self.CHUNK:
            self._show_older()

    def _append(self, lines: list[Line]) -> None:
        if not lines:
            return
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.beginEditBlock()
        first = self.document().isEmpty()
        for line in lines:
            if not first:
                cursor.insertBlock()
            first = False
            cursor.insertHtml(line_html(line, self._background))
        cursor.endEditBlock()
        over = self._count - self._hidden - (self.WINDOW + self.CHUNK)
        if over > 0:  # keep a window of recent lines: drop the oldest from the widget
            self._drop_first(over + self.CHUNK)
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _drop_first(self, n: int) -> None:
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        cursor.movePosition(QTextCursor.MoveOperation.NextBlock,
                            QTextCursor.MoveMode.KeepAnchor, n)
        cursor.removeSelectedText()
        self._hidden += n

    def _scrolled(self, value: int) -> None:
        if not self._updating and value == self.verticalScrollBar().minimum() \
                and self._hidden > 0:
            self._show_older()

    def _show_older(self) -> None:
        """The CHUNK lines before the oldest shown, put back at the top."""
        n = min(self.CHUNK, self._hidden)
        older = self.lines[self._hidden - n:self._hidden]
        self._hidden -= n
        empty = self.document().isEmpty()
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        cursor.beginEditBlock()
        for i, line in enumerate(older):
            cursor.insertHtml(line_html(line, self._background))
            if i < len(older) - 1 or not empty:
                cursor.insertBlock()
        cursor.endEditBlock()
