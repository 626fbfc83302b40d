"""The board's drag and a thin wall (issue 15): dragging Kicker to a hex across an
imported Universal VTT wall takes the shortest way round it (issue 26), never a step the wall
blocks; once the GM opens the door, the drag through it is clear at once."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt

from tactical.cli import main
from tactical.core.dice import RandomDice
from tactical.data.library import load_map
from tactical.encounter.commands import SetInitiative, StartCombat
from tactical.encounter.handlers import terrain
from tactical.ui.board import BoardScene, BoardView
from tactical.ui.board.tools.drag import drag_summary
from tactical.ui.document import EncounterDocument
from tests.cli.uvttfiles import room, write_uvtt
from tests.ui.test_board import at, drag_through, mouse

TOKENS = """tokens:
  - {id: kicker, character: kicker, side: runners, hex: [5, 0]}
  - {id: guard, character: security-guard, side: corp, hex: [0, 6]}
"""


@pytest.fixture
def board(qtbot, tmp_path, capsys):
    source = write_uvtt(tmp_path / "room.dd2vtt", room())
    out = tmp_path / "room.yaml"
    assert main(["import", str(source), "--out", str(out), "--grid-m", "2"]) == 0
    capsys.readouterr()
    out.write_text(out.read_text(encoding="utf-8") + TOKENS, encoding="utf-8")
    document = EncounterDocument.for_map(load_map(out), RandomDice(6))
    for cid, value in (("kicker", 30), ("guard", 5)):
        assert document.apply(SetInitiative(cid, value)) is not None
    assert document.apply(StartCombat()) is not None
    scene = BoardScene(document)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    qtbot.waitExposed(view)
    view.zoom_to_fit()
    return document, scene, view


def test_the_drag_goes_round_the_wall_and_the_open_door_lets_it_through(board, qtbot):
    """Issue 26: the drag's path is the shortest legal one, so a hex across the wall is
    reached round it (no step the wall blocks), not through it."""
    document, scene, view = board
    drag_through(view, (5, 0), ((5, -1), (6, -1)))  # north along the wall, then across it
    tool = view.drag_tool
    qtbot.waitUntil(lambda: tool.dragging and tool.path[-1] == (6, -1))
    assert tool.blocked is None and len(tool.path) > 3  # not the 2 steps across the wall
    oracle = document.oracle
    assert all(oracle.step_blocked(document.state, a, b) is None
               for a, b in zip(tool.path, tool.path[1:], strict=False))
    assert ("wall" not in " ".join(text for text, _c in drag_summary(tool)))
    assert scene.overlay.path.hexes == tuple(tool.path)
    view.cancel_drag()
    assert document.apply(terrain.RemoveCover("door-1", "opened")) is not None
    drag_through(view, (5, 0), ((6, 0), (7, 0)))  # through the open door
    qtbot.waitUntil(lambda: tool.dragging and tool.path[-1] == (7, 0))
    assert tool.blocked is None
    mouse(view, QEvent.Type.MouseButtonRelease, at(view, (7, 0)), Qt.MouseButton.NoButton)
    qtbot.waitUntil(lambda: document.state.get("kicker").hex == (7, 0))


def test_the_open_door_lets_the_selected_tokens_bands_through_and_undo_shuts_them(board):
    """issue 15: what the walls clip is drawn again when the walls change, on the same
    board (no rebuild: the dock and the players' screen stay as they are)."""
    document, scene, _view = board

    def seen() -> float:
        return sum(zone.geom.area for zone in scene.zones)

    document.select("guard")
    before = seen()
    assert before > 0
    assert document.apply(terrain.RemoveCover("door-1", "opened")) is not None
    assert seen() > before  # the guard's bands reach through the open door
    document.undo()
    assert seen() == pytest.approx(before)


def test_the_players_fog_follows_the_door_and_never_sees_through_it_shut(board):
    """issue 16 with issue 15: the players' screen sees through a door the GM opens, and
    after undo no longer does (a fog built before kept its old sight: a leak)."""
    from tactical.encounter.queries.audience import Audience, AudienceFilter, AudienceSettings
    from tactical.encounter.queries.fog import FogOfWar

    document, _scene, _view = board

    def players_board() -> BoardScene:
        audience = AudienceFilter(Audience.PLAYERS, AudienceSettings(frozenset({"corp"})))
        scene = BoardScene(document, audience=audience)
        scene.set_fog(FogOfWar(document.oracle.sync(document.state)))
        return scene

    def seen(scene: BoardScene) -> float:
        assert scene.fog_item is not None and scene.fog_item.view is not None
        return scene.fog_item.view.visible.area

    players = players_board()
    shut = seen(players)
    assert document.apply(terrain.RemoveCover("door-1", "opened")) is not None
    assert seen(players) > shut
    assert seen(players) == pytest.approx(seen(players_board()))  # as a fresh screen
    document.undo()
    assert seen(players) == pytest.approx(shut)
