"""Chapter 6's part of the attack panel: fire mode, burst, Edge, called shot, melee defence,
the Intercept choice and the attack options; the TN breakdown, Advantage and exact odds.
Every dice count, TN and bonus in a label is read from the encounter's ruleset."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from tactical.data.gear import FireMode
from tactical.encounter import commands as cmd
from tactical.encounter.model import Combatant, PendingReaction
from tactical.rules.chapter6 import labels
from tactical.rules.chapter6.injury import LEVELS
from tactical.rules.chapter6.numbers import Chapter6Ruleset, chapter6_numbers
from tactical.rules.chapter6.setup import OPTION_NAMES, Option
from tactical.rules.reactions import ReactionSpec, spec_named
from tactical.ui.dock import style
from tactical.ui.document import EncounterDocument

if TYPE_CHECKING:
    from tactical.encounter.queries.preview import AttackPreview
    from tactical.ui.rulesets.api import AttackLabels

_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def count(n: int) -> str:
    return _WORDS.get(n, str(n))


def roll(rules: Chapter6Ruleset, extra: int = 0) -> str:
    """'2d10' (Ch.6 Success checks), '3d10' with one extra die for Advantage."""
    return labels.check_roll(rules, extra)


class Chapter6Attack:
    family = "chapter6"

    def __init__(self, document: EncounterDocument, form: QFormLayout) -> None:
        self.document = document
        rules = chapter6_numbers(document.encounter.ctx.rules)
        self.mode_combo = QComboBox()
        self.mode_combo.setObjectName("modeCombo")
        self.mode_label = QLabel("Fire mode")
        form.addRow(self.mode_label, self.mode_combo)
        self.burst_combo = QComboBox()
        self.burst_combo.setObjectName("burstCombo")
        bonus = labels.burst_damage(rules)
        self.burst_combo.addItem(f"Advantage (or {bonus} if Advantage already)", None)
        self.burst_combo.addItem("Advantage", "advantage")
        self.burst_combo.addItem(f"{bonus} damage", "damage")
        self.burst_combo.setToolTip(f"Burst fire: Advantage OR {bonus} damage ({bonus} is "
                                    "forced when Advantage is already present)")
        self.burst_label = QLabel("Burst")
        form.addRow(self.burst_label, self.burst_combo)
        self.edge_combo = QComboBox()
        self.edge_combo.setObjectName("edgeCombo")
        self.edge_combo.addItem("No Edge", None)
        self.edge_combo.addItem(f"Edge on the roll ({labels.edge_roll(rules)})", "roll")
        self.edge_combo.addItem(f"Edge on damage ({labels.edge_damage(rules)})", "damage")
        self.edge_combo.setToolTip("One Edge per attack: on the roll OR on damage, never both")
        form.addRow("Edge", self.edge_combo)
        self.edge_label = form.labelForField(self.edge_combo)
        self.called_combo = QComboBox()
        self.called_combo.setObjectName("calledCombo")
        self._fill_called(rules)
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
        # short enough for the dock at 1080p and 720p (issue 14, defect 8); the rest as a tip
        self.intercept_combo.addItem("Go on (Disadvantage both ways)", True)
        self.intercept_combo.setItemData(
            1, "Go on: the interceptor's free attack has Disadvantage, and so has the "
            "mover's attack this turn", Qt.ItemDataRole.ToolTipRole)
        self.intercept_combo.setToolTip("The mover's choice at an Intercept")
        self.intercept_label = QLabel("Mover")
        form.addRow(self.intercept_label, self.intercept_combo)

        self.options_box = QWidget()
        grid = QGridLayout(self.options_box)
        grid.setContentsMargins(0, 0, 0, 0)
        self.option_boxes: dict[str, QCheckBox] = {}
        for i, (name, spec) in enumerate(rules.attack.options.items()):
            box = QCheckBox(OPTION_NAMES[Option(name)])
            box.setObjectName(f"option_{name}")
            box.setProperty("optionKind", spec.kind)
            box.setToolTip(option_tip(name, spec, rules))
            grid.addWidget(box, i // 2, i % 2)
            self.option_boxes[name] = box
        easy = labels.easy_tn(rules)
        self.defenseless = QCheckBox(f"Target defenseless ({easy})")
        self.defenseless.setObjectName("defenseless")
        self.defenseless.setToolTip(f"Not resisting: {easy} (may target an ally)")
        grid.addWidget(self.defenseless, (len(self.option_boxes) + 1) // 2, 0, 1, 2)
        self.gm_tn = QSpinBox()
        self.gm_tn.setObjectName("gmTn")
        # Ch.6 Trick Shot: "an appropriately high TN", from the easiest difficulty up
        self.gm_tn.setRange(min(rules.checks.difficulty.values()), 60)
        self.gm_tn.setValue(rules.checks.difficulty["very_difficult"])
        self.gm_tn.setPrefix("GM-set TN ")
        self.gm_tn.setToolTip("Ch.6 Trick Shot: the GM sets an appropriately high TN")
        grid.addWidget(self.gm_tn, (len(self.option_boxes) + 1) // 2 + 1, 0, 1, 2)

    def _fill_called(self, rules: Chapter6Ruleset) -> None:
        mods, shots = rules.attack.tn_modifiers, rules.called_shots
        self.called_combo.addItem("None", None)
        for key, name in (("weakness", "Weakness"), ("vulnerability", "Vulnerability")):
            s = shots[key]  # type: ignore[index]
            self.called_combo.addItem(f"{name} (+{mods['called_' + key]} TN; PT {s.pt}, "
                                      f"DR {s.dr})", key)
        self.called_combo.setToolTip("A called shot at a weakness or vulnerability: harder to "
                                     "hit, ignores some armor")

    # --- the part's widgets

    def widget(self, name: str) -> object | None:
        return vars(self).get(name) if name != "document" else None

    def combos(self) -> tuple[QComboBox, ...]:
        return (self.mode_combo, self.burst_combo, self.edge_combo, self.called_combo,
                self.defence_combo, self.intercept_combo)

    def below_form(self) -> tuple[QWidget, ...]:
        return (self.options_box,)

    def connect(self, refresh: Callable[..., None]) -> None:
        for combo in self.combos():
            combo.currentIndexChanged.connect(refresh)
        for box in self.option_boxes.values():
            box.toggled.connect(refresh)
        self.defenseless.toggled.connect(refresh)
        self.gm_tn.valueChanged.connect(refresh)

    def hide(self) -> None:
        for w in (self.mode_combo, self.mode_label, self.burst_combo, self.burst_label,
                  self.options_box, self.defenseless, self.called_combo, self.called_label,
                  self.defence_combo, self.defence_label, self.edge_combo, self.edge_label,
                  self.intercept_combo, self.intercept_label):
            if w is not None:
                w.setVisible(False)

    def reset(self) -> None:
        for box in self.option_boxes.values():
            box.blockSignals(True)
            box.setChecked(False)
            box.blockSignals(False)
        for combo in (self.edge_combo, self.called_combo, self.burst_combo,
                      self.defence_combo, self.intercept_combo):
            combo.blockSignals(True)
            combo.setCurrentIndex(0)
            combo.blockSignals(False)

    def set_enabled(self, on: bool) -> None:
        for w in (self.mode_combo, self.options_box, self.edge_combo, self.called_combo,
                  self.burst_combo, self.defence_combo, self.intercept_combo):
            w.setEnabled(on)

    def sync(self, a: Combatant) -> None:
        self.edge_combo.setEnabled(a.edge > 0)
        self.edge_combo.setToolTip(f"{a.name} has {a.edge} Edge. One Edge per attack: on the "
                                   "roll OR on damage, never both")

    def _spec(self, offer: PendingReaction | None) -> ReactionSpec | None:
        if offer is None:
            return None
        state = self.document.state
        kinds = self.document.encounter.ctx.ruleset_of(state.ruleset).reaction_kinds
        return spec_named(kinds, offer.kind)

    def _stop_or_go_on(self, offer: PendingReaction | None) -> bool:
        """The mover's choice settles it (an Intercept): the stop / go on combo."""
        spec = self._spec(offer)
        return spec is not None and spec.settle == "stop_or_go_on"

    def reaction_weapon_fixed(self, offer: PendingReaction) -> bool:
        spec = self._spec(offer)
        return spec is not None and spec.fixed_weapon  # fights with what is in hand

    def weapon_chosen(self, a: Combatant | None, weapon_id: str | None,
                      keep: str | None) -> None:
        """The fire modes of the chosen weapon; a mode needing more rounds than are loaded
        is greyed out."""
        combo = self.mode_combo
        combo.blockSignals(True)
        combo.clear()
        if a is None or weapon_id is None:
            combo.blockSignals(False)
            return
        weapon = self.document.loaded.library.weapons[weapon_id]
        rules = chapter6_numbers(self.document.encounter.ctx.rules)
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
            FireMode.SA.value if FireMode.SA.value in enabled
            else (enabled[0] if enabled else None))
        index = combo.findData(default) if default else 0
        combo.setCurrentIndex(max(0, index))
        combo.blockSignals(False)
        ranged = weapon.kind == "ranged"
        combo.setVisible(ranged)
        self.mode_label.setVisible(ranged)
        combo.setToolTip(f"{weapon.name}: {loaded} round(s) loaded; a mode needing more is "
                         "greyed out" if ranged else "")

    def mode(self) -> str | None:
        data: str | None = self.mode_combo.currentData()
        return data

    # --- the command

    def refresh(self, kind: str | None, offer: PendingReaction | None) -> bool:
        reaction_mode = offer is not None
        ranged = kind == "ranged"
        burst = ranged and self.mode_combo.currentData() == FireMode.BF.value \
            and not reaction_mode
        self.burst_combo.setVisible(burst)
        self.burst_label.setVisible(burst)
        for box in self.option_boxes.values():
            box.setVisible(box.property("optionKind") == kind and not reaction_mode)
        self.defenseless.setVisible(not reaction_mode)
        trick = self.option_boxes.get(Option.TRICK_SHOT.value)
        self.gm_tn.setVisible(trick is not None and trick.isChecked()
                              and trick.isVisibleTo(self.options_box) and not reaction_mode)
        for w in (self.called_combo, self.called_label):
            w.setVisible(not reaction_mode)
        for w in (self.defence_combo, self.defence_label):
            w.setVisible(kind == "melee" and not reaction_mode)
        intercept = self._stop_or_go_on(offer)
        for w in (self.intercept_combo, self.intercept_label):
            w.setVisible(intercept)
        for edge in (self.edge_combo, self.edge_label):
            if edge is not None:
                edge.setVisible(True)
        return intercept and not self.intercept_combo.currentData()

    def roll_command(self, command: cmd.Attack | cmd.React) -> object:
        return command

    def command(self, a: Combatant, target: str | None, weapon: str | None, kind: str | None,
                offer: PendingReaction | None) -> cmd.Attack | cmd.React | None:
        mode = self.mode_combo.currentData() if kind == "ranged" else None
        edge = self.edge_combo.currentData() if a.edge > 0 else None
        if offer is not None:
            if self._stop_or_go_on(offer):
                return cmd.React(a.id, edge=edge, go_on=bool(self.intercept_combo.currentData()),
                                 offer=offer.id)
            return cmd.React(a.id, weapon, mode, edge, offer=offer.id)
        if target is None:
            return None
        options = tuple(name for name, box in self.option_boxes.items()
                        if box.isChecked() and box.property("optionKind") == kind)
        burst = self.burst_combo.currentData() if mode == FireMode.BF.value else None
        defence = self.defence_combo.currentData() if kind == "melee" else None
        gm_tn = self.gm_tn.value() if Option.TRICK_SHOT.value in options else None
        return cmd.Attack(a.id, target, weapon, mode, options, edge, burst,
                          self.called_combo.currentData(), defence,
                          self.defenseless.isChecked(), gm_tn=gm_tn)

    # --- the preview

    def show(self, panel: AttackLabels, p: AttackPreview, target: Combatant | None,
             stop: bool) -> None:
        rules = chapter6_numbers(self.document.encounter.ctx.rules)
        band = f" — {p.plan.band.band.capitalize()} band (+{p.plan.band.tn})" \
            if p.plan is not None and p.plan.band is not None else ""
        panel.show_sight(p, target, band)
        if p.plan is not None and p.odds is not None:
            plan, odds = p.plan, p.odds
            panel.tn_label.setText(f"TN {plan.tn.tn}")
            panel.breakdown.setText(breakdown_html(plan))
            panel.advantage.setText(advantage_html(plan, rules))
            skill = p.setup.attacker.skill if p.setup else 0
            panel.hit_label.setText(f"Hit {style.percent(odds.hit)}")
            panel.odds.setText(odds_html(odds, skill, plan, rules))
        if stop:
            panel.hit_label.setText("")
            panel.odds.setText("Stop: the mover's move ends here and no attack is rolled. "
                               "(If it goes on, the interceptor attacks with the TN above.)")

    def problems(self, refusals: tuple[str, ...], stop: bool) -> list[str]:
        # stopping at an Intercept rolls nothing: being out of reach does not matter
        return [r for r in refusals if not (stop and "beyond reach" in r)]


