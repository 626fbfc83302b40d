"""Chapter 6's rows in the combatant panel: Health and Fatigue bars, Edge pips, the injury
(and the Edge that lowers it). Every number in a label is the encounter's ruleset's."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QPushButton, QWidget

from tactical.encounter import commands as cmd
from tactical.encounter.model import Combatant, Phase
from tactical.encounter.queries.limits import out_of_action, reaction_block
from tactical.rules.chapter6 import labels
from tactical.rules.chapter6.injury import cumulative_state, fatigue_state
from tactical.rules.chapter6.numbers import Chapter6Ruleset, chapter6_numbers
from tactical.ui.dock import style
from tactical.ui.document import EncounterDocument


def steps(n: int) -> str:
    return "one step" if n == 1 else f"{n} steps"


def edge_tip(rules: Chapter6Ruleset) -> str:
    """Ch.6 Edge: what 1 Edge buys, with the ruleset's dice."""
    return (f"Edge: 1 on a roll (an {labels.edge_roll(rules)}) or on damage "
            f"({labels.edge_damage(rules)}), or to lower an injury "
            f"{steps(rules.injury.edge_steps_lower)}, or {labels.edge_initiative(rules)} "
            "Initiative next round")


def fatigue_tip(rules: Chapter6Ruleset) -> str:
    f = rules.fatigue
    return (f"Fatigue ≥ {f.fatigued:.0%} of Stamina: Fatigued (loses a Major or a Move); "
            f"≥ {f.exhausted:.0%}: Exhausted; ≥ {f.unconscious:.0%}: Unconscious")


class Chapter6Status:
    family = "chapter6"

    def __init__(self, document: EncounterDocument, form: QFormLayout) -> None:
        self.document = document
        self.form = form
        rules = chapter6_numbers(document.encounter.ctx.rules)
        lower = steps(rules.injury.edge_steps_lower)
        self.health = style.Bar(style.GREEN)
        self.health.setObjectName("healthBar")
        self.stamina = style.Bar(style.ORANGE)
        self.stamina.setObjectName("staminaBar")
        self.edge = style.Pips(style.YELLOW)
        self.edge.setObjectName("edgePips")
        self.edge.setToolTip(edge_tip(rules))
        self.injury_text = style.wrap(QLabel(""))
        self.injury_text.setObjectName("injuryLabel")
        self.lower_button = QPushButton(f"Spend Edge: {lower} less")
        self.lower_button.setObjectName("lowerInjuryButton")
        self.lower_button.setToolTip("Ch.6 Using Edge to stay in the fight: 1 Edge makes the "
                                     f"last hit's injury {lower} less severe (until this "
                                     "combatant's next turn or next hit)")
        self.lower_button.clicked.connect(self._lower_injury)
        self.injury = row(self.injury_text, self.lower_button)
        self.injury.setObjectName("injuryRow")
        self.shown: Combatant | None = None
        form.addRow("Health", self.health)
        form.addRow("Fatigue", self.stamina)
        form.addRow("Edge", self.edge)
        form.addRow("Injury", self.injury)

    def widget(self, name: str) -> object | None:
        found: object | None = vars(self).get(name)
        return found if isinstance(found, QWidget) else None

    def set_rows_visible(self, on: bool) -> None:
        for widget in (self.health, self.stamina, self.edge, self.injury):
            self.form.setRowVisible(widget, on)

    def show(self, c: Combatant) -> None:
        self.shown = c
        rules = chapter6_numbers(self.document.encounter.ctx.rules)
        left = c.health - c.damage
        stun = f", {c.stun} of it Stun" if c.stun else ""
        state = cumulative_state(c.damage, c.health, rules).value
        tail = "" if state == "none" else f" — {state.upper()}"
        self.health.set_value(left / c.health if c.health else 0.0,
                              f"{left} / {c.health} ({c.damage} damage{stun}){tail}")
        fat = fatigue_state(c.fatigue, c.stamina, rules).value
        rests = ""
        if fat == "exhausted" and self.document.state.phase is Phase.COMBAT:
            # Ch.6 l.818: the idle turns counted toward the next Stamina back
            rests = f"; rests: {c.rested_turns} / {rules.fatigue.exhausted_rest_turns} turns"
        self.stamina.set_value(c.fatigue / c.stamina if c.stamina else 0.0,
                               f"{c.fatigue} / {c.stamina} Stamina"
                               + ("" if fat == "none" else f" — {fat.capitalize()}")
                               + rests, marks=(rules.fatigue.fatigued,))
        self.stamina.setToolTip(fatigue_tip(rules))
        sheet = self.document.loaded.library.characters[c.character]
        self.edge.set_counts(c.edge, max(0, sheet.edge - c.edge))
        injury = "none"
        if c.injury:
            injury = f"{c.injury.capitalize()}" + (" (treated)" if c.treated else "")
        ruleset = self.document.encounter.ctx.ruleset_of(self.document.state.ruleset)
        down = out_of_action(c, ruleset)
        block = reaction_block(c, ruleset)
        extra = [f"out of action: {down}"] if down else []
        if block and not down and self.document.state.phase is Phase.COMBAT:  # (issue 14)
            extra.append(f"cannot react: {block}")
        self.injury_text.setText("; ".join([injury, *extra]))
        self.lower_button.setVisible(c.last_hit is not None and c.edge > 0)

    def _lower_injury(self) -> None:
        if self.shown is not None:
            self.document.apply(cmd.LowerInjury(self.shown.id))


def row(*widgets: QWidget) -> QWidget:
    """Widgets side by side, left-aligned, as one form row."""
    line = QWidget()
    layout = QHBoxLayout(line)
    layout.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        layout.addWidget(w)
    layout.addStretch(1)
    return line
