"""Issue 26 item 5, "the window does what it shows": each defect a GM met in the real window
at 1920×1080 and 1280×720, driven through the real main window (mouse on the board, the
dock's widgets) as the GM would."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.encounter.queries.preview import engine_refusals
from tactical.ui.board.tools.drag import drag_summary
from tactical.ui.main_window import MainWindow
from tests import fights, windows

APPROACH, CHARGE = fights.APPROACH, fights.CHARGE
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot, tmp_path) -> Iterator[MainWindow]:
    win = windows.open_window(qtbot, tmp_path, dice=ScriptedDice(d10=[5] * 80, d6=[3] * 160))
    yield win
    windows.close(win)


@pytest.fixture
def small(qtbot, tmp_path) -> Iterator[MainWindow]:
    """The window at 1280 × 720 (a 720p stream)."""
    win = windows.open_window(qtbot, tmp_path, size=(1280, 720),
                              dice=ScriptedDice(d10=[5] * 80, d6=[3] * 160))
    yield win
    windows.close(win)


def at(win: MainWindow, h: tuple[int, int]) -> QPoint:
    return win.view.mapFromScene(win.scene.centre(h))


def mouse(win: MainWindow, kind: QEvent.Type, h: tuple[int, int], buttons: Qt.MouseButton,
          button: Qt.MouseButton = Qt.MouseButton.NoButton) -> None:
    viewport = win.view.viewport()
    point = at(win, h)
    QApplication.sendEvent(viewport, QMouseEvent(
        kind, QPointF(point), QPointF(viewport.mapToGlobal(point)), button, buttons,
        Qt.KeyboardModifier.NoModifier))


def drag_to(win: MainWindow, path: tuple[tuple[int, int], ...], drop: bool = True) -> None:
    """Press on `path[0]`, move the mouse over each hex after it, pinning a waypoint on each
    (Space: the path drawn, not the shortest way), and drop (or hold)."""
    mouse(win, QEvent.Type.MouseButtonPress, path[0], LEFT, LEFT)
    for h in path[1:]:
        mouse(win, QEvent.Type.MouseMove, h, LEFT)
        QTest.keyClick(win.view, Qt.Key.Key_Space)
    if drop:
        mouse(win, QEvent.Type.MouseButtonRelease, path[-1], Qt.MouseButton.NoButton, LEFT)


def in_view(scroll_child: QWidget, win: MainWindow) -> bool:
    """The widget lies inside the dock's scrolled sections as shown now."""
    scroll = win.dock.sections_scroll
    inner = scroll.widget()
    top = scroll_child.mapTo(inner, QPoint(0, 0)).y()
    shown = scroll.verticalScrollBar().value()
    return shown <= top and top + scroll_child.height() <= shown + scroll.viewport().height()


def test_the_banner_names_a_reaction_the_board_rings_past_the_limit(window):
    """A drag past Kicker's 10 m rings the shotgun guard's Snapshot at step 8: the banner
    says so, never "No reactions" beside the ring."""
    fights.start(window.document)
    drag_to(window, ((2, 8), *APPROACH, *CHARGE), drop=False)
    overlay = window.scene.overlay
    assert {m.reactor for m in overlay.reaction_marks} >= {"guard-shotgun"}
    texts = [text for text, _colour in drag_summary(window.view.drag_tool)]
    assert window.scene.view.no_reactions_note not in texts
    assert "No reactions within the movement left" in texts
    assert any(t.startswith("Past the limit, not this Move — Snapshot: Guard (shotgun)")
               for t in texts), texts
    window.view.cancel_drag()


def test_a_halted_drop_brings_the_pending_reactions_into_view(small, qtbot):
    """At 720p with the dock scrolled down to the attack panel, a drop that halts for the
    Snapshot scrolls Pending reactions, Resolve and Decline, into view."""
    fights.start(small.document, moves=(cmd.Move("kicker", APPROACH),))
    small.dock.show_attack()
    qtbot.wait(20)
    bar = small.dock.sections_scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    assert bar.maximum() > 0  # the sections do not fit: the test means something
    drag_to(small, (APPROACH[-1], *CHARGE))
    assert [p.reactor for p in small.document.state.pending] == ["guard-shotgun"]
    resolve, decline = small.dock.reactions.row("guard-shotgun")
    qtbot.waitUntil(lambda: in_view(resolve, small) and in_view(decline, small), timeout=2000)
    assert in_view(small.dock.reactions.heading, small)


