"""The acting combatant's actions as pips: Major, Move, Minor (tier bonuses as diamonds),
Reaction, the downgrade, Full action, and why the turn is smaller than its tier's. The
running ruleset may rename or hide rows (tactical/ui/rulesets/: a Shadowrun action phase)."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from tactical.encounter import events as ev
from tactical.encounter.model import Combatant
from tactical.encounter.queries.change import Change
from tactical.ui import rulesets
from tactical.ui.dock import style
from tactical.ui.dock.relayout import OneLayout
from tactical.ui.document import EncounterDocument

SLOTS = (("major", "Major", style.ORANGE, "Attack, Ready weapon, Disengage, Overwatch…"),
         ("move", "Move", style.SKY_BLUE, "Move up to speed, Get up, half of Evade"),
         ("minor", "Minor", style.GREEN, "Take a step, Drop prone, draw…"))


def turn_start(document: EncounterDocument, cid: str) -> ev.TurnStarted | None:
    """The budget `cid` started its current turn with (from the events in effect)."""
    history = document.encounter.history
    for number in reversed(history.done):  # the latest first: a turn is near the end
        for event in reversed(history.entries[number].events):
            if isinstance(event, ev.TurnStarted) and event.combatant == cid:
                return event
    return None


class TurnPanel(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.view = rulesets.view_of(document.state)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.heading = style.title("")
        self.heading.setObjectName("turnHeading")
        self.heading.setWordWrap(True)  # a long name wraps, never widens the dock (issue 26)
        layout.addWidget(self.heading)
        grid = QGridLayout()
        self.pips: dict[str, style.Pips] = {}
        self.counts: dict[str, QLabel] = {}
        self.labels: dict[str, QLabel] = {}
        rows = [*SLOTS,
                ("reaction", "Reaction", style.PURPLE, self.view.reaction_slot_tip()),
                ("downgrade", "Downgrade", style.GREY, "Once a turn: Major → Move or Minor, "
                 "Move → Minor")]
        for row, (key, name, colour, tip) in enumerate(rows):
            label = QLabel(name)
            label.setToolTip(tip)
            pips = style.Pips(colour)
            pips.setObjectName(f"pips_{key}")
            pips.setToolTip(tip)
            count = QLabel("")
            count.setObjectName(f"count_{key}")
            grid.addWidget(label, row, 0)
            grid.addWidget(pips, row, 1)
            grid.addWidget(count, row, 2)
            self.pips[key] = pips
            self.counts[key] = count
            self.labels[key] = label
        grid.setColumnStretch(2, 1)
        layout.addLayout(grid)
        self.full = QLabel("")
        self.full.setObjectName("fullAction")
        self.full.setToolTip(self.view.full_action_tip())
        layout.addWidget(self.full)
        self.why = style.wrap(QLabel(""))
        self.why.setObjectName("turnWhy")
        style.tint(self.why, style.VERMILLION)
        layout.addWidget(self.why)
        self._one_layout = OneLayout(self)
        document.changed.connect(self.sync)
        self.sync()

    def sync(self, _change: Change | None = None) -> None:
        with self._one_layout:  # rows shown and hidden, the panel laid out once
            self._sync()

    def _sync(self) -> None:
        state = self.document.state
        actor = state.actor
        visible = actor is not None
        for child in self.findChildren(QWidget):
            child.setVisible(visible)
        self.heading.setVisible(True)
        if actor is None:
            self.heading.setText("No one is acting" if state.round else "Combat not started")
            return
        c = state.get(actor)
        self._fill(c, turn_start(self.document, actor))
        self.view.show_turn(self, c, state)

    def _fill(self, c: Combatant, start: ev.TurnStarted | None) -> None:
        b = c.budget
        for key, name, _colour, _tip in SLOTS:
            left = b.count_of(key)
            began = getattr(start, key) if start else left
            spent = max(0, began - left)
            bonus = max(0, max(began, left) - 1)
            self.pips[key].set_counts(left, spent, bonus)
            extra = f" (+{bonus} tier bonus)" if bonus else ""
            self.counts[key].setText(f"{left} left{extra}")
            self.pips[key].setToolTip(f"{name}: {left} left of {began}{extra}")
        per_round = self.document.encounter.ctx.rules.initiative.reactions_per_round
        self.pips["reaction"].set_counts(c.reactions, max(0, per_round - c.reactions))
        self.counts["reaction"].setText(f"{c.reactions} left this round")
        had = start.downgrades if start else b.downgrades
        self.pips["downgrade"].set_counts(b.downgrades, max(0, had - b.downgrades))
        self.counts["downgrade"].setText("available" if b.downgrades else "used")
        # a Full action is one of each: Major + Move + Minor
        full = b.major > 0 and b.move > 0 and b.minor > 0 and (
            b.total is None or b.total >= len(SLOTS))
        self.full.setText("Full action: " + ("available" if full else "not available"))
        notes = []
        if start is not None and start.why:
            notes.append(start.why)
        if b.total is not None:
            notes.append(f"{b.total} action(s) left this turn, whatever their kind")
        if b.major_or_move:
            notes.append("a Major or a Move this turn, not both")
        self.why.setText("Limited: " + "; ".join(notes) if notes else "")
        self.why.setVisible(bool(notes))
