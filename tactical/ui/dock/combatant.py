"""The selected combatant (or, with nothing selected, the one acting): the running ruleset's
rows (tactical/ui/rulesets/: Chapter 6's Health, Fatigue, Edge and injury; Shadowrun's
condition monitors, wounds and initiative in this pass), then what every ruleset shares:
conditions, timers and the weapon."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QFormLayout, QLabel, QVBoxLayout, QWidget

from tactical.encounter.model import Combatant, Timer
from tactical.ui import rulesets
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
        self.heading.setWordWrap(True)  # a long name and side widened the dock at 720p
        layout.addWidget(self.heading)
        form = QFormLayout()
        self.form = form
        self.view = rulesets.view_of(document.state)
        # every ruleset family's rows (the running ruleset's shown): tactical/ui/rulesets/
        self.parts = tuple(f.status_part(document, form) for f in rulesets.families())
        self.conditions = style.wrap(QLabel(""))
        self.conditions.setObjectName("conditionsLabel")
        self.timers = style.wrap(QLabel(""))
        self.timers.setObjectName("timersLabel")
        self.weapon = style.wrap(QLabel(""))
        self.weapon.setObjectName("weaponLabel")
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
        side = self.document.loaded.map.sides.get(c.side)
        acting = " (acting)" if c.id == self.document.state.actor else ""
        self.heading.setText(f"{c.name}{acting} — {side.name if side else c.side}")
        family = self.view.status_family(c)
        for part in self.parts:
            part.set_rows_visible(part.family == family)
        self._common(c)
        next(p for p in self.parts if p.family == family).show(c)

    def __getattr__(self, name: str) -> Any:
        """A ruleset part's widget by name (`status.health`, `status.stun`): the rows of
        every family exist, the running ruleset's are shown."""
        for part in self.__dict__.get("parts", ()):
            found = part.widget(name)
            if found is not None:
                return found
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

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
        return self.view.weapon_text(self.document, c.weapon, ammo)
