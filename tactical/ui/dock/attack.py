"""The attack panel: who attacks whom with what and how; live, the TN breakdown, cover and
range band from the map, the Advantage sources and the exact odds — from the same functions
the engine resolves with (tactical.encounter.queries.preview) — then Roll, and the result spelled
out. It resolves pending reactions too (the reactor against the mover).

The choices and the preview's texts are the running ruleset's part (tactical/ui/rulesets/:
Chapter 6's TN and options, Shadowrun's opposed pools); this panel holds what every ruleset
shares: who attacks whom with what, the numbers' labels, Roll, and the result."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.handlers.detection import undetected_reason
from tactical.encounter.model import Combatant, Condition, EncounterState, PendingReaction
from tactical.encounter.queries.change import Change
from tactical.encounter.queries.oracle import GeometryOracle as MapOracle
from tactical.encounter.queries.preview import AttackPreview, preview, reaction_attack
from tactical.geometry.hexgrid import hex_distance
from tactical.ui import rulesets
from tactical.ui.dock import style
from tactical.ui.dock.dice import announce
from tactical.ui.dock.lines import callout_lines, result_lines
from tactical.ui.dock.relayout import OneLayout
from tactical.ui.document import EncounterDocument


def _set_items(combo: QComboBox, items: list[tuple[str, Any]], keep: Any) -> None:
    """Refill a combo (text, data) keeping the chosen data if it is still offered."""
    combo.blockSignals(True)
    combo.clear()
    for text, data in items:
        combo.addItem(text, data)
    index = combo.findData(keep) if keep is not None else -1
    combo.setCurrentIndex(index if index >= 0 else (0 if items else -1))
    combo.blockSignals(False)


class AttackPanel(QWidget):
    """Signals: `picking_target(bool)` while the next token clicked on the board becomes the
    target (the board may show a crosshair cursor); `rolled(events)` after a roll."""

    picking_target = Signal(bool)
    rolled = Signal(object)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.offer_id: str | None = None  # resolving this pending reaction (its id)
        self.target: str | None = None
        self.current: AttackPreview | None = None
        self._attacker: str | None = None
        self._last: ev.AttackResolved | None = None
        self._last_batch = (0, -1)  # (batches in effect, the last one's number) when rolled
        self._last_lines: list[str] = []
        self._turn: tuple[int, int, int] | None = None  # the turn the card was rolled in
        self._build()
        # widgets shown and hidden, laid out once (the ruleset parts' rows are in the form)
        self._one_layout = OneLayout(self, self.body)
        document.changed.connect(self.sync)
        document.selection_changed.connect(self._selected)
        self.sync()

    # --- building

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.heading = style.title("")
        self.heading.setObjectName("attackHeading")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        # everything below the heading hides while no one can attack (setup, between
        # rounds): no disabled boxes to puzzle over (issue 14, defect 5)
        self.body = QWidget()
        self.body.setObjectName("attackBody")
        layout.addWidget(self.body)
        layout = QVBoxLayout(self.body)
        layout.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        row = QHBoxLayout()
        self.target_combo = QComboBox()
        self.target_combo.setObjectName("targetCombo")
        self.target_combo.setToolTip("The target; or press the crosshair and click a token")
        self.target_combo.setPlaceholderText("no target")  # short: it sizes the combo
        self.pick_button = QToolButton()
        self.pick_button.setObjectName("pickTarget")
        self.pick_button.setText("⊕ Pick")
        self.pick_button.setCheckable(True)
        self.pick_button.setToolTip("Click a token on the board to make it the target (T)")
        self.pick_button.setShortcut(QKeySequence("T"))
        row.addWidget(self.target_combo, 1)
        row.addWidget(self.pick_button)
        form.addRow("Target", row)
        self.weapon_combo = QComboBox()
        self.weapon_combo.setObjectName("weaponCombo")
        self.weapon_combo.setToolTip("Any weapon the attacker carries; the ready one first")
        form.addRow("Weapon", self.weapon_combo)
        # every ruleset family's choices (the running ruleset's shown): tactical/ui/rulesets/
        self.view = rulesets.view_of(self.document.state)
        self.parts = tuple(f.attack_part(self.document, form) for f in rulesets.families())
        self.part = next(p for p in self.parts if p.family == self.view.family)
        self.form = form
        layout.addLayout(form)
        for part in self.parts:
            for widget in part.below_form():
                layout.addWidget(widget)

        # --- the live preview
        numbers = QHBoxLayout()
        self.tn_label = style.big("")
        self.tn_label.setObjectName("tnLabel")
        self.tn_label.setToolTip(self.view.attack_number_tip(self.document))
        self.hit_label = style.big("")
        self.hit_label.setObjectName("hitLabel")
        self.hit_label.setTextFormat(Qt.TextFormat.PlainText)
        self.hit_label.setToolTip("The exact chance to hit (every dice outcome counted)")
        numbers.addWidget(self.tn_label)
        numbers.addStretch(1)
        numbers.addWidget(self.hit_label)
        layout.addLayout(numbers)
        self.breakdown = style.wrap(QLabel(""))
        self.breakdown.setObjectName("tnBreakdown")
        self.breakdown.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.breakdown)
        self.situation = style.wrap(QLabel(""))
        self.situation.setObjectName("situationLabel")
        layout.addWidget(self.situation)
        self.advantage = style.wrap(QLabel(""))
        self.advantage.setObjectName("advantageLabel")
        self.advantage.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.advantage)
        self.odds = style.wrap(QLabel(""))
        self.odds.setObjectName("oddsLabel")
        self.odds.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.odds)
        self.refusals = style.wrap(QLabel(""))
        self.refusals.setObjectName("refusalsLabel")
        style.tint(self.refusals, style.VERMILLION, bold=True)
        layout.addWidget(self.refusals)

        buttons = QHBoxLayout()
        self.roll_button = QPushButton("Roll")
        self.roll_button.setObjectName("rollButton")
        self.roll_button.setFont(style.font(self.roll_button.font(), style.TITLE_PT + 2, True))
        self.roll_button.setToolTip("Roll the attack (Enter)")
        self.decline_button = QPushButton("Decline")
        self.decline_button.setObjectName("declineButton")
        self.decline_button.setToolTip("The reactor lets the mover pass")
        self.back_button = QPushButton("Back")
        self.back_button.setObjectName("backButton")
        self.back_button.setToolTip("Leave the reaction pending and show the actor's attack")
        buttons.addWidget(self.roll_button, 2)
        buttons.addWidget(self.decline_button, 1)
        buttons.addWidget(self.back_button, 1)
        layout.addLayout(buttons)

        self.result_frame = QFrame()
        self.result_frame.setObjectName("resultFrame")
        self.result_frame.setFrameShape(QFrame.Shape.StyledPanel)
        result_layout = QVBoxLayout(self.result_frame)
        self.result_title = style.title("")
        self.result_title.setObjectName("resultTitle")
        self.result = style.wrap(QLabel(""))
        self.result.setObjectName("resultLabel")
        # a glitch called out, big, before the numbers (issue 25 item 6)
        self.result_callout = style.wrap(QLabel(""))
        self.result_callout.setObjectName("resultCallout")
        self.result_callout.setFont(style.font(self.result_callout.font(), style.TITLE_PT,
                                               True))
        result_layout.addWidget(self.result_title)
        result_layout.addWidget(self.result_callout)
        result_layout.addWidget(self.result)
        layout.addWidget(self.result_frame)
        self.result_frame.hide()

        for part in self.parts:
            part.connect(self.refresh)
            if part is not self.part:
                part.hide()
        for combo in self.findChildren(QComboBox):
            # long item texts must not widen the dock: the popup shows them whole
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(10)
        self.target_combo.currentIndexChanged.connect(self._target_chosen)
        self.weapon_combo.currentIndexChanged.connect(self._weapon_chosen)
        self.pick_button.toggled.connect(self._pick_toggled)
        self.roll_button.clicked.connect(self.roll)
        self.decline_button.clicked.connect(self.decline)
        self.back_button.clicked.connect(lambda: self.resolve_reaction(None))
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(self.roll)

    # --- who, against whom

    def attacker(self) -> Combatant | None:
        state = self.document.state
        offer = self.offer()
        cid = offer.reactor if offer is not None else state.actor
        return state.get(cid) if cid is not None and cid in state.combatants else None

    def offer(self) -> PendingReaction | None:
        if self.offer_id is None:
            return None
        return next((p for p in self.document.state.pending if p.id == self.offer_id), None)

    @property
    def reactor(self) -> str | None:
        """Who reacts in the offer being resolved (None: the panel is the actor's)."""
        offer = self.offer()
        return offer.reactor if offer is not None else None

    def resolve_reaction(self, offer_id: str | None) -> None:
        """Prefill the panel for a pending reaction, named by its id (or by its reactor:
        that reactor's first offer): the reactor against the mover (None: back to the
        acting combatant)."""
        pending = self.document.state.pending
        found = next((p for p in pending if p.id == offer_id), None) or next(
            (p for p in pending if p.reactor == offer_id), None)
        self.offer_id = found.id if found is not None else None
        offer = self.offer()
        if offer is not None:
            self.target = offer.mover
        self._attacker = None  # reset the weapon and mode to the new attacker's defaults
        self.result_frame.hide()  # a new resolution: the last one's result is not its own
        self.sync()
        self.roll_button.setFocus()

    def set_target(self, cid: str | None) -> None:
        if cid != self.target:
            self._mark_previous()
        self.target = cid
        index = self.target_combo.findData(cid)
        if index >= 0 and index != self.target_combo.currentIndex():
            self.target_combo.setCurrentIndex(index)  # its signal previews, once (issue 22)
        else:
            self.refresh()

    def _target_chosen(self) -> None:
        if self.target_combo.currentData() != self.target:
            self._mark_previous()
        self.target = self.target_combo.currentData()
        self.refresh()

    def _pick_toggled(self, on: bool) -> None:
        self.picking_target.emit(on)

    def _selected(self, cid: str) -> None:
        if not self.pick_button.isChecked() or not cid:
            return
        a = self.attacker()
        if a is not None and cid == a.id:
            return
        self.pick_button.setChecked(False)
        self.set_target(cid)
        if a is not None:  # the board keeps the attacker's bands (issue 14, defect 6)
            self.document.select(a.id)

    def _weapon_chosen(self) -> None:
        self.part.weapon_chosen(self.attacker(), self.weapon_combo.currentData(), keep=None)
        self.refresh()

    # --- reading the document

    def sync(self, _change: Change | None = None) -> None:
        with self._one_layout:
            self._sync()

    def _sync(self) -> None:
        state = self.document.state
        if self.offer_id is not None and self.offer() is None:
            self.offer_id = None
        a = self.attacker()
        done = self.document.encounter.history.done
        k, number = self._last_batch  # its batch still in effect? (not a walk of the fight)
        if self._last is not None and not (len(done) >= k > 0 and done[k - 1] == number):
            self._last = None  # undone
            self.result_frame.hide()
        if a is None:
            self.heading.setText("Start combat to attack" if not state.round
                                 else "No one is acting")
            self._set_enabled(False)
            self._clear_preview()
            self.body.setVisible(False)
            return
        self.body.setVisible(True)
        self._set_enabled(True)
        fresh = a.id != self._attacker
        self._attacker = a.id
        offer = self.offer()
        if offer is not None:
            self.heading.setText(f"{self.view.reaction_title(offer.kind)}: "
                                 f"{a.name} → {state.get(offer.mover).name}")
            self.heading.setToolTip(offer.why)
        else:
            self.heading.setText(f"{a.name} attacks")
            self.heading.setToolTip("")
        turn = (state.round, state.turn, state.initiative_pass)
        if fresh or turn != self._turn:
            self._mark_previous()  # the card is the last roll's, not this set-up's
        self._turn = turn
        self._fill_targets(state, a, offer, fresh)
        self._fill_weapons(a, offer, fresh)
        self.part.weapon_chosen(a, self.weapon_combo.currentData(),
                                keep=None if fresh else self.part.mode())
        if fresh:
            for part in self.parts:
                part.reset()
        self.part.sync(a)
        self.refresh()

    def _set_enabled(self, on: bool) -> None:
        for w in (self.target_combo, self.pick_button, self.weapon_combo, self.roll_button):
            w.setEnabled(on)
        for part in self.parts:
            part.set_enabled(on)

    def _fill_targets(self, state: EncounterState, a: Combatant,
                      offer: PendingReaction | None, fresh: bool = False) -> None:
        # Ch.6 l.46: an enemy the attacker has not detected is no target; the tip says why
        unseen = [why for c in state if (why := undetected_reason(a, c))]
        others = sorted((c for c in state if c.id != a.id and c.id not in a.undetected),
                        key=lambda c: (c.side == a.side, c.name))
        items = [(c.name + (" (ally)" if c.side == a.side else ""), c.id) for c in others]
        self.target_combo.setToolTip("\n".join(
            ["The target; or press the crosshair and click a token",
             *(f"Left out: {why}" for why in unseen)]))
        # issue 26: a new attacker starts on the nearest enemy it can see and reach, never
        # on the last attacker's target (an ally now); none if no enemy is in sight and reach
        keep = offer.mover if offer else (None if fresh else self.target)
        if keep not in {cid for _t, cid in items}:
            keep = nearest_enemy(state, a, self.document.oracle)
        _set_items(self.target_combo, items, keep)
        if keep is None:
            self.target_combo.blockSignals(True)
            self.target_combo.setCurrentIndex(-1)  # the placeholder: no one in sight and reach
            self.target_combo.blockSignals(False)
        self.target = self.target_combo.currentData()
        self.target_combo.setEnabled(offer is None)
        self.pick_button.setEnabled(offer is None)

    def _reaction_weapon(self, a: Combatant, offer: PendingReaction) -> str | None:
        found = reaction_attack(self.document.state, self.document.encounter.ctx,
                                cmd.React(offer.reactor, offer=offer.id))
        return found[0].weapon if found else a.weapon

    def _fill_weapons(self, a: Combatant, offer: PendingReaction | None, fresh: bool) -> None:
        library = self.document.loaded.library
        carried = list(library.characters[a.character].weapons)
        if a.weapon in carried:
            carried.remove(a.weapon)
            carried.insert(0, a.weapon)
        items = [(library.weapons[w].name + (" (ready)" if w == a.weapon else ""), w)
                 for w in carried]
        default = self._reaction_weapon(a, offer) if offer else a.weapon
        keep = default if fresh else self.weapon_combo.currentData()
        _set_items(self.weapon_combo, items, keep)
        self.weapon_combo.setEnabled(offer is None or not self.part.reaction_weapon_fixed(offer))

    # --- the command and its preview

    def command(self) -> cmd.Attack | cmd.React | None:
        a = self.attacker()
        if a is None:
            return None
        return self.part.command(a, self.target, self.weapon_combo.currentData(),
                                 self._weapon_kind(), self.offer())

    def __getattr__(self, name: str) -> Any:
        """A ruleset part's widget by name (`panel.mode_combo`, `panel.sr_defence_combo`):
        the widgets of every family exist, the running ruleset's are shown."""
        for part in self.__dict__.get("parts", ()):
            found = part.widget(name)
            if found is not None:
                return found
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _weapon_kind(self) -> str | None:
        weapon_id = self.weapon_combo.currentData()
        if weapon_id is None:
            return None
        return self.document.loaded.library.weapons[weapon_id].kind

    def refresh(self, *_args: Any) -> None:
        """Recompute the preview from the widgets (no command is applied)."""
        with self._one_layout:
            self._refresh()

    def _refresh(self) -> None:
        command = self.command()
        offer = self.offer()
        kind = self._weapon_kind()
        reaction_mode = offer is not None
        stop = self.part.refresh(kind, offer)
        self.decline_button.setVisible(reaction_mode)
        self.back_button.setVisible(reaction_mode)
        self.roll_button.setText("Stop here" if stop else "Roll")
        if command is None:
            self._clear_preview()
            self.refusals.setText("Choose a target")
            self.roll_button.setEnabled(False)
            self._reveal()
            return
        state = self.document.state
        self.current = preview(state, self.document.encounter.ctx, command)
        self._show_preview(self.current, stop)

    def _clear_preview(self, hide: bool = True) -> None:
        self.current = None
        for label in self._preview_labels():
            label.setText("")
            if hide:
                label.hide()

    def _preview_labels(self) -> tuple[QLabel, ...]:
        return (self.tn_label, self.hit_label, self.breakdown, self.situation, self.advantage,
                self.odds, self.refusals)

    def _reveal(self) -> None:
        for label in self._preview_labels():
            label.setVisible(bool(label.text()))

    def _show_preview(self, p: AttackPreview | None, stop: bool) -> None:
        # texts cleared, labels left shown: _reveal hides the ones left empty (hiding all
        # and showing them again relaid the dock out on every change; issue 13)
        self._clear_preview(hide=p is None)
        self.current = p
        if p is None:
            return
        state = self.document.state
        target = state.get(p.attack.target) if p.attack.target in state.combatants else None
        self.part.show(self, p, target, stop)
        problems = self.part.problems(p.refusals, stop)
        self.refusals.setText("\n".join(f"✗ {r}" for r in problems))
        self.roll_button.setEnabled(not problems)
        self._reveal()

    def show_sight(self, p: AttackPreview, target: Combatant | None, band: str) -> None:
        """What the map says about the shot: distance (and the ruleset's `band` text), cover,
        line of sight."""
        sight = p.sight
        if sight is None or target is None:
            return
        cover = sight.cover.capitalize() + (f" ({sight.cover_class})"
                                            if sight.cover_class and sight.cover != "none"
                                            else "")
        seen = "" if sight.line_of_sight else f" — NO LINE OF SIGHT: {sight.why}"
        self.situation.setText(f"{sight.distance_m:g} m{band} · Cover: {cover}{seen}")
        self.situation.setToolTip("Read from the map: distance centre to centre, cover "
                                  "from rays to the target hex's centre and corners")

    # --- changing

    def roll(self) -> None:
        command = self.command()
        if command is None or not self.roll_button.isEnabled():
            return
        a = self.attacker()
        if a is not None:
            target = self.document.state.get(self.current.attack.target).name \
                if self.current else "?"
            announce(self.document.encounter.dice, f"{a.name}'s attack on {target}")
        events = self.document.apply(self.part.roll_command(command))
        if events is None:
            return
        resolved = [e for e in events if isinstance(e, ev.AttackResolved)]
        if resolved:
            self._show_result(resolved[-1])
        self.rolled.emit(events)

    def decline(self) -> None:
        offer = self.offer()
        if offer is not None:
            self.document.apply(cmd.DeclineReaction(offer.reactor, offer=offer.id))

    def _mark_previous(self) -> None:
        """Issue 26: the result card under a new set-up (another attacker, target or turn)
        says it is the previous roll's, not this one's."""
        if self._last is None or not self.result_frame.isVisible() \
                or self.result_title.text().startswith(PREVIOUS):
            return
        self.result_title.setText(PREVIOUS + self.result_title.text())
        style.tint(self.result_title, style.readable(
            style.GREY, self.palette().color(QPalette.ColorRole.Window)))

    def _show_result(self, e: ev.AttackResolved) -> None:
        self._last = e
        done = self.document.encounter.history.done  # e is in the batch applied last
        self._last_batch = (len(done), done[-1] if done else -1)
        state = self.document.state
        name = {c.id: c.name for c in state}
        colour = style.GREEN if e.hit else style.VERMILLION
        self.result_title.setText(f"{name.get(e.attacker, e.attacker)} → "
                                  f"{name.get(e.target, e.target)}: "
                                  f"{'HIT' if e.hit else 'MISS'}")
        style.tint(self.result_title, colour)
        loud = callout_lines(e, state)
        self.result_callout.setText("\n".join(loud))
        self.result_callout.setVisible(bool(loud))
        style.tint(self.result_callout, style.readable(
            style.VERMILLION, self.palette().color(QPalette.ColorRole.Window)))
        target = state.combatants.get(e.target)
        lines = result_lines(e.result)
        if target is not None:
            lines.append(f"{target.name}: {self.view.harm_left(target)}")
        self.result.setText("\n".join(lines))
        self.result_frame.show()


PREVIOUS = "Previous roll: "


def nearest_enemy(state: EncounterState, a: Combatant, oracle: MapOracle) -> str | None:
    """The default target (issue 26): the nearest enemy still standing that it has
    detected (Ch.6 l.46), sees and reaches with its ready weapon (its range; a melee
    weapon or none: its reach); None if there is none — never an ally."""
    enemies = sorted((c for c in state if c.side != a.side and not c.has(Condition.DEAD)
                      and c.id not in a.undetected),
                     key=lambda c: (hex_distance(a.hex, c.hex), c.name))
    if not enemies:
        return None
    me = oracle.reactor(state, a)
    reach_m = me.weapon.max_m if me.weapon is not None else me.reach_m
    per_hex = oracle.params.metres_per_hex
    for c in enemies:  # nearest first: the first seen and reached is the one
        if hex_distance(a.hex, c.hex) * per_hex > reach_m + 1e-9:
            return None  # the rest are farther still
        if oracle.sight(state, a.id, c.id).line_of_sight:
            return c.id
    return None
