"""Chapter 6 in the UI: the board's reactions and arcs (`view`), the attack panel's choices
(`attack`), the combatant panel's Health rows (`status`), the reactions' names (`reactions`)."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout

from tactical.rules.api import Ruleset
from tactical.rules.chapter6.ruleset import Chapter6
from tactical.ui.document import EncounterDocument
from tactical.ui.rulesets.chapter6.attack import Chapter6Attack
from tactical.ui.rulesets.chapter6.status import Chapter6Status
from tactical.ui.rulesets.chapter6.view import Chapter6View


class _Family:
    name = "chapter6"

    def view(self, ruleset: Ruleset) -> Chapter6View:
        assert isinstance(ruleset, Chapter6)
        return Chapter6View(ruleset)

    def attack_part(self, document: EncounterDocument, form: QFormLayout) -> Chapter6Attack:
        return Chapter6Attack(document, form)

    def status_part(self, document: EncounterDocument, form: QFormLayout) -> Chapter6Status:
        return Chapter6Status(document, form)


FAMILY = _Family()
