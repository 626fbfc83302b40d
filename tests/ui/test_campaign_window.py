"""Issue 29: the campaign round trip through the real window — end a fight, click Carry to
the campaign, rest in the dialog, start a new encounter on another map with the campaign,
and find the tokens with the carried state."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tactical.cli import main
from tactical.core.paths import maps_dir
from tactical.data.campaign import load_campaign
from tactical.encounter import commands as cmd
from tests.windows import close, open_window

PARTY = """\
kind: campaign
name: Tacoma run
party:
  - {id: kicker, character: kicker, side: runners}
  - {id: vanya, character: vanya, side: runners}
"""


class Answers:
    """The GM's answers to the window's questions (the Campaign choice)."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)

    def choice(self, title: str, label: str, options: object, current: int = 0) -> str:
        return self.answers.pop(0)


def test_fight_carry_rest_next_fight_in_the_window(qtbot, tmp_path: Path, monkeypatch) -> None:
    campaign = tmp_path / "tacoma.yaml"
    campaign.write_text(PARTY, encoding="utf-8")
    window = open_window(qtbot, tmp_path, path=None)
    # File ▸ New encounter from map…: the warehouse, Chapter 6, the party of the campaign
    picks = iter([str(maps_dir() / "warehouse.yaml"), str(campaign)])
    monkeypatch.setattr("tactical.ui.main_window.QFileDialog.getOpenFileName",
                        lambda *a, **k: (next(picks), ""))
    monkeypatch.setattr(window, "choose_ruleset", lambda _path: "chapter6")
    window.ask = Answers(window.FROM_CAMPAIGN)  # type: ignore[assignment]
    window.action_map["new"].trigger()
    doc = window.document
    assert doc is not None and doc.loaded.map.name.startswith("Warehouse")
    bar = window.carry_bar
    assert bar is not None and bar.isHidden()  # the fight has not ended
    for cid, value in {"kicker": 30, "vanya": 20}.items():
        doc.apply(cmd.SetInitiative(cid, value))
    window.start_combat()
    doc.apply(cmd.ApplyDamage("kicker", 12))
    window.action_map["end"].trigger()
    assert not bar.isHidden() and bar.button.text() == "Carry to the campaign"
    after = doc.state.get("kicker")
    qtbot.mouseClick(bar.button, Qt.MouseButton.LeftButton)
    carried = load_campaign(campaign)
    assert carried.member("kicker").state.damage == after.damage
    assert carried.history[-1].kind == "fight" and carried.history[-1].log == str(doc.path)
    assert "Carried to tacoma.yaml" in bar.result.text()

    # File ▸ Rest the party…: the open fight's campaign; a long rest
    window.action_map["rest"].trigger()
    dialog = window.rest_dialog
    assert dialog is not None
    dialog.kind.setCurrentText("long")
    shown = [dialog.changes.item(i).text() for i in range(dialog.changes.count())]
    assert any(line.startswith("Kicker: Fatigue") for line in shown)  # listed before
    assert load_campaign(campaign).member("kicker").state.fatigue == after.fatigue
    qtbot.mouseClick(dialog.rest_button, Qt.MouseButton.LeftButton)
    rested = load_campaign(campaign)
    assert rested.member("kicker").state.fatigue == 0
    assert dialog.undo_button.isEnabled()  # undoable until the next fight starts
    history = [dialog.history.item(i).text() for i in range(dialog.history.count())]
    assert any("fight: Warehouse" in line and str(doc.path) in line for line in history)
    dialog.close()

    # the next fight, on another map, with the campaign
    picks = iter([str(maps_dir() / "street.yaml"), str(campaign)])
    window.ask = Answers(window.FROM_CAMPAIGN)  # type: ignore[assignment]
    window.action_map["new"].trigger()
    street = window.document
    assert street is not None and street is not doc
    kicker = street.state.get("kicker")
    assert (kicker.damage, kicker.injury, kicker.fatigue) == (after.damage, after.injury, 0)
    assert load_campaign(campaign).history[-1].kind == "start"
    window.rest_party(campaign)
    assert window.rest_dialog is not None and not window.rest_dialog.undo_button.isEnabled()
    window.rest_dialog.close()
    close(window)


