"""Chummer in the window (issue 29): File ▸ Import character… (a summary of what was read
and what was not) and "Write wounds back to Chummer" (`write_wounds_back`, the one call a
roster or campaign view makes; File ▸ Write wounds back to Chummer… does it for a token of
the open fight). The work is tactical/data/chummer/; this module only asks and tells."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from tactical.core.errors import TacticalError
from tactical.data.campaign import load_campaign
from tactical.data.character import Character, Roster
from tactical.data.chummer.importer import IdClash, ImportResult, import_characters, summary
from tactical.data.chummer.party import PartyWrite, party_writes, write_party
from tactical.data.chummer.writeback import (
    ChangedSinceImport,
    Wounds,
    WriteBack,
    plan,
    write_back,
)
from tactical.data.kinds import load_file
from tactical.ui.host import WindowHost


class SummaryDialog(QDialog):
    """What an import read, skipped (and why) and fell back on, to read and copy."""

    def __init__(self, title: str, heading: str, lines: list[str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(heading))
        self.text = QPlainTextEdit("\n".join(lines))
        self.text.setReadOnly(True)
        layout.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
        self.resize(720, 480)


def import_into(parent: QWidget, files: list[Path], roster: Path) -> ImportResult | None:
    """Import `files` into `roster`; a clash asks whether to replace; a refusal is shown
    (nothing written). The result, or None when nothing was imported."""
    try:
        return import_characters(files, roster)
    except IdClash as clash:
        answer = QMessageBox.question(
            parent, "Replace characters?",
            f"{clash}\n\nReplace them with the characters from Chummer?")
        if answer != QMessageBox.StandardButton.Yes:
            return None
        try:
            return import_characters(files, roster, force=True)
        except (TacticalError, OSError) as error:
            QMessageBox.warning(parent, "Cannot import", str(error)[:4000])
            return None
    except (TacticalError, OSError) as error:
        QMessageBox.warning(parent, "Cannot import", f"{str(error)[:4000]}\n\n"
                            f"Nothing was written to {roster}.")
        return None


def choose_import(parent: QWidget) -> ImportResult | None:
    """File ▸ Import character…: the .chum5 files, the roster to create or add to, then
    the summary."""
    names, _ = QFileDialog.getOpenFileNames(parent, "Import Chummer characters", "",
                                            "Chummer characters (*.chum5)")
    if not names:
        return None
    files = [Path(n) for n in names]
    target, _ = QFileDialog.getSaveFileName(
        parent, "Roster to create or add to", str(files[0].with_name("party.yaml")),
        "Rosters (*.yaml *.yml)", options=QFileDialog.Option.DontConfirmOverwrite)
    if not target:
        return None
    result = import_into(parent, files, Path(target))
    if result is not None:
        SummaryDialog("Imported characters",
                      f"{len(result.characters)} character(s) in {result.roster}; open it "
                      "in the map editor (Open roster…) to place them.",
                      summary(result), parent).exec()
    return result


def write_wounds_back(parent: QWidget, character: Character, roster: Path,
                      wounds: Wounds) -> WriteBack | None:
    """Write `wounds` into the character's .chum5 (only the filled boxes; a backup beside
    it), after the GM has read what changes and said yes; a file saved in Chummer since
    the import is said so in the same question. What was written, or None (refused,
    declined)."""
    try:
        note, force = "", False
        try:
            planned = plan(character, roster, wounds)
        except ChangedSinceImport as changed:
            note, force = f"{changed}.\n\n", True
            planned = plan(character, roster, wounds, force=True)
        answer = QMessageBox.question(
            parent, "Write wounds back to Chummer",
            f"{note}Write into {planned.file.name}: {', '.join(planned.changes)}?\n"
            f"Only those boxes change; the file as it is now is kept as "
            f"{planned.backup.name}.")
        if answer != QMessageBox.StandardButton.Yes:
            return None
        done = write_back(character, roster, wounds, force=force)
    except (TacticalError, OSError) as error:
        QMessageBox.warning(parent, "Cannot write back to Chummer", str(error)[:4000])
        return None
    QMessageBox.information(parent, "Written back to Chummer",
                            f"{done.file}: {', '.join(done.changes)}.\n"
                            f"The file as it was: {done.backup.name}")
    return done


def choose_write_back(window: WindowHost) -> WriteBack | None:
    """File ▸ Write wounds back to Chummer…: a roster, then one of its Chummer characters
    that has a token in the open fight; that token's boxes are written."""
    document = window.document
    if document is None:
        return None
    name, _ = QFileDialog.getOpenFileName(window, "The roster the runners came from", "",
                                          "Rosters (*.yaml *.yml)")
    if not name:
        return None
    try:
        _doc, roster = load_file(name)
        if not isinstance(roster, Roster):
            raise TacticalError(f"{name}: not a roster (kind: characters)")
    except TacticalError as error:
        QMessageBox.warning(window, "Cannot open the roster", str(error)[:4000])
        return None
    state = document.state
    tokens = {t.id: t.character for t in document.encounter.ctx.loaded.map.tokens}
    linked = {c.id: c for c in roster.characters if c.chummer is not None}
    choices = [f"{tid} ({linked[cid].name})" for tid, cid in tokens.items() if cid in linked]
    if not choices:
        QMessageBox.information(window, "Write wounds back to Chummer",
                                f"No token of this fight is a Chummer character of {name}.")
        return None
    picked, ok = QInputDialog.getItem(window, "Write wounds back to Chummer",
                                      "Whose wounds?", choices, 0, False)
    if not ok:
        return None
    token = picked.split(" ", 1)[0]
    fighter = state.get(token)
    if fighter.sr_monitor is None:  # a Chapter 6 fight's damage is not monitor boxes
        QMessageBox.information(window, "Write wounds back to Chummer",
                                "This fight is not played under Shadowrun: its damage is "
                                "Health, not condition monitor boxes.")
        return None
    # Shadowrun keeps the Physical boxes (overflow included) as damage and the Stun boxes
    # as stun (rules/shadowrun/engine.py ShadowrunState); Chummer's physicalcmfilled
    # counts overflow too
    wounds = Wounds(fighter.damage, fighter.stun)
    return write_wounds_back(window, linked[tokens[token]], Path(name), wounds)