def option_tip(name: str, spec: Any, rules: Chapter6Ruleset) -> str:
    parts = [f"{spec.kind.capitalize()} option"]
    if spec.advantage:
        parts.append("gives Advantage")
    if spec.disadvantage:
        parts.append("gives Disadvantage")
    dice = rules.damage_dice.get(name)
    if dice:
        parts.append(f"{labels.extra_dice(int(dice), rules)} damage")
    if not spec.damage:
        parts.append("no damage: an effect instead")
    if spec.modes:
        parts.append("modes " + "/".join(spec.modes))
    if spec.extra_attacks:
        parts.append(f"{spec.extra_attacks} extra attack")
    if spec.ignores_cover:
        parts.append("rolled vs Discipline, ignores cover")
    if name == Option.FIRE_AROUND_COVER.value:  # Ch.6 l.204
        parts.append("shoot from the best free hex next to the attacker round the high cover "
                     "it stands by, then duck back")
    if spec.needs:
        parts.append("takes " + " + ".join(n.capitalize() for n in spec.needs))
    return "; ".join(parts)


def breakdown_html(plan: Any) -> str:
    rows = []
    for i, m in enumerate(plan.tn.breakdown):
        value = str(m.value) if i == 0 else f"{m.value:+d}"
        rows.append(f"<tr><td>{escape(m.source)}</td><td align='right'>&nbsp;&nbsp;<b>{value}"
                    "</b></td></tr>")
    rows.append(f"<tr><td><b>TN</b></td><td align='right'>&nbsp;&nbsp;<b>{plan.tn.tn}</b>"
                "</td></tr>")
    return "<table cellspacing='0'>" + "".join(rows) + "</table>"


