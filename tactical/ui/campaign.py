"""The campaign in the window (docs/campaign.md): the dock's "Carry to the campaign" once a
fight whose party came from a campaign has ended, and the rest dialog (File ▸ Rest the
party…) that passes time between fights, lists every change and takes a rest back."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tactical.core.errors import TacticalError
from tactical.data.campaign import (
    Campaign,
    HistoryEntry,
    RestPlan,
    load_campaign,
    save_campaign,
)
from tactical.encounter.campaign import (
    Rested,
    carry_in_command,
    carry_out,
    rest,
    started,
    token_of,
    undo_rest,
)
from tactical.encounter.handlers.carry import campaign_of
from tactical.encounter.model import Phase
from tactical.ui.document import EncounterDocument


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def document_campaign(document: EncounterDocument) -> Path | None:
    """The campaign file the fight's party was carried in from (kept in its log)."""
    history = document.encounter.history
    found = campaign_of(e for n in history.done for e in history.entries[n].events)
    return Path(found) if found else None


def carry_into(document: EncounterDocument, path: Path) -> str:
    """The party of the campaign at `path` carried into the open encounter (its members on
    the map); what happened, in words."""
    try:
        campaign = load_campaign(path)
        if document.state.ruleset != campaign.ruleset:
            return (f"Not brought in: the campaign plays {campaign.ruleset}; this encounter "
                    f"is {document.state.ruleset}")
        command = carry_in_command(campaign, path, document.state, document.loaded)
        absent = [m.id for m in campaign.party
                  if token_of(m, document.loaded.map.tokens) is None]
        if not command.party:
            return f"Not brought in: none of {path.name}'s party is on this map"
        if document.apply(command) is None:
            return "Not brought in (see the message)"
        log = str(document.path) if document.path else None
        save_campaign(path, started(campaign, document.loaded, _now(), log))
    except TacticalError as error:
        return f"Not brought in: {error}"
    missing = f"; not on this map: {', '.join(absent)}" if absent else ""
    return f"Brought in the party of {path.name}{missing}"


