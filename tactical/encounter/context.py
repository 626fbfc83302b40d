"""What `decide` needs besides the state: the map and sheets, the rule numbers, the map oracle.

The oracle answers the map questions (passable hexes, sight and cover, reaction triggers);
`tactical.encounter.queries.oracle.GeometryOracle` answers them from the geometry layer, and tests
may give a scripted one (issue 4: the engine takes a trigger provider it is given).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tactical.data.character import Character
from tactical.data.gear import Weapon
from tactical.data.library import LoadedMap
from tactical.encounter.model import Combatant, EncounterState, Hex
from tactical.rules import registry
from tactical.rules.api import Ruleset, SightInfo
from tactical.rules.basenumbers import BaseNumbers
from tactical.rules.reactions import ReactionOffer

__all__ = ["Context", "MapOracle", "OracleFactory", "SightInfo", "initial_state",
           "played_ruleset"]


class MapOracle(Protocol):
    def passable(self, hex_: Hex) -> str | None:
        """None if a token may stand in `hex_`, else why not."""
        ...

    def triggers(self, state: EncounterState, mover: str, start: Hex,
                 path: Sequence[Hex], skip: frozenset[str],
                 started_in_reach_of: frozenset[str]) -> Sequence[ReactionOffer]:
        """Every reaction along `path` (the hexes entered from `start`), reactors in `skip`
        left out, first step first (step n: the n-th hex entered, 0: `start`)."""
        ...

    def sight(self, state: EncounterState, attacker: str, target: str) -> SightInfo: ...

    def in_reach_of(self, state: EncounterState, combatant: str) -> frozenset[str]:
        """Enemies whose melee reach covers `combatant` where it stands now."""
        ...


@dataclass(frozen=True)
class Context:
    loaded: LoadedMap
    oracle: MapOracle
    rules: BaseNumbers = field(default_factory=registry.base_numbers)
    ruleset: str | None = None  # None: the map's; a registry id to override it
    # Every other ruleset's numbers the fight plays with, by ruleset id (a log's snapshot:
    # an old Shadowrun fight replays under the numbers it was played with); absent: bundled.
    numbers: Mapping[str, Any] = field(default_factory=dict)
    _rulesets: dict[str, Ruleset] = field(default_factory=dict, init=False, compare=False,
                                          repr=False)

    @classmethod
    def build(cls, loaded: LoadedMap, oracle: OracleFactory, *,
              rules: BaseNumbers | None = None, ruleset: str | None = None,
              numbers: Mapping[str, Any] | None = None) -> Context:
        """A context whose oracle plays with the context's own numbers (a resumed log's,
        house rules included), not the bundled ones: one source for both."""
        rules = rules or registry.base_numbers()
        numbers = dict(numbers or {})
        return cls(loaded, oracle(loaded, rules, numbers), rules, ruleset, numbers)

    def ruleset_of(self, ruleset_id: str) -> Ruleset:
        """The ruleset `ruleset_id` playing with this encounter's numbers: `rules` (the base
        game's, house rules included) and `numbers` (the others'), built once."""
        found = self._rulesets.get(ruleset_id)
        if found is None:
            found = played_ruleset(ruleset_id, self.rules, self.numbers)
            self._rulesets[ruleset_id] = found
        return found

    def character(self, c: Combatant) -> Character:
        return self.loaded.library.characters[c.character]

    def weapon(self, weapon_id: str) -> Weapon:
        return self.loaded.library.weapons[weapon_id]


def played_ruleset(ruleset_id: str, rules: BaseNumbers, numbers: Mapping[str, Any]) -> Ruleset:
    """The ruleset `ruleset_id` playing with these numbers: the base game's (`rules`) and
    the other rulesets' (`numbers`, by id; absent: bundled)."""
    return registry.ruleset(ruleset_id).with_numbers({**numbers, registry.DEFAULT: rules})


#: How a context gets its oracle: from the map and the numbers it plays with.
OracleFactory = Callable[[LoadedMap, BaseNumbers, Mapping[str, Any]], MapOracle]


def initial_state(loaded: LoadedMap, ruleset: str | None = None) -> EncounterState:
    """Tokens as combatants, at full Health and Stamina, weapons loaded (Ch.6 defaults),
    each with its ruleset's extension (Shadowrun: empty condition monitors sized from the
    sheet)."""
    rules = registry.ruleset(ruleset or loaded.map.ruleset)
    combatants: dict[str, Combatant] = {}
    for token in loaded.map.tokens:
        ch = loaded.library.characters[token.character]
        ammo = tuple((w, loaded.library.weapons[w].magazine or 0) for w in ch.weapons
                     if loaded.library.weapons[w].kind == "ranged")
        combatants[token.id] = Combatant(
            id=token.id, name=token.name or ch.name, side=token.side, character=ch.id,
            hex=(token.hex[0], token.hex[1]), health=ch.health, stamina=ch.stamina, edge=ch.edge,
            weapon=ch.weapons[0] if ch.weapons else None, ammo=ammo,
            unaware=not token.aware, extension=rules.combatant_extension(ch))
    return EncounterState(map_name=loaded.map.name, ruleset=rules.id, combatants=combatants)
