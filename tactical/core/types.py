"""Value types shared by every layer: a hex in axial coordinates, and the ids that name things."""

from __future__ import annotations

from typing import TypeAlias

Hex: TypeAlias = tuple[int, int]
"""Axial (q, r); s = -q - r is derived (Red Blob Games' hex reference)."""

CombatantId: TypeAlias = str
"""A token's id on the map; it names the combatant in commands, events and the log."""

RulesetId: TypeAlias = str
"""A ruleset's id ("chapter6", "sr4", "sr5"); the list lives in tactical.rules.registry."""