def _planned(writes: list[PartyWrite]) -> tuple[list[WriteBack], list[str]]:
    """What each write does, and the files saved in Chummer since their import."""
    planned, changed = [], []
    for w in writes:
        try:
            planned.append(plan(w.character, w.roster, w.wounds))
        except ChangedSinceImport as error:
            changed.append(str(error))
            planned.append(plan(w.character, w.roster, w.wounds, force=True))
    return planned, changed


def write_party_back(parent: QWidget, campaign_path: Path) -> list[WriteBack] | None:
    """A campaign's Chummer runners (a roster entry's `chummer:` link or a `chum5:`
    member): what each one's carried monitors write is listed and asked; a file saved in
    Chummer since its import is named and asked again before it is written anyway. What
    was written, or None (refused, declined, nothing to write)."""
    title = "Write the party's wounds back to Chummer"
    try:
        writes = party_writes(load_campaign(campaign_path), campaign_path)
        if not writes:
            QMessageBox.information(parent, title, f"No member of {campaign_path.name}'s "
                                    "party is linked to a Chummer file: nothing to write.")
            return None
        planned, changed = _planned(writes)
        lines = [f"{w.member.id}: {p.file.name}: {', '.join(p.changes)}"
                 for w, p in zip(writes, planned, strict=True)]
        answer = QMessageBox.question(
            parent, title, "Write into the Chummer files:\n" + "\n".join(lines)
            + "\n\nOnly those boxes change; each file as it is now is kept beside it as "
              "FILE.chum5.bak.")
        if answer != QMessageBox.StandardButton.Yes:
            return None
        if changed:
            answer = QMessageBox.question(
                parent, title, "\n".join(changed) + "\n\nWrite the wounds into it anyway? "
                "The player's own changes are kept: only the monitors are written.")
            if answer != QMessageBox.StandardButton.Yes:
                return None
        done = write_party(writes, force=bool(changed))
    except (TacticalError, OSError) as error:
        QMessageBox.warning(parent, "Cannot write back to Chummer", str(error)[:4000])
        return None
    QMessageBox.information(parent, "Written back to Chummer", "\n".join(
        f"{d.file}: {', '.join(d.changes)} (the file as it was: {d.backup.name})"
        for d in done))
    return done
