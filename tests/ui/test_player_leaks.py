"""The players' screen never shows what only the GM knows (issue 16): a running encounter
with a hidden token, wounded NPCs, a declared NPC Overwatch, pending NPC reactions and a GM
selection, drawn for the GM and for the players; the players' scene and its manifest are
checked item by item. Fog follows a player's move and its undo."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tactical.cli import main as tactical
from tactical.core.dice import RandomDice
from tactical.core.paths import maps_dir
from tactical.data.library import load_map
from tactical.encounter.commands import (
    ApplyDamage,
    DeclareOverwatch,
    EndTurn,
    Move,
    SetHidden,
    SetInitiative,
    StartCombat,
)
from tactical.encounter.queries.audience import Audience, AudienceFilter, default_settings
from tactical.encounter.queries.change import change_between
from tactical.encounter.queries.fog import FogOfWar
from tactical.ui.board import BoardScene
from tactical.ui.board.labels import LabelItem
from tactical.ui.board.manifest import manifest
from tactical.ui.board.overlay import LeftOutMark, ReactionMark
from tactical.ui.board.render import render_image
from tactical.ui.board.tokens import TokenItem
from tactical.ui.board.zones import ZoneItem
from tactical.ui.document import EncounterDocument

INITIATIVE = {"guard-office": 40, "kicker": 30, "vanya": 22, "guard-shotgun": 18,
              "guard-shield": 14, "abomination": 9}
APPROACH = ((3, 7), (4, 7), (5, 6), (6, 5), (7, 5))
CHARGE = ((7, 4), (8, 3), (9, 2), (10, 2), (11, 2))
HIDDEN = "guard-shield"
NPCS = ("guard-office", "guard-shotgun", "abomination")


def running_fight() -> EncounterDocument:
    """Round 1: the office guard watches (Overwatch), two NPCs are wounded, Kicker's charge
    stopped at two pending NPC reactions, Vanya is hidden (the guards have not detected
    her, Ch.6 l.46), and the GM has the shotgun guard selected."""
    document = EncounterDocument.for_map(load_map(maps_dir() / "warehouse.yaml"),
                                         RandomDice(6))
    for cid, value in INITIATIVE.items():
        assert document.apply(SetInitiative(cid, value)) is not None
    for command in (StartCombat(), DeclareOverwatch("guard-office"), EndTurn(),
                    ApplyDamage("abomination", 6), ApplyDamage("guard-shotgun", 3),
                    Move("kicker", APPROACH), Move("kicker", CHARGE)):
        assert document.apply(command) is not None, command
    assert {p.reactor for p in document.state.pending} == {"guard-office", "guard-shotgun"}
    assert document.apply(SetHidden("vanya")) is not None
    document.select("guard-shotgun")
    return document


def players() -> AudienceFilter:
    settings = default_settings(["runners", "corp"]).with_hidden(HIDDEN, True)
    return AudienceFilter(Audience.PLAYERS, settings)


def texts(scene: BoardScene) -> list[str]:
    """Every text the scene can show: labels and tooltips of visible items."""
    out = []
    for item in scene.items():
        if item.isVisible():
            out.append(item.toolTip())
            if isinstance(item, LabelItem):
                out.append(item.text)
    return [t for t in out if t]


@pytest.fixture
def scenes(qapp):
    document = running_fight()
    gm = BoardScene(document)
    seen = BoardScene(document, audience=players())
    yield document, gm, seen
    for scene in (gm, seen):
        scene.deleteLater()


def test_the_gm_board_shows_what_the_players_must_not_see(scenes):
    # the control: if the GM's board lacked these, the players' test below could not fail
    _document, gm, _players = scenes
    drawn = manifest(gm)
    ids = {t["id"] for t in drawn["tokens"]}
    assert HIDDEN in ids
    assert {"overwatch", "band"} <= {z["kind"] for z in drawn["zones"]}
    badges = {t["id"]: t["badges"] for t in drawn["tokens"]}
    assert "OW" in badges["guard-office"] and "?" in badges["abomination"]
    assert "L!" in badges["guard-shotgun"]
    assert "ND" in badges["vanya"]  # the selected guard has not detected her (Ch.6 l.46)
    assert "ND" not in badges["kicker"]
    assert all("bars" in t for t in drawn["tokens"])
    assert any(t["selected"] for t in drawn["tokens"])
    assert any(re.search(r"\d", tip) for tip in gm.tokens["abomination"].toolTip().split())


def test_the_players_screen_leaks_nothing_only_the_gm_knows(scenes):
    document, _gm, seen = scenes
    drawn = manifest(seen)
    tokens = {t["id"]: t for t in drawn["tokens"]}
    # the hidden token: not drawn, not named, not in a label or tooltip
    assert HIDDEN not in tokens and HIDDEN not in seen.tokens
    assert not any("shield" in t.lower() for t in texts(seen))
    # NPC numbers: no bars, no injury grade, a coarse state word instead
    for cid in NPCS:
        assert "bars" not in tokens[cid]
        assert not any(b.endswith("!") for b in tokens[cid]["badges"])
        assert not re.search(r"\d", tokens[cid]["tooltip"])
    assert tokens["abomination"]["name"].endswith("· hurt")
    assert tokens["guard-office"]["name"].endswith("· unhurt")
    # the player characters keep their bars
    assert "bars" in tokens["kicker"] and "bars" in tokens["vanya"]
    # Unaware and the NPC's Overwatch: no badge, no zone
    assert "?" not in tokens["abomination"]["badges"]
    assert "OW" not in tokens["guard-office"]["badges"]
    # whom the GM's selection has not detected (Ch.6 l.46): the GM's alone
    assert not any("ND" in t["badges"] for t in tokens.values())
    assert drawn["zones"] == []  # no Overwatch zone, no range bands of the GM's selection
    # pending NPC reactions, the drag preview, the GM's selection, the legend
    assert drawn["reaction_marks"] == [] and not drawn["path"]
    assert not any(t["selected"] for t in tokens.values())
    assert drawn["legend"] is False
    for text in texts(seen):
        assert not re.search(r"overwatch|snapshot|unaware|health|stamina|\d", text, re.I), text
    # and from the items themselves, not only the manifest
    for item in seen.items():
        assert not (isinstance(item, ZoneItem) and item.isVisible())
        assert not (isinstance(item, (ReactionMark, LeftOutMark)) and item.isVisible())
        if isinstance(item, TokenItem):
            assert item.token_id != HIDDEN
            assert item.look is not None and not item.look.selected
            assert "ND" not in {text for text, _colour in item.look.badges}
            if item.token_id in NPCS:
                assert not item.look.bars
    # the GM keeps working: the players' scene follows the state, still leaking nothing
    document.select("guard-office")
    assert not any(isinstance(i, ZoneItem) for i in seen.items())


def test_a_gm_drag_in_progress_never_reaches_the_players_screen(qapp):
    from tactical.ui.board import BoardView

    document = running_fight()
    document.undo()  # back before the charge: Kicker at 7,5, his turn
    gm_view = BoardView(BoardScene(document))
    seen = BoardScene(document, audience=players())
    gm_view.drag_tool.begin("kicker")
    gm_view.drag_tool.step_to(list(CHARGE))
    assert gm_view.board.overlay.reaction_marks  # the GM sees who would react ...
    assert manifest(seen)["reaction_marks"] == [] and not manifest(seen)["path"]  # not they
    gm_view.drag_tool.cancel()
    gm_view.close()
    gm_view.deleteLater()
    seen.deleteLater()


def test_the_render_manifest_of_the_players_view(qapp, tmp_path):
    document = running_fight()
    drawn: dict[str, object] = {}
    image = render_image(document, (1280, 720), audience=players(), manifest=drawn)
    assert image.width() == 1280
    ids = {t["id"] for t in drawn["tokens"]}  # type: ignore[attr-defined]
    assert ids == {"kicker", "vanya", *NPCS}
    assert drawn["zones"] == [] and drawn["audience"] == "players"


def test_tactical_render_writes_the_manifest(qapp, tmp_path):
    golden = str(Path(__file__).parents[1] / "scenarios" / "warehouse_three_rounds.jsonl")
    out, listing = tmp_path / "p.png", tmp_path / "p.json"
    assert tactical(["render", golden, "--audience", "players", "--hide", "guard-office",
                     "--select", "vanya", "--out", str(out), "--manifest", str(listing),
                     "--size", "640x360"]) == 0
    drawn = json.loads(listing.read_text(encoding="utf-8"))
    assert out.stat().st_size > 0
    assert "guard-office" not in {t["id"] for t in drawn["tokens"]}
    assert drawn["zones"] == []  # Vanya selected by the GM: no bands on the players' view
    assert tactical(["render", golden, "--fog", "--out", str(out)]) == 1  # GM: no fog


def fog_scene(document: EncounterDocument) -> BoardScene:
    scene = BoardScene(document, audience=AudienceFilter(
        Audience.PLAYERS, default_settings(["runners", "corp"])))
    scene.set_fog(FogOfWar(scene.geometry))
    return scene


def test_fog_follows_a_moved_player_token_and_its_undo(qapp):
    document = EncounterDocument.for_map(load_map(maps_dir() / "warehouse.yaml"),
                                         RandomDice(6))
    for cid, value in INITIATIVE.items():
        document.apply(SetInitiative(cid, value))
    document.apply(StartCombat())
    document.apply(EndTurn())  # the office guard passes: Kicker's turn
    scene = fog_scene(document)
    assert scene.fog_item is not None and scene.fog_item.view is not None
    before = scene.fog_item.view
    assert document.apply(Move("kicker", APPROACH)) is not None
    after = scene.fog_item.view
    assert not after.visible.equals(before.visible)  # sight moved with Kicker
    assert after.explored.area > before.explored.area + 50  # and the way is remembered
    assert after.explored.contains(before.visible.buffer(-0.01))
    document.undo()
    undone = scene.fog_item.view
    assert undone.visible.equals(before.visible)
    assert abs(undone.explored.area - before.explored.area) < 1e-6  # undo forgets it
    scene.deleteLater()


def test_fog_hides_enemies_in_the_dark_and_the_gm_reveals_by_hand(qapp):
    document = EncounterDocument.for_map(load_map(maps_dir() / "warehouse.yaml"),
                                         RandomDice(6))
    scene = fog_scene(document)
    fog = scene.fog
    assert fog is not None
    assert HIDDEN not in scene.tokens  # behind the crates: not drawn, not merely covered
    gm_scene = BoardScene(document)
    assert HIDDEN in gm_scene.tokens
    where = document.state.get(HIDDEN).hex
    fog.reveal([where])
    scene.sync()
    assert HIDDEN in scene.tokens
    fog.conceal([where])
    scene.sync()
    assert HIDDEN not in scene.tokens
    for s in (scene, gm_scene):
        s.deleteLater()



def test_the_last_roll_shows_a_players_own_numbers_and_never_an_npcs(qtbot):
    """Issue 28: rolls on the players' screen, result first; an NPC's as words only; a
    hidden roll, or a hidden roller, leaves nothing on the screen nor in its history."""
    from tactical.cli.render import _document
    from tactical.encounter.events import AttackResolved
    from tactical.encounter.queries.audience import RollPolicy
    from tactical.ui.player.view import PlayerView

    golden = Path(__file__).parents[1] / "scenarios" / "warehouse_three_rounds.jsonl"
    document = _document(golden)
    attacks = [e for e in document.encounter.history.effective_events()
               if isinstance(e, AttackResolved)]
    settings = default_settings(["runners", "corp"])

    def view_with(s):
        view = PlayerView(BoardScene(document, audience=AudienceFilter(Audience.PLAYERS, s)))
        qtbot.addWidget(view)
        return view

    view = view_with(settings)
    own = [r for r in view.shown_rolls if r["attacker"] == "Kicker"]
    npc = [r for r in view.shown_rolls if r["attacker"].startswith("Guard")]
    assert own and npc and len(view.shown_rolls) <= 4
    for roll in own:
        assert re.fullmatch(r"\d+ vs TN \d+ — \w+ (hit|miss)", roll["headline"]), roll
    for roll in npc:  # an NPC's roll: its outcome in words, no number at all
        text = json.dumps({k: v for k, v in roll.items() if k != "number"})
        assert not re.search(r"\d", text), text
        assert "total" not in roll and "tn" not in roll and "dice" not in roll
    last = attacks[-1]
    document.changed.emit(change_between(document.state, document.state, (last,)))
    assert view.roll_text == view.shown_rolls[0]["headline"]  # shown large when it happens
    assert view_with(settings.with_rolls(RollPolicy.NONE)).shown_rolls == []
    players_only = view_with(settings.with_rolls(RollPolicy.PLAYERS)).shown_rolls
    assert players_only and all(r["attacker"] == "Kicker" or r["attacker"] == "Vanya"
                                for r in players_only)
    number = view.shown_rolls[0]["number"]
    hidden_one = view_with(settings.with_roll_choice(number, False)).shown_rolls
    assert number not in [r["number"] for r in hidden_one]
    guard = next(e.attacker for e in attacks if e.attacker.startswith("guard"))
    name = document.state.get(guard).name
    hidden = view_with(settings.with_hidden(guard, True))
    assert all(name not in (r["attacker"], r["target"]) for r in hidden.shown_rolls)


@pytest.mark.parametrize("level", ["none", "bars"])
def test_what_enemies_show_is_set_per_side_and_never_leaks_the_gms_badges(qapp, level):
    from tactical.encounter.queries.audience import Detail

    document = running_fight()
    settings = default_settings(["runners", "corp"]).with_detail("corp", Detail(level))
    scene = BoardScene(document, audience=AudienceFilter(Audience.PLAYERS, settings))
    tokens = {t["id"]: t for t in manifest(scene)["tokens"]}
    if level == "none":
        assert tokens["abomination"]["name"] == "PanGen Abomination"  # not even "hurt"
        assert "bars" not in tokens["abomination"]
    else:
        assert tokens["abomination"]["bars"]["left"] < 1.0  # the GM chose to show wounds
    assert "?" not in tokens["abomination"]["badges"]
    assert "OW" not in tokens["guard-office"]["badges"]
    assert not any(z["kind"] == "overwatch" for z in manifest(scene)["zones"])
    scene.deleteLater()


def test_items_the_gm_marks_gm_only_never_reach_the_players(scenes):
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    _document, gm, seen = scenes
    note = QGraphicsSimpleTextItem("GM note: the office guard has the keycard")
    assert gm.add_gm_only(note) and note.scene() is gm
    other = QGraphicsSimpleTextItem("GM note: the office guard has the keycard")
    assert not seen.add_gm_only(other) and other.scene() is None


def test_the_players_screen_has_no_blast_template_while_the_gm_aims(qapp):
    """Issue 27: the GM's aim (the rings, who is caught, the dice) is the GM's tool; the
    players' screen draws the template only once the throw is committed — the landing
    hex and the rings, no numbers — and loses it with the undo."""
    from tactical.core.dice import ScriptedDice
    from tactical.ui.board import BoardView
    from tactical.ui.board.blast import BlastItem
    from tactical.ui.board.tools import StartedBy
    from tactical.ui.board.tools.area import AreaTool

    yard = Path(__file__).resolve().parents[1] / "scenarios" / "maps" / "area_yard.yaml"
    document = EncounterDocument.for_map(load_map(yard),
                                         ScriptedDice(d10=[5, 6] * 20, d6=[4] * 100))
    tokens = [t.id for t in document.loaded.map.tokens]
    for rank, cid in enumerate(tokens):
        document.apply(SetInitiative(cid, 50 - rank))
    document.apply(StartCombat())
    gm_view = BoardView(BoardScene(document))
    seen = BoardScene(document, audience=AudienceFilter(
        Audience.PLAYERS, default_settings(["runners", "gang"])))
    tool = gm_view.tools.by_name["area"]
    assert isinstance(tool, AreaTool)
    tool.aim_with("blast", "grenadier", "frag-grenade", "aim")
    gm_view.tools.use("area", gm_view.board.centre((6, 3)), "grenadier", StartedBy.MENU)
    for h in ((7, 3), (8, 3), (9, 2), (8, 3)):
        tool.follow(gm_view.board.centre(h))
        assert tool.preview is not None and tool.preview.marks  # the GM sees who is caught
        drawn = manifest(seen)
        assert drawn["blast"] is None
        assert not any(isinstance(i, BlastItem) and i.isVisible() for i in seen.items())
        assert not any(re.search(r"\dd6|shielded|caught", text) for text in texts(seen))
    assert manifest(gm_view.board)["blast"] is None  # the aim is not in the GM's scene either
    assert tool.commit()
    drawn = manifest(seen)
    assert drawn["blast"] == {"aim": [8, 3], "landing": [8, 3], "rings_m": [2.0, 4.0, 6.0]}
    assert not any(re.search(r"\dd6|damage", text) for text in texts(seen))
    document.undo()
    assert manifest(seen)["blast"] is None
    gm_view.close()
    gm_view.deleteLater()
    seen.deleteLater()
