"""Shadowrun (SR4, SR5) in the UI: the board's arcs and bands (`view`), the attack panel's
opposed test (`attack`), the combatant panel's condition monitors (`status`)."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout

from tactical.rules.api import Ruleset
from tactical.rules.shadowrun.ruleset import Shadowrun
from tactical.ui.document import EncounterDocument
from tactical.ui.rulesets.shadowrun.attack import ShadowrunAttack
from tactical.ui.rulesets.shadowrun.status import ShadowrunStatus
from tactical.ui.rulesets.shadowrun.view import ShadowrunView


class _Family:
    name = "shadowrun"

    def view(self, ruleset: Ruleset) -> ShadowrunView:
        assert isinstance(ruleset, Shadowrun)
        return ShadowrunView(ruleset)

    def attack_part(self, document: EncounterDocument, form: QFormLayout) -> ShadowrunAttack:
        return ShadowrunAttack(document, form)

    def status_part(self, document: EncounterDocument, form: QFormLayout) -> ShadowrunStatus:
        return ShadowrunStatus(document, form)


FAMILY = _Family()
