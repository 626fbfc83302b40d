"""The initiative order: round counter, the actor highlighted, values editable in place,
rows dragged (or Ctrl+Up/Down) to reorder — each change becomes SetInitiative commands.
The running ruleset words the counter, the scores and the tooltips (tactical/ui/rulesets/:
under Shadowrun, the combat turn and its pass, each score in this pass, who is done)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QDropEvent,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tactical.encounter import commands as cmd
from tactical.encounter.model import Combatant, EncounterState, Phase
from tactical.encounter.queries.change import Change
from tactical.ui import rulesets
from tactical.ui.dock import style
from tactical.ui.dock.dice import announce
from tactical.ui.document import EncounterDocument

ID_ROLE = Qt.ItemDataRole.UserRole


def round_score(c: Combatant, next_round: bool) -> int:
    """The score the engine sorts by (turns.initiative_order)."""
    if c.initiative_zero or c.initiative is None:
        return 0
    if next_round:
        return max(0, c.initiative + c.initiative_next_round + c.initiative_lasting)
    return c.effective_initiative()


def shown_order(state: EncounterState) -> tuple[str, ...]:
    """This round's order in combat (as the ruleset shows it: Shadowrun lists those done for
    the combat turn after this pass's); before it, the order the values would give."""
    if state.phase is Phase.COMBAT and state.order:
        return rulesets.view_of(state).order_in_combat(state)
    ranked = sorted(state, key=lambda c: (c.initiative is not None,
                                          round_score(c, False), c.tiebreak), reverse=True)
    return tuple(c.id for c in ranked)


def next_round_order(state: EncounterState) -> tuple[str, ...]:
    ranked = sorted(state, key=lambda c: (round_score(c, True), c.tiebreak), reverse=True)
    return tuple(c.id for c in ranked)


def reorder_values(order: Sequence[str], scores: dict[str, int]) -> dict[str, int]:
    """New scores (only the ones that change) that put `order` strictly top to bottom.
    Two candidates — lower the rows that moved down, or raise the rows that moved up —
    and the one that changes fewer values wins (never below 0)."""
    down: dict[str, int] = {}
    previous: int | None = None
    for cid in order:  # top to bottom: each strictly below the one above
        value = scores[cid]
        if previous is not None and value >= previous:
            value = previous - 1
        if value != scores[cid]:
            down[cid] = value
        previous = value
    up: dict[str, int] = {}
    following: int | None = None
    for cid in reversed(order):  # bottom to top: each strictly above the one below
        value = scores[cid]
        if following is not None and value <= following:
            value = following + 1
        if value != scores[cid]:
            up[cid] = value
        following = value
    if any(v < 0 for v in down.values()) or len(up) < len(down):
        return up
    return down


class OrderTree(QTreeWidget):
    """Rows reorder by drag and drop (never nest); `reordered(ids)` after a drop;
    `menu_at(viewport pos)` on a right press or the Menu key."""

    reordered = Signal(object)
    menu_at = Signal(QPoint)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels(["Init", "Combatant", "Reactions"])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                             | QAbstractItemView.EditTrigger.EditKeyPressed)
        header = self.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)

    def ids(self) -> list[str]:
        items = (self.topLevelItem(i) for i in range(self.topLevelItemCount()))
        return [str(item.data(0, ID_ROLE)) for item in items if item is not None]

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:  # the menu opens on the press
            self.menu_at.emit(event.position().toPoint())
            event.accept()
            return
        super().mousePressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if event.reason() != QContextMenuEvent.Reason.Mouse:
            self.menu_at.emit(event.pos())
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        super().dropEvent(event)
        self.reordered.emit(self.ids())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        mods = event.modifiers()
        key = event.key()
        item = self.currentItem()
        if item is not None and mods & Qt.KeyboardModifier.ControlModifier and key in (
                Qt.Key.Key_Up, Qt.Key.Key_Down):
            ids = self.ids()
            i = ids.index(item.data(0, ID_ROLE))
            j = i - 1 if key == Qt.Key.Key_Up else i + 1
            if 0 <= j < len(ids):
                ids[i], ids[j] = ids[j], ids[i]
                self.reordered.emit(ids)
            return
        super().keyPressEvent(event)


