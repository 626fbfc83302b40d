"""Issue 27, the board's aiming tool for area attacks, through the real main window: the
token menu starts it, the rings follow the cursor hex by hex with who is caught marked
(ring dice, cover, a wall's shield, an ally in the warning colour), a click commits one
undoable command, Esc cancels with nothing done."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.geometry.hexgrid import hex_distance
from tactical.ui.board.tools.area import ALLY, RING_COLOURS, AreaTool
from tactical.ui.main_window import MainWindow
from tests import windows
from tests.ui.test_gm_hands import choose, click_board, log_has, mouse, token_menu

YARD = Path(__file__).resolve().parents[1] / "scenarios" / "maps" / "area_yard.yaml"
ORDER = ("grenadier", "vanya", "kicker", "runner-2", "runner-3", "runner-prone", "ganger",
         "far", "walled")


@pytest.fixture
def yard(qtbot, tmp_path) -> Iterator[MainWindow]:
    # d10s: the check hits the hex (5 + 6 + 9 skill ≥ 15); d6s for every ring's damage
    win = windows.open_window(qtbot, tmp_path, size=(1600, 900), path=YARD,
                              dice=ScriptedDice(d10=[5, 6] * 30, d6=[4] * 200))
    for rank, cid in enumerate(ORDER):
        win.document.apply(cmd.SetInitiative(cid, 50 - rank))
    win.action_map["start"].trigger()
    assert win.document.state.actor == "grenadier"
    yield win
    windows.close(win)


def area_tool(win: MainWindow) -> AreaTool:
    tool = win.view.tools.by_name["area"]
    assert isinstance(tool, AreaTool)
    return tool


def hover(win: MainWindow, h: tuple[int, int]) -> None:
    mouse(win, QEvent.Type.MouseMove, h, Qt.MouseButton.NoButton)


def start_throw(win: MainWindow) -> AreaTool:
    choose(token_menu(win, "grenadier"), "More actions", "Throw frag grenade…")
    tool = area_tool(win)
    assert tool.busy and tool in win.view.tools.active
    return tool


OFF_CENTRE = QPointF(0.6, 0.0)  # metres: clear of a scatter dot at the hex's centre


def pixel(win: MainWindow, h: tuple[int, int]) -> QColor:
    image = win.view.viewport().grab().toImage()
    return image.pixelColor(win.view.mapFromScene(win.scene.centre(h) + OFF_CENTRE))


def clear_hex(win: MainWindow, tool: AreaTool, hexes: tuple[tuple[int, int], ...]
              ) -> tuple[int, int]:
    """A hex of `hexes` with no token on it and no mark's words nor range band's label over
    where `pixel` looks."""
    taken = {c.hex for c in win.document.state}
    boxes = [m.box for m in tool.item.marks] + [
        label.sceneBoundingRect() for label in win.scene.zone_labels if label.isVisible()]
    return next(h for h in hexes if h not in taken and not any(
        box.contains(win.scene.centre(h) + OFF_CENTRE) for box in boxes))


def test_the_rings_follow_the_cursor_and_mark_who_is_caught(yard):
    tool = start_throw(yard)
    hover(yard, (12, 0))
    assert tool.hex == (12, 0)
    hover(yard, (8, 3))
    preview = tool.preview
    assert preview is not None and preview.centre == (8, 3)
    words = {m.id: m.text for m in preview.marks}
    # every ring's dice at the token, the wall's shield, the one out of reach not marked
    assert words["vanya"] == "Vanya — 6d6, in the open"
    assert words["kicker"] == "Kicker — 6d6, in the open"
    assert words["runner-2"] == "Runner 2 — 4d6, in the open"
    assert words["runner-3"] == "Runner 3 — 2d6, in the open"
    assert words["walled"] == "Walled Runner — shielded by Brick wall"
    assert "far" not in words
    ally = next(m for m in preview.marks if m.id == "ganger")
    assert ally.ally and ally.text == "Ganger — 4d6, in the open"
    assert (10, 1) in preview.shielded and (8, 3) not in preview.shielded
    assert preview.scatter and preview.odds is not None and 0 < preview.odds < 1
    # a miss lands at most 2 hexes off (half the 5-hex throw), never into the wall's hex
    assert max(hex_distance(h, (8, 3)) for h in preview.scatter) == 2
    assert (9, 2) not in preview.scatter and (10, 1) not in preview.scatter
    # the HUD says the odds and warns of the ally caught
    lines = dict(tool.lines())
    assert any(text.startswith(f"{preview.odds:.0%} to hit the hex") for text in lines)
    assert any("allies: Ganger" in text and colour == ALLY for text, colour in lines.items())
    # drawn: the innermost ring's red over a free hex next to the aim; gone on Esc
    free = clear_hex(yard, tool, preview.rings[0])
    tint = pixel(yard, free)
    assert tint.red() > tint.green() + 40 and tint.red() > tint.blue() + 40, tint.name()
    assert QColor(RING_COLOURS[0]).red() > 200
    tool.cancel()
    plain = pixel(yard, free)
    assert not plain.red() > plain.green() + 40, plain.name()
    tool = start_throw(yard)
    hover(yard, (8, 3))
    # the same hex again works nothing out anew; a new hex does
    seen = tool.previews
    hover(yard, (8, 3))
    assert tool.previews == seen
    hover(yard, (9, 3))
    assert tool.previews == seen + 1


def test_a_click_commits_one_area_attack_and_undo_takes_it_back(yard):
    state = yard.document.state
    before = dict(state.combatants)
    steps = yard.document.steps
    tool = start_throw(yard)
    hover(yard, (8, 3))
    click_board(yard, (8, 3))
    assert not tool.busy and tool not in yard.view.tools.active
    assert yard.document.steps == steps + 1  # one command
    assert log_has(yard, "The Fragmentation grenade lands on [8, 3]")
    assert log_has(yard, "Walled Runner is shielded by Brick wall")
    after = yard.document.state
    assert after.get("vanya").damage > 0 and after.get("runner-3").damage >= 0
    assert after.get("grenadier").budget.major == before["grenadier"].budget.major - 1
    yard.undo()
    assert dict(yard.document.state.combatants) == before


def test_esc_cancels_the_aim_and_nothing_is_thrown(yard):
    steps = yard.document.steps
    tool = start_throw(yard)
    hover(yard, (8, 3))
    yard.view.setFocus()
    QTest.keyClick(yard.view, Qt.Key.Key_Escape)
    assert not tool.busy and tool.preview is None
    assert tool not in yard.view.tools.active
    assert yard.document.steps == steps


def test_suppressive_fire_aims_its_sector_and_commits(yard):
    yard.document.apply(cmd.ReadyWeapon("grenadier", "machine-pistol"))
    choose(token_menu(yard, "grenadier"), "More actions", "Suppressive fire…")
    tool = area_tool(yard)
    hover(yard, (8, 3))
    preview = tool.preview
    assert preview is not None and preview.kind == "sector" and preview.rings[0]
    attacked = {m.id for m in preview.marks if m.hit}
    assert "vanya" in attacked and "ganger" not in attacked  # an ally is never attacked
    click_board(yard, (8, 3))
    assert log_has(yard, "lays Suppressive Fire toward [8, 3]")


def test_suppressive_fire_sprays_the_firearm_carried_not_the_grenade_in_hand(yard):
    # play-test at 1080p: with the grenade in hand, "Suppressive fire…" rolled the grenade
    # against two runners' Discipline, pinned one and spent it (Ch.6 l.482, 486: sprayed lead)
    grenadier = yard.document.state.get("grenadier")
    assert grenadier.weapon == "frag-grenade"
    grenades = dict(grenadier.ammo)["frag-grenade"]
    choose(token_menu(yard, "grenadier"), "More actions", "Suppressive fire…")
    tool = area_tool(yard)
    assert tool.prompt.startswith("Grenadier: Suppressive fire (Machine pistol)")
    hover(yard, (8, 3))
    assert tool.preview is not None and not tool.preview.refusals
    click_board(yard, (8, 3))
    assert log_has(yard, "lays Suppressive Fire toward [8, 3]")
    assert log_has(yard, "Grenadier → Vanya, Machine pistol")
    assert not log_has(yard, "Fragmentation grenade:")
    assert dict(yard.document.state.get("grenadier").ammo)["frag-grenade"] == grenades
    refused = yard.document.apply(cmd.SuppressiveFire("grenadier", (8, 3), "frag-grenade"))
    assert refused is None  # the engine too: a grenade is aimed at a hex, not sprayed


def test_the_attack_panel_does_not_roll_a_grenade_at_a_combatant(yard):
    # play-test at 720p: the dock's Attack card, the grenade in hand, read "TN 21 · Hit 47.0%"
    # against Flat Runner beside the aim's "17% to hit the hex", its Roll enabled (RULINGS
    # Area attacks: an area weapon aims at a hex, not at a combatant)
    choose(token_menu(yard, "grenadier"), "Attack", "Vanya")
    panel = yard.dock.attack
    assert panel.weapon_combo.currentData() == "frag-grenade"
    assert not panel.roll_button.isEnabled()
    assert "aimed at a hex, not at Vanya" in panel.refusals.text()
    assert yard.document.apply(cmd.Attack("grenadier", "vanya", "frag-grenade")) is None
    panel.weapon_combo.setCurrentIndex(panel.weapon_combo.findData("machine-pistol"))
    assert panel.roll_button.isEnabled(), panel.refusals.text()


def test_auto_fire_fires_the_gun_with_af_not_the_grenade_in_hand(yard):
    # play-test at 1080p: with the grenade in hand the vicinity marked five runners
    # "attacked (Disadvantage)" while the plate said the weapon cannot fire AF
    assert yard.document.state.get("grenadier").weapon == "frag-grenade"
    choose(token_menu(yard, "grenadier"), "More actions", "Auto fire at several…")
    tool = area_tool(yard)
    assert tool.prompt.startswith("Grenadier: Auto fire (Machine pistol)")
    hover(yard, (7, 3))  # three runners: 30 rounds, the machine pistol's magazine
    preview = tool.preview
    assert preview is not None and not preview.refusals
    assert isinstance(preview.command, cmd.AutoFire)
    assert preview.command.weapon == "machine-pistol"
    click_board(yard, (7, 3))
    assert log_has(yard, "Grenadier → Vanya")
    assert not log_has(yard, "Fragmentation grenade:")


def test_auto_fire_picks_the_enemies_in_the_placed_vicinity(yard):
    yard.document.apply(cmd.ReadyWeapon("grenadier", "machine-pistol"))
    choose(token_menu(yard, "grenadier"), "More actions", "Auto fire at several…")
    tool = area_tool(yard)
    hover(yard, (9, 3))
    preview = tool.preview
    assert preview is not None and preview.kind == "vicinity"
    command = preview.command
    assert isinstance(command, cmd.AutoFire) and command.vicinity == (9, 3)
    assert {"vanya", "kicker", "runner-2"} <= set(command.targets)
    assert "ganger" not in command.targets


def test_the_dock_shows_the_odds_and_each_targets_average_then_one_result_card(yard, qtbot):
    dock = yard.dock
    section = dock.sections["area attack"]
    assert section.isHidden()  # nothing aimed yet
    tool = start_throw(yard)
    hover(yard, (12, 0))
    assert not section.isHidden()  # the card comes with the first aimed hex at once
    for h in ((10, 2), (8, 3)):  # the cursor sweeps on to (8, 3) and rests there
        hover(yard, h)
    preview = tool.preview
    assert preview is not None and preview.odds is not None
    # the card follows once the cursor rests: the odds and targets of (8, 3)
    qtbot.waitUntil(lambda: dock.area.odds.text() == f"{preview.odds:.1%} to hit the hex"
                    and any(r.startswith("Vanya") for r in dock.area.rows))
    assert dock.area.heading.text() == "Grenadier: Fragmentation grenade"
    assert dock.area.odds.text() == f"{preview.odds:.1%} to hit the hex"
    vanya = next(m for m in preview.marks if m.id == "vanya")
    assert vanya.expected is not None and vanya.expected > 0
    rows = dock.area.rows
    assert f"Vanya — ring 1, 6d6 ≈ {vanya.expected:.1f} after armor, in the open" in rows
    assert "Ganger (ally!) — ring 2, 4d6" in next(r for r in rows if r.startswith("Ganger"))
    assert "Walled Runner — shielded by Brick wall" in rows
    click_board(yard, (8, 3))
    # one card: the landing, every target's line (damage, injury), the shielded one and why
    assert dock.area.result and not section.isHidden()
    assert dock.area.heading.text().startswith(
        "Result: Grenadier: The Fragmentation grenade lands on [8, 3]")
    rows = dock.area.rows
    caught = {"Vanya", "Kicker", "Runner 2", "Runner 3", "Flat Runner", "Ganger",
              "Walled Runner"}
    assert len(rows) == len(caught) and all(any(name in r for r in rows) for name in caught)
    assert any(r.startswith("ring 1 (2 m): Vanya takes") and "damage" in r for r in rows)
    assert any(r.startswith("Walled Runner is shielded by Brick wall (high cover") for r in rows)
    hurt = sum(1 for r in rows if "takes" in r and "no damage" not in r)
    assert dock.area.odds.text() == f"{hurt} hurt, 1 shielded"


def test_the_marks_words_leave_the_tokens_outside_the_rings_seen(yard):
    # play-test at 720p: aimed at Kicker, "Ganger — shielded by Brick wall" lay over the
    # grenadier's own token (the marks' words kept clear of the caught tokens only)
    tool = start_throw(yard)
    covered = []
    for aim in ((9, 3), (9, 4), (8, 4), (8, 3), (7, 3), (10, 4)):
        hover(yard, aim)
        assert tool.preview is not None
        caught = {m.id for m in tool.preview.marks}
        for token in yard.scene.tokens.values():
            if token.token_id in caught:
                continue
            disc = token.sceneBoundingRect().adjusted(0.3, 0.6, -0.3, -0.3)
            covered += [(aim, token.token_id, m.text) for m in tool.item.marks
                        if m.box.intersects(disc)]
    assert not covered
    assert tool.item.marks  # words were laid out at all


def test_the_suppressive_fire_tips_give_the_rulesets_angle(yard, monkeypatch):
    # the tips read "the 60° zone" in the UI's own words; a house rule in the ruleset
    # (a 90° sector) must show in both menus' tips
    from tactical.rules.chapter6.area import Chapter6Area
    from tactical.ui.menus import find_action

    monkeypatch.setattr(Chapter6Area, "suppression", property(lambda _self: (90.0, "medium")))
    yard.document.apply(cmd.ReadyWeapon("grenadier", "machine-pistol"))
    menu = token_menu(yard, "grenadier")
    aim = find_action(menu, "More actions", "Suppressive fire…")
    assert aim.toolTip().startswith("aim the 90° zone:")  # type: ignore[attr-defined]
    menu.close()
    # the submenu's entry (a submenu shows no tip in Qt's menus: the entry's own words)
    toward = next(e for e in yard.hands.more_turn_entries("grenadier")
                  if e.text == "Suppressive fire toward")
    assert toward.tip.startswith("a 90° zone toward")


def _inside_dock(win: MainWindow, widget: QWidget) -> bool:
    """The widget's whole height lies in the dock's visible part (the sections' viewport)."""
    view = win.dock.sections_scroll.viewport()
    top = widget.mapTo(view, QPoint(0, 0)).y()
    return top >= 0 and top + widget.height() <= view.height()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_aiming_shows_the_whole_area_card_and_esc_gives_the_attack_card_back(
        qtbot, tmp_path, size):
    # a 1080p grab while aiming the frag grenade: the single-target attack card (a refusal)
    # filled the dock and the caught targets' lines lay below its edge
    win = windows.open_window(qtbot, tmp_path, size=size, path=YARD,
                              dice=ScriptedDice(d10=[5, 6] * 30, d6=[4] * 200))
    try:
        for rank, cid in enumerate(ORDER):
            win.document.apply(cmd.SetInitiative(cid, 50 - rank))
        win.action_map["start"].trigger()
        dock = win.dock
        dock.show_attack()
        qtbot.wait(20)
        assert not dock.sections["attack"].folded
        start_throw(win)
        for h in ((12, 0), (10, 2), (8, 3)):  # the card shows at the first hex, grows at the last
            hover(win, h)
        qtbot.waitUntil(lambda: any(r.startswith("Vanya") for r in dock.area.rows))
        qtbot.waitUntil(lambda: _inside_dock(win, dock.area.body), timeout=2000)
        assert dock.sections["attack"].folded
        QTest.keyClick(win.view.viewport(), Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: not dock.sections["attack"].folded, timeout=2000)
        assert dock.sections["area attack"].isHidden()
    finally:
        windows.close(win)