def advantage_html(plan: Any, rules: Chapter6Ruleset) -> str:
    adv = plan.advantages
    plain, kept = roll(rules), count(rules.checks.dice)
    if not adv.advantages and not adv.disadvantages:
        text = f"No Advantage or Disadvantage: {plain}"
    else:
        parts = []
        if adv.advantages:
            parts.append(f"<span style='color:{style.GREEN}'>▲ Advantage</span>: "
                         + escape(", ".join(adv.advantages)))
        if adv.disadvantages:
            parts.append(f"<span style='color:{style.VERMILLION}'>▼ Disadvantage</span>: "
                         + escape(", ".join(adv.disadvantages)))
        # Ch.6 Advantage: one die more, keep the best (or, Disadvantage, the worst)
        verdict = {"advantage": f"roll {roll(rules, 1)}, keep the highest {kept}",
                   "disadvantage": f"roll {roll(rules, 1)}, keep the lowest {kept}",
                   "none": f"they cancel: plain {plain}"}[adv.state.value]
        text = "<br>".join(parts) + f"<br>→ {verdict}"
    if plan.edge_roll:
        text += "<br>+ Edge die (replaces the lowest kept die if higher)"
    for note in plan.notes:
        text += f"<br>{escape(note)}"
    return text


def odds_html(odds: Any, skill: int, plan: Any, rules: Chapter6Ruleset) -> str:
    def p(x: float) -> str:
        return escape(style.percent(x))  # "<0.1%" is no tag

    injuries = [f"{level.value.capitalize()} {p(odds.injury[level.value])}"
                for level in LEVELS if odds.injury.get(level.value, 0.0) > 0]
    damage = " + ".join([plan.setup.weapon.damage, *(d.dice.lstrip("+")
                                                     for d in plan.bonus_parts)])
    lines = [
        f"Skill {skill} + {roll(rules)} vs TN {plan.tn.tn}",
        f"<b>Solid</b> {p(odds.solid)} · <b>Perfect</b> {p(odds.perfect)} · "
        f"<b>Fumble</b> {p(odds.fumble)}",
        "Injury: " + (", ".join(injuries) if injuries else "none possible")
        + f" · none {p(odds.injury.get('none', 0.0))}",
        f"Expected damage <b>{odds.expected_damage:.1f}</b> (after armor PT{plan.armor.pt}/"
        f"DR{plan.armor.dr}; damage {escape(damage)}"
        + (", through cover" if plan.cover is not None else "") + ")",
    ]
    return "<br>".join(lines)
