"""The attack panel: who attacks whom with what and how; live, the TN breakdown, cover and
range band from the map, the Advantage sources and the exact odds — from the same functions
the engine resolves with (tactical.encounter.preview) — then Roll, and the result spelled
out. It resolves pending reactions too (the reactor against the mover).

Under Shadowrun (sr4/sr5) the same panel shows the opposed test instead: the attack pool with
its named parts and the limit, the defence pool with the declared option, the GM's situational
pool modifiers, and the exact hit and damage odds from the engine's own setup."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tactical.data.gear import FireMode
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.model import Combatant, Condition, EncounterState, PendingReaction
from tactical.encounter.preview import (
    AttackPreview,
    preview,
    reaction_attack,
)
from tactical.geometry.hexgrid import hex_distance
from tactical.rules.chapter6.injury import LEVELS
from tactical.rules.chapter6.setup import OPTION_NAMES, Option
from tactical.rules.shadowrun import engine as shadowrun
from tactical.rules.shadowrun.describe import monitor_text
from tactical.rules.shadowrun.engine import monitors
from tactical.rules.shadowrun.preview import ShadowrunPreview
from tactical.ui.dock import style
from tactical.ui.dock.dice import announce
from tactical.ui.dock.lines import result_lines
from tactical.ui.document import EncounterDocument

REACTION_TITLES = {"snapshot": "Snapshot", "overwatch": "Overwatch", "intercept": "Intercept",
                   "opportunity": "Attack of Opportunity"}


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
        self.reactor: str | None = None  # resolving this pending reaction
        self.target: str | None = None
        self.current: AttackPreview | None = None
        self._attacker: str | None = None
        self._last: ev.AttackResolved | None = None
        self._last_lines: list[str] = []
        self._build()
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
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        row = QHBoxLayout()
        self.target_combo = QComboBox()
        self.target_combo.setObjectName("targetCombo")
        self.target_combo.setToolTip("The target; or press the crosshair and click a token")
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
        self.mode_combo = QComboBox()
        self.mode_combo.setObjectName("modeCombo")
        self.mode_label = QLabel("Fire mode")
        form.addRow(self.mode_label, self.mode_combo)
        self.burst_combo = QComboBox()
        self.burst_combo.setObjectName("burstCombo")
        self.burst_combo.addItem("Advantage (or +1d6 if Advantage already)", None)
        self.burst_combo.addItem("Advantage", "advantage")
        self.burst_combo.addItem("+1d6 damage", "damage")
        self.burst_combo.setToolTip("Burst fire: Advantage OR +1d6 damage (+1d6 is forced when "
                                    "Advantage is already present)")
        self.burst_label = QLabel("Burst")
        form.addRow(self.burst_label, self.burst_combo)
        self.edge_combo = QComboBox()
        self.edge_combo.setObjectName("edgeCombo")
        self.edge_combo.addItem("No Edge", None)
        self.edge_combo.addItem("Edge on the roll (extra d10)", "roll")
        self.edge_combo.addItem("Edge on damage (+2d6)", "damage")
        self.edge_combo.setToolTip("One Edge per attack: on the roll OR on damage, never both")
        form.addRow("Edge", self.edge_combo)
        self.called_combo = QComboBox()
        self.called_combo.setObjectName("calledCombo")
        self._fill_called()
        self.called_label = QLabel("Called shot")
        form.addRow(self.called_label, self.called_combo)
        self.defence_combo = QComboBox()
        self.defence_combo.setObjectName("defenceCombo")
        self.defence_combo.addItem("Defender's best (higher of Parry, Dodge)", None)
        self.defence_combo.addItem("Parry", "parry")
        self.defence_combo.addItem("Dodge", "dodge")
        self.defence_combo.setToolTip("Melee: the defender chooses Parry or Dodge")
        self.defence_label = QLabel("Defence")
        form.addRow(self.defence_label, self.defence_combo)
        self.intercept_combo = QComboBox()
        self.intercept_combo.setObjectName("interceptCombo")
        self.intercept_combo.addItem("Stop and fight the interceptor", False)
        self.intercept_combo.addItem("Go on (free attack with Disadvantage; the mover's "
                                     "attack this turn has Disadvantage)", True)
        self.intercept_combo.setToolTip("The mover's choice at an Intercept")
        self.intercept_label = QLabel("Mover")
        form.addRow(self.intercept_label, self.intercept_combo)
        # Shadowrun: the defender's declared option and the GM's situational modifiers
        self.sr_defence_combo = QComboBox()
        self.sr_defence_combo.setObjectName("srDefenceCombo")
        self.sr_defence_combo.setToolTip("The defender declares its defence before the roll; "
                                         "an option's Initiative cost is paid from its score")
        self.sr_defence_label = QLabel("Defence")
        form.addRow(self.sr_defence_label, self.sr_defence_combo)
        self.attack_mod = _pool_spin("attackPoolModifier",
                                     "Situational modifier to the attack pool (dice), logged "
                                     "as 'Situation' — e.g. −1 for a wounded or distracted "
                                     "shooter, range, visibility")
        self.defence_mod = _pool_spin("defencePoolModifier",
                                      "Situational modifier to the defence pool (dice), logged "
                                      "as 'Situation' — e.g. cover, or −1 when surprised")
        mods = QWidget()
        mods_layout = QHBoxLayout(mods)
        mods_layout.setContentsMargins(0, 0, 0, 0)
        mods_layout.addWidget(QLabel("Attack pool ±"))
        mods_layout.addWidget(self.attack_mod)
        mods_layout.addSpacing(12)
        mods_layout.addWidget(QLabel("Defence pool ±"))
        mods_layout.addWidget(self.defence_mod)
        mods_layout.addStretch(1)
        self.sr_mods = mods
        self.sr_mods_label = QLabel("Situation")
        form.addRow(self.sr_mods_label, mods)
        self.form = form
        self.edge_label = form.labelForField(self.edge_combo)
        layout.addLayout(form)

        self.options_box = QWidget()
        grid = QGridLayout(self.options_box)
        grid.setContentsMargins(0, 0, 0, 0)
        self.option_boxes: dict[str, QCheckBox] = {}
        rules = self.document.encounter.ctx.rules
        for i, (name, spec) in enumerate(rules.attack.options.items()):
            box = QCheckBox(OPTION_NAMES[Option(name)])
            box.setObjectName(f"option_{name}")
            box.setProperty("optionKind", spec.kind)
            box.setToolTip(_option_tip(name, spec, rules))
            box.toggled.connect(self.refresh)
            grid.addWidget(box, i // 2, i % 2)
            self.option_boxes[name] = box
        self.defenseless = QCheckBox("Target defenseless (TN 10)")
        self.defenseless.setObjectName("defenseless")
        self.defenseless.setToolTip("Not resisting: TN 10 (may target an ally)")
        self.defenseless.toggled.connect(self.refresh)
        grid.addWidget(self.defenseless, (len(self.option_boxes) + 1) // 2, 0, 1, 2)
        self.gm_tn = QSpinBox()
        self.gm_tn.setObjectName("gmTn")
        self.gm_tn.setRange(10, 60)
        self.gm_tn.setValue(30)
        self.gm_tn.setPrefix("GM-set TN ")
        self.gm_tn.setToolTip("Ch.6 Trick Shot: the GM sets an appropriately high TN")
        self.gm_tn.valueChanged.connect(self.refresh)
        grid.addWidget(self.gm_tn, (len(self.option_boxes) + 1) // 2 + 1, 0, 1, 2)
        layout.addWidget(self.options_box)

        # --- the live preview
        numbers = QHBoxLayout()
        self.tn_label = style.big("")
        self.tn_label.setObjectName("tnLabel")
        self.tn_label.setToolTip("The target number the 2d10 + skill must reach")
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
        result_layout.addWidget(self.result_title)
        result_layout.addWidget(self.result)
        layout.addWidget(self.result_frame)
        self.result_frame.hide()

        for combo in (self.mode_combo, self.burst_combo, self.edge_combo, self.called_combo,
                      self.defence_combo, self.intercept_combo, self.sr_defence_combo):
            combo.currentIndexChanged.connect(self.refresh)
        for spin in (self.attack_mod, self.defence_mod):
            spin.valueChanged.connect(self.refresh)
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

    def _fill_called(self) -> None:
        rules = self.document.encounter.ctx.rules
        mods, shots = rules.attack.tn_modifiers, rules.called_shots
        self.called_combo.addItem("None", None)
        for key, name in (("weakness", "Weakness"), ("vulnerability", "Vulnerability")):
            s = shots[key]
            self.called_combo.addItem(f"{name} (+{mods['called_' + key]} TN; PT {s.pt}, "
                                      f"DR {s.dr})", key)
        self.called_combo.setToolTip("A called shot at a weakness or vulnerability: harder to "
                                     "hit, ignores some armor")

    # --- who, against whom

    def attacker(self) -> Combatant | None:
        state = self.document.state
        cid = self.reactor if self.reactor is not None else state.actor
        return state.get(cid) if cid in state.combatants else None

    def offer(self) -> PendingReaction | None:
        return next((p for p in self.document.state.pending if p.reactor == self.reactor), None)

    def resolve_reaction(self, reactor: str | None) -> None:
        """Prefill the panel for a pending reaction: the reactor against the mover (None:
        back to the acting combatant)."""
        self.reactor = reactor
        offer = self.offer()
        if reactor is not None and offer is None:
            self.reactor = None
        if offer is not None:
            self.target = offer.mover
        self._attacker = None  # reset the weapon and mode to the new attacker's defaults
        self.sync()
        self.roll_button.setFocus()

    def set_target(self, cid: str | None) -> None:
        self.target = cid
        index = self.target_combo.findData(cid)
        if index >= 0:
            self.target_combo.setCurrentIndex(index)
        self.refresh()

    def _target_chosen(self) -> None:
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

    def _weapon_chosen(self) -> None:
        self._fill_modes(self.attacker(), keep=None)
        self.refresh()

    # --- reading the document

    def sync(self, _events: Any = None) -> None:
        state = self.document.state
        if self.reactor is not None and self.offer() is None:
            self.reactor = None
        a = self.attacker()
        if self._last is not None and not any(
                e is self._last for e in self.document.encounter.history.effective_events()):
            self._last = None  # undone
            self.result_frame.hide()
        if a is None:
            self.heading.setText("Start combat to attack" if not state.round
                                 else "No one is acting")
            self._set_enabled(False)
            self._clear_preview()
            return
        self._set_enabled(True)
        fresh = a.id != self._attacker
        self._attacker = a.id
        offer = self.offer()
        if offer is not None:
            self.heading.setText(f"{REACTION_TITLES.get(offer.kind, offer.kind)}: "
                                 f"{a.name} → {state.get(offer.mover).name}")
            self.heading.setToolTip(offer.why)
        else:
            self.heading.setText(f"{a.name} attacks")
            self.heading.setToolTip("")
        self._fill_targets(state, a, offer)
        self._fill_weapons(a, offer, fresh)
        self._fill_modes(a, keep=None if fresh else self.mode_combo.currentData())
        if fresh:
            for box in self.option_boxes.values():
                box.blockSignals(True)
                box.setChecked(False)
                box.blockSignals(False)
            for combo in (self.edge_combo, self.called_combo, self.burst_combo,
                          self.defence_combo, self.intercept_combo, self.sr_defence_combo):
                combo.blockSignals(True)
                combo.setCurrentIndex(0)
                combo.blockSignals(False)
            for spin in (self.attack_mod, self.defence_mod):
                spin.blockSignals(True)
                spin.setValue(0)
                spin.blockSignals(False)
        self.edge_combo.setEnabled(a.edge > 0)
        self.edge_combo.setToolTip(f"{a.name} has {a.edge} Edge. One Edge per attack: on the "
                                   "roll OR on damage, never both")
        self.refresh()

    def _set_enabled(self, on: bool) -> None:
        for w in (self.target_combo, self.pick_button, self.weapon_combo, self.mode_combo,
                  self.options_box, self.edge_combo, self.called_combo, self.roll_button,
                  self.burst_combo, self.defence_combo, self.sr_defence_combo, self.attack_mod,
                  self.defence_mod):
            w.setEnabled(on)

    def _fill_targets(self, state: EncounterState, a: Combatant,
                      offer: PendingReaction | None) -> None:
        others = sorted((c for c in state if c.id != a.id),
                        key=lambda c: (c.side == a.side, c.name))
        items = [(c.name + (" (ally)" if c.side == a.side else ""), c.id) for c in others]
        keep = offer.mover if offer else self.target
        if keep not in {cid for _t, cid in items}:
            keep = nearest_enemy(state, a)
        _set_items(self.target_combo, items, keep)
        self.target = self.target_combo.currentData()
        self.target_combo.setEnabled(offer is None)
        self.pick_button.setEnabled(offer is None)

    def _reaction_weapon(self, a: Combatant, offer: PendingReaction) -> str | None:
        found = reaction_attack(self.document.state, self.document.encounter.ctx,
                                cmd.React(offer.reactor))
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
        self.weapon_combo.setEnabled(offer is None or offer.kind != "intercept")

    def _fill_modes(self, a: Combatant | None, keep: str | None) -> None:
        weapon_id = self.weapon_combo.currentData()
        combo = self.mode_combo
        combo.blockSignals(True)
        combo.clear()
        if a is None or weapon_id is None:
            combo.blockSignals(False)
            return
        weapon = self.document.loaded.library.weapons[weapon_id]
        rules = self.document.encounter.ctx.rules
        loaded = a.rounds_loaded(weapon_id)
        model = combo.model()
        enabled: list[str] = []
        for mode in weapon.modes:
            need = rules.fire_modes[mode.value].ammo
            ok = loaded is None or loaded >= need
            combo.addItem(f"{mode.value} — {need} round(s)", mode.value)
            i = combo.count() - 1
            tip = f"{mode.value} uses {need} round(s); {loaded} loaded" if loaded is not None \
                else f"{mode.value} uses {need} round(s)"
            combo.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)
            if isinstance(model, QStandardItemModel) and not ok:
                model.item(i).setEnabled(False)
            if ok:
                enabled.append(mode.value)
        default = keep if keep in enabled else (
            "SA" if "SA" in enabled else (enabled[0] if enabled else None))
        index = combo.findData(default) if default else 0
        combo.setCurrentIndex(max(0, index))
        combo.blockSignals(False)
        ranged = weapon.kind == "ranged"
        combo.setVisible(ranged)
        self.mode_label.setVisible(ranged)
        combo.setToolTip(f"{weapon.name}: {loaded} round(s) loaded; a mode needing more is "
                         "greyed out" if ranged else "")

    # --- the command and its preview

    def command(self) -> cmd.Attack | cmd.React | None:
        a = self.attacker()
        if a is None:
            return None
        weapon = self.weapon_combo.currentData()
        mode = self.mode_combo.currentData() if self._weapon_kind() == "ranged" else None
        edge = self.edge_combo.currentData() if a.edge > 0 else None
        offer = self.offer()
        if offer is not None:
            if offer.kind == "intercept":
                return cmd.React(a.id, edge=edge, go_on=bool(self.intercept_combo.currentData()))
            return cmd.React(a.id, weapon, mode, edge)
        if self.target is None:
            return None
        if self.shadowrun:
            def situation(n: int) -> tuple[tuple[str, int], ...]:
                return (("Situation", n),) if n else ()

            return cmd.Attack(a.id, self.target, weapon,
                              defence=self.sr_defence_combo.currentData(),
                              attack_modifiers=situation(self.attack_mod.value()),
                              defence_modifiers=situation(self.defence_mod.value()))
        kind = self._weapon_kind()
        options = tuple(name for name, box in self.option_boxes.items()
                        if box.isChecked() and box.property("optionKind") == kind)
        burst = self.burst_combo.currentData() if mode == FireMode.BF.value else None
        defence = self.defence_combo.currentData() if kind == "melee" else None
        gm_tn = self.gm_tn.value() if "trick_shot" in options else None
        return cmd.Attack(a.id, self.target, weapon, mode, options, edge, burst,
                          self.called_combo.currentData(), defence,
                          self.defenseless.isChecked(), gm_tn=gm_tn)

    @property
    def shadowrun(self) -> bool:
        return shadowrun.is_shadowrun(self.document.state)

    def _fill_sr_defence(self, kind: str | None) -> None:
        """The edition's defence options (not Intercept: an attack, not a defence); options
        that do not defend against this weapon's kind are greyed out."""
        rules = shadowrun.rules_for(self.document.state)
        combo = self.sr_defence_combo
        keep = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        model = combo.model()
        for name, option in rules.defence_options.items():
            if option.interrupt_attack:
                continue
            default = name == rules.default_defence
            adds = " + ".join(a.replace("_", " ").title() for a in option.adds)
            text = option.name + (f" (+ {adds})" if adds else "")
            if option.initiative_cost:
                text += f", −{option.initiative_cost} Init"
            if option.duration == "turn":
                text += ", whole turn"
            if default:
                text += " — default"
            combo.addItem(text, None if default else name)
            i = combo.count() - 1
            tip = [f"{option.name}: defends against {' and '.join(option.against)} attacks"]
            if option.prone:
                tip.append("the defender drops prone")
            if option.uses_next_action:
                tip.append("uses the defender's next action")
            if option.needs_melee_weapon:
                tip.append("needs a melee weapon in hand")
            combo.setItemData(i, "; ".join(tip), Qt.ItemDataRole.ToolTipRole)
            if kind is not None and kind not in option.against and \
                    isinstance(model, QStandardItemModel):
                model.item(i).setEnabled(False)
                if keep == name:
                    keep = None
        index = combo.findData(keep) if keep is not None else 0
        combo.setCurrentIndex(max(0, index))
        combo.blockSignals(False)

    def _weapon_kind(self) -> str | None:
        weapon_id = self.weapon_combo.currentData()
        if weapon_id is None:
            return None
        return self.document.loaded.library.weapons[weapon_id].kind

    def refresh(self, *_args: Any) -> None:
        """Recompute the preview from the widgets (no command is applied)."""
        command = self.command()
        offer = self.offer()
        kind = self._weapon_kind()
        reaction_mode = offer is not None
        ranged = kind == "ranged"
        mode = self.mode_combo.currentData()
        self.burst_combo.setVisible(ranged and mode == "BF" and not reaction_mode)
        self.burst_label.setVisible(self.burst_combo.isVisibleTo(self))
        for box in self.option_boxes.values():
            box.setVisible(box.property("optionKind") == kind and not reaction_mode)
        self.defenseless.setVisible(not reaction_mode)
        trick = self.option_boxes.get("trick_shot")
        self.gm_tn.setVisible(trick is not None and trick.isChecked() and trick.isVisibleTo(self)
                              and not reaction_mode)
        for w in (self.called_combo, self.called_label):
            w.setVisible(not reaction_mode)
        for w in (self.defence_combo, self.defence_label):
            w.setVisible(kind == "melee" and not reaction_mode)
        intercept = offer is not None and offer.kind == "intercept"
        for w in (self.intercept_combo, self.intercept_label):
            w.setVisible(intercept)
        self.decline_button.setVisible(reaction_mode)
        self.back_button.setVisible(reaction_mode)
        stop = intercept and not self.intercept_combo.currentData()
        self.roll_button.setText("Stop here" if stop else "Roll")
        sr = self.shadowrun
        if sr:  # none of Chapter 6's choices: fire modes, options, Edge, called shots
            self._fill_sr_defence(kind)
            for w in (self.mode_combo, self.mode_label, self.burst_combo, self.burst_label,
                      self.options_box, self.defenseless, self.called_combo,
                      self.called_label, self.defence_combo, self.defence_label):
                w.setVisible(False)
        for w in (self.edge_combo, self.edge_label):
            if w is not None:
                w.setVisible(not sr)
        for w in (self.sr_defence_combo, self.sr_defence_label, self.sr_mods,
                  self.sr_mods_label):
            w.setVisible(sr and not reaction_mode)
        if command is None:
            self._clear_preview()
            self.refusals.setText("Choose a target")
            self.roll_button.setEnabled(False)
            self._reveal()
            return
        state = self.document.state
        self.current = preview(state, self.document.encounter.ctx, command)
        self._show_preview(self.current, stop)

    def _clear_preview(self) -> None:
        self.current = None
        for label in self._preview_labels():
            label.setText("")
            label.hide()

    def _preview_labels(self) -> tuple[QLabel, ...]:
        return (self.tn_label, self.hit_label, self.breakdown, self.situation, self.advantage,
                self.odds, self.refusals)

    def _reveal(self) -> None:
        for label in self._preview_labels():
            label.setVisible(bool(label.text()))

    def _show_preview(self, p: AttackPreview | None, stop: bool) -> None:
        self._clear_preview()
        self.current = p
        if p is None:
            return
        state = self.document.state
        target = state.get(p.attack.target) if p.attack.target in state.combatants else None
        if p.sight is not None and target is not None and p.shadowrun is None:
            sight = p.sight
            band = f" — {p.plan.band.band.capitalize()} band (+{p.plan.band.tn})" \
                if p.plan is not None and p.plan.band is not None else ""
            cover = sight.cover.capitalize() + (f" ({sight.cover_class})"
                                                if sight.cover_class and sight.cover != "none"
                                                else "")
            seen = "" if sight.line_of_sight else f" — NO LINE OF SIGHT: {sight.why}"
            self.situation.setText(f"{sight.distance_m:g} m{band} · Cover: {cover}{seen}")
            self.situation.setToolTip("Read from the map: distance centre to centre, cover "
                                      "from rays to the target hex's centre and corners")
        if p.shadowrun is not None and p.sight is not None and target is not None:
            self._show_shadowrun(p.shadowrun, p.sight, target)
        if p.plan is not None and p.odds is not None:
            plan, odds = p.plan, p.odds
            self.tn_label.setText(f"TN {plan.tn.tn}")
            self.breakdown.setText(_breakdown_html(plan))
            self.advantage.setText(_advantage_html(plan))
            skill = p.setup.attacker.skill if p.setup else 0
            self.hit_label.setText(f"Hit {style.percent(odds.hit)}")
            self.odds.setText(_odds_html(odds, skill, plan))
        if stop:
            self.hit_label.setText("")
            self.odds.setText("Stop: the mover's move ends here and no attack is rolled. "
                              "(If it goes on, the interceptor attacks with the TN above.)")
        problems = [r for r in p.refusals if not (stop and "beyond reach" in r)]
        if p.shadowrun is not None or self.shadowrun:
            problems = [_action_phase(r) for r in problems]
        self.refusals.setText("\n".join(f"✗ {r}" for r in problems))
        self.roll_button.setEnabled(not problems)
        self._reveal()

    def _show_shadowrun(self, sr: ShadowrunPreview, sight: Any, target: Combatant) -> None:
        """The opposed test: both pools part by part, the limit, the declared defence, the
        exact odds; what the map says (distance, sight, cover) as advice."""
        odds = sr.odds
        self.tn_label.setText(f"{odds.attack_dice} vs {odds.defence_dice} dice")
        self.tn_label.setToolTip("Attack pool vs defence pool: hits are 5s and 6s; the "
                                 "attacker needs more hits than the defender")
        self.hit_label.setText(f"Hit {style.percent(odds.hit)}")
        limits = shadowrun.rules_for(self.document.state).dice.limits
        self.breakdown.setText(_pools_html(sr, limits))
        cover = sight.cover.capitalize() + (f" ({sight.cover_class})"
                                            if sight.cover_class and sight.cover != "none"
                                            else "")
        seen = "" if sight.line_of_sight else f" — NO LINE OF SIGHT: {sight.why}"
        advice = " (not counted: set it as a pool modifier if it applies)" \
            if sight.cover != "none" else ""
        self.situation.setText(f"{sight.distance_m:g} m · Cover on the map: {cover}{advice}"
                               f"{seen}")
        self.situation.setToolTip("Read from the map. Shadowrun range, cover and visibility "
                                  "modifiers are the GM's: Attack pool ± / Defence pool ±")
        self.advantage.setText(_defence_html(sr, target))
        self.odds.setText(_pool_odds_html(sr))

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
        events = self.document.apply(command)
        if events is None:
            return
        resolved = [e for e in events if isinstance(e, ev.AttackResolved)]
        if resolved:
            self._show_result(resolved[-1])
        self.rolled.emit(events)

    def decline(self) -> None:
        if self.reactor is not None:
            self.document.apply(cmd.DeclineReaction(self.reactor))

    def _show_result(self, e: ev.AttackResolved) -> None:
        self._last = e
        state = self.document.state
        name = {c.id: c.name for c in state}
        colour = style.GREEN if e.hit else style.VERMILLION
        self.result_title.setText(f"{name.get(e.attacker, e.attacker)} → "
                                  f"{name.get(e.target, e.target)}: "
                                  f"{'HIT' if e.hit else 'MISS'}")
        style.tint(self.result_title, colour)
        target = state.combatants.get(e.target)
        lines = result_lines(e.result)
        sr = monitors(target) if target is not None else None
        if target is not None and sr is not None:
            lines.append(f"{target.name}: {monitor_text(sr)}")
        elif target is not None:
            lines.append(f"{target.name}: Health {target.health - target.damage} / "
                         f"{target.health}")
        self.result.setText("\n".join(lines))
        self.result_frame.show()


