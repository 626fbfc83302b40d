"""The character form through the real window (issue 15): the GM fills fields with the
keyboard, sees each problem on its field as they type (the rules of `tactical validate`),
and OK adds the character to the map as one undo step; the map saved validates."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import yaml
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QWidget

from tactical.cli import main
from tactical.ui.editor import blank_draft
from tactical.ui.editor.character import CharacterDialog
from tactical.ui.editor.marks import is_marked

Drive = Callable[[CharacterDialog], None]


@pytest.fixture
def editor(window):
    return window.edit_mode.enter(blank_draft(10, 8), None)


def run_modal(qtbot, open_it: Callable[[], object], drive: Drive) -> None:
    """Open the dialog as the GM does (its own event loop) and drive it with keys; a failed
    check closes it, so a broken form fails the test instead of hanging it."""
    errors: list[BaseException] = []

    def step() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, CharacterDialog):
            errors.append(AssertionError(f"no character form open: {dialog}"))
            return
        try:
            dialog.activateWindow()  # as a window manager does when a dialog opens
            for _ in range(300):
                if dialog.isActiveWindow():
                    break
                QTest.qWait(10)
            assert dialog.isActiveWindow(), "the form never got the keys"
            drive(dialog)
        except BaseException as error:  # re-raised once the dialog has closed
            errors.append(error)
        if dialog.isVisible():
            errors.append(errors[0] if errors else AssertionError("the form stayed open"))
            dialog.reject()

    QTimer.singleShot(0, step)
    open_it()
    if errors:
        raise errors[0]


def key(widget: QWidget, k: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    from pytestqt.qtbot import QtBot

    QtBot.keyClick(widget, k, modifier)


def retype(widget: QWidget, text: str) -> None:
    from pytestqt.qtbot import QtBot

    key(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QtBot.keyClicks(widget, text)


def tab_to(dialog: CharacterDialog, target: QWidget, limit: int = 60) -> None:
    """Press Tab until `target` has the focus (as a GM going down the form)."""
    for _ in range(limit):
        if QApplication.focusWidget() in (target, target.focusProxy()) or \
                target.isAncestorOf(QApplication.focusWidget()):
            return
        key(QApplication.focusWidget() or dialog, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {target}")


def test_a_new_character_filled_with_keys(window, editor, qtbot, tmp_path):
    seen: dict[str, object] = {}

    def drive(dialog: CharacterDialog) -> None:
        form = dialog.form
        assert dialog.ok.isEnabled(), dialog.problem_texts()  # the street samurai is valid
        assert QApplication.focusWidget() is form.name
        retype(form.name, "Razor Girl")
        assert form.ident.text() == "razor-girl"  # the id follows the name
        tab_to(dialog, form.ident)
        retype(form.ident, "Razor Girl")  # not an id: the field and the list say so
        assert is_marked(form.ident) and not dialog.ok.isEnabled()
        assert "not an id" in form.ident.toolTip()
        assert any(t.startswith("id: ") for t in dialog.problem_texts())
        key(form.ident, Qt.Key.Key_Return)  # Enter while invalid: the form stays open
        assert dialog.isVisible()
        retype(form.ident, "razor-girl")
        assert not is_marked(form.ident) and dialog.ok.isEnabled()

        agility = form.fields["attributes.AG"]
        tab_to(dialog, agility)
        retype(agility, "25")  # the schema's bound: 20 at most, "25" cannot be typed
        assert agility.value() <= 20 and dialog.ok.isEnabled()
        retype(agility, "7")
        tab_to(dialog, form.fields["edge"])
        retype(form.fields["edge"], "3")

        form.skills.add.setFocus()
        key(form.skills.add, Qt.Key.Key_Space)  # a new skill row takes the focus
        name = form.skills.rows[-1].fields[0]
        assert QApplication.focusWidget() in (name, name.lineEdit())
        retype(name.lineEdit(), "brawl")  # already listed: that row is marked
        assert is_marked(name) and not dialog.ok.isEnabled()
        assert "'brawl' is listed twice" in "\n".join(dialog.problem_texts())
        retype(name.lineEdit(), "Hand to hand")  # not a skill id
        assert is_marked(name) and "not an id" in name.toolTip()
        retype(name.lineEdit(), "medic")
        key(QApplication.focusWidget(), Qt.Key.Key_Tab)
        retype(QApplication.focusWidget(), "9")
        assert form.skills.values()[-1] == ("medic", 9)

        form.weapons.add.setFocus()
        key(form.weapons.add, Qt.Key.Key_Space)
        combo = form.weapons.rows[-1].fields[0]
        assert isinstance(combo, QComboBox) and QApplication.focusWidget() is combo
        offered = {combo.itemData(i) for i in range(combo.count())}
        assert offered == set(editor.library.weapons)  # nothing else can be picked
        combo.setCurrentIndex(combo.findData("hand-razors"))
        assert "2d6+2" in combo.toolTip()  # the weapon's damage, and its reach
        assert dialog.ok.isEnabled(), dialog.problem_texts()
        seen["tab order ok"] = _tab_order_follows_the_form(dialog)
        key(QApplication.focusWidget(), Qt.Key.Key_Return)  # Enter = OK

    run_modal(qtbot, editor.panel.new_character.click, drive)
    assert seen["tab order ok"]
    (razor,) = editor.model.draft.characters
    assert (razor.id, razor.name, razor.attributes.AG, razor.edge) == ("razor-girl",
                                                                       "Razor Girl", 7, 3)
    assert razor.skills["medic"] == 9 and razor.weapons == ("ares-predator", "sword",
                                                            "hand-razors")
    assert razor.shadowrun is not None  # the street samurai's Shadowrun block came along
    assert editor.stack.count() == 1 and "Razor Girl" in editor.stack.undoText()
    path = tmp_path / "map.yaml"
    assert window.edit_mode._save_to(path)
    saved = yaml.safe_load(path.read_text(encoding="utf-8"))["characters"]
    assert [c["id"] for c in saved] == ["razor-girl"] and saved[0]["attributes"]["AG"] == 7
    assert main(["validate", str(path)]) == 0
    editor.stack.undo()
    assert editor.model.draft.characters == []


def _tab_order_follows_the_form(dialog: CharacterDialog) -> bool:
    """The rows added while the form was open come in their place in the Tab order (after
    the last skill, before the weapons), not after the dialog's buttons."""
    chain = dialog.form.focus_chain()
    order: list[QWidget] = []
    widget = chain[0]
    for _ in range(2000):
        if widget in chain and widget not in order:
            order.append(widget)
        widget = widget.nextInFocusChain()
        if widget is chain[0]:
            break
    return order == chain


