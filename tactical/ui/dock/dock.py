"""The combat dock: initiative, pending reactions, the actor's actions, the status of the
selected combatant, the attack panel, and the combat log — each section a widget that
re-reads the document on `changed`; none edits the encounter except through `apply`."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QScrollArea,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tactical.core.dice import Dice, RandomDice
from tactical.encounter import events as ev
from tactical.encounter.queries.change import Change
from tactical.ui.board.tools.area import AreaTool
from tactical.ui.dock import style
from tactical.ui.dock.actbar import ActionsBar
from tactical.ui.dock.area import AreaPanel
from tactical.ui.dock.attack import AttackPanel
from tactical.ui.dock.combatant import StatusPanel
from tactical.ui.dock.dice import AskDice, AskFace, dialog_asker
from tactical.ui.dock.initiative import InitiativePanel
from tactical.ui.dock.log import CombatLog
from tactical.ui.dock.reactions import ReactionsPanel
from tactical.ui.dock.turn import TurnPanel
from tactical.ui.dock.wheel import WheelGuard
from tactical.ui.document import EncounterDocument
from tactical.ui.hands import Hands

AIM_CARD_MS = 60  # the area card follows the aim once the cursor rests this long


class Section(QWidget):
    """A dock section whose body folds away under its header (issue 14: a dock that fits a
    720p stream); `folded` is remembered by the dock's owner if it likes."""

    def __init__(self, title: str, body: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.body = body
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.toggle = QToolButton()
        self.toggle.setObjectName(f"fold_{title.lower().replace(' ', '_')}")
        self.toggle.setText(title)
        self.toggle.setCheckable(True)
        self.toggle.setChecked(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolTip(f"Show or fold the {title.lower()} section")
        self.toggle.toggled.connect(self.set_open)
        layout.addWidget(self.toggle)
        layout.addWidget(body)

    def set_open(self, on: bool) -> None:
        self.body.setVisible(on)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        if self.toggle.isChecked() != on:
            self.toggle.setChecked(on)

    @property
    def folded(self) -> bool:
        return not self.toggle.isChecked()


class CombatDock(QDockWidget):
    """`CombatDock(document, parent=None, ask=None)`; `ask(sides, prompt) -> face | None`
    types table dice (default: a modal dialog). Put `typed_dice_action` in a menu or toolbar.

    Signals: `picking_target(bool)` while the attack panel waits for a token click (the
    board calls `document.select(token)` as usual; the panel takes it as the target)."""

    picking_target = Signal(bool)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None,
                 ask: AskFace | None = None, hands: Hands | None = None) -> None:
        super().__init__("Combat", parent)
        self.setObjectName("combatDock")
        self.document = document
        self._ask = ask or dialog_asker(self)
        self._app_dice: Dice | None = None
        self.setFont(style.font(self.font(), style.BASE_PT))
        self.setMinimumWidth(320)

        self.typed_dice_action = QAction("Type table dice", self)
        self.typed_dice_action.setObjectName("typedDiceAction")
        self.typed_dice_action.setCheckable(True)
        self.typed_dice_action.setToolTip("On: every die is typed in as rolled at the table. "
                                          "Off: the app rolls (default)")
        self.typed_dice_action.toggled.connect(self.set_typed_dice)

        self.initiative = InitiativePanel(document)
        self.reactions = ReactionsPanel(document)
        self.turn = TurnPanel(document)
        self.status = StatusPanel(document)
        self.attack = AttackPanel(document)
        self.area = AreaPanel(document)  # issue 27: the aim's odds, then the result card
        self.log = CombatLog(document)
        self.reactions.resolve_requested.connect(self.attack.resolve_reaction)
        self.reactions.resolve_requested.connect(lambda _r: self.show_attack())
        # after each command, rolls the dock did not announce are "the roll", not the last
        # attack's (the main window's Space → EndTurn may roll bleeding)
        document.changed.connect(self._forget_purpose)
        document.refused.connect(self._forget_purpose)
        document.changed.connect(self._offers_into_view)
        self.attack.picking_target.connect(self.picking_target)
        self.attack.rolled.connect(self._result_into_view)

        self.actions_bar = ActionsBar(document, hands) if hands is not None else None
        turn_box = QWidget()
        turn_layout = QVBoxLayout(turn_box)
        turn_layout.setContentsMargins(0, 0, 0, 0)
        turn_layout.addWidget(self.turn)
        if self.actions_bar is not None:
            turn_layout.addWidget(self.actions_bar)
        sections = QWidget()
        column = QVBoxLayout(sections)
        column.setSpacing(4)
        self.sections: dict[str, Section] = {}
        for title, panel in (("Initiative", self.initiative), ("Reactions", self.reactions),
                             ("Turn", turn_box), ("Status", self.status),
                             ("Attack", self.attack), ("Area attack", self.area)):
            if panel is self.reactions:  # it draws its own header, shown with it
                column.addWidget(panel)
                continue
            section = Section(title, panel)
            self.sections[title.lower()] = section
            column.addWidget(section)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("dockSections")
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(sections)
        style.flat_scrollbar(scroll)
        self.sections_scroll = scroll

        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(scroll)
        log_box = QWidget()
        log_layout = QVBoxLayout(log_box)
        log_layout.setContentsMargins(0, 0, 0, 0)
        header = QHBoxLayout()
        header.addWidget(style.title("Combat log"), 1)
        dice_button = QToolButton()
        dice_button.setObjectName("typedDiceButton")
        dice_button.setDefaultAction(self.typed_dice_action)
        dice_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        header.addWidget(dice_button)
        log_layout.addLayout(header)
        log_layout.addWidget(self.log)
        splitter.addWidget(log_box)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        self.splitter = splitter
        self.setWidget(splitter)
        self.wheel_guard = WheelGuard(sections, scroll)
        self.sections["area attack"].hide()  # shown while aiming and with its result
        # the card follows the aim once the cursor rests (AIM_CARD_MS): laying the dock out
        # again at every hex the cursor crosses cost as much as the board's own repaint
        self._aim_card = QTimer(self)
        self._aim_card.setSingleShot(True)
        self._aim_card.setInterval(AIM_CARD_MS)
        self._aim_card.timeout.connect(self._area_card)
        self._aim_shown: object = None
        self._attack_folded_by_aim = False  # the attack card folded for the aim, given back
        if hands is not None:
            tool = hands.view.tools.by_name["area"]
            assert isinstance(tool, AreaTool)
            tool.aimed.connect(self._area_aimed)
            tool.committed.connect(self._area_done)

    # --- dice

    @property
    def typed_dice(self) -> bool:
        return isinstance(self.document.encounter.dice, AskDice)

    def set_typed_dice(self, on: bool) -> None:
        """Switch the document's dice between the app's (RandomDice) and the table's."""
        encounter = self.document.encounter
        if on and not isinstance(encounter.dice, AskDice):
            self._app_dice = encounter.dice
            encounter.dice = AskDice(self._ask)
        elif not on and isinstance(encounter.dice, AskDice):
            encounter.dice = self._app_dice or RandomDice()
        if self.typed_dice_action.isChecked() != on:
            self.typed_dice_action.setChecked(on)

    def _forget_purpose(self, *_args: object) -> None:
        dice = self.document.encounter.dice
        if isinstance(dice, AskDice):
            dice.begin("the roll")

    def _offers_into_view(self, change: Change) -> None:
        """Issue 26: a command that halts a move for reactions (a drop, a Charge) brings
        the pending reactions, their Resolve and Decline, into view, wherever the dock was
        scrolled (the attack panel below only says "resolve … first")."""
        if change.pending and self.document.state.pending and any(
                isinstance(e, ev.ReactionOffered) for e in change.new_events):
            QTimer.singleShot(0, self._scroll_to_offers)

    def _laid_out(self) -> QScrollArea:
        """The sections' scroll area, its contents laid out anew first (a section just
        opened or filled has its old size until then)."""
        scroll = self.sections_scroll
        inner = scroll.widget()
        if inner is not None:
            inner.adjustSize()
        return scroll

    def _scroll_to_offers(self) -> None:
        scroll = self._laid_out()
        if self.reactions.isVisible():
            scroll.ensureWidgetVisible(self.reactions, 0, 0)

    # --- the area attack's card (issue 27)

    def _area_aimed(self, preview: object) -> None:
        self._aim_shown = preview
        if preview is None and self._attack_folded_by_aim:  # the aim ends (Esc or a throw)
            QTimer.singleShot(0, self._aim_ended)
        if preview is None or self.sections["area attack"].isHidden():  # starts or ends
            self._aim_card.stop()
            self._area_card()
        else:
            self._aim_card.start()

    def _aim_ended(self) -> None:
        """Esc gives the attack card back; a throw keeps it folded under its result card,
        which comes into view (the GM's next attack opens it again, show_attack)."""
        self._attack_folded_by_aim = False
        if self.area.result:
            QTimer.singleShot(0, self._scroll_to_area)
        else:
            self.sections["attack"].set_open(True)

    def _area_card(self) -> None:
        self.area.show_preview(self._aim_shown)  # type: ignore[arg-type]
        self._area_section()
        if self._aim_shown is not None:  # the card grew with the targets of the hex rested on
            QTimer.singleShot(0, self._scroll_to_area)

    def _area_done(self, events: tuple[object, ...] | None) -> None:
        self._aim_card.stop()
        self.area.show_result(events)
        self._area_section()

    def _area_section(self) -> None:
        section = self.sections["area attack"]
        shown = not self.area.isHidden()
        if shown and not section.isHidden() and not section.folded:
            return  # open already: a step of the aim neither relays out nor scrolls the dock
        section.setVisible(shown)
        if shown:
            section.set_open(True)
            # a 1080p grab while aiming: the single-target attack card (a refusal: a blast
            # is aimed at a hex) filled the dock and pushed the caught targets' lines below
            # its edge; it folds while the aim lasts
            attack = self.sections["attack"]
            if not attack.folded and not self.area.result:
                attack.set_open(False)
                self._attack_folded_by_aim = True
            QTimer.singleShot(0, self._scroll_to_area)

    def _scroll_to_area(self) -> None:
        scroll = self.sections_scroll
        inner = scroll.widget()
        if inner is not None:
            inner.adjustSize()  # the card's new height, before scrolling to it
        section = self.sections["area attack"]
        if section.isVisible():
            scroll.ensureWidgetVisible(section, 0, 0)  # its end if it fits, else ...
            scroll.ensureWidgetVisible(self.area, 0, 0)  # ... its head

    # --- for the main window

    def resolve_reaction(self, reactor: str) -> None:
        self.attack.resolve_reaction(reactor)

    def set_target(self, token_id: str) -> None:
        self.attack.set_target(token_id)

    def show_attack(self) -> None:
        """Bring the attack panel, its Roll button first, into view (issue 14, defect 1):
        open its section, fold the status section if the room is short, scroll."""
        self.sections["attack"].set_open(True)
        QTimer.singleShot(0, self._scroll_to_attack)

    def _result_into_view(self, _events: object) -> None:
        """After a roll the result card's head, with a glitch called out, comes into view
        (issue 25 item 6: at 1280×720 the card lay below the dock's bottom edge)."""
        if self.attack.result_frame.isVisible():
            QTimer.singleShot(0, self._scroll_to_result)

    def _scroll_to_result(self) -> None:
        scroll = self._laid_out()
        frame = self.attack.result_frame
        scroll.ensureWidgetVisible(frame, 0, 0)  # its bottom if it fits, else ...
        scroll.ensureWidgetVisible(self.attack.result_callout
                                   if self.attack.result_callout.isVisible()
                                   else self.attack.result_title, 0, 10)  # ... its head

    def _scroll_to_attack(self) -> None:
        room = self.sections_scroll.viewport().height()
        if self.attack.sizeHint().height() + 40 > room:
            self.sections["status"].set_open(False)
        scroll = self._laid_out()
        scroll.ensureWidgetVisible(self.attack, 0, 0)
        scroll.ensureWidgetVisible(self.attack.roll_button, 0, 20)