class CarryBar(QWidget):
    """"Carry to the campaign": shown once the fight has ended, for a fight whose party
    came from a campaign; the result (or why not) stays in its label."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("campaignCarry")
        self.document = document
        self.carried = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.button = QPushButton("Carry to the campaign")
        self.button.setObjectName("carryToCampaign")
        self.button.setToolTip("Write the party's state after this fight into its campaign")
        self.button.clicked.connect(self.carry)
        self.result = QLabel("")
        self.result.setWordWrap(True)
        layout.addWidget(self.button)
        layout.addWidget(self.result)
        document.changed.connect(self.sync)
        self.sync()

    def sync(self, *_args: object) -> None:
        ended = self.document.state.phase is Phase.ENDED
        # the log is read only once the fight has ended (not after every command)
        self.setVisible(ended and document_campaign(self.document) is not None)
        self.button.setEnabled(ended and not self.carried)

    def carry(self) -> None:
        path = document_campaign(self.document)
        if path is None:
            return
        try:
            campaign = load_campaign(path)
            log = str(self.document.path) if self.document.path else None
            after, changes = carry_out(campaign, path, self.document.state,
                                       self.document.encounter.ctx, _now(), log,
                                       self.document.encounter.dice)
            save_campaign(path, after)
        except TacticalError as error:
            self.result.setText(f"Not carried: {error}")
            return
        self.carried = True
        self.button.setEnabled(False)
        self.result.setText(f"Carried to {path.name}:\n" + "\n".join(changes))


def history_line(entry: HistoryEntry) -> str:
    log = f" — log {entry.log}" if entry.log else ""
    return f"{entry.when} {entry.kind}: {entry.title}{log}"


class RestDialog(QDialog):
    """Time passes for a campaign's party: the plan, the changes it would make (listed as
    the plan changes), Rest to write them, Take back the last rest until the next fight."""

    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rest the party")
        self.path = path
        self.campaign: Campaign = load_campaign(path)
        self.pending: Rested | None = None
        form = QFormLayout()
        self.kind = QComboBox()
        self.kind.addItems(["none", "brief", "short", "long", "partial_long"])
        self.days = QSpinBox()
        self.days.setRange(0, 365)
        self.care = QComboBox()
        self.care.addItems(["none", "medical", "intensive"])
        self.reload = QCheckBox("Reload every ranged weapon")
        self.edge = QCheckBox("Edge back to full")
        members = [m.id for m in self.campaign.party]
        self.aid_healer = QComboBox()
        self.aid_healer.addItems(["—", *members])
        self.aid_patient = QComboBox()
        self.aid_patient.addItems(members)
        self.aid_kit = QComboBox()
        self.aid_kit.addItems(["medkit", "some_equipment", "improvised", "trauma_kit",
                               "autodoc"])
        aid = QWidget()
        aid_row = QHBoxLayout(aid)
        aid_row.setContentsMargins(0, 0, 0, 0)
        for label, box in (("by", self.aid_healer), ("for", self.aid_patient),
                           ("with", self.aid_kit)):
            aid_row.addWidget(QLabel(label))
            aid_row.addWidget(box)
        form.addRow("First aid", aid)
        form.addRow("Rest", self.kind)
        form.addRow("Days of recovery", self.days)
        form.addRow("Care", self.care)
        form.addRow(self.reload)
        form.addRow(self.edge)
        self.changes = QListWidget()
        self.changes.setObjectName("restChanges")
        self.history = QListWidget()
        self.history.setObjectName("campaignHistory")
        self.message = QLabel("")
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox()
        self.rest_button = buttons.addButton("Rest", QDialogButtonBox.ButtonRole.AcceptRole)
        self.undo_button = buttons.addButton("Take back the last rest",
                                             QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.rest_button.clicked.connect(self.apply)
        self.undo_button.clicked.connect(self.take_back)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{self.campaign.name or path.name} ({self.campaign.ruleset})"))
        layout.addLayout(form)
        layout.addWidget(QLabel("What changes:"))
        layout.addWidget(self.changes)
        layout.addWidget(QLabel("History (fights with their logs, rests):"))
        layout.addWidget(self.history)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        for box in (self.kind, self.care, self.aid_healer, self.aid_patient, self.aid_kit):
            box.currentIndexChanged.connect(self.preview)
        self.days.valueChanged.connect(self.preview)
        self.reload.toggled.connect(self.preview)
        self.edge.toggled.connect(self.preview)
        self.preview()

    def plan(self) -> RestPlan:
        return RestPlan.model_validate({
            "rest": self.kind.currentText(), "days": self.days.value(),
            "care": self.care.currentText(), "reload": self.reload.isChecked(),
            "refresh_edge": self.edge.isChecked(), "first_aid": [
                {"healer": self.aid_healer.currentText(),
                 "patient": self.aid_patient.currentText(), "kit": self.aid_kit.currentText()}
            ] if self.aid_healer.currentIndex() > 0 else []})

    def _lines(self, lines: list[str] | tuple[str, ...]) -> None:
        self.changes.clear()
        self.changes.addItems(list(lines))

    def preview(self, *_args: object) -> None:
        """The changes the plan would make, before anything is written."""
        self.history.clear()
        self.history.addItems([history_line(e) for e in self.campaign.history])
        self.undo_button.setEnabled(bool(self.campaign.history)
                                    and self.campaign.history[-1].kind == "rest")
        self.pending = None
        try:
            rested = rest(self.campaign, self.path, self.plan(), _now())
        except TacticalError as error:
            self._lines([f"Cannot rest: {error}"])
            self.rest_button.setEnabled(False)
            return
        self._lines(rested.changes or ("nothing changes",))
        self.rest_button.setEnabled(bool(rested.changes))
        self.pending = rested  # what Rest writes: the very rolls shown (first aid)

    def apply(self) -> None:
        rested = self.pending
        if rested is None:
            return
        try:
            save_campaign(self.path, rested.campaign)
        except TacticalError as error:
            self.message.setText(f"Not rested: {error}")
            return
        self.campaign = rested.campaign
        self.message.setText(f"Rested: {self.plan().title()}. Written to {self.path.name}.")
        self.preview()
        self._lines(rested.changes)

    def take_back(self) -> None:
        try:
            title = self.campaign.history[-1].title if self.campaign.history else ""
            self.campaign = undo_rest(self.campaign)
            save_campaign(self.path, self.campaign)
        except TacticalError as error:
            self.message.setText(f"Not taken back: {error}")
            return
        self.message.setText(f"Took back: {title}")
        self.preview()
