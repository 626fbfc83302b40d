"""The one list of ruleset ids: every other module asks here, never names a ruleset package.

Adding a ruleset = its package under `tactical/rules/` and one line in `_FACTORIES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from tactical.core.errors import TacticalError
from tactical.core.types import RulesetId

if TYPE_CHECKING:
    from tactical.data.problems import Loc
    from tactical.data.yamlsafe import YamlDocument
    from tactical.rules.api import AttackReport, Ruleset
    from tactical.rules.basenumbers import BaseNumbers

DEFAULT: RulesetId = "chapter6"


# A ruleset's package is imported when the ruleset is first asked for: the ids are known
# without loading any (`tactical --help`, and a start that paints before the engine).
def _chapter6() -> Ruleset:
    from tactical.rules.chapter6.ruleset import chapter6

    return chapter6()


def _shadowrun(edition: RulesetId) -> Ruleset:
    from tactical.rules.chapter6.ruleset import chapter6
    from tactical.rules.shadowrun.ruleset import shadowrun

    # Shadowrun leaves injuries dealt by hand, first aid and awareness to the base game
    return shadowrun(edition, base=chapter6())


_FACTORIES: dict[RulesetId, Callable[[], Ruleset]] = {
    "chapter6": _chapter6,
    "sr5": lambda: _shadowrun("sr5"),
    "sr4": lambda: _shadowrun("sr4"),
}


class UnknownRuleset(TacticalError):
    """A ruleset id that no package provides (a log header saying 'sr9')."""


def ids() -> tuple[RulesetId, ...]:
    """Every ruleset id, the default first."""
    return tuple(_FACTORIES)


@cache
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


def attack_report(data: Mapping[str, Any]) -> AttackReport:
    """A typed attack report back from the log: a report names its ruleset ("ruleset"),
    or is the default's."""
    rid = data.get("ruleset")
    return ruleset(rid if isinstance(rid, str) else DEFAULT).report_from_json(data)


def base_numbers() -> BaseNumbers:
    """The base game's numbers, which the engine uses whatever the ruleset (metres per hex,
    Reactions per round, reach): the default ruleset's file."""
    from tactical.rules.chapter6.ruleset import chapter6

    return chapter6().numbers


def read_base_numbers(doc: YamlDocument, data: Any, loc: Loc) -> BaseNumbers:
    """The base game's numbers from JSON (a log header's `rules.chapter6`), validated by
    its schema; DataError names the field at `loc`."""
    from tactical.data.schema import validate
    from tactical.rules.chapter6.numbers import Chapter6Ruleset

    return validate(doc, Chapter6Ruleset, data, loc)


def load_schemas() -> None:
    """Register every ruleset's numbers-file schema with the data loader (`kind: ruleset`),
    for a reader that meets ruleset files without playing them (`tactical validate`)."""
    import tactical.rules.chapter6.numbers  # noqa: F401  (registers itself when imported)
