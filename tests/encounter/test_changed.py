"""model.changed, the copy every fold makes (issue 23): what dataclasses.replace gives, the
exact class, still frozen, the original untouched, whichever way the class is copied."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields

import pytest

from tactical.encounter.model import (
    Budget,
    Combatant,
    Condition,
    EncounterState,
    HaltedMove,
    PendingReaction,
    Timer,
    changed,
)

KICKER = Combatant("kicker", "Kicker", "players", "kicker", (2, 3), 12, 10, 3,
                   damage=4, conditions=frozenset({Condition.PRONE}),
                   timers=(Timer("bleed", 3, "1"),), ammo=(("pistol", 7),))
STATE = EncounterState("warehouse", "chapter6", {"kicker": KICKER}, round=2,
                       order=("kicker",), turn=0)


@pytest.mark.parametrize(("value", "changes"), [
    (KICKER, {"damage": 9}),
    (KICKER, {"hex": (4, 4), "conditions": frozenset(), "acted": True}),
    (KICKER, {f.name: getattr(KICKER, f.name) for f in fields(Combatant)}),
    (STATE, {"combatants": {}, "turn": -1}),
    (Budget(1, 1, 1, 1), {"major": 0}),
    (HaltedMove("kicker", ((1, 1),), 2.0), {"metres_left": 0.0}),
    (PendingReaction("vanya", "overwatch", "kicker", 1, (1, 1), "in the zone"), {"id": "o3"}),
    (Timer("bleed", 2, "1"), {"rounds": 1}),
])
def test_changed_gives_what_replace_gives_and_stays_frozen(value, changes):
    before = dataclasses.astuple(value) if not isinstance(value, EncounterState) else None
    copy = changed(value, **changes)
    assert copy == dataclasses.replace(value, **changes)
    assert type(copy) is type(value)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.__setattr__(next(iter(changes)), None)
    if before is not None:  # the original is not touched
        assert dataclasses.astuple(value) == before
    assert {f.name: getattr(copy, f.name) for f in fields(copy)} == \
        {**{f.name: getattr(value, f.name) for f in fields(value)}, **changes}


@dataclass(frozen=True, slots=True, weakref_slot=True)
class _WithWeakref:  # a layout a copy cannot be swapped into: copied the slower way
    a: int
    b: str = "x"


@dataclass(frozen=True)
class _NoSlots:
    a: int
    b: str = "x"


@pytest.mark.parametrize("value", [_WithWeakref(1), _NoSlots(1)])
def test_classes_of_other_layouts_are_copied_the_slower_way(value):
    copy = changed(value, b="y")
    assert copy == type(value)(1, "y") and type(copy) is type(value) and value.b == "x"


def test_a_field_the_class_lacks_is_refused():
    with pytest.raises(TypeError, match="no field 'armour'"):
        changed(KICKER, armour=3)