def select_roster(editor, character_id):
    roster = editor.panel.roster
    for i in range(roster.count()):
        item = roster.item(i)
        item.setSelected(item.data(Qt.ItemDataRole.UserRole) == character_id)


def test_editing_the_maps_own_character_and_undo(window, editor, qtbot):
    def new(dialog: CharacterDialog) -> None:
        retype(dialog.form.name, "Boss")
        key(dialog.form.name, Qt.Key.Key_Enter)

    run_modal(qtbot, editor.panel.new_character.click, new)
    select_roster(editor, "boss")

    def edit(dialog: CharacterDialog) -> None:
        assert dialog.form.ident.isReadOnly() and dialog.form.ident.text() == "boss"
        health = dialog.form.fields["health"]
        health.setFocus()
        retype(health, "40")
        dialog.form.shadowrun.setChecked(False)  # the Shadowrun block is optional
        assert not dialog.form.sr_inner.isVisible()
        key(health, Qt.Key.Key_Return)

    run_modal(qtbot, editor.panel.edit_character.click, edit)
    (boss,) = editor.model.draft.characters
    assert (boss.health, boss.shadowrun) == (40, None)
    editor.stack.undo()
    (boss,) = editor.model.draft.characters
    assert boss.health == 26 and boss.shadowrun is not None

    def cancel(dialog: CharacterDialog) -> None:
        retype(dialog.form.fields["health"], "99")
        key(dialog.form.fields["health"], Qt.Key.Key_Escape)

    count = editor.stack.count()
    run_modal(qtbot, editor.panel.edit_character.click, cancel)
    assert editor.stack.count() == count and editor.model.draft.characters[0].health == 26


def test_a_tokens_bundled_character_is_copied_and_the_token_follows(window, editor, qtbot,
                                                                     tmp_path):
    editor.drop_characters(["ganger"], QPointF(3.5, 4.0))
    editor.select(tokens=[0])
    assert editor.panel.token.character.isVisible()

    def drive(dialog: CharacterDialog) -> None:
        assert dialog.form.ident.text() == "ganger-2"  # a copy: the bundled one stays
        retype(dialog.form.name, "Ganger boss")
        assert dialog.form.ident.text() == "ganger-boss"
        key(dialog.form.name, Qt.Key.Key_Return)

    run_modal(qtbot, editor.panel.token.character.click, drive)
    assert [c.id for c in editor.model.draft.characters] == ["ganger-boss"]
    assert editor.model.draft.tokens[0].character == "ganger-boss"
    path = tmp_path / "map.yaml"
    assert window.edit_mode._save_to(path)
    assert main(["validate", str(path)]) == 0
    editor.stack.undo()  # one step: the character and the token
    assert editor.model.draft.characters == []
    assert editor.model.draft.tokens[0].character == "ganger"


