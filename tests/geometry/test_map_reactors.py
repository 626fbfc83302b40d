"""Reactors built from a map file and the bundled library (for the CLI and tests)."""

from __future__ import annotations

from tactical.data.library import load_map
from tactical.geometry.reactors import find_weapon, reactors_from_map


def test_reactors_from_the_warehouse(root, params):
    loaded = load_map(root / "maps" / "warehouse.yaml")
    reactors = {r.id: r for r in reactors_from_map(loaded, params)}
    assert set(reactors) == {t.id for t in loaded.map.tokens}
    assert reactors["kicker"].reach_m == 4  # troll reach; Killing Hands ready, no gun
    assert reactors["kicker"].weapon is None
    shotgun = reactors["guard-shotgun"].weapon
    assert (shotgun.effective_m, shotgun.max_m) == (20, 80)
    assert reactors["abomination"].aware is False
    assert reactors["guard-shotgun"].cannot_react == ()


def test_find_weapon_by_id_or_name(root):
    loaded = load_map(root / "maps" / "street.yaml")
    assert find_weapon(loaded.library, "ares-predator").name == "Ares Predator"
    assert find_weapon(loaded.library, "ares predator").id == "ares-predator"
    assert find_weapon(loaded.library, "bazooka") is None
