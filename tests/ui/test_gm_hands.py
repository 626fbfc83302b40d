"""Issue 14: every engine command has a control in the main window, where a GM looks for it.

`CONTROLS` maps each engine command type to a test that drives its control through the
real main window — a right-click menu on a token, a hex or an initiative row, a dock
button, the toolbar, a drag — and checks the engine's state and the log line. The command
types come from the engine itself (`engine.HANDLERS`), so a command added later without a
control fails `test_every_engine_command_has_a_control`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent, QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.encounter.encounter import Encounter
from tactical.encounter.engine import HANDLERS
from tactical.encounter.model import Condition, Phase
from tactical.geometry.hexgrid import hex_neighbours
from tactical.ui.main_window import MainWindow
from tests import fights, windows
from tests.ui import sr_table
from tests.ui.sr_table import choose, log_has  # shared with the SR window tests

INITIATIVE, APPROACH, CHARGE = fights.INITIATIVE, fights.APPROACH, fights.CHARGE


class Script:
    """Answers the GM's dialogs in order (what a GM would type)."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    def _next(self, label: str) -> Any:
        self.asked.append(label)
        assert self.answers, f"unexpected dialog: {label}"
        return self.answers.pop(0)

    def number(self, title: str, label: str, value: int, low: int, high: int) -> int | None:
        return self._next(label)  # type: ignore[no-any-return]

    def choice(self, title: str, label: str, options: Any, current: int = 0) -> str | None:
        answer = self._next(label)
        assert answer is None or answer in options, (answer, options)
        return answer  # type: ignore[no-any-return]

    def text(self, title: str, label: str, default: str) -> str | None:
        return self._next(label)  # type: ignore[no-any-return]

    def vitals(self, title: str, health: int, stamina: int,
               edge: int) -> tuple[int, int, int] | None:
        return self._next(title)  # type: ignore[no-any-return]


@pytest.fixture
def window(qtbot, tmp_path) -> Iterator[MainWindow]:
    win = windows.open_window(qtbot, tmp_path, dice=ScriptedDice(d10=[5] * 60, d6=[3] * 120))
    yield win
    windows.close(win)


def in_combat(win: MainWindow, first: str = "kicker") -> None:
    for cid, value in INITIATIVE.items():
        win.document.apply(cmd.SetInitiative(cid, value))
    win.action_map["start"].trigger()
    assert win.document.state.actor == first


def at(win: MainWindow, h: tuple[int, int]) -> QPoint:
    return win.view.mapFromScene(win.scene.centre(h))


def right_click(win: MainWindow, h: tuple[int, int]) -> QMenu:
    """A right click on the board at hex `h`; the menu it opened."""
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.RightButton,
                     Qt.KeyboardModifier.NoModifier, at(win, h))
    assert win.last_menu is not None and win.last_menu.isVisible()
    return win.last_menu


def token_menu(win: MainWindow, cid: str) -> QMenu:
    menu = right_click(win, win.document.state.get(cid).hex)
    assert menu.objectName() == "tokenMenu" and menu.title() == win.document.state.get(cid).name
    return menu


def initiative_menu(win: MainWindow, cid: str) -> QMenu:
    tree = win.dock.initiative.tree
    row = next(i for i in range(tree.topLevelItemCount())
               if tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == cid)
    rect = tree.visualItemRect(tree.topLevelItem(row))
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.RightButton,
                     Qt.KeyboardModifier.NoModifier, rect.center())
    assert win.last_menu is not None and win.last_menu.objectName() == "initiativeMenu"
    return win.last_menu


