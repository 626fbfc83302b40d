"""The one list of ruleset ids: every other module asks here, never names a ruleset package.

Adding a ruleset = its package under `tactical/rules/` and one line in `_FACTORIES`.
"""

from __future__ import annotations

from collections.abc import Callable

from tactical.core.errors import TacticalError
from tactical.core.types import RulesetId
from tactical.rules.api import Ruleset
from tactical.rules.chapter6.ruleset import chapter6
from tactical.rules.shadowrun.ruleset import shadowrun

DEFAULT: RulesetId = "chapter6"

_FACTORIES: dict[RulesetId, Callable[[], Ruleset]] = {
    "chapter6": chapter6,
    "sr5": lambda: shadowrun("sr5"),
    "sr4": lambda: shadowrun("sr4"),
}


class UnknownRuleset(TacticalError):
    """A ruleset id that no package provides (a log header saying 'sr9')."""


def ids() -> tuple[RulesetId, ...]:
    """Every ruleset id, the default first."""
    return tuple(_FACTORIES)


def ruleset(ruleset_id: RulesetId) -> Ruleset:
    """The ruleset with this id (loaded once); UnknownRuleset names the ids there are."""
    factory = _FACTORIES.get(ruleset_id)
    if factory is None:
        raise UnknownRuleset(f"unknown ruleset '{ruleset_id}'; expected one of: "
                             f"{', '.join(_FACTORIES)}")
    return factory()


def titles() -> dict[RulesetId, str]:
    """Each id with the name the GM sees, for menus and `--help`."""
    return {rid: ruleset(rid).title for rid in _FACTORIES}
