"""`tactical import CHARACTER.chum5 … --out ROSTER.yaml` (issue 29): one or several Chummer
characters into a roster (created, or added to), each portrait written beside it.

All or nothing: every file is read and converted, the new roster is validated the way
`tactical validate` reads it, and only then are the roster and the pictures written, whole
(core/atomic.py). A character whose id the roster already has is refused by name unless
`force`; a picture is never written over a file this import did not make.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tactical.core.atomic import write_files
from tactical.core.errors import TacticalError
from tactical.data.character import Character, ChummerLink, Roster
from tactical.data.chummer.convert import Imported, convert
from tactical.data.chummer.sheet import ChumSheet, read_sheet, slug
from tactical.data.chummer.xmltree import Node, read_chum5
from tactical.data.kinds import load_file, validate_document
from tactical.data.library import bundled_library, reference_problems
from tactical.data.problems import DataError
from tactical.data.yamlsafe import parse_yaml

HEADER = ("# A Tactical roster (docs/formats.md#characters). Characters imported from "
          "Chummer\n# keep their file under `chummer:` (docs/campaign.md).\n")


@dataclass
class ImportResult:
    roster: Path
    characters: list[tuple[Path, Imported]] = field(default_factory=list)
    pictures: list[Path] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)


def summary(result: ImportResult) -> list[str]:
    """What the GM is told, per character: added or replaced, then every line read,
    skipped (with why) and fallen back on (naming the element)."""
    lines = []
    for path, imported in result.characters:
        ident = imported.character["id"]
        verb = "replaced" if ident in result.replaced else "added"
        lines.append(f"{path}: {verb} '{ident}' ({imported.character['name']}) in "
                     f"{result.roster}")
        lines += [f"  read: {line}" for line in imported.read]
        lines += [f"  skipped: {line}" for line in imported.skipped]
        lines += [f"  warning: {line}" for line in imported.warnings]
    return lines


class IdClash(TacticalError):
    """A character the roster already has (by id), imported without `force`."""


def file_digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def link_path(source: Path, roster: Path) -> str:
    """The `.chum5` as the roster keeps it: relative to the roster's folder when it can
    be (a campaign folder moved whole still finds it), else absolute."""
    source, folder = source.resolve(), roster.resolve().parent
    try:
        return os.path.relpath(source, folder)
    except ValueError:  # another drive (Windows)
        return str(source)


def _existing(out: Path) -> Roster | None:
    if not out.exists():
        return None
    _doc, model = load_file(out)
    if not isinstance(model, Roster):
        raise TacticalError(f"{out}: not a roster (kind: characters); choose another --out")
    return model


def _dump(model: Any) -> dict[str, Any]:
    data: dict[str, Any] = model.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    return data


def _picture(sheet: ChumSheet, ident: str, out: Path, replaced: Character | None,
             taken: set[Path]) -> tuple[Path, bytes] | None:
    """Where the portrait goes: `<id>.<ext>` beside the roster, unless that name holds a
    file this import did not make (then `<id>-2.<ext>`, …)."""
    if sheet.portrait is None:
        return None
    extension, data = sheet.portrait
    ours = {replaced.portrait} if replaced is not None and replaced.portrait else set()
    for number in range(1, 100):
        name = f"{ident}.{extension}" if number == 1 else f"{ident}-{number}.{extension}"
        target = out.parent / name
        if target in taken:
            continue
        if not target.exists() and not target.is_symlink():
            return target, data
        if target.is_file() and not target.is_symlink() and (
                name in ours or (target.stat().st_size == len(data)
                                 and target.read_bytes() == data)):
            return target, data
    raise TacticalError(f"{out.parent}: no free name for {ident}'s portrait")


def _not_character(path: Path, root: Node) -> str:
    return (f"{path}:{root.line}:{root.column}: <{root.tag}> is not a Chummer character "
            "(a .chum5 starts with <character>)")


def _ident(sheet: ChumSheet, path: Path) -> str:
    return slug(sheet.alias or sheet.name or path.stem).replace("_", "-")


def _link(file: str, raw: bytes, sheet: ChumSheet) -> dict[str, Any]:
    """The roster entry's `chummer:` link: the file, its hash, the monitors as read."""
    return {"file": file, "sha256": file_digest(raw), "edition": sheet.edition,
            "physical_boxes": sheet.physical_boxes, "stun_boxes": sheet.stun_boxes,
            "physical_filled": sheet.physical_filled, "stun_filled": sheet.stun_filled,
            "vehicles": [{"index": v.index, "name": v.name, "guid": v.guid,
                          "boxes": v.boxes, "filled": v.filled} for v in sheet.vehicles]}