def nearest_enemy(state: EncounterState, a: Combatant) -> str | None:
    """The default target: the nearest enemy still standing."""
    enemies = [c for c in state if c.side != a.side and not c.has(Condition.DEAD)]
    if not enemies:
        return None
    return min(enemies, key=lambda c: (hex_distance(a.hex, c.hex), c.name)).id


def _option_tip(name: str, spec: Any, rules: Any) -> str:
    parts = [f"{spec.kind.capitalize()} option"]
    if spec.advantage:
        parts.append("gives Advantage")
    if spec.disadvantage:
        parts.append("gives Disadvantage")
    dice = rules.damage_dice.get(name)
    if dice:
        parts.append(f"{int(dice):+d}d6 damage")
    if not spec.damage:
        parts.append("no damage: an effect instead")
    if spec.modes:
        parts.append("modes " + "/".join(spec.modes))
    if spec.extra_attacks:
        parts.append(f"{spec.extra_attacks} extra attack")
    if spec.ignores_cover:
        parts.append("rolled vs Discipline, ignores cover")
    return "; ".join(parts)


def _breakdown_html(plan: Any) -> str:
    rows = []
    for i, m in enumerate(plan.tn.breakdown):
        value = str(m.value) if i == 0 else f"{m.value:+d}"
        rows.append(f"<tr><td>{escape(m.source)}</td><td align='right'>&nbsp;&nbsp;<b>{value}"
                    "</b></td></tr>")
    rows.append(f"<tr><td><b>TN</b></td><td align='right'>&nbsp;&nbsp;<b>{plan.tn.tn}</b>"
                "</td></tr>")
    return "<table cellspacing='0'>" + "".join(rows) + "</table>"


