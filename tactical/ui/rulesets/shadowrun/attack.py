"""Shadowrun's part of the attack panel: the opposed test. The defender's declared option,
the GM's situational pool modifiers, both pools part by part with the limit, and the exact
hit and damage odds from the engine's own setup."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tactical.data.shadowrun_ruleset import DamageRules, DiceRules
from tactical.encounter import commands as cmd
from tactical.encounter.model import Combatant, PendingReaction
from tactical.rules.shadowrun.damage import damage_code
from tactical.rules.shadowrun.mapmods import MapModifier, proposed
from tactical.rules.shadowrun.preview import ShadowrunPreview
from tactical.rules.shadowrun.ruleset import Shadowrun
from tactical.rules.shadowrun.situation import REACH_PENALTY, chips
from tactical.ui.dock import style
from tactical.ui.dock.flow import GridFlow, empty
from tactical.ui.document import EncounterDocument
from tactical.ui.rulesets.shadowrun.split import SplitChooser
from tactical.ui.rulesets.shadowrun.status import numbers_of

if TYPE_CHECKING:
    from tactical.encounter.queries.preview import AttackPreview
    from tactical.ui.rulesets.api import AttackLabels


class ShadowrunAttack:
    family = "shadowrun"

    def __init__(self, document: EncounterDocument, form: QFormLayout) -> None:
        self.document = document
        self.sr_defence_combo = QComboBox()
        self.sr_defence_combo.setObjectName("srDefenceCombo")
        self.sr_defence_combo.setToolTip("The defender declares its defence before the roll; "
                                         "an option's Initiative cost is paid from its score")
        self.sr_defence_label = QLabel("Defence")
        form.addRow(self.sr_defence_label, self.sr_defence_combo)
        self.attack_mod = pool_spin("attackPoolModifier",
                                    "Situational modifier to the attack pool (dice), logged "
                                    "as 'Situation' — e.g. −1 for a wounded or distracted "
                                    "shooter, range, visibility")
        self.defence_mod = pool_spin("defencePoolModifier",
                                     "Situational modifier to the defence pool (dice), logged "
                                     "as 'Situation' — e.g. cover, or −1 when surprised")
        mods = QWidget()
        mods_layout = QHBoxLayout(mods)
        mods_layout.setContentsMargins(0, 0, 0, 0)
        # short words: the dock is 412 px wide at 1280×720 (issue 25 item 6)
        mods_layout.addWidget(QLabel("Attack ±"))
        mods_layout.addWidget(self.attack_mod)
        mods_layout.addSpacing(8)
        mods_layout.addWidget(QLabel("Defence ±"))
        mods_layout.addWidget(self.defence_mod)
        mods_layout.addStretch(1)
        self.sr_mods = mods
        self.sr_mods_label = QLabel("Situation")
        form.addRow(self.sr_mods_label, mods)
        # sr4 l.25-27, sr5 l.16: "the gamemaster may choose to rule it as a grazing hit"
        self.grazing = QCheckBox("Grazing hit (contact only)")
        self.grazing.setObjectName("srGrazing")
        self.grazing.setToolTip("A tie is a grazing hit: equal hits, the defender wins, "
                                "unless you rule a grazing hit: no damage, but contact-only "
                                "attacks (shock gloves, poisons, touch spells) still work")
        self.grazing_label = QLabel("Tie")
        form.addRow(self.grazing_label, self.grazing)
        # issue 25 item 2: Edge declared with the attack (the ruleset file's actions.edge)
        self.sr_edge_combo = QComboBox()
        self.sr_edge_combo.setObjectName("srEdgeCombo")
        self.sr_edge_combo.setToolTip("Spend Edge on the attack test (1 point): Push the "
                                      "Limit adds the Edge rating in dice, no limit, sixes "
                                      "roll again; Second Chance rolls the misses again; "
                                      "Close Call stops a glitch")
        self.sr_edge_label = QLabel("Edge")
        form.addRow(self.sr_edge_label, self.sr_edge_combo)
        # RULINGS "Map modifiers": what the map proposes (range, cover: sent as named
        # modifiers) and what the engine proposes from the sheets and the map (smartlink,
        # Reach, SR4 friends and charging: `Attack.dropped` when unticked), one checkbox
        # each, on unless the GM drops it; the names are what the log records
        self.map_box = QWidget()
        self.map_box.setObjectName("srMapModifiers")
        self.map_layout = QVBoxLayout(self.map_box)
        self.map_layout.setContentsMargins(0, 0, 0, 0)
        self.map_layout.setSpacing(0)
        self.map_label = QLabel("Proposed")
        self.map_label.setToolTip("From the map and the sheets: untick what does not apply")
        form.addRow(self.map_label, self.map_box)
        self.split = SplitChooser(document, form)  # SR4: several melee targets, l.85
        self.map_checks: dict[str, QCheckBox] = {}
        self.map_proposed: tuple[MapModifier, ...] = ()
        self.engine_proposed: tuple[MapModifier, ...] = ()
        self.dropped: set[str] = set()
        # SR4's melee rows the map cannot tell (sr4 l.81-104), and the longer Reach's choice
        # of a penalty to the foe (sr4 l.79): one-click chips, the attack's option words
        self.chip_box = QWidget()
        self.chip_box.setObjectName("srChips")
        self.chip_layout = GridFlow(self.chip_box, columns=3, spacing=2, equal=False)
        self.chip_label = QLabel("Melee")
        form.addRow(self.chip_label, self.chip_box)
        self.chips: dict[str, QToolButton] = {}
        self._kind: str | None = None
        self._refresh: Callable[..., None] | None = None

    # --- the part's widgets

    def widget(self, name: str) -> object | None:
        return vars(self).get(name) if name != "document" else None

    def below_form(self) -> tuple[QWidget, ...]:
        return ()

    def connect(self, refresh: Callable[..., None]) -> None:
        self._refresh = refresh
        self.sr_defence_combo.currentIndexChanged.connect(refresh)
        self.sr_edge_combo.currentIndexChanged.connect(refresh)
        self.grazing.toggled.connect(refresh)
        for spin in (self.attack_mod, self.defence_mod):
            spin.valueChanged.connect(refresh)
        self.split.connect(refresh)

    def hide(self) -> None:
        self.split.hide()
        for w in (self.sr_defence_combo, self.sr_defence_label, self.sr_mods,
                  self.sr_mods_label, self.map_box, self.map_label, self.grazing,
                  self.grazing_label, self.chip_box, self.chip_label,
                  self.sr_edge_combo, self.sr_edge_label):
            w.setVisible(False)

    def reset(self) -> None:
        self.sr_defence_combo.blockSignals(True)
        self.sr_defence_combo.setCurrentIndex(0)
        self.sr_defence_combo.blockSignals(False)
        self.grazing.blockSignals(True)
        self.grazing.setChecked(False)
        self.grazing.blockSignals(False)
        self._fill_edge()
        for spin in (self.attack_mod, self.defence_mod):
            spin.blockSignals(True)
            spin.setValue(0)
            spin.blockSignals(False)
        self.dropped.clear()
        self.split.reset()
        for chip in self.chips.values():
            chip.blockSignals(True)
            chip.setChecked(False)
            chip.blockSignals(False)

    def set_enabled(self, on: bool) -> None:
        self.split.set_enabled(on)
        for w in (self.sr_defence_combo, self.attack_mod, self.defence_mod, self.grazing,
                  self.chip_box, self.sr_edge_combo):
            w.setEnabled(on)

    def sync(self, a: Combatant) -> None:
        return None

    def reaction_weapon_fixed(self, offer: PendingReaction) -> bool:
        return False  # the map offers no reactions under Shadowrun

    def weapon_chosen(self, a: Combatant | None, weapon_id: str | None,
                      keep: str | None) -> None:
        return None  # no fire-mode choice: the weapon's numbers are its Shadowrun block

    def mode(self) -> str | None:
        return None

    # --- the command

    def refresh(self, kind: str | None, offer: PendingReaction | None) -> bool:
        self._fill_defence(kind)
        if self.sr_edge_combo.count() == 0:
            self._fill_edge()
        for w in (self.sr_defence_combo, self.sr_defence_label, self.sr_mods,
                  self.sr_mods_label, self.grazing, self.grazing_label, self.sr_edge_combo,
                  self.sr_edge_label):
            w.setVisible(offer is None)
        for w in (self.map_box, self.map_label):
            w.setVisible(offer is None and bool(self.map_proposed + self.engine_proposed))
        if offer is not None or kind != "melee":
            self.split.hide()
        self._kind = kind
        self._fill_chips(offer is None and kind == "melee")
        return False

    def roll_command(self, command: cmd.Attack | cmd.React) -> object:
        return self.split.roll_command(command)

    def command(self, a: Combatant, target: str | None, weapon: str | None, kind: str | None,
                offer: PendingReaction | None) -> cmd.Attack | cmd.React | None:
        if offer is not None:
            return cmd.React(a.id, weapon, offer=offer.id)
        if target is None:
            return None

        def situation(n: int) -> tuple[tuple[str, int], ...]:
            return (("Situation", n),) if n else ()

        kept = [m for m in self._map_modifiers(a, target, weapon) if m.name not in self.dropped]
        self.split.refresh(a, target, kind == "melee", shown=True)
        engine = {m.name for m in self.engine_proposed}
        options = tuple(word for word, chip in self.chips.items()
                        if chip.isChecked() and chip.isVisible())
        return self.split.previewed(cmd.Attack(a.id, target, weapon, options=options,
                          dropped=tuple(sorted(self.dropped & engine)),
                          defence=self.sr_defence_combo.currentData(),
                          attack_modifiers=(*((m.name, m.dice) for m in kept
                                              if m.pool == "attack"),
                                            *situation(self.attack_mod.value())),
                          defence_modifiers=(*((m.name, m.dice) for m in kept
                                               if m.pool == "defence"),
                                             *situation(self.defence_mod.value())),
                          grazing=True if self.grazing.isChecked() else None,
                          edge=self.sr_edge_combo.currentData()))

    def _fill_edge(self) -> None:
        """No Edge, then each use the ruleset file declares with an attack."""
        combo = self.sr_edge_combo
        combo.blockSignals(True)
        combo.clear()
        combo.addItem("No Edge", None)
        ruleset = self.document.encounter.ctx.ruleset_of(self.document.state.ruleset)
        uses = ruleset.numbers.actions.edge if isinstance(ruleset, Shadowrun) else {}
        for word, use in uses.items():
            if use.when == "attack":
                combo.addItem(f"{use.name} ({use.cost} Edge)", word)
        combo.blockSignals(False)

    def _map_modifiers(self, a: Combatant, target: str,
                       weapon: str | None) -> tuple[MapModifier, ...]:
        """What the map proposes for this attacker, target and weapon (RULINGS "Map
        modifiers"), its checkboxes rebuilt when the proposal changes."""
        encounter = self.document.encounter
        state, ctx = encounter.state, encounter.ctx
        weapon_id = weapon or a.weapon
        found: tuple[MapModifier, ...] = ()
        if weapon_id and target in state.combatants:
            sight = ctx.oracle.sight(state, a.id, target)
            found = proposed(numbers_of(self.document), ctx.weapon(weapon_id),
                             sight.distance_m, sight.cover)
        if found != self.map_proposed:
            self.map_proposed = found
            self._fill_map_checks()
        return found

    def _fill_map_checks(self) -> None:
        empty(self.map_layout)
        self.map_checks = {}
        for m in self.map_proposed + self.engine_proposed:
            pool = "attack" if m.pool == "attack" else "defence"
            box = QCheckBox(f"{m.name} {m.dice:+d} {pool}")
            box.setObjectName(f"srMap:{m.name}")
            box.setToolTip("Proposed from the map and the sheets (issue 25 item 4); untick "
                           "to drop it")
            box.setChecked(m.name not in self.dropped)
            box.toggled.connect(lambda on, name=m.name: self._toggle(name, on))
            self.map_layout.addWidget(box)
            self.map_checks[m.name] = box
        for w in (self.map_box, self.map_label):
            w.setVisible(bool(self.map_proposed + self.engine_proposed))

    def _fill_chips(self, melee: bool) -> None:
        """SR4's chips for a melee attack; the Reach chip wherever a Reach is proposed
        (either edition, RULINGS "Reach")."""
        rules = numbers_of(self.document)
        offered = [(c.word, f"{CHIP_WORDS.get(c.word, c.label)} {minus(c.dice)}",
                    f"SR4 Melee Modifiers: {c.label}, {minus(c.dice)} to the {c.pool} pool")
                   for c in chips(rules)] if melee else []
        if melee and any(m.name.startswith("Reach ") for m in self.engine_proposed):
            offered.append((REACH_PENALTY, "Reach: penalty",
                            "sr4 l.79: the longer Reach applies its net Reach as a penalty "
                            "to the opponent's pool instead of a bonus to its own"))
        if [w for w, _l, _t in offered] != list(self.chips):
            checked = {w for w, c in self.chips.items() if c.isChecked()}
            empty(self.chip_layout)
            self.chips = {}
            for word, label, tip in offered:
                chip = QToolButton()
                chip.setObjectName(f"srChip:{word}")
                chip.setText(label)
                chip.setToolTip(tip)
                chip.setCheckable(True)
                chip.setChecked(word in checked)
                chip.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
                chip.toggled.connect(lambda _on: self._refresh() if self._refresh else None)
                self.chip_layout.addWidget(chip)
                self.chips[word] = chip
        for w in (self.chip_box, self.chip_label):
            w.setVisible(bool(self.chips))

    def _toggle(self, name: str, on: bool) -> None:
        (self.dropped.discard if on else self.dropped.add)(name)
        if self._refresh is not None:
            self._refresh()

    def _fill_defence(self, kind: str | None) -> None:
        """The edition's defence options (not Intercept: an attack, not a defence); options
        that do not defend against this weapon's kind are greyed out."""
        rules = numbers_of(self.document)
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

    # --- the preview

    def show(self, panel: AttackLabels, p: AttackPreview, target: Combatant | None,
             stop: bool) -> None:
        """The opposed test: both pools part by part, the limit, the declared defence, the
        exact odds; what the map says (distance, sight, cover) as advice."""
        sr, sight = p.shadowrun, p.sight
        proposed = tuple(getattr(sr.setup, "proposed", ())) if sr is not None else ()
        if proposed != self.engine_proposed:  # the engine's proposals changed: their boxes
            self.engine_proposed = proposed
            self._fill_map_checks()
            self._fill_chips(self._kind == "melee" and self.sr_mods.isVisible())
        if sr is None:  # no opposed test set up (the engine refuses it): the map alone
            panel.show_sight(p, target, "")
            return
        if sight is None or target is None:
            return
        odds = sr.odds
        panel.tn_label.setText(f"{odds.attack_dice} vs {odds.defence_dice} dice")
        dice = numbers_of(self.document).dice
        panel.tn_label.setToolTip(pools_tip(dice))
        panel.hit_label.setText(f"Hit {style.percent(odds.hit)}")
        panel.breakdown.setText(pools_html(sr, dice.limits))
        cover = sight.cover.capitalize() + (f" ({sight.cover_class})"
                                            if sight.cover_class and sight.cover != "none"
                                            else "")
        seen = "" if sight.line_of_sight else f" — NO LINE OF SIGHT: {sight.why}"
        advice = " (proposed below: untick to drop it)" \
            if sight.cover != "none" and self.map_proposed else ""
        panel.situation.setText(f"{sight.distance_m:g} m · Cover on the map: {cover}{advice}"
                                f"{seen}")
        panel.situation.setToolTip("Read from the map. Range and cover are proposed as pool "
                                   "modifiers (From the map); visibility and the rest are "
                                   "the GM's: Attack pool ± / Defence pool ±")
        panel.advantage.setText(defence_html(sr, target))
        panel.odds.setText(pool_odds_html(sr, dice, numbers_of(self.document).damage))

    def problems(self, refusals: tuple[str, ...], stop: bool) -> list[str]:
        return [action_phase(r) for r in (*refusals, *self.split.refusals)]


#: Short words on the chips (two to a row in the 412 px dock at 1280×720); the tooltip
#: names the row of the SR4 Melee Modifiers table.
CHIP_WORDS = {"superior_position": "Superior", "defender_superior": "Foe superior",
              "off_hand": "Off-hand", "defender_off_hand": "Foe off-hand",
              "receiving_charge": "Meets a charge", "touch_only": "Touch-only"}


def pool_spin(name: str, tip: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(-20, 20)
    spin.setToolTip(tip)
    spin.setAccelerated(True)
    return spin


def rows_html(title: str, parts: Any, total: str) -> str:
    rows = [f"<tr><td colspan='2'><b>{escape(title)}</b></td></tr>"]
    for i, m in enumerate(parts):
        value = str(m.value) if i == 0 else f"{m.value:+d}"
        colour = f" style='color:{style.VERMILLION}'" if m.value < 0 else ""
        rows.append(f"<tr><td>&nbsp;&nbsp;{escape(m.source)}</td><td align='right'{colour}>"
                    f"&nbsp;&nbsp;<b>{value}</b></td></tr>")
    rows.append(f"<tr><td>&nbsp;&nbsp;<b>=</b></td><td align='right'>&nbsp;&nbsp;<b>{total}"
                "</b></td></tr>")
    return "".join(rows)


def pools_html(sr: ShadowrunPreview, limits: bool) -> str:
    setup, odds = sr.setup, sr.odds
    attack = rows_html(f"Attack pool — {setup.weapon.name}", setup.attack_parts,
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
    defence = rows_html(f"Defence pool — {names}", sr.defence_parts,
                        f"{odds.defence_dice} dice")
    return "<table cellspacing='0'>" + attack + defence + "</table>"


def defence_html(sr: ShadowrunPreview, target: Combatant) -> str:
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


def hit_faces(dice: DiceRules) -> str:
    """'5–6' (SR Hits: a die showing hit_min or more)."""
    return f"{dice.hit_min}–{dice.sides}" if dice.hit_min < dice.sides else f"{dice.sides}"


def pools_tip(dice: DiceRules) -> str:
    faces = [f"{f}s" for f in range(dice.hit_min, dice.sides + 1)]
    shown = faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1]
    return (f"Attack pool vs defence pool: hits are {shown}; the "
            "attacker needs more hits than the defender")


def pool_odds_html(sr: ShadowrunPreview, dice: DiceRules, damage: DamageRules) -> str:
    def p(x: float) -> str:
        return escape(style.percent(x))

    odds, setup = sr.odds, sr.setup
    w = setup.weapon
    tie = "a grazing hit (contact, no damage)" if odds.grazing \
        else "a miss: the defender wins ties"
    dv = f"{w.dv}{w.damage_type}"
    if w.dv_text and w.dv_text != str(w.dv):
        dv = f"{escape(w.dv_text)} = {dv}"
    ap = f" {minus(w.ap)} AP" if w.ap else ""
    kind = f" {escape(sr.armor_kind)}" if sr.armor_kind != "armor" else ""
    # the highest DV that still turns Stun, each edition by its own text (the engine's
    # damage_code): SR4 the AV itself (sr4 l.33), SR5 one less, a tie stays Physical (sr5 l.20)
    av = sr.modified_av
    stun_below = av if damage_code("P", av, av, damage) == "S" else av - 1
    lines = [
        f"Hits on {hit_faces(dice)} · tie {p(odds.tie)} ({tie})",
        f"DV {dv} + net hits vs AV {sr.armor}{kind}{ap} = <b>{sr.modified_av}</b>"
        + (f" (Stun if the DV is {stun_below} or less)"
           if w.damage_type == "P" and stun_below > 0 else ""),
        f"Resist: Body {setup.body} + AV {sr.modified_av} = {odds.resist_dice} dice",
        f"<b>Some damage</b> {p(odds.damage)} · <b>Stun</b> {p(odds.stun)} · "
        f"expected <b>{odds.expected_boxes:.1f}</b> boxes",
    ]
    return "<br>".join(lines)


def minus(n: int) -> str:
    return f"{n:+d}".replace("-", "−")


def action_phase(reason: str) -> str:
    """The engine's 'no major action left (…; the downgrade is used)' in Shadowrun words."""
    match = re.match(r"(.+) has no major action left", reason)
    if match:
        return (f"{match.group(1)} has no Complex action left in this action phase "
                "(one attack per phase): press Next turn")
    # RULINGS "Actions": a phase holds two Simple actions, a Complex one takes both
    match = re.match(r"(.+) has no minor action left", reason)
    if match:
        return (f"{match.group(1)} has no Simple action left in this action phase (two "
                "a phase; a Complex action takes both): press Next turn")
    return reason
