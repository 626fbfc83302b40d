"""Commands a hand-written scenario or a hostile payload could hold (issue 11, defect 7):
refused as TacticalErrors at once, never a raw ValueError or a 19-second wait."""

from __future__ import annotations

import pytest

from tactical.core.dice import RandomDice
from tactical.core.errors import InvalidCommand, TacticalError
from tactical.core.paths import demo_map
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.oracle import GeometryOracle


@pytest.fixture(scope="module")
def fight():
    loaded = load_map(demo_map())
    encounter = Encounter(Context(loaded, GeometryOracle(loaded)), RandomDice(3))
    encounter.apply(cmd.StartCombat())
    return encounter


def an_enemy_of(encounter, who):
    side = encounter.state.get(who).side
    return next(c.id for c in encounter.state if c.side != side)


@pytest.mark.parametrize(("changes", "needle"), [
    ({"mode": "XX"}, "unknown fire mode 'XX'; expected one of: SS, SA, BF, AF"),
    ({"options": ("teleport",)}, "unknown option 'teleport'"),
    # a Shadowrun defence in a Chapter 6 fight (e-numbers' list: it used to crash)
    ({"defence": "block"}, "unknown defence 'block'; expected one of: dodge, parry"),
    ({"edge": "everything"}, "unknown Edge use 'everything'; expected one of: roll, damage"),
    ({"mode": "XX", "edge": "x"}, "unknown fire mode 'XX'; expected one of: SS, SA, BF, AF; "
                                  "unknown Edge use 'x'"),  # every reason at once
])
def test_an_attack_with_an_unknown_word_is_refused(fight, changes, needle):
    actor = fight.state.actor
    before = fight.state
    with pytest.raises(InvalidCommand) as caught:
        fight.apply(cmd.Attack(actor, an_enemy_of(fight, actor), **changes))
    assert needle in str(caught.value)
    assert fight.state == before  # nothing spent


@pytest.mark.timeout(20)  # a hang guard (pytest-timeout), not a speed target
def test_a_move_to_a_hex_ten_million_away_is_refused_at_once(fight):
    actor = fight.state.actor
    with pytest.raises(TacticalError, match="off the map"):
        fight.apply(cmd.Move(actor, ((10**7, 0),)))
    with pytest.raises(TacticalError, match="no move is longer than 1,000"):
        fight.apply(cmd.Move(actor, tuple((q, 0) for q in range(10**5))))
