"""Builders for Chapter 6 rule tests (imported as a plain module: tests have no packages)."""

from __future__ import annotations

from tactical.data.gear import FireMode
from tactical.rules.chapter6.setup import (
    Attacker,
    AttackKind,
    AttackSetup,
    Defender,
    Situation,
    WeaponProfile,
)


def pistol(**kw) -> WeaponProfile:
    base = dict(kind=AttackKind.RANGED, damage="4d6+2", effective_range_m=30,
                modes=(FireMode.SS, FireMode.SA), ammo=15)
    base.update(kw)
    return WeaponProfile(**base)


def machine_pistol(**kw) -> WeaponProfile:
    base = dict(kind=AttackKind.RANGED, damage="3d6+1", effective_range_m=20,
                modes=(FireMode.SA, FireMode.BF, FireMode.AF), ammo=30)
    base.update(kw)
    return WeaponProfile(**base)


def sword(**kw) -> WeaponProfile:
    base = dict(kind=AttackKind.MELEE, damage="3d6+1")
    base.update(kw)
    return WeaponProfile(**base)


def setup(weapon: WeaponProfile | None = None, *, skill: int = 14,
          attacker: Attacker | None = None, defender: Defender | None = None,
          situation: Situation | None = None, **kw) -> AttackSetup:
    return AttackSetup(attacker=attacker or Attacker(skill),
                       weapon=weapon or pistol(),
                       defender=defender or Defender(),
                       situation=situation or Situation(), **kw)
