"""Everything ruleset-specific the board and the dock show, one package per ruleset family
(`chapter6/`, `shadowrun/`), and the one lookup the rest of `tactical/ui/` calls.

Only this package imports a ruleset package (`tactical.rules.chapter6`,
`tactical.rules.shadowrun`); a ruleset is found by id through `tactical.rules.registry`.
Adding a ruleset family = its package here and one line in `_families`.
"""

from __future__ import annotations

from functools import cache

from tactical.core.types import RulesetId
from tactical.encounter.model import EncounterState
from tactical.rules import registry
from tactical.ui.rulesets.api import AttackPart, Family, RulesetView, StatusPart

__all__ = ["DEFAULT_RULESET", "AttackPart", "Family", "RulesetView", "StatusPart", "families",
           "titles", "view_for", "view_of"]

#: The ruleset a map runs under when it names none (the registry's default).
DEFAULT_RULESET: RulesetId = registry.DEFAULT


@cache
def _families() -> dict[type, Family]:
    """Each ruleset class the registry hands out → its family here. Imported on first use:
    the families build dock widgets, and the dock imports this lookup."""
    from tactical.rules.chapter6.ruleset import Chapter6
    from tactical.rules.shadowrun.ruleset import Shadowrun
    from tactical.ui.rulesets import chapter6, shadowrun

    return {Chapter6: chapter6.FAMILY, Shadowrun: shadowrun.FAMILY}


def _family(ruleset_id: RulesetId) -> Family:
    return _families()[type(registry.ruleset(ruleset_id))]


@cache
def view_for(ruleset_id: RulesetId) -> RulesetView:
    """The view of the ruleset with this id (UnknownRuleset for an id no package provides)."""
    return _family(ruleset_id).view(registry.ruleset(ruleset_id))


def view_of(state: EncounterState) -> RulesetView:
    """The view of the ruleset the encounter runs under."""
    return view_for(state.ruleset)


def families() -> tuple[Family, ...]:
    """Every family once, in the registry's order (the default's first): the panels build
    every family's part and show the running ruleset's."""
    found: list[Family] = []
    for rid in registry.ids():
        family = _family(rid)
        if family not in found:
            found.append(family)
    return tuple(found)


def titles() -> dict[RulesetId, str]:
    """Each ruleset id with the name the GM sees (menus, the window title)."""
    return registry.titles()