def test_the_undo_label_names_the_hexes_the_halted_move_walked(window):
    fights.start(window.document, moves=(cmd.Move("kicker", APPROACH),))
    drag_to(window, (APPROACH[-1], *CHARGE))  # five hexes drawn, halted at the third
    assert window.document.state.get("kicker").hex == CHARGE[2]
    assert window.action_map["undo"].text() == "Undo Move Kicker 3 hexes (halted)"


def test_the_default_target_is_never_an_ally(window):
    """Kicker's halted move made him the Snapshot's target; on Vanya's turn the attack panel
    must not start on Kicker (her ally) but on the nearest enemy she sees and reaches."""
    document = window.document
    fights.start(document, moves=(cmd.Move("kicker", APPROACH),))
    drag_to(window, (APPROACH[-1], *CHARGE))
    window.dock.reactions.row("guard-shotgun")[0].click()
    panel = window.dock.attack
    assert panel.target == "kicker"  # the reactor's target: the mover
    window.dock.attack.decline_button.click()
    while document.state.pending:
        document.apply(cmd.DeclineReaction(document.state.pending[0].reactor,
                                           offer=document.state.pending[0].id))
    document.apply(cmd.EndTurn())
    assert document.state.actor == "vanya"
    target = panel.target_combo.currentData()
    assert target != "kicker" and target is not None
    vanya = document.state.get("vanya")
    assert document.state.get(target).side != vanya.side
    assert document.oracle.sight(document.state, "vanya", target).line_of_sight
    assert panel.roll_button.isEnabled(), panel.refusals.text()


def test_no_target_when_no_enemy_is_in_sight_and_reach(window):
    """The office guard behind the reinforced walls sees no one: no target chosen for him,
    not the first name of the list (an ally of his, or an enemy through a wall)."""
    document = window.document
    fights.start(document, initiative={**fights.INITIATIVE, "guard-office": 40})
    assert document.state.actor == "guard-office"
    office = document.state.get("guard-office")
    assert not any(document.oracle.sight(document.state, office.id, c.id).line_of_sight
                   for c in document.state if c.side != office.side)
    panel = window.dock.attack
    assert panel.target_combo.currentIndex() == -1 and panel.target is None
    assert not panel.roll_button.isEnabled()


def test_the_last_result_card_is_marked_previous_under_a_new_set_up(window):
    document = window.document
    fights.start(document, moves=(cmd.Move("kicker", APPROACH),))
    document.apply(cmd.GMMove("guard-shield", (8, 4)))  # within Kicker's reach
    window.attack_target("guard-shield")
    panel = window.dock.attack
    panel.roll_button.click()
    assert panel.result_frame.isVisible()
    title = panel.result_title.text()
    assert title.startswith("Kicker → Guard (shield)")
    panel.set_target("guard-shotgun")  # another target: the card is not its result
    assert panel.result_title.text() == "Previous roll: " + title
    document.undo()  # the roll taken back: the card goes
    assert not panel.result_frame.isVisible()
    window.attack_target("guard-shield")
    panel.roll_button.click()
    document.apply(cmd.EndTurn())  # another turn (and attacker)
    assert panel.result_title.text().startswith("Previous roll: Kicker → Guard (shield)")


def test_action_buttons_are_enabled_exactly_when_the_engine_would_accept(window):
    """Kicker after a Refocus (a Full action): Evade and Refocus are greyed with the
    engine's reason; each button is enabled exactly when its command is accepted."""
    document = window.document
    fights.start(document)
    assert document.apply(cmd.Refocus("kicker")) is not None
    sends = {"Evade": cmd.Evade("kicker"), "Disengage": cmd.Disengage("kicker"),
             "Drop prone": cmd.DropProne("kicker"), "Refocus": cmd.Refocus("kicker")}
    bar = window.dock.actions_bar
    for text, command in sends.items():
        refusals = engine_refusals(document.state, document.encounter.ctx, command)
        assert bar.buttons[text].isEnabled() == (not refusals), (text, refusals)
    evade = bar.buttons["Evade"]
    assert not evade.isEnabled()
    assert evade.toolTip() == "; ".join(engine_refusals(document.state,
                                                        document.encounter.ctx,
                                                        cmd.Evade("kicker")))