def test_the_yaml_tab_and_the_form_stay_in_step(editor, qtbot):
    select_roster(editor, "kicker")
    dialog = editor.edit_character(accept=False)
    qtbot.addWidget(dialog)
    retype(dialog.form.fields["attributes.ST"], "10")
    dialog.tabs.setCurrentIndex(1)
    text = dialog.text.toPlainText()
    assert "ST: 10" in text and "id: kicker-2" in text
    dialog.text.setPlainText(text.replace("ST: 10", "ST: 25"))  # out of range, typed
    assert not dialog.ok.isEnabled()
    assert any("attributes.ST" in t and "20" in t for t in dialog.problem_texts())
    dialog.text.setPlainText(text.replace("ST: 10", "ST: 12").replace(
        "- killing-hands", "- claws"))
    assert dialog.ok.isEnabled()
    dialog.tabs.setCurrentIndex(0)
    assert dialog.form.fields["attributes.ST"].value() == 12
    assert dialog.form.weapons.ids()[0] == "claws"
    dialog.tabs.setCurrentIndex(1)
    dialog.text.setPlainText(text.replace("- killing-hands", "- laser-sword"))
    assert any("unknown weapons id 'laser-sword'" in t for t in dialog.problem_texts())
    dialog.tabs.setCurrentIndex(0)  # the form shows the last valid sheet
    assert dialog.ok.isEnabled() and dialog.form.weapons.ids()[0] == "claws"


def test_an_unknown_weapon_shows_but_is_never_offered(editor, qtbot):
    from tactical.data.character import Character

    stray = Character.model_validate({
        "id": "stray", "name": "Stray", "health": 10, "stamina": 10,
        "attributes": {"AG": 1, "CU": 1, "ST": 1, "VI": 1, "RE": 1, "PR": 1},
        "weapons": ["laser-sword"]})
    dialog = CharacterDialog(editor.library, stray, editor)
    qtbot.addWidget(dialog)
    combo = dialog.form.weapons.rows[0].fields[0]
    assert combo.currentText() == "laser-sword (unknown)" and is_marked(combo)
    assert not dialog.ok.isEnabled()
    combo.setCurrentIndex(combo.findData("sword"))
    assert combo.findData("laser-sword") >= 0  # still listed for this row only
    fresh = dialog.form.weapons
    fresh.add.click()
    new_combo = fresh.rows[-1].fields[0]
    assert new_combo.findData("laser-sword") < 0
    assert dialog.ok.isEnabled(), dialog.problem_texts()


def test_the_form_fits_a_720p_screen(editor, qtbot):
    dialog = editor.edit_character(accept=False, new=True)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.width() <= 1280 and dialog.height() <= 720 - 30  # a title bar
    assert dialog.font().pointSizeF() >= 9 or dialog.font().pixelSize() >= 12
    dialog.reject()


def test_each_alt_letter_goes_to_one_field(editor, qtbot):
    """Alt+letter is how a keyboard GM jumps through a long form: no letter may serve two
    fields (Qt would then cycle between them)."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    dialog = editor.edit_character(accept=False, new=True)
    qtbot.addWidget(dialog)
    texts = [w.text() for w in dialog.findChildren(QLabel) if w.buddy() is not None]
    texts += [w.text() for w in dialog.findChildren(QAbstractButton)]
    texts += [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]
    letters = [t[t.index("&") + 1].lower() for t in texts if "&" in t.replace("&&", "")]
    assert len(letters) >= 15
    assert len(letters) == len(set(letters)), sorted(letters)
    health = dialog.form.fields["health"]
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog.form.name, Qt.Key.Key_H, Qt.KeyboardModifier.AltModifier)
    assert health.isAncestorOf(QApplication.focusWidget()) or \
        QApplication.focusWidget() is health
    dialog.reject()


def test_a_mount_is_made_in_the_form(editor, qtbot):
    """Ch.6 Mount/Dismount (l.208): the sheet's `carries` makes a mount; the form edits it and
    the YAML tab shows it (0, the default, is left out)."""
    select_roster(editor, "kicker")
    dialog = editor.edit_character(accept=False)
    qtbot.addWidget(dialog)
    assert dialog.form.fields["carries"].value() == 0
    retype(dialog.form.fields["carries"], "2")
    dialog.tabs.setCurrentIndex(1)
    assert "carries: 2" in dialog.text.toPlainText()
    dialog.text.setPlainText(dialog.text.toPlainText().replace("carries: 2", "carries: 1"))
    dialog.tabs.setCurrentIndex(0)
    assert dialog.form.fields["carries"].value() == 1


def test_a_portrait_is_chosen_in_the_form_and_a_bad_one_is_named(editor, qtbot, tmp_path):
    from PySide6.QtGui import QColor, QImage

    from tactical.ui.editor.charform import CharacterForm

    form = CharacterForm(editor.library)
    qtbot.addWidget(form)
    form.base = tmp_path
    face = QImage(16, 16, QImage.Format.Format_RGB32)
    face.fill(QColor("#00FF00"))
    (tmp_path / "faces").mkdir()
    assert face.save(str(tmp_path / "faces" / "cal.png"))
    form.choose_portrait(str(tmp_path / "faces" / "cal.png"))
    data, problems = form.data()
    assert data["portrait"] == "faces/cal.png" and problems == []  # relative to the map
    form.load(data)
    assert form.portrait.text() == "faces/cal.png"  # kept through a load
    (tmp_path / "bad.png").write_bytes(b"not a picture")
    form.choose_portrait(str(tmp_path / "bad.png"))
    _data, problems = form.data()
    assert problems and problems[0][0] == "portrait" and "'bad.png'" in problems[0][1]
    form.portrait.setText("")
    data, problems = form.data()
    assert "portrait" not in data and problems == []  # blank: the initials