FIXTURES = Path(__file__).parents[1] / "data" / "chummer"
FILLED = re.compile(rb"(<physicalcmfilled>|<stuncmfilled>)[^<]*(</)")


def _sr5_fight(window, qtbot, physical: int) -> None:
    doc = window.document
    for cid in doc.state.combatants:
        doc.apply(cmd.SetInitiative(cid, 10))
    window.start_combat()
    doc.apply(cmd.ApplyDamage("glitch", physical))  # Physical boxes (SR5)
    window.action_map["end"].trigger()
    qtbot.mouseClick(window.carry_bar.button, Qt.MouseButton.LeftButton)
    assert "Carried to run.yaml" in window.carry_bar.result.text()


def test_a_chummer_runner_fights_rests_fights_and_goes_back_into_its_chum5(
        qtbot, tmp_path: Path, monkeypatch) -> None:
    shutil.copy(FIXTURES / "newer.chum5", tmp_path)
    source = tmp_path / "newer.chum5"
    assert main(["import", str(source), "--out", str(tmp_path / "party.yaml")]) == 0
    original = source.read_bytes()
    campaign = tmp_path / "run.yaml"
    campaign.write_text("kind: campaign\nruleset: sr5\nparty:\n"
                        "  - {id: glitch, character: glitch, side: runners, "
                        "roster: party.yaml, state: {stun: 6}}\n", encoding="utf-8")
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda _p, _t, text, *a: asked.append(text)
                        or QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QMessageBox, "information", lambda _p, _t, text, *a: asked.append(text))
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: asked.append(text))
    window = open_window(qtbot, tmp_path, path=None)
    try:
        picks = iter([str(maps_dir() / "warehouse.yaml"), str(campaign),
                      str(maps_dir() / "street.yaml"), str(campaign)])
        monkeypatch.setattr("tactical.ui.main_window.QFileDialog.getOpenFileName",
                            lambda *a, **k: (next(picks), ""))
        monkeypatch.setattr(window, "choose_ruleset", lambda _path: "sr5")
        window.ask = Answers(window.FROM_CAMPAIGN, window.FROM_CAMPAIGN)  # type: ignore[assignment]
        window.action_map["new"].trigger()
        assert window.document.state.get("glitch").stun == 6  # carried in
        _sr5_fight(window, qtbot, 4)
        window.action_map["rest"].trigger()  # an hour's rest heals Stun
        dialog = window.rest_dialog
        dialog.kind.setCurrentText("short")
        qtbot.mouseClick(dialog.rest_button, Qt.MouseButton.LeftButton)
        dialog.close()
        stun = load_campaign(campaign).member("glitch").state.stun
        assert stun < 6

        window.action_map["new"].trigger()  # the street, with the carried boxes
        glitch = window.document.state.get("glitch")
        assert (glitch.damage, glitch.stun) == (4, stun)
        _sr5_fight(window, qtbot, 1)
        # the player saved the file in Chummer meanwhile: said so, asked again, kept
        source.write_bytes(original.replace(b"Dmitri", b"Dima"))
        window.action_map["party_chummer"].trigger()
        assert f"glitch: newer.chum5: Physical 3 → 5, Stun 2 → {stun}" in asked[0]
        assert "changed since it was imported" in asked[1]
        after = source.read_bytes()
        texts = re.findall(rb"<physicalcmfilled>([^<]*)<|<stuncmfilled>([^<]*)<", after)
        assert [a or b for a, b in texts][:2] == [b"5", str(stun).encode()]
        assert FILLED.sub(rb"\1\2", after) == FILLED.sub(
            rb"\1\2", original.replace(b"Dmitri", b"Dima"))  # every other byte
        assert (tmp_path / "newer.chum5.bak").read_bytes() == original.replace(b"Dmitri",
                                                                               b"Dima")
        assert "newer.chum5.bak" in asked[-1]
    finally:
        close(window)