def mouse(win: MainWindow, kind: QEvent.Type, h: tuple[int, int], buttons: Qt.MouseButton,
          button: Qt.MouseButton = Qt.MouseButton.NoButton,
          mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    viewport = win.view.viewport()
    point = at(win, h)
    event = QMouseEvent(kind, QPointF(point), QPointF(viewport.mapToGlobal(point)), button,
                        buttons, mods)
    QApplication.sendEvent(viewport, event)


def click_board(win: MainWindow, h: tuple[int, int]) -> None:
    left = Qt.MouseButton.LeftButton
    mouse(win, QEvent.Type.MouseButtonPress, h, left, left)
    mouse(win, QEvent.Type.MouseButtonRelease, h, Qt.MouseButton.NoButton, left)


def drag(win: MainWindow, path: tuple[tuple[int, int], ...],
         mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    left = Qt.MouseButton.LeftButton
    mouse(win, QEvent.Type.MouseButtonPress, path[0], left, left, mods)
    for h in path[1:]:
        mouse(win, QEvent.Type.MouseMove, h, left, mods=mods)
    mouse(win, QEvent.Type.MouseButtonRelease, path[-1], Qt.MouseButton.NoButton, left, mods)


# --- one driver per command type -------------------------------------------------------


def start_combat(win: MainWindow) -> None:
    for cid, value in INITIATIVE.items():
        win.document.apply(cmd.SetInitiative(cid, value))
    win.action_map["start"].trigger()  # the toolbar's Start combat
    assert win.document.state.phase is Phase.COMBAT
    assert log_has(win, "Combat starts: Kicker, Vanya")


def end_turn(win: MainWindow) -> None:
    in_combat(win)
    win.action_map["next"].trigger()
    assert win.document.state.actor == "vanya" and log_has(win, "Vanya's turn")


def end_combat(win: MainWindow) -> None:
    in_combat(win)
    win.action_map["end"].trigger()
    assert win.document.state.phase is Phase.ENDED and log_has(win, "Combat ends")


def roll_initiative(win: MainWindow) -> None:
    choose(initiative_menu(win, "kicker"), "Roll initiative")
    assert win.document.state.get("kicker").initiative is not None
    assert log_has(win, "Kicker rolls Initiative")


def set_initiative(win: MainWindow) -> None:
    win.set_asker(Script(27))
    choose(initiative_menu(win, "vanya"), "Set initiative…")
    assert win.document.state.get("vanya").initiative == 27
    assert log_has(win, "Vanya: Initiative set to 27")


def edge_for_initiative(win: MainWindow) -> None:
    edge = win.document.state.get("kicker").edge
    choose(initiative_menu(win, "kicker"), "Edge for initiative")
    assert win.document.state.get("kicker").edge == edge - 1
    assert log_has(win, "Kicker spends 1 Edge: Initiative +2d6")


def move(win: MainWindow) -> None:
    in_combat(win)
    drag(win, ((2, 8), *APPROACH[:3]))
    assert win.document.state.get("kicker").hex == APPROACH[2]
    assert log_has(win, "Kicker moves 6 m to (5, 6)")


def charge_is_a_move_too(win: MainWindow) -> None:
    in_combat(win)
    choose(token_menu(win, "kicker"), "Charge…")
    assert win.view.picking
    click_board(win, (2, 5))  # three hexes straight up
    assert win.document.state.get("kicker").has(Condition.CHARGING)
    assert log_has(win, "Kicker charges 6 m to (2, 5)")


def gm_move(win: MainWindow) -> None:
    in_combat(win)
    win.document.select("guard-office")
    budget = win.document.state.get("kicker").budget
    choose(right_click(win, (16, -3)), "Put Guard (office) here")
    assert win.document.state.get("guard-office").hex == (16, -3)
    assert win.document.state.get("kicker").budget == budget and not win.document.state.pending
    assert log_has(win, "Guard (office) is put at (16, -3) (GM move: no action, no reaction)")


def attack(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.Move("kicker", APPROACH))
    win.document.apply(cmd.GMMove("guard-shield", (8, 4)))  # within Kicker's reach
    choose(token_menu(win, "guard-shield"), "Attack with Kicker…")
    panel = win.dock.attack
    assert panel.target_combo.currentData() == "guard-shield"
    assert win.document.selected == "kicker"  # the board keeps the attacker's bands
    assert panel.roll_button.isEnabled()
    panel.roll_button.click()
    assert win.document.state.get("kicker").budget.major == 1
    assert any(line.text.startswith("Kicker") and "Guard (shield)" in line.text
               and line.kind in ("hit", "miss") for line in win.dock.log.lines)


def react(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.Move("kicker", APPROACH))
    win.document.apply(cmd.Move("kicker", CHARGE))
    assert [p.reactor for p in win.document.state.pending] == ["guard-shotgun"]
    win.dock.reactions.row("guard-shotgun")[0].click()
    win.dock.attack.roll_button.click()
    assert "guard-shotgun" not in [p.reactor for p in win.document.state.pending]
    assert log_has(win, "Guard (shotgun) reacts (snapshot)")


def decline_reaction(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.Move("kicker", APPROACH))
    win.document.apply(cmd.Move("kicker", CHARGE))
    win.dock.reactions.row("guard-shotgun")[1].click()
    assert "guard-shotgun" not in [p.reactor for p in win.document.state.pending]
    assert log_has(win, "Guard (shotgun) declines the snapshot")


def declare_overwatch(win: MainWindow) -> None:
    """Token menu ▸ Declare Overwatch ▸ On a sector…, then a click where to watch: the
    zone is a 90° sector toward the click, drawn on the board (RULINGS Overwatch)."""
    in_combat(win)
    win.document.apply(cmd.EndTurn())  # Vanya, with her rifle
    choose(token_menu(win, "vanya"), "Declare Overwatch", "On a sector… (click where to watch)")
    assert win.view.picking
    click_board(win, (8, 8))
    vanya = win.document.state.get("vanya")
    assert vanya.has(Condition.OVERWATCH) and vanya.overwatch_zone is not None
    assert "vanya" in win.scene.overwatch  # the zone is on the board
    assert log_has(win, "Vanya declares Overwatch on a zone")


def ready_weapon(win: MainWindow) -> None:
    in_combat(win)
    button = win.dock.actions_bar.buttons["Ready weapon"]
    assert button.text() == "Ready weapon (Major)" and button.isEnabled()
    choose(button.menu(), next(a.text() for a in button.menu().actions()))
    assert log_has(win, "Kicker readies")


def evade(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.EndTurn())  # Vanya has two Move actions' worth (a downgrade)
    button = win.dock.actions_bar.buttons["Evade"]
    assert button.text() == "Evade (2 Move)"
    button.click()
    assert win.document.state.get("vanya").has(Condition.EVADING)
    assert log_has(win, "Vanya is now evading (Evade)")


def disengage(win: MainWindow) -> None:
    in_combat(win)
    choose(token_menu(win, "kicker"), "Disengage")
    assert win.document.state.get("kicker").has(Condition.DISENGAGED)
    assert log_has(win, "Kicker is now disengaged (Disengage)")


def drop_prone(win: MainWindow) -> None:
    in_combat(win)
    win.dock.actions_bar.buttons["Drop prone"].click()
    assert win.document.state.get("kicker").has(Condition.PRONE)
    assert log_has(win, "Kicker is now prone (Drop prone)")


def get_up(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.DropProne("kicker"))
    choose(token_menu(win, "kicker"), "Get up")
    assert not win.document.state.get("kicker").has(Condition.PRONE)
    assert log_has(win, "Kicker is no longer prone (Get up)")


def refocus(win: MainWindow) -> None:
    in_combat(win)
    choose(token_menu(win, "kicker"), "Refocus")
    assert win.document.state.get("kicker").budget.move == 0
    assert log_has(win, "Kicker spends a Major action: Refocus")


def first_aid(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.GMMove("vanya", (2, 9)))
    win.document.apply(cmd.ApplyDamage("vanya", 8))
    win.document.encounter.dice = ScriptedDice(d10=[9] * 10, d6=[3] * 10)
    choose(token_menu(win, "kicker"), "First aid on", "Vanya")
    assert win.document.state.get("vanya").treated
    assert log_has(win, "Kicker gives first aid to Vanya")


def awareness(win: MainWindow) -> None:
    win.set_asker(Script("free", "moderate"))
    choose(token_menu(win, "abomination"), "Awareness check…")
    assert log_has(win, "PanGen Abomination")
    assert any("Awareness" in line.text or "aware" in line.text for line in win.dock.log.lines)


def set_hidden(win: MainWindow) -> None:
    """Ch.6 l.46: the GM marks Kicker hidden (token menu): the guards have not detected him;
    the shotgun guard's attack panel leaves him out, saying why; an Awareness check can
    be made against him; "Mark seen" brings him back, and undo takes it back again."""
    in_combat(win)
    choose(token_menu(win, "kicker"), "Mark hidden")
    state = win.document.state
    assert state.get("kicker").hidden and "kicker" in state.get("guard-shotgun").undetected
    assert "kicker" not in state.get("vanya").undetected  # his ally
    assert log_has(win, "Kicker is marked hidden (GM)")
    win.document.apply(cmd.EndTurn())
    win.document.apply(cmd.EndTurn())
    assert win.document.state.actor == "guard-shotgun"
    combo = win.dock.attack.target_combo
    targets = [combo.itemData(i) for i in range(combo.count())]
    assert "kicker" not in targets and "vanya" in targets
    assert "Left out: Guard (shotgun) has not detected Kicker (Ch.6 l.46)" in combo.toolTip()
    script = Script("Kicker", "free", "moderate")
    win.set_asker(script)
    choose(token_menu(win, "guard-shotgun"), "Awareness check…")
    assert script.asked[0] == "Guard (shotgun) looks for"
    assert log_has(win, "Guard (shotgun) checks awareness (free effort)")
    before = win.document.state
    assert before.get("guard-office").undetected == {"kicker"}
    choose(token_menu(win, "kicker"), "Mark seen")
    assert not win.document.state.get("kicker").hidden
    assert not win.document.state.get("guard-office").undetected
    win.action_map["undo"].trigger()
    assert win.document.state.get("kicker").hidden
    assert win.document.state.get("guard-office").undetected == {"kicker"}


def set_condition(win: MainWindow) -> None:
    choose(token_menu(win, "guard-shield"), "Set/clear condition", "Pinned")
    assert win.document.state.get("guard-shield").has(Condition.PINNED)
    assert log_has(win, "Guard (shield) is now pinned (GM)")
    choose(token_menu(win, "guard-shield"), "Set/clear condition", "Pinned")
    assert not win.document.state.get("guard-shield").has(Condition.PINNED)


def apply_damage(win: MainWindow) -> None:
    win.set_asker(Script(8, "physical"))
    choose(token_menu(win, "kicker"), "Apply damage…")
    assert win.document.state.get("kicker").damage == 8
    assert log_has(win, "Kicker takes 8 physical damage from GM")


def heal_by_hand(win: MainWindow) -> None:
    win.document.apply(cmd.ApplyDamage("kicker", 8))
    win.set_asker(Script(3))
    choose(token_menu(win, "kicker"), "Heal by hand…")
    assert win.document.state.get("kicker").damage == 5
    assert log_has(win, "Kicker heals 3 damage (GM)")


def edit_vitals(win: MainWindow) -> None:
    win.set_asker(Script((50, 30, 1)))
    choose(token_menu(win, "vanya"), "Edit Health/Stamina/Edge…")
    vanya = win.document.state.get("vanya")
    assert (vanya.health, vanya.stamina, vanya.edge) == (50, 30, 1)
    assert log_has(win, "Vanya: Health 50, Stamina 30, Edge 1 (GM)")


def lower_injury(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.ApplyDamage("vanya", 20))
    assert win.document.state.get("vanya").last_hit is not None
    edge = win.document.state.get("vanya").edge
    choose(token_menu(win, "vanya"), "Lower the last injury")
    assert win.document.state.get("vanya").edge == edge - 1
    assert log_has(win, "Vanya spends 1 Edge")


def remove_combatant(win: MainWindow) -> None:
    choose(token_menu(win, "guard-office"), "Remove from the fight")
    assert "guard-office" not in win.document.state.combatants
    assert "guard-office" not in win.scene.tokens
    assert log_has(win, "removed from the fight (GM)")


def add_combatant(win: MainWindow) -> None:
    script = Script("Corporate security")
    win.set_asker(script)
    choose(right_click(win, (6, 8)), "Add combatant here", "Ganger")
    assert script.asked == ["Side"]
    new = next(c for c in win.document.state if c.character == "ganger")
    assert (new.hex, new.side, new.name) == ((6, 8), "corp", "Ganger")
    assert new.id in win.scene.tokens
    assert log_has(win, "Ganger joins the fight at (6, 8) (corp)")


def more(win: MainWindow, cid: str, *path: str) -> None:
    """An entry of the token menu's "More actions" (the dock's button of that name too)."""
    choose(token_menu(win, cid), "More actions", *path)


def said(win: MainWindow, words: str) -> bool:
    """The log has `words`: the command was carried out (a refusal would only be in the
    status bar, and fails the driver)."""
    return log_has(win, words)


def auto_fire(win: MainWindow) -> None:
    # a ganger with a machine pistol (AF) acts first; two guards stand together (l.464)
    win.document.apply(cmd.AddCombatant("ganger-1", "ganger", (11, 3), "runners"))
    win.document.apply(cmd.SetInitiative("ganger-1", 40))
    in_combat(win, "ganger-1")
    win.document.apply(cmd.GMMove("guard-shield", (13, 2)))
    more(win, "ganger-1", "Auto fire at", "Guard (shotgun)")
    assert said(win, "Ganger → Guard (shield)")  # the second target got its own attack


def area_attack(win: MainWindow) -> None:
    # issue 27: the grenadier's frag grenade is in hand; aimed at the guard's hex
    win.document.apply(cmd.AddCombatant("gren", "grenadier", (11, 3), "runners"))
    win.document.apply(cmd.SetInitiative("gren", 40))
    in_combat(win, "gren")
    more(win, "gren", "Throw / launch at", "Guard (shotgun)")
    assert said(win, "Fragmentation grenade")


def suppressive_fire(win: MainWindow) -> None:
    win.document.apply(cmd.AddCombatant("ganger-1", "ganger", (11, 3), "runners"))
    win.document.apply(cmd.SetInitiative("ganger-1", 40))
    in_combat(win, "ganger-1")
    more(win, "ganger-1", "Suppressive fire toward", "Guard (shotgun)")
    assert said(win, "lays Suppressive Fire")


def dash(win: MainWindow) -> None:
    in_combat(win)
    more(win, "kicker", "Dash…")
    click_board(win, (2, 5))
    assert win.document.state.get("kicker").hex == (2, 5)
    assert log_has(win, "Kicker")


def use_skill(win: MainWindow) -> None:
    in_combat(win)
    win.set_asker(Script("athletics", "moderate"))
    more(win, "kicker", "Use a skill…")
    assert said(win, "athletics")


def assist(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.GMMove("vanya", free_next_to(win, "kicker")))  # l.192: beside him
    more(win, "kicker", "Assist", "Vanya")
    assert any(t.kind == "assisted" for t in win.document.state.get("vanya").timers)


def trauma_patch(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.ApplyDamage("kicker", 8))
    more(win, "kicker", "Trauma patch on", "Kicker")
    assert said(win, "Kicker")


def stim_patch(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.ApplyDamage("kicker", 6, "physical"))  # a patch needs a hurt user
    win.set_asker(Script(2))
    more(win, "kicker", "Stim patch…")
    assert said(win, "stim")


def recover_weapon(win: MainWindow) -> None:
    """Ch.6 Disarm, l.394-398: Kicker's perfect hit sends the shield guard's baton flying;
    on his turn, Recover weapon (the entry is enabled only then: the engine's dry run)."""
    in_combat(win)
    win.document.encounter.dice = ScriptedDice(d10=[9] * 40, d6=[3] * 100)
    win.document.apply(cmd.Move("kicker", APPROACH))
    win.document.apply(cmd.GMMove("guard-shield", (8, 4)))
    win.document.apply(cmd.Attack("kicker", "guard-shield", options=("disarm",)))
    assert win.document.state.get("guard-shield").weapon is None
    while win.document.state.actor != "guard-shield":
        win.document.apply(cmd.EndTurn())
    more(win, "guard-shield", "Recover weapon")
    assert win.document.state.get("guard-shield").weapon == "stun-baton"


def break_free(win: MainWindow) -> None:
    in_combat(win)
    win.document.apply(cmd.SetCondition("kicker", "grappled"))
    more(win, "kicker", "Break free")
    history = win.document.encounter.history
    spent = history.entries[history.done[-1]].events[0]
    assert (type(spent).__name__, spent.purpose) == ("ActionSpent", "Break free")


def edge_reaction(win: MainWindow) -> None:
    in_combat(win)
    before = win.document.state.get("kicker").reactions
    choose(token_menu(win, "kicker"), "Edge for a Reaction")
    assert win.document.state.get("kicker").reactions == before + 1


def discipline(win: MainWindow) -> None:
    win.set_asker(Script("fear"))
    choose(token_menu(win, "vanya"), "Discipline check…")
    assert said(win, "Vanya")


def rest(win: MainWindow) -> None:
    win.document.apply(cmd.ApplyDamage("vanya", 8, "stun"))
    win.set_asker(Script("long"))
    choose(token_menu(win, "vanya"), "Rest…")
    assert said(win, "Vanya")


def add_cover(win: MainWindow) -> None:
    choose(right_click(win, (5, 5)), "Drop rubble here")
    assert [c.label for c in win.document.state.cover_added] == ["Rubble"]
    assert win.document.oracle.passable((5, 5)) is not None  # the rubble stands there now


def remove_cover(win: MainWindow) -> None:
    from tactical.ui.editor.terrain import choices

    _label, command = next((t, c) for t, c in choices(win) if t.startswith("Remove"))
    win.edit_mode.terrain.apply(command)  # what Combat ▸ Doors and cover… sends
    assert win.document.state.cover_removed


def restore_cover(win: MainWindow) -> None:
    from tactical.ui.editor.terrain import choices

    remove_cover(win)
    _label, command = next((t, c) for t, c in choices(win) if t.startswith("Put back"))
    win.edit_mode.terrain.apply(command)
    assert not win.document.state.cover_removed


def pony(win: MainWindow) -> None:
    """A mount next to Kicker (the demo map has none): a civilian's sheet that carries one
    rider (Ch.6 Mount/Dismount, l.208)."""
    characters = win.document.loaded.library.characters
    characters["pony"] = characters["civilian"].model_copy(  # type: ignore[index]
        update={"id": "pony", "name": "Pony", "carries": 1})
    win.document.apply(cmd.AddCombatant("pony", "pony", free_next_to(win, "kicker"), "runners"))


def free_next_to(win: MainWindow, cid: str) -> tuple[int, int]:
    state = win.document.state
    return next(h for h in hex_neighbours(state.get(cid).hex)
                if win.document.oracle.passable(h) is None and state.occupant(h) is None)


def mount(win: MainWindow) -> None:
    in_combat(win)
    pony(win)
    choose(win.dock.actions_bar.buttons["More actions"].menu(), "Mount", "Pony")
    kicker = win.document.state.get("kicker")
    assert (kicker.riding, kicker.hex) == ("pony", win.document.state.get("pony").hex)
    assert log_has(win, "Kicker gets onto Pony")


def dismount(win: MainWindow) -> None:
    in_combat(win)
    pony(win)
    win.document.apply(cmd.Mount("kicker", "pony"))
    win.document.apply(cmd.EndTurn())  # Kicker's Move went on getting on: next round
    for _ in range(len(win.document.state.order) - 1):
        win.document.apply(cmd.EndTurn())
    assert win.document.state.actor == "kicker"
    choose(win.dock.actions_bar.buttons["More actions"].menu(), "Dismount…")
    onto = free_next_to(win, "pony")
    click_board(win, onto)
    kicker = win.document.state.get("kicker")
    assert (kicker.riding, kicker.hex) == (None, onto)
    assert log_has(win, f"Kicker gets off Pony onto {list(onto)}")


def set_side(win: MainWindow) -> None:
    """Issue 26: the token menu's Side ▸ a map side (or a new one), logged and undoable."""
    choose(token_menu(win, "guard-office"), "Side", "Runners")
    assert win.document.state.get("guard-office").side == "runners"
    assert log_has(win, "Guard (office) changes sides: corp → runners (GM)")
    win.set_asker(Script("Halloweeners"))
    choose(token_menu(win, "abomination"), "Side", "New side…")
    assert win.document.state.get("abomination").side == "halloweeners"
    win.action_map["undo"].trigger()
    win.action_map["undo"].trigger()
    state = win.document.state
    assert (state.get("guard-office").side, state.get("abomination").side) == ("corp", "corp")


def group_move(win: MainWindow) -> None:
    """Issue 26: Ctrl-click two tokens, Shift-drag one: both move by the same offset (the
    formation kept), in one undoable step."""
    before = {cid: win.document.state.get(cid).hex for cid in ("guard-shotgun", "guard-shield")}
    ctrl = Qt.KeyboardModifier.ControlModifier
    left = Qt.MouseButton.LeftButton
    for cid in before:
        mouse(win, QEvent.Type.MouseButtonPress, before[cid], left, left, ctrl)
        mouse(win, QEvent.Type.MouseButtonRelease, before[cid], Qt.MouseButton.NoButton, left,
              ctrl)
    assert win.view.group.ids == tuple(before)
    start = before["guard-shotgun"]
    drag(win, (start, (start[0], start[1] + 1), (start[0], start[1] + 2)),
         Qt.KeyboardModifier.ShiftModifier)
    state = win.document.state
    assert {cid: state.get(cid).hex for cid in before} == {
        cid: (h[0], h[1] + 2) for cid, h in before.items()}
    assert win.document.undo_text.startswith("Undo GM move of 2")
    win.action_map["undo"].trigger()
    assert {cid: win.document.state.get(cid).hex for cid in before} == before


def carry_in(win: MainWindow) -> None:
    """File ▸ Bring in a campaign's party… (issue 29): Kicker starts with 3 damage."""
    import tempfile

    path = Path(tempfile.mkdtemp()) / "party.yaml"
    path.write_text("kind: campaign\nparty:\n  - {id: kicker, character: kicker, side: "
                    "runners, state: {damage: 3}}\n", encoding="utf-8")
    win.carry_in_party(path)
    assert win.document.state.get("kicker").damage == 3
    assert "Brought in the party of party.yaml" in win.statusBar().currentMessage()


SR5_ALLEY = sr_table.MAPS / "sr5_alley.yaml"


def _sr5_alley(win: MainWindow, initiative: dict[str, int], d6: list[int] | None = None) -> None:
    """The SR5 alley opened, these scores set and the fight started (the d6 faces scripted)."""
    sr_table.open_sr(win, SR5_ALLEY, d6 or [])
    sr_table.start(win, initiative)


def take_aim(win: MainWindow) -> None:
    """Shadowrun's (issue 25): on an SR5 map, from the actor's token menu."""
    _sr5_alley(win, {"wombat": 14, "cutter": 9})
    choose(token_menu(win, "wombat"), "Take Aim")
    assert [t.kind for t in win.document.state.get("wombat").timers] == ["take_aim"]
    assert log_has(win, "Wombat spends a Simple action: Take Aim")  # the game's words


def change_fire_mode(win: MainWindow) -> None:
    """Shadowrun's (issue 25): a ganger with a machine pistol on the SR5 alley."""
    sr_table.open_sr(win, SR5_ALLEY, [])
    win.document.apply(cmd.AddCombatant("ganger", "ganger", (6, 1), "hellhounds"))
    sr_table.start(win, {"ganger": 20, "wombat": 14, "cutter": 9})
    choose(token_menu(win, "ganger"), "Change fire mode", "BF")
    assert any(t.amount == "mode=BF;weapon=machine-pistol"
               for t in win.document.state.get("ganger").timers)


def use_edge(win: MainWindow) -> None:
    """Shadowrun's Blitz (issue 25) from the initiative list's menu, on the SR5 alley."""
    _sr5_alley(win, {"wombat": 8, "cutter": 5}, d6=[6, 5, 6, 4, 5])
    choose(initiative_menu(win, "wombat"), "Blitz")
    assert win.document.state.get("wombat").initiative == 33  # 7 + 6 + 5 + 6 + 4 + 5
    assert log_has(win, "Wombat: Blitz: Initiative rolled anew with 5 dice, score 33")


def delay_action(win: MainWindow) -> None:
    """Shadowrun's delayed action (issue 25) from the actor's token menu."""
    _sr5_alley(win, {"wombat": 14, "cutter": 9})
    choose(token_menu(win, "wombat"), "Delay")
    assert win.document.state.actor == "cutter"
    assert win.document.state.order == ("cutter", "wombat")
    assert log_has(win, "Wombat delays: it acts after the others of this pass")


CONTROLS: dict[str, Callable[[MainWindow], None]] = {
    "StartCombat": start_combat, "EndTurn": end_turn, "EndCombat": end_combat,
    "RollInitiative": roll_initiative, "SetInitiative": set_initiative,
    "UseEdgeForInitiative": edge_for_initiative, "Move": move, "GMMove": gm_move,
    "Attack": attack, "React": react, "DeclineReaction": decline_reaction,
    "DeclareOverwatch": declare_overwatch, "ReadyWeapon": ready_weapon, "Evade": evade,
    "Disengage": disengage, "DropProne": drop_prone, "GetUp": get_up, "Refocus": refocus,
    "FirstAid": first_aid, "CheckAwareness": awareness, "SetCondition": set_condition,
    "ApplyDamage": apply_damage, "HealByHand": heal_by_hand, "EditVitals": edit_vitals,
    "LowerInjury": lower_injury, "RemoveCombatant": remove_combatant,
    "AddCombatant": add_combatant,
    # the table actions of issue 12
    "AutoFire": auto_fire, "AreaAttack": area_attack, "SuppressiveFire": suppressive_fire,
    "Dash": dash, "UseSkill": use_skill, "Assist": assist,
    "ApplyTraumaPatch": trauma_patch, "ApplyStimPatch": stim_patch,
    "RecoverWeapon": recover_weapon, "BreakFree": break_free,
    "UseEdgeForReaction": edge_reaction, "DisciplineCheck": discipline, "Rest": rest,
    "Mount": mount, "Dismount": dismount,  # Ch.6 l.208
    "SetHidden": set_hidden,  # Ch.6 l.46
    "SetSide": set_side, "GMMoveGroup": group_move,  # issue 26
    # mid-fight terrain (issue 15)
    "AddCover": add_cover, "RemoveCover": remove_cover, "RestoreCover": restore_cover,
    "CarryIn": carry_in,  # a campaign's party (issue 29)
    # Shadowrun's (issue 25)
    "TakeAim": take_aim, "ChangeFireMode": change_fire_mode, "UseEdge": use_edge,
    "DelayAction": delay_action,
}
# Shadowrun's own commands (issue 25), driven on an SR map (tests/ui/sr_table.py)
CONTROLS.update({"SplitAttack": sr_table.split_attack, "SurpriseTest": sr_table.surprise_test,
                 "DeclareFullDefense": sr_table.full_defense})


def test_every_engine_command_has_a_control():
    """The engine's command types, enumerated from its handler table: each needs a control
    (and a test driving it through the window)."""
    missing = sorted(t.__name__ for t in HANDLERS if t.__name__ not in CONTROLS)
    assert not missing, f"engine commands with no control in the window: {missing}"


@pytest.mark.parametrize("name", sorted(t.__name__ for t in HANDLERS))
def test_the_control_sends_its_command(window, name, monkeypatch):
    sent: list[str] = []
    real = Encounter.apply

    # on the class: a driver may open another map (Take Aim: an SR5 one), a new encounter
    def spy(self: Encounter, command: Any, label: str | None = None) -> Any:
        sent.append(type(command).__name__)
        return real(self, command, label)

    monkeypatch.setattr(Encounter, "apply", spy)
    driver = CONTROLS.get(name)
    assert driver is not None, f"no control for {name}"
    driver(window)
    assert name in sent


def test_charge_from_the_token_menu(window):
    charge_is_a_move_too(window)


def test_shift_drag_is_a_gm_move_out_of_turn(window):
    in_combat(window)
    budget = window.document.state.get("kicker").budget
    drag(window, ((13, 3), (13, 4), (12, 5)), Qt.KeyboardModifier.ShiftModifier)
    state = window.document.state
    assert state.get("guard-shotgun").hex == (12, 5) and state.actor == "kicker"
    assert state.get("kicker").budget == budget and not state.pending
    assert log_has(window, "Guard (shotgun) is put at (12, 5) (GM move: no action, no "
                           "reaction)")
    window.action_map["undo"].trigger()
    assert window.document.state.get("guard-shotgun").hex == (13, 3)


def test_every_menu_entry_names_its_command(window):
    """The token menu's entries carry their command type: the same names the engine has."""
    in_combat(window)
    menu = token_menu(window, "kicker")
    names = set()
    stack = [menu]
    while stack:
        for action in stack.pop().actions():
            if action.property("command"):
                names.add(action.property("command"))
            if action.menu() is not None:
                stack.append(action.menu())
    engine = {t.__name__ for t in HANDLERS}
    assert names <= engine
    assert {"DeclareOverwatch", "ReadyWeapon", "Evade", "Disengage", "Move", "DropProne",
            "Refocus", "FirstAid", "CheckAwareness", "SetCondition", "ApplyDamage",
            "HealByHand", "EditVitals", "RemoveCombatant", "UseEdgeForInitiative",
            "RollInitiative"} <= names


def test_the_ruler_shows_metres_and_the_selected_weapons_band(window):
    window.document.select("vanya")
    viewport = window.view.viewport()
    middle = Qt.MouseButton.MiddleButton
    mouse(window, QEvent.Type.MouseButtonPress, (1, 12), middle, middle)
    mouse(window, QEvent.Type.MouseMove, (6, 12), middle)
    text = window.view.ruler_text()
    assert text.startswith("10 m (5 hexes) — ") and "Vanya's" in text
    mouse(window, QEvent.Type.MouseButtonRelease, (6, 12), Qt.MouseButton.NoButton, middle)
    assert window.view.ruler is None
    # hold M
    window.view.setFocus()
    QTest.keyPress(window.view, Qt.Key.Key_M)
    assert window.view.ruler is not None
    QTest.keyRelease(window.view, Qt.Key.Key_M)
    assert window.view.ruler is None
    # Measure from here (hex menu): the end follows the mouse until a click
    choose(right_click(window, (4, 7)), "Measure from here")
    mouse(window, QEvent.Type.MouseMove, (4, 9), Qt.MouseButton.NoButton)
    assert window.view.ruler_text().startswith("4 m (2 hexes)")
    click_board(window, (4, 9))
    assert window.view.ruler is None
    assert viewport is window.view.viewport()


def test_the_menu_key_opens_the_menu_of_the_hex_under_the_cursor(window):
    viewport = window.view.viewport()
    point = at(window, (2, 8))
    event = QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, point,
                              viewport.mapToGlobal(point))
    QApplication.sendEvent(viewport, event)
    assert window.last_menu is not None and window.last_menu.title() == "Kicker"


@pytest.mark.parametrize("difficulty", ["trivial", "difficult", "near_impossible"])
def test_every_difficulty_the_ruleset_names_is_offered_and_accepted(window, difficulty):
    """Use a skill offers the ruleset's difficulties (checks.difficulty), not a list of its
    own: a name the engine does not know would be refused after the GM picked it."""
    in_combat(window)
    window.set_asker(Script("athletics", difficulty))  # Script: the answer must be offered
    more(window, "kicker", "Use a skill…")
    tn = window.document.encounter.ctx.rules.checks.difficulty[difficulty]
    assert said(window, f"TN {tn}")


def test_the_overwatch_sector_is_a_quarter_circle_toward_the_click():
    from shapely.geometry import Point, Polygon

    from tactical.ui.hands import sector

    wedge = sector(QPointF(0.0, 0.0), QPointF(10.0, 0.0), 20.0)
    assert wedge[0] == (0.0, 0.0)  # from the watcher
    area = Polygon(wedge)
    assert area.contains(Point(10, 9)) and area.contains(Point(19, 0))  # 42°, near the edge
    assert not area.contains(Point(10, 11)) and not area.contains(Point(-1, 0))  # 48°
    assert not area.contains(Point(21, 0))  # beyond the weapon's reach
