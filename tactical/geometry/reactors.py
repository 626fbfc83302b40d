"""Reactors from a map file, for the CLI and tests (the encounter engine builds its own from
its state): a character's first weapon is its ready weapon; `Token.aware: false` means
unaware of everyone."""

from __future__ import annotations

from collections.abc import Mapping

from tactical.data.character import sheet_reach_m
from tactical.data.gear import Weapon
from tactical.data.library import Library, LoadedMap
from tactical.geometry.bands import weapon_range
from tactical.geometry.params import GeometryParams
from tactical.geometry.pathfacts import Overwatch, Reactor

__all__ = ["find_weapon", "reactors_from_map", "ready_weapon"]


def ready_weapon(loaded: LoadedMap, token_id: str) -> Weapon | None:
    weapons = loaded.character(token_id).weapons
    return loaded.library.weapons.get(weapons[0]) if weapons else None


def find_weapon(library: Library, name: str) -> Weapon | None:
    """A catalogue weapon by id, or by name ignoring case."""
    if name in library.weapons:
        return library.weapons[name]
    wanted = name.strip().casefold()
    return next((w for w in library.weapons.values() if w.name.casefold() == wanted), None)


def reactors_from_map(loaded: LoadedMap, params: GeometryParams, *,
                      overwatch: Mapping[str, Overwatch] | None = None,
                      cannot_react: Mapping[str, tuple[str, ...]] | None = None
                      ) -> tuple[Reactor, ...]:
    overwatch = overwatch or {}
    cannot_react = cannot_react or {}
    out: list[Reactor] = []
    for token in loaded.map.tokens:
        character = loaded.character(token.id)
        weapon = ready_weapon(loaded, token.id)
        reach = sheet_reach_m(character, params.default_reach_m)
        if weapon is not None and weapon.kind == "melee":
            reach = max(reach, weapon.reach_m)  # Ch.6 Melee: a reach weapon extends it
        out.append(Reactor(
            id=token.id, side=token.side, hex=token.hex, reach_m=reach,
            weapon=weapon_range(weapon, params) if weapon is not None else None,
            overwatch=overwatch.get(token.id),
            cannot_react=tuple(cannot_react.get(token.id, ())),
            aware=token.aware,
        ))
    return tuple(out)
