"""The attack panel's "Also attack" row (SR4 Multiple Targets, sr4 l.85-87; issue 25 item
3): the other enemies beside the chosen melee target, one tick each, and the GM's split of
the pool ("7 4"; empty: evenly). Ticked, the preview shows the first target's share of the
pool and Roll applies one `SplitAttack` (encounter/handlers/split.py): one Complex Action,
each attack resolved on its own. Shown only when the ruleset has the rule (SR4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtWidgets import QCheckBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QWidget

from tactical.encounter import commands as cmd
from tactical.encounter.handlers.split import SplitAttack, split_plan
from tactical.encounter.model import Combatant, Condition
from tactical.geometry.hexgrid import hex_distance
from tactical.ui.dock.flow import empty
from tactical.ui.document import EncounterDocument
from tactical.ui.rulesets.shadowrun.status import numbers_of

# an attacker reaches a target up to two hexes off (RULINGS "Reach": Reach 3 or more); the
# engine refuses one out of its reach, naming it
CANDIDATE_REACH_HEXES = 2


class SplitChooser:
    def __init__(self, document: EncounterDocument, form: QFormLayout) -> None:
        self.document = document
        self.box = QWidget()
        self.box.setObjectName("srSplitTargets")
        self.layout = QHBoxLayout(self.box)
        self.layout.setContentsMargins(0, 0, 0, 0)
        self.shares = QLineEdit()
        self.shares.setObjectName("srSplitShares")
        self.shares.setPlaceholderText("even")
        self.shares.setMaximumWidth(70)
        self.shares.setToolTip("The split of the attack pool, one number per target in the "
                               "order listed (the chosen target first), e.g. '7 4'; empty: "
                               "as evenly as possible (sr4 l.86)")
        self.label = QLabel("Also attack")
        self.label.setToolTip("SR4 Multiple Targets (sr4 l.85-87): one Complex Action "
                              "against opponents within one metre of each other (side by "
                              "side), the pool split between the attacks, each resolved on "
                              "its own")
        form.addRow(self.label, self.box)
        self.checks: dict[str, QCheckBox] = {}
        self.refusals: tuple[str, ...] = ()
        self._refresh: Callable[..., None] | None = None
        self._shown_for: tuple[str, ...] = ()
        self.base: cmd.Attack | None = None  # the attack last previewed, before the split
        self.offered = False  # the row applies (the panel itself may be out of view)

    def connect(self, refresh: Callable[..., None]) -> None:
        self._refresh = refresh
        self.shares.textChanged.connect(refresh)

    def hide(self) -> None:
        self.offered = False
        self.box.setVisible(False)
        self.label.setVisible(False)

    def reset(self) -> None:
        for box in self.checks.values():
            box.blockSignals(True)
            box.setChecked(False)
            box.blockSignals(False)
        self.shares.blockSignals(True)
        self.shares.clear()
        self.shares.blockSignals(False)

    def set_enabled(self, on: bool) -> None:
        self.box.setEnabled(on)

    # --- who can be added

    def candidates(self, a: Combatant, target: str) -> tuple[str, ...]:
        """Enemies standing within the rule's distance of the target and near the attacker
        (the engine checks reach and the rest)."""
        state = self.document.state
        rule = numbers_of(self.document).multiple_targets
        if rule is None or target not in state.combatants:
            return ()
        t = state.get(target)
        return tuple(c.id for c in state if c.id not in (a.id, target) and c.side != a.side
                     and not c.has(Condition.DEAD) and c.id not in a.undetected
                     and hex_distance(c.hex, t.hex) <= rule.within_hexes
                     and hex_distance(c.hex, a.hex) <= CANDIDATE_REACH_HEXES)

    def refresh(self, a: Combatant | None, target: str | None, melee: bool,
                shown: bool) -> None:
        """Rebuild the ticks for this attacker and target; show the row when it applies."""
        found = self.candidates(a, target) if (a is not None and target and melee and shown) \
            else ()
        if found != self._shown_for:
            self._fill(found)
        on = self.offered = bool(found)
        self.box.setVisible(on)
        self.label.setVisible(on)

    def _fill(self, ids: tuple[str, ...]) -> None:
        empty(self.layout)
        self.checks = {}
        state = self.document.state
        for cid in ids:
            box = QCheckBox(state.get(cid).name)
            box.setObjectName(f"srSplit:{cid}")
            box.setToolTip(f"Attack {state.get(cid).name} too with the same Complex Action; "
                           "the pool is split")
            if self._refresh is not None:
                box.toggled.connect(self._refresh)
            self.layout.addWidget(box)
            self.checks[cid] = box
        self.layout.addWidget(QLabel("split"))
        self.layout.addWidget(self.shares)
        self.layout.addStretch(1)
        self._shown_for = ids

    # --- the command

    def ticked(self) -> tuple[str, ...]:
        return tuple(cid for cid, box in self.checks.items() if box.isChecked())

    def split_of(self, attack: cmd.Attack) -> SplitAttack | None:
        """The split the ticks make of `attack` (None: nothing ticked)."""
        also = self.ticked()
        if not also or not self.offered:
            return None
        words = self.shares.text().replace(",", " ").split()
        shares = tuple(int(w) for w in words if w.lstrip("-").isdigit())
        # every word of the panel the attacks share: the chips, the dropped proposals, the
        # defence modifiers (the map's cover), as the preview counted them
        return SplitAttack(attack.attacker, (attack.target, *also), attack.weapon,
                           shares=shares, defences=(attack.defence or "",),
                           attack_modifiers=attack.attack_modifiers, grazing=attack.grazing,
                           options=attack.options, dropped=attack.dropped,
                           defence_modifiers=attack.defence_modifiers)

    def previewed(self, attack: cmd.Attack) -> cmd.Attack:
        """The first attack as the split rolls it (its share of the pool), for the preview;
        the split's refusals are kept for the panel's list."""
        self.base = attack
        split = self.split_of(attack)
        self.refusals = ()
        if split is None:
            return attack
        words = self.shares.text().replace(",", " ").split()
        if len(words) != len(split.shares):
            self.refusals = (f"the split '{self.shares.text()}' is not whole numbers",)
            return attack
        if attack.edge is not None:  # one Edge, one test: not shared out over a split
            self.refusals = ("Edge goes with one attack test: choose No Edge to split the "
                             "pool, or attack one target",)
            return attack
        encounter = self.document.encounter
        shares, self.refusals = split_plan(encounter.state, encounter.ctx, split)
        if not shares:
            return attack
        return replace(attack, attack_modifiers=(*attack.attack_modifiers, shares[0].modifier))

    def roll_command(self, command: cmd.Attack | cmd.React) -> object:
        """Roll: the split of the attack last previewed when targets are ticked."""
        if isinstance(command, cmd.Attack) and self.base is not None:
            split = self.split_of(self.base)
            if split is not None:
                return split
        return command