def luminance(colour: QColor) -> float:
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) \
        + 0.0722 * channel(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG 2's ratio."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_attack_lines_in_the_log_read_at_4_5_to_1(window):
    document = window.document
    fights.start(document, moves=(cmd.Move("kicker", APPROACH),))
    document.apply(cmd.GMMove("guard-shield", (8, 4)))
    window.attack_target("guard-shield")
    window.dock.attack.roll_button.click()
    document.apply(cmd.EndTurn())
    log = window.dock.log
    kinds = {line.kind for line in log.lines}
    assert {"hit", "turn"} <= kinds or {"miss", "turn"} <= kinds
    background = log.palette().color(log.viewport().backgroundRole())
    colours = set(re.findall(r"color:\s*(#[0-9a-fA-F]{6})", log.toHtml()))
    assert colours
    for colour in colours:
        assert contrast(QColor(colour), background) >= 4.5, colour


def test_the_players_window_stays_behind_the_board_when_an_encounter_opens(window, qtbot):
    """The players' window open, the GM opens another encounter: the players' window
    follows it without taking the focus; the GM's board stays the active window."""
    players = window.player_screen.open()
    assert players is not None
    window.activateWindow()
    assert window.open_path(windows.DEMO)
    again = window.player_screen.window
    assert again is not None and again is not players  # it follows the new encounter
    assert again.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    assert not again.isActiveWindow()
    again.close()


def test_the_legend_explains_every_cover_fill_on_the_board(window):
    """A "high, medium" cover is filled in the medium brown: the legend, as painted over
    the board, shows that colour (the strength ramp), not only one brown per height."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from tactical.ui.board.palette import COVER_COLOURS

    cover = window.document.loaded.map.cover
    assert any(c.height == "high" and c.cover_class == "medium" for c in cover)
    used = {COVER_COLOURS[c.cover_class] for c in cover}
    viewport = QRectF(window.view.viewport().rect())
    image = QImage(int(viewport.width()), int(viewport.height()), QImage.Format.Format_RGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    window.scene.legend.paint(painter, viewport)
    painter.end()
    box = window.scene.legend.rect(viewport).toAlignedRect()
    painted = {QColor(image.pixel(x, y)).name() for x in range(box.left(), box.right(), 1)
               for y in range(box.top(), box.bottom(), 2)}
    for colour in used:
        assert colour.lower() in painted, colour


def test_the_warehouse_background_has_no_square_grid_under_the_hex_grid():
    """maps/warehouse.png (scripts/draw_backgrounds.py) once painted floor slab joints every
    4 m: thin dark lines across the whole floor, a square grid under the board's hexes. A
    thin line is a row (column) of pixels darker than those two away on each side."""
    import numpy as np
    from PySide6.QtGui import QImage

    from tactical.core.paths import maps_dir

    image = QImage(str(maps_dir() / "warehouse.png")).convertToFormat(
        QImage.Format.Format_RGB32)
    w, h = image.width(), image.height()
    pixels = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(
        h, image.bytesPerLine() // 4, 4)[:, :w, :3].astype(float).mean(axis=2)
    across = (((pixels[:-4] + pixels[4:]) / 2 - pixels[2:-2]) > 6).mean(axis=1)
    down = (((pixels[:, :-4] + pixels[:, 4:]) / 2 - pixels[:, 2:-2]) > 6).mean(axis=0)
    assert across.max() < 0.9 and down.max() < 0.9, (across.max(), down.max())


LONG_NAME = "Bartholomew Fitzgerald-Worthington the Third of Redmond Barrens"


def overflowing(win: MainWindow) -> list[str]:
    """Dock widgets shown whose right edge passes the dock's visible width."""
    scroll = win.dock.sections_scroll
    inner = scroll.widget()
    room = scroll.viewport().width()
    out = []
    for w in inner.findChildren(QWidget):
        if w.isVisible() and w.mapTo(inner, QPoint(w.width(), 0)).x() > room + 1:
            out.append(f"{type(w).__name__} {w.objectName()} {getattr(w, 'text', str)()!s:.40}")
    return out


def test_at_720p_the_dock_fits_its_width_with_a_long_name(small, qtbot):
    """A combatant with a long name acts, is the target and the status shown: every dock
    widget stays inside the dock's width (nothing cut off at the right)."""
    document = small.document
    document.apply(cmd.AddCombatant("bart", "ganger", (6, 8), "corp", LONG_NAME))
    fights.start(document, initiative={**fights.INITIATIVE, "bart": 50})
    assert document.state.actor == "bart"
    document.select("bart")
    small.dock.show_attack()
    qtbot.wait(30)
    assert not overflowing(small), overflowing(small)
    document.apply(cmd.EndTurn())  # Kicker acts: the long name is a target choice
    small.attack_target("bart")
    qtbot.wait(30)
    assert not overflowing(small), overflowing(small)


def test_the_f1_list_fits_a_720p_screen(small, qtbot):
    """F1 opens the shortcuts in two columns in a dialog no taller than the screen's room
    (a 720p screen: 720 px less the panels), the whole list there or scrolled to."""
    from PySide6.QtTest import QTest

    small.activateWindow()
    QTest.keyClick(small, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: small.shortcuts_dialog is not None
                    and small.shortcuts_dialog.isVisible(), timeout=2000)
    dialog = small.shortcuts_dialog
    free = dialog.screen().availableGeometry()
    assert dialog.frameGeometry().height() <= min(720, free.height())
    text = dialog.text
    assert "Ctrl-click" in text.toPlainText() and "Undo" in text.toPlainText()
    table = text.document().rootFrame().childFrames()
    assert table and table[0].columns() >= 4  # two columns of key and meaning
    dialog.close()


def test_the_editors_side_panel_shows_its_names_and_buttons_whole(qtbot, tmp_path):
    """Edit map at 1920 × 1080 on the warehouse: every button of the side panel is as wide
    as its text needs ("New character…", not "ew character") and every roster name fits."""
    from PySide6.QtWidgets import QPushButton

    win = windows.open_window(qtbot, tmp_path, size=(1920, 1080))
    try:
        win.edit_mode.toggle.setChecked(True)
        editor = win.edit_mode.editor
        assert editor is not None
        qtbot.wait(20)
        panel = editor.panel
        for button in panel.findChildren(QPushButton):
            if button.isVisible():
                assert button.width() >= button.sizeHint().width(), button.text()
        roster = panel.roster
        room = roster.viewport().width()
        metrics = roster.fontMetrics()
        for i in range(roster.count()):
            text = roster.item(i).text()
            assert metrics.horizontalAdvance(text) + 8 <= room, text
    finally:
        editor = win.edit_mode.editor
        if editor is not None:
            editor.stack.setClean()
        windows.close(win)


def test_band_and_reach_labels_keep_off_the_tokens(window):
    """Each combatant selected in turn, on the fight's first positions and after Kicker's
    approach: no range-band or reach label lies over a token (its initials)."""
    from tactical.ui.board.palette import TOKEN_RADIUS

    document = window.document
    fights.start(document)
    over = []
    for moves in ((), (cmd.Move("kicker", APPROACH),)):
        for move in moves:
            document.apply(move)
        for c in document.state:
            document.select(c.id)
            tokens = [(o.id, window.scene.centre(o.hex)) for o in document.state]
            for label in window.scene.zone_labels:
                box = label.sceneBoundingRect().adjusted(-TOKEN_RADIUS * 0.6,
                                                         -TOKEN_RADIUS * 0.6,
                                                         TOKEN_RADIUS * 0.6,
                                                         TOKEN_RADIUS * 0.6)
                over += [(c.id, label.text, oid) for oid, at in tokens if box.contains(at)]
    assert not over, over


def test_add_combatant_on_a_map_without_sides_asks_for_one(qtbot, tmp_path):
    """An imported map has no sides: Add combatant here asks (the sides in play, or a new
    one), and a newcomer can start a side of its own."""
    from tests.ui.test_gm_hands import Script, choose, right_click

    map_path = tmp_path / "plain.yaml"
    map_path.write_text("kind: map\nname: Plain\ngrid: {columns: 10, rows: 8, orientation: "
                        "flat}\ntokens:\n  - {id: kicker, character: kicker, side: pcs, "
                        "hex: [1, 3]}\n", encoding="utf-8")
    win = windows.open_window(qtbot, tmp_path, path=map_path)
    try:
        script = Script("New side…", "Halloweeners")
        win.set_asker(script)
        choose(right_click(win, (4, 2)), "Add combatant here", "Ganger")
        assert script.asked == ["Side", "The side's name"]
        new = next(c for c in win.document.state if c.character == "ganger")
        assert new.side == "halloweeners" and new.side != win.document.state.get("kicker").side
        win.set_asker(Script("halloweeners"))
        choose(right_click(win, (5, 2)), "Add combatant here", "Ganger")
        second = [c for c in win.document.state if c.character == "ganger"][-1]
        assert second.side == "halloweeners"
    finally:
        windows.close(win)