def _advantage_html(plan: Any) -> str:
    adv = plan.advantages
    if not adv.advantages and not adv.disadvantages:
        text = "No Advantage or Disadvantage: 2d10"
    else:
        parts = []
        if adv.advantages:
            parts.append(f"<span style='color:{style.GREEN}'>▲ Advantage</span>: "
                         + escape(", ".join(adv.advantages)))
        if adv.disadvantages:
            parts.append(f"<span style='color:{style.VERMILLION}'>▼ Disadvantage</span>: "
                         + escape(", ".join(adv.disadvantages)))
        verdict = {"advantage": "roll 3d10, keep the highest two",
                   "disadvantage": "roll 3d10, keep the lowest two",
                   "none": "they cancel: plain 2d10"}[adv.state.value]
        text = "<br>".join(parts) + f"<br>→ {verdict}"
    if plan.edge_roll:
        text += "<br>+ Edge die (replaces the lowest kept die if higher)"
    for note in plan.notes:
        text += f"<br>{escape(note)}"
    return text


def _odds_html(odds: Any, skill: int, plan: Any) -> str:
    def p(x: float) -> str:
        return escape(style.percent(x))  # "<0.1%" is no tag

    injuries = [f"{level.value.capitalize()} {p(odds.injury[level.value])}"
                for level in LEVELS if odds.injury.get(level.value, 0.0) > 0]
    damage = " + ".join([plan.setup.weapon.damage, *(d.dice.lstrip("+")
                                                     for d in plan.bonus_parts)])
    lines = [
        f"Skill {skill} + 2d10 vs TN {plan.tn.tn}",
        f"<b>Solid</b> {p(odds.solid)} · <b>Perfect</b> {p(odds.perfect)} · "
        f"<b>Fumble</b> {p(odds.fumble)}",
        "Injury: " + (", ".join(injuries) if injuries else "none possible")
        + f" · none {p(odds.injury.get('none', 0.0))}",
        f"Expected damage <b>{odds.expected_damage:.1f}</b> (after armor PT{plan.armor.pt}/"
        f"DR{plan.armor.dr}; damage {escape(damage)}"
        + (", through cover" if plan.cover is not None else "") + ")",
    ]
    return "<br>".join(lines)


