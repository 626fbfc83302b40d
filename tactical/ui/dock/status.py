"""Health, Stamina, Edge, injury, conditions, timers and weapon of the selected combatant
(or, with nothing selected, of the one acting)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QLabel, QVBoxLayout, QWidget

from tactical.encounter.limits import out_of_action, reaction_block
from tactical.encounter.model import Combatant, Timer
from tactical.rules.chapter6.injury import cumulative_state, fatigue_state
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
        self.injury = style.wrap(QLabel(""))
        self.injury.setObjectName("injuryLabel")
        self.conditions = style.wrap(QLabel(""))
        self.conditions.setObjectName("conditionsLabel")
        self.timers = style.wrap(QLabel(""))
        self.timers.setObjectName("timersLabel")
        self.weapon = style.wrap(QLabel(""))
        self.weapon.setObjectName("weaponLabel")
        form.addRow("Health", self.health)
        form.addRow("Fatigue", self.stamina)
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
        down = out_of_action(c, rules)
        block = reaction_block(c, rules)
        extra = [f"out of action: {down}"] if down else []
        if block and not down:
            extra.append(f"cannot react: {block}")
        self.injury.setText("; ".join([injury, *extra]))
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
        return f"{weapon.name} ({weapon.damage}{ammo})"
