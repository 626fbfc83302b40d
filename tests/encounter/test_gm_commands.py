"""The GM's overrides (issue 14): heal by hand, edit Health/Stamina/Edge, add and remove a
combatant, the GM move. Each is a logged event, undone like any other, and read back from
its JSON form (old logs never hold them, so they stay readable)."""

from __future__ import annotations

import pytest

from tactical.core.errors import IllegalCommand
from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.evolve import fold
from tactical.encounter.model import Phase

INITIATIVE = {"kicker": 20, "vanya": 18, "guard": 12, "shield": 11, "monster": 8}


@pytest.fixture
def enc(arena, oracle, make_encounter):
    return make_encounter(arena, oracle, d10=[5, 4, 3, 2, 1, 1, 1], d6=[3] * 20)


def start(enc):
    for cid, value in INITIATIVE.items():
        enc.apply(cmd.SetInitiative(cid, value))
    enc.apply(cmd.StartCombat())


def replayed(enc):
    """The state rebuilt from the events' JSON form, as a reopened log does."""
    events = [ev.from_payload(ev.to_payload(e)) for e in enc.history.effective_events()]
    return fold(enc.initial, events)


def test_heal_by_hand_takes_damage_back_and_undoes(enc):
    enc.apply(cmd.ApplyDamage("kicker", 12))
    enc.apply(cmd.HealByHand("kicker", 5))
    assert enc.state.get("kicker").damage == 7
    assert not enc.state.get("kicker").treated  # not first aid: it may still be given
    assert replayed(enc) == enc.state
    enc.undo()
    assert enc.state.get("kicker").damage == 12
    with pytest.raises(IllegalCommand, match="healing must be"):
        enc.apply(cmd.HealByHand("kicker", 0))


def test_heal_to_zero_clears_the_injury(enc):
    enc.apply(cmd.ApplyDamage("kicker", 12))
    assert enc.state.get("kicker").injury is not None
    enc.apply(cmd.HealByHand("kicker", 50))
    assert enc.state.get("kicker").damage == 0 and enc.state.get("kicker").injury is None


def test_edit_vitals(enc):
    enc.apply(cmd.EditVitals("vanya", health=50, edge=0))
    vanya = enc.state.get("vanya")
    assert (vanya.health, vanya.edge) == (50, 0)
    assert replayed(enc) == enc.state
    with pytest.raises(IllegalCommand, match="Health must be"):
        enc.apply(cmd.EditVitals("vanya", health=0))


def test_remove_combatant_leaves_the_order(enc):
    start(enc)
    assert enc.state.actor == "kicker"
    with pytest.raises(IllegalCommand, match="turn"):
        enc.apply(cmd.RemoveCombatant("kicker"))
    enc.apply(cmd.RemoveCombatant("guard"))
    assert "guard" not in enc.state.combatants and "guard" not in enc.state.order
    assert enc.state.actor == "kicker"
    enc.apply(cmd.EndTurn())
    assert enc.state.actor == "vanya"
    enc.apply(cmd.RemoveCombatant("kicker"))  # before the actor: the turn stays Vanya's
    assert enc.state.actor == "vanya"
    assert replayed(enc) == enc.state
    enc.undo()
    assert enc.state.actor == "vanya" and "kicker" in enc.state.combatants
    assert enc.state.order.index("kicker") < enc.state.turn


def test_add_combatant_from_the_roster(enc):
    enc.apply(cmd.AddCombatant("guard-2", "security-guard", (7, 2), "corp", "Guard 2"))
    new = enc.state.get("guard-2")
    assert (new.name, new.hex, new.side) == ("Guard 2", (7, 2), "corp")
    assert new.health == enc.state.get("guard").health and new.weapon is not None
    assert replayed(enc) == enc.state
    with pytest.raises(IllegalCommand, match="taken"):
        enc.apply(cmd.AddCombatant("guard-2", "security-guard", (8, 1), "corp"))
    with pytest.raises(IllegalCommand, match="already stands"):
        enc.apply(cmd.AddCombatant("guard-3", "security-guard", (7, 2), "corp"))
    with pytest.raises(IllegalCommand, match="roster"):
        enc.apply(cmd.AddCombatant("x", "nobody", (8, 1), "corp"))


