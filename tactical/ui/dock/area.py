"""The dock's area-attack card (issue 27): while the GM aims (the board's tools/area.py),
the exact chance to hit the aimed hex and, for every combatant caught, its ring's dice, its
cover and the damage it takes on average if the blast lands there (after cover and armor:
the ruleset's `expected_blast`); after the roll ONE result card listing every target, what
it took and its injury, and who was shielded and why (the log's own lines)."""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tactical.encounter import events as ev
from tactical.encounter.queries.area import AreaMark, AreaPreview
from tactical.ui.dock import style
from tactical.ui.dock.lines import event_line
from tactical.ui.document import EncounterDocument

ALLY = "#FF2BD6"
SHIELD = "#9AA0AA"
REFUSED = "#FF6B6B"
#: what the result card lists: the landing, each target's share, the attacks of a sweep
CARD_EVENTS = (ev.AreaAttackResolved, ev.BlastTaken, ev.AttackResolved)


class AreaPanel(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("areaPanel")
        self.document = document
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.heading = style.wrap(style.title(""))  # a long landing line wraps, the card
        self.heading.setObjectName("areaHeading")  # stays the dock's width
        self.odds = style.big("")
        self.odds.setObjectName("areaOdds")
        self.body = style.wrap(QLabel(""))
        self.body.setObjectName("areaTargets")
        self.body.setTextFormat(Qt.TextFormat.RichText)
        for widget in (self.heading, self.odds, self.body):
            layout.addWidget(widget)
        self.rows: list[str] = []  # the body's lines as plain text (tests, the GM's copy)
        self.result = False  # the card shows a result, not an aim

    def show_preview(self, preview: AreaPreview | None) -> None:
        if preview is None:
            if not self.result:
                self.clear()
            return
        self.result = False
        state = self.document.state
        command: Any = preview.command
        who = state.get(command.attacker).name
        if preview.kind == "blast":
            name = self.document.loaded.library.weapons[command.weapon].name
            self.heading.setText(f"{who}: {name}")  # no hex: a step relays out nothing
            self.odds.setText("" if preview.odds is None else
                              f"{preview.odds:.1%} to hit the hex")
        elif preview.kind == "vicinity":
            self.heading.setText(f"{who}: Auto fire at several (placed vicinity)")
            self.odds.setText(f"{sum(1 for m in preview.marks if m.hit)} targets")
        else:
            self.heading.setText(f"{who}: Suppressive fire (the zone)")
            self.odds.setText(f"{sum(1 for m in preview.marks if m.hit)} attacked")
        rows = [(self._mark_text(preview, m), self._colour(m)) for m in preview.marks]
        if preview.kind == "blast":
            rows.append(("Average damage if it lands on the aimed hex; a miss scatters "
                         "(the dotted hexes)", SHIELD))
        rows += [(f"Refused: {why}", REFUSED) for why in preview.refusals]
        if not preview.marks:
            rows.insert(0, ("Nobody caught here", SHIELD))
        self._set_rows(rows)
        self.show()

    @staticmethod
    def _mark_text(preview: AreaPreview, m: AreaMark) -> str:
        ally = " (ally!)" if m.ally and m.hit and not m.shielded else ""
        if preview.kind != "blast" or m.shielded or not m.damage:
            return f"{m.name}{ally} — {m.cover}"
        average = "" if m.expected is None else f" ≈ {m.expected:.1f} after armor"
        return f"{m.name}{ally} — ring {(m.ring or 0) + 1}, {m.damage}{average}, {m.cover}"

    @staticmethod
    def _colour(m: AreaMark) -> str:
        if m.shielded or not m.hit:
            return SHIELD
        return ALLY if m.ally else ""

    def show_result(self, events: tuple[Any, ...] | None) -> None:
        """ONE card: the landing (or the sweep), then each target's line."""
        if not events:
            return
        state = self.document.state
        lines = [(line.text, SHIELD if isinstance(e, ev.BlastTaken) and e.shielded_by
                  else "") for e in events if isinstance(e, CARD_EVENTS)
                 if (line := event_line(e, state)) is not None]
        if not lines:
            return
        self.result = True
        head = next((e for e in events if isinstance(e, ev.AreaAttackResolved)), None)
        self.heading.setText("Result: " + (lines[0][0] if head is not None else
                                           f"{len(lines)} attacks"))
        taken = [e for e in events if isinstance(e, ev.BlastTaken)]
        self.odds.setText(f"{sum(1 for e in taken if e.amount)} hurt, "
                          f"{sum(1 for e in taken if e.shielded_by)} shielded"
                          if head is not None else "")
        self._set_rows(lines[1:] if head is not None else lines)
        self.show()

    def _set_rows(self, rows: list[tuple[str, str]]) -> None:
        if [text for text, _ in rows] == self.rows and self.body.text():
            return  # the same targets as the last step: nothing to lay out again
        self.rows = [text for text, _ in rows]
        self.body.setText("<br>".join(
            f'<span style="color:{colour}">• {escape(text)}</span>' if colour
            else f"• {escape(text)}" for text, colour in rows))

    def clear(self) -> None:
        self.heading.setText("")
        self.odds.setText("")
        self._set_rows([])
        self.result = False
        self.hide()
