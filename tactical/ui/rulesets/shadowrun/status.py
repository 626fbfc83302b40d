"""Shadowrun's rows in the combatant panel: the Physical and Stun condition monitors as
boxes, the wound modifier, and the initiative score in this pass."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

from tactical.data.shadowrun_ruleset import ShadowrunRuleset
from tactical.encounter.model import Combatant, EncounterState, Phase
from tactical.rules.shadowrun.damage import wound_modifier
from tactical.rules.shadowrun.engine import monitors
from tactical.rules.shadowrun.initiative import score_in_pass
from tactical.rules.shadowrun.ruleset import Shadowrun
from tactical.ui.dock import style
from tactical.ui.dock.flow import GridFlow
from tactical.ui.document import EncounterDocument


def numbers_of(document: EncounterDocument) -> ShadowrunRuleset:
    """The numbers the open encounter plays with (its log's, house rules included)."""
    ruleset = document.encounter.ctx.ruleset_of(document.state.ruleset)
    assert isinstance(ruleset, Shadowrun), "a Shadowrun panel on a Shadowrun encounter"
    return ruleset.numbers


def pass_score(c: Combatant, state: EncounterState, numbers: ShadowrunRuleset) -> int:
    """The score in the current initiative pass (SR5: −10 per pass taken)."""
    rules = numbers.initiative
    number = state.initiative_pass if state.phase is Phase.COMBAT else 1
    return score_in_pass(c.effective_initiative(), number, rules)


def initiative_text(c: Combatant, state: EncounterState, numbers: ShadowrunRuleset) -> str:
    """'13; pass 2 of the combat turn: 13 − 10 = 3 (acts)'."""
    if c.initiative is None:
        return "not rolled yet (Start combat rolls it)"
    rules = numbers.initiative
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


def monitor_row(boxes: QWidget, text: QLabel) -> QWidget:
    """A monitor's boxes, its count beside them, or below when the dock is too narrow for
    both: a troll's 13 Physical boxes and "0/13 (13 left)" side by side asked for more
    than the dock has at 1280 × 720, and the whole dock scrolled sideways."""
    line = QWidget()
    flow = GridFlow(line, columns=2, spacing=6, equal=False)
    flow.addWidget(boxes)
    flow.addWidget(text)
    return line


class ShadowrunStatus:
    family = "shadowrun"

    def __init__(self, document: EncounterDocument, form: QFormLayout) -> None:
        self.document = document
        self.form = form
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
        self.physical_row = monitor_row(self.physical, self.physical_text)
        self.stun_row = monitor_row(self.stun, self.stun_text)
        form.addRow("Physical", self.physical_row)
        form.addRow("Stun", self.stun_row)
        form.addRow("Wounds", self.wounds)
        form.addRow("Initiative", self.initiative)

    def widget(self, name: str) -> object | None:
        found: object | None = vars(self).get(name)
        return found if isinstance(found, QWidget) else None

    def set_rows_visible(self, on: bool) -> None:
        for widget in (self.physical_row, self.stun_row, self.wounds, self.initiative):
            self.form.setRowVisible(widget, on)

    def show(self, c: Combatant) -> None:
        state = self.document.state
        m = monitors(c)
        assert m is not None  # ShadowrunView.status_family: monitors or Chapter 6's rows
        rules = numbers_of(self.document)
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
        self.initiative.setText(initiative_text(c, state, rules))
