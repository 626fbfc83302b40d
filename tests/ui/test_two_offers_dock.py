"""Two offers from one reactor in the real main window (issue 22 item 4, issue 24): the
dock has one row per offer; Resolve on the Attack of Opportunity's row opens that attack
(it opened the Intercept when rows were keyed by reactor); declining the Intercept keeps
the AoO (Ch.6 l.150: declining spends nothing); taking the Intercept removes the AoO's row
and the dock says why."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from tactical.core.dice import ScriptedDice
from tactical.encounter import commands as cmd
from tactical.ui.main_window import MainWindow

REACH = Path(__file__).resolve().parents[1] / "scenarios" / "maps" / "reach.yaml"


def two_offers(qtbot, tmp_path, d10: list[int]) -> MainWindow:
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"),
                                           QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_path(REACH)
    doc = window.document
    doc.encounter.dice = ScriptedDice(d10=d10, d6=[3] * 9)
    for c in (cmd.SetInitiative("guard", 25), cmd.SetInitiative("kicker", 15),
              cmd.StartCombat(), cmd.Move("guard", ((6, 4), (7, 4), (8, 4)))):
        doc.apply(c)
    return window


def test_resolve_on_the_aoo_row_opens_the_aoo_and_declining_the_intercept_keeps_it(
        qtbot, tmp_path):
    window = two_offers(qtbot, tmp_path, [1, 2, 9, 9, 9])
    doc, dock = window.document, window.dock
    rows = dock.reactions
    assert [(p.id, p.kind) for p in doc.state.pending] == [("o1", "intercept"),
                                                          ("o2", "opportunity")]
    assert sorted(rows.buttons) == ["o1", "o2"]  # one row per offer, not per reactor
    assert rows.buttons["o1"][0].text() == "Resolve (stop / go on)…"
    assert rows.buttons["o2"][0].text() == "Resolve…"

    rows.buttons["o2"][0].click()  # Resolve on the AoO's row
    panel = dock.attack
    assert panel.offer() is not None and panel.offer().id == "o2"
    assert panel.heading.text() == "Attack of Opportunity: Kicker → Corporate security guard"
    assert not panel.intercept_combo.isVisibleTo(panel)
    assert panel.roll_button.text() == "Roll"
    assert panel.current is not None and panel.current.reaction == "opportunity"
    assert panel.current.attack.weapon == "killing-hands"

    rows.buttons["o1"][1].click()  # Decline on the Intercept's row
    assert [p.id for p in doc.state.pending] == ["o2"]  # the AoO stays (Ch.6 l.150)
    assert sorted(rows.buttons) == ["o2"]
    assert panel.offer() is not None and panel.offer().id == "o2"
    panel.roll_button.click()
    state = doc.state
    assert state.pending == () and state.get("guard").injury == "serious"
    assert state.get("kicker").reactions == 0
    lines = [line.text for line in dock.log.lines]
    assert any("declines the intercept" in t for t in lines)
    assert any("(Opportunity)" in t and "Serious injury" in t for t in lines)


def test_taking_the_intercept_removes_the_aoo_row_and_says_why(qtbot, tmp_path):
    window = two_offers(qtbot, tmp_path, [1, 2, 9, 9])
    doc, dock = window.document, window.dock
    dock.reactions.row("kicker", "intercept")[0].click()
    panel = dock.attack
    assert panel.offer() is not None and panel.offer().kind == "intercept"
    panel.intercept_combo.setCurrentIndex(panel.intercept_combo.findData(True))  # go on
    assert panel.roll_button.text() == "Roll"
    panel.roll_button.click()
    state = doc.state
    assert state.pending == () and state.get("guard").hex == (8, 4)
    rows = dock.reactions
    assert rows.buttons == {} and rows.isVisibleTo(dock)
    assert rows.heading.text() == "Reactions withdrawn this turn"
    why = ("Kicker took the Intercept: no Reaction left this round (Ch.6 l.150, one "
           "Reaction a round)")
    assert list(rows.gone) == ["o2"] and why in rows.gone["o2"].text()
    assert "Attack of Opportunity" in rows.gone["o2"].text()
    assert any(f"opportunity is no longer on offer: {why}" in line.text
               for line in dock.log.lines)
