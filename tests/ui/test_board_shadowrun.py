"""The board under Shadowrun (issue 7): token arcs follow the Physical and Stun condition
monitors, tooltips and the legend say so, and a drag offers SR5's Intercept (RULINGS
"Intercept on the map") but no map reactions under SR4."""

from __future__ import annotations

import pytest

from tactical.core.dice import RandomDice, ScriptedDice
from tactical.data.library import load_map
from tactical.encounter import commands as cmd
from tactical.encounter.context import Context
from tactical.encounter.encounter import Encounter
from tactical.encounter.queries.oracle import GeometryOracle
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tools.drag import drag_summary
from tactical.ui.board.view import BoardView
from tactical.ui.document import EncounterDocument

ALLEY = """kind: map
name: Alley behind the Hellhounds' bar
ruleset: chapter6
grid: {columns: 10, rows: 6, orientation: flat}
tokens:
  - {id: wombat, character: wombat, side: runners, hex: [1, 2]}
  - {id: cutter, character: cutter, side: hellhounds, hex: [6, -1]}
"""
# SR5 Wombat's pistol shot (sr5-combat-sequence.txt): initiative, attack, defence, resistance
SHOT = [6, 1, 5, 6, 5, 6, 1, 2, 3, 4, 2, 5, 6, 1, 2, 3,
        5, 5, 5, 6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 1]
# Wombat walks up to Cutter and past him: under Chapter 6 Cutter may Intercept
PAST_CUTTER = [(2, 1), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0)]


@pytest.fixture
def alley(tmp_path):
    path = tmp_path / "alley.yaml"
    path.write_text(ALLEY, encoding="utf-8")
    return load_map(path)


def board(qtbot, alley, ruleset: str, dice=None) -> tuple[EncounterDocument, BoardView]:
    encounter = Encounter(Context(alley, GeometryOracle(alley), ruleset=ruleset),
                          dice or RandomDice(1))
    document = EncounterDocument(encounter)
    view = BoardView(BoardScene(document))
    qtbot.addWidget(view)
    return document, view


def test_token_arcs_follow_the_condition_monitors(qtbot, alley):
    document, view = board(qtbot, alley, "sr5", ScriptedDice(d6=SHOT))
    scene = view.board
    cutter = scene.tokens["cutter"]
    assert (cutter.look.health_left, cutter.look.stamina_left) == (1.0, 1.0)
    assert "Stun (right arc): 10/10 boxes left" in cutter.toolTip()
    document.apply(cmd.StartCombat())
    assert document.apply(cmd.Attack("wombat", "cutter",
                                     attack_modifiers=(("Situation", -1),),
                                     defence_modifiers=(("Situation", -1),))) is not None
    # 5S on a Stun monitor of 10: the right arc is half full, the left (Physical) untouched
    assert cutter.look.stamina_left == pytest.approx(0.5)
    assert cutter.look.health_left == 1.0
    assert "Stun (right arc): 5/10 boxes left (5 marked)" in cutter.toolTip()
    assert "Physical (left arc): 10/10 boxes left" in cutter.toolTip()
    assert "Health" not in cutter.toolTip()
    texts = [e.text for e in scene.legend.entries]
    assert "Physical (left arc)" in texts and "Stun (right arc)" in texts
    # SR5's one map reaction is its Intercept; Chapter 6's Snapshot is not Shadowrun's
    assert "Intercept" in texts and not any("Snapshot" in t for t in texts)
    document.undo()
    assert cutter.look.stamina_left == 1.0


@pytest.mark.parametrize(("ruleset", "reacts"), [("chapter6", True), ("sr5", True),
                                                  ("sr4", False)])
def test_a_drag_shows_intercept_under_sr5_and_no_reactions_under_sr4(qtbot, alley, ruleset, reacts):
    _document, view = board(qtbot, alley, ruleset)
    tool = view.drag_tool
    tool.begin("wombat")
    tool.step_to(PAST_CUTTER)
    summary = [text for text, _colour in drag_summary(tool)]
    overlay = view.board.overlay
    assert bool(overlay.reaction_marks) is reacts
    assert bool(tool.report.reactions) is reacts
    assert ("Shadowrun: no map reactions" in summary) is (ruleset == "sr4")
    assert any(t.startswith("Intercept: Cutter") for t in summary) is reacts
    tool.cancel()


def test_the_players_screen_counts_stun_as_hurt(qtbot, alley):
    """Issue 25 item 6: 5S on Cutter's Stun monitor of 10 (Physical untouched) reads
    "badly hurt" on the players' screen, not "unhurt"."""
    from tactical.encounter.queries.audience import Audience, AudienceFilter
    from tactical.ui.board.audience import filtered_look

    document, view = board(qtbot, alley, "sr5", ScriptedDice(d6=SHOT))
    document.apply(cmd.StartCombat())
    document.apply(cmd.Attack("wombat", "cutter", attack_modifiers=(("Situation", -1),),
                              defence_modifiers=(("Situation", -1),)))
    players = AudienceFilter(Audience.PLAYERS)
    cutter = document.state.get("cutter")
    look = view.board.tokens["cutter"].look
    assert look.health_left == 1.0 and look.stamina_left == pytest.approx(0.5)
    shown = filtered_look(players, look, cutter)
    assert shown is not None and shown.name == "Cutter · badly hurt"