def read_character(path: Path) -> Roster:
    """A `.chum5` read as `tactical import` converts it, without writing anything: a
    one-character roster with the gear the import makes (a campaign member's `chum5:`
    sheet, docs/campaign.md). The link keeps the file's absolute path; no portrait is
    written (a read writes no file), so the token has none."""
    root, raw = read_chum5(path)
    if root.tag != "character":
        raise TacticalError(_not_character(path, root))
    sheet = read_sheet(root)
    imported = convert(sheet, _ident(sheet, path), _link(str(Path(path).resolve()), raw,
                                                         sheet))
    document: dict[str, Any] = {"kind": "characters", "version": 1,
                                "characters": [imported.character],
                                "weapons": imported.weapons, "armor": imported.armor}
    text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=96)
    model = _check(text, Path(path))
    assert isinstance(model, Roster)
    return model


def import_characters(files: list[Path], out: Path, *, force: bool = False) -> ImportResult:
    """Read `files`, add them to the roster `out`; TacticalError (nothing written) when a
    file cannot be read or an id clashes without `force`."""
    roster = _existing(out)
    kept: dict[str, Character] = {c.id: c for c in roster.characters} if roster else {}
    result = ImportResult(out)
    made: dict[str, Imported] = {}
    pictures: list[tuple[Path, bytes]] = []
    problems: list[str] = []
    clashes: list[str] = []  # refused by name; the GM may say to replace them
    for path in files:
        try:
            root, raw = read_chum5(path)
        except TacticalError as error:  # ChummerFileError, or the file refused
            problems.append(str(error))
            continue
        if root.tag != "character":
            problems.append(_not_character(path, root))
            continue
        sheet = read_sheet(root)
        ident = _ident(sheet, path)
        if ident in made:
            problems.append(f"{path}: its character '{ident}' is imported twice")
            continue
        replaced = kept.get(ident)
        if replaced is not None and not force:
            clashes.append(f"{path}: {out} already has a character '{ident}' "
                            f"({replaced.name}); use --force to replace it")
            continue
        imported = convert(sheet, ident, _link(link_path(path, out), raw, sheet))
        picture = _picture(sheet, ident, out, replaced, {p for p, _ in pictures})
        if picture is not None:
            pictures.append(picture)
            imported.character["portrait"] = picture[0].name
            imported.read.append(f"portrait: {picture[0].name}")
        made[ident] = imported
        result.characters.append((path, imported))
        if replaced is not None:
            result.replaced.append(ident)
    if problems:
        raise TacticalError("\n".join(problems + clashes))
    if clashes:
        raise IdClash("\n".join(clashes))
    text = _roster_text(roster, kept, made, out)
    _check(text, out)
    write_files([(out, text.encode("utf-8")), *pictures])
    result.pictures = [p for p, _ in pictures]
    return result


def _roster_text(roster: Roster | None, kept: dict[str, Character],
                 made: dict[str, Imported], out: Path) -> str:
    gone = set(made)  # a replaced character's own gear goes with it
    weapons = [_dump(w) for w in (roster.weapons if roster else ())
               if not any(w.id.startswith(f"{g}-") for g in gone)]
    armor = [_dump(a) for a in (roster.armor if roster else ())
             if not any(a.id.startswith(f"{g}-") for g in gone)]
    characters = [_dump(c) for ident, c in kept.items() if ident not in made]
    for imported in made.values():
        characters.append(imported.character)
        weapons += imported.weapons
        armor += imported.armor
    document: dict[str, Any] = {"kind": "characters", "version": 1,
                                "name": roster.name if roster and roster.name else out.stem,
                                "characters": characters}
    if weapons:
        document["weapons"] = weapons
    if armor:
        document["armor"] = armor
    return HEADER + yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=96)


def roster_with_link(out: Path, ident: str, link: ChummerLink) -> str:
    """The roster `out` with character `ident`'s `chummer:` link replaced (the write-back
    keeps the hash and boxes it wrote), checked as `tactical validate` reads it."""
    roster = _existing(out)
    if roster is None or all(c.id != ident for c in roster.characters):
        raise TacticalError(f"{out}: no character '{ident}'")
    kept = {c.id: c if c.id != ident else c.model_copy(update={"chummer": link})
            for c in roster.characters}
    text = _roster_text(roster, kept, {}, out)
    _check(text, out)
    return text


def _check(text: str, out: Path) -> object:
    """The roster as `tactical validate` will read it (a conversion bug is refused here,
    not written)."""
    doc = parse_yaml(text, str(out))
    model = validate_document(doc)
    problems = reference_problems(doc, model, bundled_library())
    if problems:
        raise DataError(problems)
    return model
