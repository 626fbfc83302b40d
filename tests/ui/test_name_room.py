"""A token's name shown next to its token or not at all, whatever the GM toggles (play-test
at 1920 x 1080 on the area yard: Kicker, crowded between Vanya and Runner 2, had his name
drawn alone at the map's top-left corner once the tokens layer was shown)."""

from __future__ import annotations

import math
from pathlib import Path

from tactical.encounter import commands as cmd
from tactical.ui.main_window import MainWindow
from tests import windows

YARD = Path(__file__).resolve().parents[1] / "scenarios" / "maps" / "area_yard.yaml"


def far_names(win: MainWindow) -> list[str]:
    """The names shown with their nearest edge more than 2 m from their token's centre
    (a name goes right below, above or beside its token)."""
    far = []
    for cid, token in win.scene.tokens.items():
        box, c = token.name_label.sceneBoundingRect(), token.pos()
        dx = max(box.left() - c.x(), 0.0, c.x() - box.right())
        dy = max(box.top() - c.y(), 0.0, c.y() - box.bottom())
        if token.name_label.isVisible() and math.hypot(dx, dy) > 2:
            far.append(cid)
    return far


def test_a_name_with_no_room_stays_hidden_when_the_names_come_back(qtbot, tmp_path):
    win = windows.open_window(qtbot, tmp_path, size=(1920, 1080), path=YARD)
    kicker = win.scene.tokens["kicker"].name_label
    assert not kicker.isVisible()  # no room between Vanya, Runner 2 and the wall
    assert win.scene.tokens["vanya"].name_label.isVisible()
    assert not far_names(win)
    names = win.action_map["layer_tokens"]  # View ▸ Layers ▸ Tokens and labels (5)
    names.trigger()  # off, then on
    assert not win.scene.tokens["vanya"].name_label.isVisible()
    names.trigger()
    assert win.scene.tokens["vanya"].name_label.isVisible()
    assert not far_names(win), far_names(win)
    assert not kicker.isVisible()
    windows.close(win)


def test_a_range_bands_label_leaves_the_tokens_names_readable(qtbot, tmp_path):
    # play-test at 720p: the grenadier selected, his "Close +0" lay over "Flat Runner"
    win = windows.open_window(qtbot, tmp_path, size=(1280, 720), path=YARD)
    order = ("kicker", "runner-prone", "ganger", "vanya", "walled", "far", "grenadier")
    for rank, cid in enumerate(order):
        win.document.apply(cmd.SetInitiative(cid, 50 - rank))
    win.action_map["start"].trigger()
    for _ in range(6):  # Next turn to the grenadier's, as the GM played it
        win.action_map["next"].trigger()
    assert win.document.state.actor == "grenadier"
    win.document.select("grenadier")
    assert win.scene.zone_labels
    names = {cid: t.name_label.sceneBoundingRect() for cid, t in win.scene.tokens.items()
             if t.name_label.isVisible()}
    over = [(label.text, cid) for label in win.scene.zone_labels if label.isVisible()
            for cid, box in names.items() if label.sceneBoundingRect().intersects(box)]
    assert not over, over
    windows.close(win)