def _pool_spin(name: str, tip: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(-20, 20)
    spin.setToolTip(tip)
    spin.setAccelerated(True)
    return spin


def _rows_html(title: str, parts: Any, total: str) -> str:
    rows = [f"<tr><td colspan='2'><b>{escape(title)}</b></td></tr>"]
    for i, m in enumerate(parts):
        value = str(m.value) if i == 0 else f"{m.value:+d}"
        colour = f" style='color:{style.VERMILLION}'" if m.value < 0 else ""
        rows.append(f"<tr><td>&nbsp;&nbsp;{escape(m.source)}</td><td align='right'{colour}>"
                    f"&nbsp;&nbsp;<b>{value}</b></td></tr>")
    rows.append(f"<tr><td>&nbsp;&nbsp;<b>=</b></td><td align='right'>&nbsp;&nbsp;<b>{total}"
                "</b></td></tr>")
    return "".join(rows)


def _pools_html(sr: ShadowrunPreview, limits: bool) -> str:
    setup, odds = sr.setup, sr.odds
    attack = _rows_html(f"Attack pool — {setup.weapon.name}", setup.attack_parts,
                        f"{odds.attack_dice} dice")
    if odds.limit is not None:
        source = setup.limit_source
        name = escape(source) if "limit" in source.lower() else \
            "Limit" + (f" ({escape(source)})" if source else "")
        attack += (f"<tr><td>&nbsp;&nbsp;{name}</td><td align='right'>&nbsp;&nbsp;"
                   f"<b>[{odds.limit}]</b></td></tr>")
    elif limits:
        attack += ("<tr><td colspan='2'>&nbsp;&nbsp;No limit (no Accuracy in the catalogue)"
                   "</td></tr>")
    options = sr.defence.options if sr.defence is not None else setup.defence.options
    names = ", ".join(o.replace("_", " ").capitalize() for o in options) or "default"
    defence = _rows_html(f"Defence pool — {names}", sr.defence_parts,
                         f"{odds.defence_dice} dice")
    return "<table cellspacing='0'>" + attack + defence + "</table>"


def _defence_html(sr: ShadowrunPreview, target: Combatant) -> str:
    d = sr.defence
    if d is None:
        return ""
    parts = []
    if d.initiative_cost and d.initiative_before is not None:
        after = d.initiative_after if d.initiative_after is not None else 0
        score = f"({d.initiative_before} → {after})" if after >= 0 \
            else f"(has only {d.initiative_before})"
        parts.append(f"{escape(target.name)} pays <b>−{d.initiative_cost} Initiative</b> "
                     f"{score}")
    if d.prone:
        parts.append(f"{escape(target.name)} drops prone")
    if d.uses_next_action:
        parts.append(f"uses {escape(target.name)}'s next action")
    return "Defence: " + "; ".join(parts) if parts else ""


def _pool_odds_html(sr: ShadowrunPreview) -> str:
    def p(x: float) -> str:
        return escape(style.percent(x))

    odds, setup = sr.odds, sr.setup
    w = setup.weapon
    tie = "a grazing hit (contact, no damage)" if odds.grazing \
        else "a miss: the defender wins ties"
    dv = f"{w.dv}{w.damage_type}"
    if w.dv_text and w.dv_text != str(w.dv):
        dv = f"{escape(w.dv_text)} = {dv}"
    ap = f" {_minus(w.ap)} AP" if w.ap else ""
    kind = f" {escape(sr.armor_kind)}" if sr.armor_kind != "armor" else ""
    lines = [
        f"Hits on 5–6 · tie {p(odds.tie)} ({tie})",
        f"DV {dv} + net hits vs AV {sr.armor}{kind}{ap} = <b>{sr.modified_av}</b>"
        + (f" (Stun if the DV is {sr.modified_av} or less)" if w.damage_type == "P" else ""),
        f"Resist: Body {setup.body} + AV {sr.modified_av} = {odds.resist_dice} dice",
        f"<b>Some damage</b> {p(odds.damage)} · <b>Stun</b> {p(odds.stun)} · "
        f"expected <b>{odds.expected_boxes:.1f}</b> boxes",
    ]
    return "<br>".join(lines)


def _minus(n: int) -> str:
    return f"{n:+d}".replace("-", "−")


def _action_phase(reason: str) -> str:
    """The engine's 'no major action left (…; the downgrade is used)' in Shadowrun words."""
    match = re.match(r"(.+) has no major action left", reason)
    if match:
        return (f"{match.group(1)} has no Complex action left in this action phase "
                "(one attack per phase): press Next turn")
    return reason