class InitiativePanel(QWidget):
    """Signals: `menu_requested(combatant id, global pos)` on a row's right-click."""

    menu_requested = Signal(str, QPoint)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._syncing = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.round_label = style.big("")
        self.round_label.setObjectName("roundLabel")
        top.addWidget(self.round_label, 1)
        layout.addLayout(top)
        top = QHBoxLayout()  # the buttons on their own row: the dock fits 1280×720
        self.start_button = QPushButton("Start combat")
        self.start_button.setToolTip("Roll initiative for everyone without a value and start "
                                     "round 1")
        self.next_button = QPushButton("Next turn")
        self.next_button.setToolTip("End the current actor's turn (Space in the main window)")
        self.end_button = QPushButton("End combat")
        self.end_button.setToolTip("End the combat after this round")
        for button in (self.start_button, self.next_button, self.end_button):
            top.addWidget(button)
        layout.addLayout(top)
        self.tree = OrderTree()
        self.tree.setObjectName("initiativeList")
        self.tree.setToolTip("Double-click a value to set it; drag a row (or Ctrl+Up/Down) to "
                             "reorder — the values change to give that order")
        layout.addWidget(self.tree)
        self.note = style.wrap(QLabel(""))
        self.note.setObjectName("initiativeNote")
        layout.addWidget(self.note)

        self.start_button.clicked.connect(self.start_combat)
        self.next_button.clicked.connect(self.next_turn)
        self.end_button.clicked.connect(lambda: document.apply(cmd.EndCombat()))
        self.tree.menu_at.connect(self._menu)
        self.tree.itemChanged.connect(self._edited)
        self.tree.reordered.connect(self.reorder)
        self.tree.itemClicked.connect(
            lambda item, _col: document.select(item.data(0, ID_ROLE)))
        document.changed.connect(self.sync)
        self.sync()

    # --- reading

    def sync(self, _change: Change | None = None) -> None:
        state = self.document.state
        self._syncing = True
        try:
            self._fill(state)
        finally:
            self._syncing = False
        phase = state.phase
        view = rulesets.view_of(state)
        current, tip = view.round_text(state)
        self.round_label.setText({Phase.SETUP: "Setup", Phase.ENDED: "Combat over"}.get(
            phase, current))
        self.round_label.setToolTip(tip if phase is Phase.COMBAT else "")
        column = view.side_column()
        self.tree.setColumnHidden(2, column is None)
        self.tree.setHeaderLabels([view.score_header(), "Combatant", column or ""])
        self.start_button.setEnabled(phase is Phase.SETUP)
        self.next_button.setEnabled(phase is Phase.COMBAT)
        self.end_button.setEnabled(phase is Phase.COMBAT)
        note = ""
        ruleset_note = view.combat_note(state) if phase is Phase.COMBAT else None
        if ruleset_note is not None:
            note = ruleset_note
        elif phase is Phase.COMBAT:
            upcoming = next_round_order(state)
            if upcoming != state.order:
                names = " → ".join(state.get(c).name for c in upcoming)
                note = f"Next round: {names}"
        self.note.setText(note)
        self.note.setVisible(bool(note))

    def _fill(self, state: EncounterState) -> None:
        sides = list(self.document.loaded.map.sides)
        actor = state.actor
        view = rulesets.view_of(state)
        self.tree.clear()
        bold = style.font(self.tree.font(), style.BASE_PT + 1, bold=True)
        for cid in shown_order(state):
            c = state.get(cid)
            item = QTreeWidgetItem()
            item.setData(0, ID_ROLE, cid)
            value = c.effective_initiative() if c.initiative is not None else None
            if value is not None:
                value = view.shown_score(c, state)
            item.setData(0, Qt.ItemDataRole.EditRole, value if value is not None else 0)
            if value is None:
                item.setText(0, "—")
            resting = view.resting(c, state)
            item.setText(1, ("▶ " if cid == actor else "") + c.name
                         + (" (done this turn)" if resting else ""))
            side, side_tip = view.side_cell(c, state)  # Reactions; SR4's own passes
            item.setText(2, side)
            item.setToolTip(2, side_tip)
            colour = QColor(style.side_colour(sides, c.side))
            if resting:
                colour = QColor(style.GREY)
            item.setForeground(1, QBrush(colour))
            item.setToolTip(0, view.score_tip(c, state))
            item.setToolTip(1, f"{c.name} — {self.document.loaded.map.sides[c.side].name}"
                            if c.side in self.document.loaded.map.sides else c.name)
            flags = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                     | Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsDragEnabled)
            item.setFlags(flags)  # not drop-enabled: rows never nest
            if cid == actor:
                for col in range(3):
                    item.setFont(col, bold)
                    item.setBackground(col, _actor_brush())
            self.tree.addTopLevelItem(item)
        root = self.tree.invisibleRootItem()
        root.setFlags(root.flags() | Qt.ItemFlag.ItemIsDropEnabled)
        self._fit_tree()

    def _fit_tree(self) -> None:
        """Every row in view. The dock's font reaches the tree only once the panel is in
        the dock, after the first fill: measure again then (issue 14, defect 4: six rows
        were clipped to 122 px on first open)."""
        rows = max(1, self.tree.topLevelItemCount())
        line = QFontMetrics(self.tree.font()).height() + 6
        row_height = max(line, self.tree.sizeHintForRow(0)
                         if self.tree.topLevelItemCount() else 0)
        header = max(self.tree.header().sizeHint().height(), line)
        self.tree.setFixedHeight(header + rows * row_height + 2 * self.tree.frameWidth() + 4)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._fit_tree()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        self._fit_tree()
        super().showEvent(event)

    def _menu(self, pos: QPoint) -> None:
        item = self.tree.itemAt(pos)
        if item is not None:
            self.menu_requested.emit(str(item.data(0, ID_ROLE)),
                                     self.tree.viewport().mapToGlobal(pos))

    # --- changing

    def start_combat(self) -> None:
        announce(self.document.encounter.dice, "initiative (Start combat)")
        self.document.apply(cmd.StartCombat())

    def next_turn(self) -> None:
        announce(self.document.encounter.dice, "the next turn (bleeding, timers)")
        self.document.apply(cmd.EndTurn())

    def _edited(self, item: QTreeWidgetItem, column: int) -> None:
        if self._syncing or column != 0:
            return
        cid = item.data(0, ID_ROLE)
        value = item.data(0, Qt.ItemDataRole.EditRole)
        try:
            wanted = int(value)
        except (TypeError, ValueError):
            self.sync()
            return
        state = self.document.state
        c = state.get(cid)
        wanted = rulesets.view_of(state).score_from_shown(c, state, wanted)
        # The list shows the effective value; SetInitiative sets the rolled one.
        base = wanted - (c.effective_initiative() - (c.initiative or 0)) \
            if c.initiative is not None else wanted
        if c.initiative is not None and base == c.initiative:
            return
        if self.document.apply(cmd.SetInitiative(cid, max(0, base))) is None:
            self.sync()

    def reorder(self, ids: Sequence[str]) -> None:
        """SetInitiative for every value that must change to give the order `ids`."""
        state = self.document.state
        next_round = state.phase is Phase.COMBAT
        scores = {c.id: round_score(c, next_round) for c in state}
        changes = reorder_values(list(ids), scores)
        applied = False
        for cid in ids:
            if cid not in changes:
                continue
            c = state.get(cid)
            offset = scores[cid] - (c.initiative or 0)
            value = max(0, changes[cid] - offset)
            applied = self.document.apply(cmd.SetInitiative(cid, value)) is not None or applied
        if not applied:
            self.sync()


def _actor_brush() -> QBrush:
    colour = QColor(style.SKY_BLUE)
    colour.setAlpha(90)
    return QBrush(colour)