def test_gm_move_before_and_during_combat(enc, oracle):
    assert enc.state.phase is Phase.SETUP
    events = enc.apply(cmd.GMMove("guard", (7, 4)))
    assert enc.state.get("guard").hex == (7, 4)
    assert events == (ev.TokenPlaced("guard", (7, 4), "GM placement"),)
    start(enc)
    budget = enc.state.get("kicker").budget
    events = enc.apply(cmd.GMMove("kicker", (2, 3)))  # no action, no reaction asked
    assert events == (ev.TokenPlaced("kicker", (2, 3), "GM move"),)
    assert enc.state.get("kicker").budget == budget and not oracle.asked
    oracle.blocked.add((3, 3))
    with pytest.raises(IllegalCommand, match="a wall"):
        enc.apply(cmd.GMMove("kicker", (3, 3)))
    assert replayed(enc) == enc.state


def test_new_commands_come_from_their_json(enc):
    command = cmd.command_from_payload({"type": "GMMove", "combatant": "kicker",
                                        "hex": [2, 2]})
    assert command == cmd.GMMove("kicker", (2, 2))


def test_add_combatant_under_shadowrun_keeps_its_own_monitors(arena, oracle):
    from tactical.core.dice import ScriptedDice
    from tactical.encounter.context import Context
    from tactical.encounter.encounter import Encounter
    from tactical.rules import registry

    enc = Encounter(Context(arena, oracle, ruleset="sr5"), ScriptedDice())
    enc.apply(cmd.AddCombatant("ganger-1", "ganger", (7, 2), "corp"))
    sheet = arena.library.characters["ganger"]
    new = enc.state.get("ganger-1")
    assert new.extension == registry.ruleset("sr5").combatant_extension(sheet)
    assert new.extension != enc.state.get("kicker").extension  # not a copy of a stranger's
    assert replayed(enc) == enc.state


def test_set_side_is_logged_undone_and_read_back(enc):
    """Issue 26: the token menu's "Side" — a turncoat changes sides, to a map side or a new
    one; the GM's hand, undone like any other, and refused while a reaction involves it."""
    events = enc.apply(cmd.SetSide("guard", "runners"))
    assert events == (ev.SideChanged("guard", "runners", "corp"),)
    assert enc.state.get("guard").side == "runners"
    assert enc.history.undo_label == f"{enc.state.get('guard').name} to the runners side"
    enc.apply(cmd.SetSide("monster", "wild-things"))  # a side the map does not have
    assert enc.state.get("monster").side == "wild-things"
    assert replayed(enc) == enc.state
    enc.undo()
    enc.undo()
    assert (enc.state.get("guard").side, enc.state.get("monster").side) == ("corp", "corp")
    with pytest.raises(IllegalCommand, match="on the corp side already"):
        enc.apply(cmd.SetSide("guard", "corp"))
    with pytest.raises(IllegalCommand, match="no side id"):
        enc.apply(cmd.SetSide("guard", "Bad Side!"))
    assert cmd.command_from_payload({"type": "SetSide", "combatant": "guard",
                                     "side": "runners"}) == cmd.SetSide("guard", "runners")


def test_a_new_side_for_a_newcomer(enc):
    enc.apply(cmd.AddCombatant("ganger-1", "ganger", (7, 2), "halloweeners"))
    assert enc.state.get("ganger-1").side == "halloweeners"
    with pytest.raises(IllegalCommand, match="no side id"):
        enc.apply(cmd.AddCombatant("ganger-2", "ganger", (8, 2), ""))


def test_group_move_keeps_the_formation_in_one_step(enc, oracle):
    """Issue 26: several tokens moved at once by one offset: one undo puts all back; a
    member may step into another member's hex; one blocked hex refuses the whole group."""
    before = {cid: enc.state.get(cid).hex for cid in ("guard", "shield")}  # (6,1), (5,2)
    events = enc.apply(cmd.GMMoveGroup(("guard", "shield"), (1, -1)))
    assert events == (ev.TokenPlaced("guard", (7, 0), "GM placement"),
                      ev.TokenPlaced("shield", (6, 1), "GM placement"))  # guard's old hex
    names = ", ".join(enc.state.get(cid).name for cid in ("guard", "shield"))
    assert enc.history.undo_label == f"GM move of 2 ({names})"
    assert replayed(enc) == enc.state
    enc.undo()
    assert {cid: enc.state.get(cid).hex for cid in before} == before
    oracle.blocked.add((6, 2))
    with pytest.raises(IllegalCommand, match="a wall"):
        enc.apply(cmd.GMMoveGroup(("guard", "shield"), (1, 0)))
    assert {cid: enc.state.get(cid).hex for cid in before} == before
    with pytest.raises(IllegalCommand, match="already stands there"):  # not a member's hex
        enc.apply(cmd.GMMoveGroup(("kicker",), (0, 2)))  # vanya at (1, 5)
