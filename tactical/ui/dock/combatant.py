"""Health, Stamina, Edge, injury, conditions, timers and weapon of the selected combatant
(or, with nothing selected, of the one acting). Under Shadowrun (sr4/sr5): the Physical and
Stun condition monitors as boxes, the wound modifier, and the initiative score in this pass."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tactical.encounter import commands as cmd
from tactical.encounter.limits import out_of_action, reaction_block
from tactical.encounter.model import Combatant, EncounterState, Phase, Timer
from tactical.rules import registry
from tactical.rules.chapter6.injury import cumulative_state, fatigue_state
from tactical.rules.shadowrun import engine as shadowrun
from tactical.rules.shadowrun.damage import wound_modifier
from tactical.rules.shadowrun.engine import monitors
from tactical.rules.shadowrun.initiative import score_in_pass
from tactical.ui.dock import style
from tactical.ui.document import EncounterDocument


def timer_text(t: Timer) -> str:
    what = {"disadvantage": "Disadvantage", "bleed": f"Bleeding {t.amount}/round",
            "death": "Dies", "initiative": f"Initiative {t.amount}"}.get(t.kind, t.kind)
    length = "until treated/stabilised" if t.rounds is None else \
        ("this turn" if t.rounds == 0 else f"{t.rounds} round(s) left")
    return f"{what}, {length}" + (f" ({t.source})" if t.source else "")


class StatusPanel(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.heading = style.title("")
        self.heading.setObjectName("statusHeading")
        layout.addWidget(self.heading)
        form = QFormLayout()
        self.form = form
        self.health = style.Bar(style.GREEN)
        self.health.setObjectName("healthBar")
        self.stamina = style.Bar(style.ORANGE)
        self.stamina.setObjectName("staminaBar")
        self.edge = style.Pips(style.YELLOW)
        self.edge.setObjectName("edgePips")
        self.edge.setToolTip("Edge: 1 on a roll (an extra d10) or on damage (+2d6), or to "
                             "lower an injury one step, or +2d6 Initiative next round")
        self.injury_text = style.wrap(QLabel(""))
        self.injury_text.setObjectName("injuryLabel")
        self.lower_button = QPushButton("Spend Edge: one step less")
        self.lower_button.setObjectName("lowerInjuryButton")
        self.lower_button.setToolTip("Ch.6 Using Edge to stay in the fight: 1 Edge makes the "
                                     "last hit's injury one step less severe (until this "
                                     "combatant's next turn or next hit)")
        self.lower_button.clicked.connect(self._lower_injury)
        self.injury = _row(self.injury_text, self.lower_button)
        self.injury.setObjectName("injuryRow")
        self.conditions = style.wrap(QLabel(""))
        self.conditions.setObjectName("conditionsLabel")
        self.timers = style.wrap(QLabel(""))
        self.timers.setObjectName("timersLabel")
        self.weapon = style.wrap(QLabel(""))
        self.weapon.setObjectName("weaponLabel")
        # Shadowrun: condition monitors (boxes), wounds, initiative in this pass
        self.physical = style.Boxes(style.VERMILLION)
        self.physical.setObjectName("physicalBoxes")
        self.physical_text = QLabel("")
        self.physical_text.setObjectName("physicalLabel")
        self.stun = style.Boxes(style.ORANGE)
        self.stun.setObjectName("stunBoxes")
        self.stun_text = QLabel("")
        self.stun_text.setObjectName("stunLabel")
        self.wounds = style.wrap(QLabel(""))
        self.wounds.setObjectName("woundsLabel")
        self.initiative = style.wrap(QLabel(""))
        self.initiative.setObjectName("initiativeLabel")
        self.physical_row = _row(self.physical, self.physical_text)
        self.stun_row = _row(self.stun, self.stun_text)
        form.addRow("Health", self.health)
        form.addRow("Fatigue", self.stamina)
        form.addRow("Physical", self.physical_row)
        form.addRow("Stun", self.stun_row)
        form.addRow("Wounds", self.wounds)
        form.addRow("Initiative", self.initiative)
        form.addRow("Edge", self.edge)
        form.addRow("Injury", self.injury)
        form.addRow("Conditions", self.conditions)
        form.addRow("Timers", self.timers)
        form.addRow("Weapon", self.weapon)
        layout.addLayout(form)
        document.changed.connect(self.sync)
        document.selection_changed.connect(self.sync)
        self.sync()

    def shown(self) -> Combatant | None:
        state = self.document.state
        cid = self.document.selected if self.document.selected in state.combatants \
            else state.actor
        return state.get(cid) if cid else None

    def sync(self, _arg: Any = None) -> None:
        c = self.shown()
        for child in self.findChildren(QWidget):
            child.setVisible(c is not None)
        self.heading.setVisible(True)
        if c is None:
            self.heading.setText("Select a token to see its status")
            return
        rules = self.document.encounter.ctx.rules
        side = self.document.loaded.map.sides.get(c.side)
        acting = " (acting)" if c.id == self.document.state.actor else ""
        self.heading.setText(f"{c.name}{acting} — {side.name if side else c.side}")
        sr = shadowrun.is_shadowrun(self.document.state) and c.sr_monitor is not None
        for widget in (self.health, self.stamina, self.edge, self.injury):
            self.form.setRowVisible(widget, not sr)
        for widget in (self.physical_row, self.stun_row, self.wounds, self.initiative):
            self.form.setRowVisible(widget, sr)
        self._common(c)
        if sr:
            self._shadowrun(c)
            return
        left = c.health - c.damage
        stun = f", {c.stun} of it Stun" if c.stun else ""
        state = cumulative_state(c.damage, c.health, rules).value
        tail = "" if state == "none" else f" — {state.upper()}"
        self.health.set_value(left / c.health if c.health else 0.0,
                              f"{left} / {c.health} ({c.damage} damage{stun}){tail}")
        fat = fatigue_state(c.fatigue, c.stamina, rules).value
        self.stamina.set_value(c.fatigue / c.stamina if c.stamina else 0.0,
                               f"{c.fatigue} / {c.stamina} Stamina"
                               + ("" if fat == "none" else f" — {fat.capitalize()}"),
                               marks=(0.5,))
        self.stamina.setToolTip("Fatigue ≥ 50% of Stamina: Fatigued (loses a Major or a "
                                "Move); ≥ 100%: Exhausted; ≥ 200%: Unconscious")
        sheet = self.document.loaded.library.characters[c.character]
        self.edge.set_counts(c.edge, max(0, sheet.edge - c.edge))
        injury = "none"
        if c.injury:
            injury = f"{c.injury.capitalize()}" + (" (treated)" if c.treated else "")
        down = out_of_action(c, registry.ruleset(self.document.state.ruleset))
        block = reaction_block(c, registry.ruleset(self.document.state.ruleset))
        extra = [f"out of action: {down}"] if down else []
        if block and not down:
            extra.append(f"cannot react: {block}")
        self.injury_text.setText("; ".join([injury, *extra]))
        self.lower_button.setVisible(c.last_hit is not None and c.edge > 0)

    def _lower_injury(self) -> None:
        c = self.shown()
        if c is not None:
            self.document.apply(cmd.LowerInjury(c.id))

    def _common(self, c: Combatant) -> None:
        """Conditions, timers and the weapon: the same under every ruleset."""
        conditions = sorted(x.value for x in c.conditions)
        if c.unaware:
            conditions.append("unaware")
        self.conditions.setText(", ".join(conditions))
        self.timers.setText("\n".join(timer_text(t) for t in c.timers))
        self.form.setRowVisible(self.conditions, bool(conditions))
        self.form.setRowVisible(self.timers, bool(c.timers))
        self.weapon.setText(self._weapon_text(c))

    def _weapon_text(self, c: Combatant) -> str:
        if c.weapon is None:
            return "none ready"
        weapon = self.document.loaded.library.weapons[c.weapon]
        loaded = c.rounds_loaded(c.weapon)
        ammo = f", {loaded}/{weapon.magazine} loaded" if loaded is not None else ""
        if shadowrun.is_shadowrun(self.document.state):
            sr = weapon.shadowrun
            if sr is None:
                return f"{weapon.name} (no Shadowrun numbers{ammo})"
            acc = f", Accuracy {sr.accuracy}" if sr.accuracy is not None else ""
            ap = f", AP {sr.ap:+d}".replace("-", "−") if sr.ap else ""
            return f"{weapon.name} ({sr.dv}{sr.damage_type}{ap}{acc}{ammo})"
        return f"{weapon.name} ({weapon.damage}{ammo})"

    def _shadowrun(self, c: Combatant) -> None:
        """Physical and Stun monitors as boxes, the wound modifier, initiative in this pass."""
        state = self.document.state
        m = monitors(c)
        assert m is not None
        rules = shadowrun.rules_for(state)
        self.physical.set_boxes(m.physical, m.physical_size, m.overflow)
        left = m.physical_size - m.physical
        over = f", {m.overflow} overflow (dead past {m.body})" if m.overflow else ""
        self.physical_text.setText(f"{m.physical}/{m.physical_size} ({left} left{over})")
        self.physical.setToolTip("Physical condition monitor: filled boxes are damage; "
                                 "full: dying; overflow past Body: dead")
        if m.stun_size is None:
            self.stun.set_boxes(0, 0)
            self.stun_text.setText(f"{m.stun} (no Willpower on the sheet)")
        else:
            self.stun.set_boxes(m.stun, m.stun_size)
            self.stun_text.setText(f"{m.stun}/{m.stun_size} ({m.stun_size - m.stun} left)")
        self.stun.setToolTip("Stun condition monitor: full: unconscious; Stun past a full "
                             "monitor goes onto Physical")
        wound = wound_modifier(m, rules.monitors)
        per = rules.monitors.boxes_per_wound_die
        dice = f"−{-wound} {'die' if wound == -1 else 'dice'}"
        text = (f"{dice} on every test but damage resistance" if wound
                else f"no modifier yet (−1 die per {per} boxes)")
        if m.status.value != "ok":
            text = f"{m.status.value.upper()}; {text}"
        self.wounds.setText(text)
        self.initiative.setText(initiative_text(c, state))


def _row(*widgets: QWidget) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        layout.addWidget(w)
    layout.addStretch(1)
    return row


def initiative_text(c: Combatant, state: EncounterState) -> str:
    """'13; pass 2 of the combat turn: 13 − 10 = 3 (acts)' (Shadowrun)."""
    if c.initiative is None:
        return "not rolled yet (Start combat rolls it)"
    rules = shadowrun.rules_for(state).initiative
    score = c.effective_initiative()
    if state.phase is not Phase.COMBAT:
        return f"{score}"
    n = state.initiative_pass
    now = score_in_pass(score, n, rules)
    where = f"pass {n} of the combat turn"
    if now != score:
        where += f": {score} − {score - now} = {now}"
    acts = "acts" if c.id in state.order else "does not act in this pass"
    return f"{score} this combat turn; {where} ({acts})"
