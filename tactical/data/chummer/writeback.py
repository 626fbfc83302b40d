"""Write wounds back to Chummer (issue 29): only the condition monitors' filled boxes.

The `.chum5` is not re-serialised: the text of `<physicalcmfilled>`, `<stuncmfilled>` and a
vehicle's or drone's `<physicalcmfilled>` is spliced into the file's bytes, so every other
byte stays as Chummer wrote it. Before the write a copy of the file as it was is kept
beside it (`FILE.chum5.bak`); the file, the copy and the roster's updated link are written
together, whole or not at all (core/atomic.py). A file that changed since it was imported
(another SHA-256 than the roster's link) is refused unless the GM says to write anyway.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from tactical.core.atomic import write_files
from tactical.core.errors import TacticalError
from tactical.data.character import Character, ChummerLink
from tactical.data.chummer.xmltree import Node, read_chum5


class ChangedSinceImport(TacticalError):
    """The `.chum5` is not the file that was imported (the player saved it since)."""


@dataclass(frozen=True)
class Wounds:
    """Filled boxes to write: Physical (overflow included), Stun, and by vehicle index."""

    physical: int
    stun: int
    vehicles: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class WriteBack:
    file: Path
    backup: Path
    changes: tuple[str, ...]
    data: bytes  # the file's new bytes
    original: bytes  # as it was read: the backup
    link: ChummerLink  # the roster's link after the write


def source_of(character: Character, roster: Path | None) -> Path:
    """The character's `.chum5`: its link's path, relative to the roster's folder (a
    campaign member's `chum5:` sheet, `roster` None, keeps an absolute path)."""
    if character.chummer is None:
        raise TacticalError(f"{character.name} ({character.id}) was not imported from "
                            "Chummer: no chummer: link in the roster")
    path = Path(character.chummer.file)
    if path.is_absolute() or roster is None:
        return path
    return roster.resolve().parent / path


def wounds_of(link: ChummerLink) -> Wounds:
    """The boxes the roster's link holds now (a campaign keeps them up to date)."""
    return Wounds(link.physical_filled, link.stun_filled,
                  {v.index: v.filled for v in link.vehicles})


def _encoding_ok(raw: bytes, file: Path) -> None:
    head = raw[:200].lower()
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or (
            b"encoding=" in head and b"utf-8" not in head and b"utf8" not in head):
        raise TacticalError(f"{file}: not UTF-8; Tactical writes wounds back only into "
                            "UTF-8 saves (Chummer's own): nothing written")


def _splice(node: Node, tag: str, value: int) -> tuple[int, int, bytes]:
    if node.closed:  # <stuncmfilled /> becomes <stuncmfilled>N</stuncmfilled>
        return node.content[0], node.content[1], f"<{tag}>{value}</{tag}>".encode()
    return node.content[0], node.content[1], str(value).encode()


def _element(parent: Node, tag: str, where: str, file: Path) -> Node:
    node = parent.find(tag)
    if node is None:
        raise TacticalError(f"{file}:{parent.line}:{parent.column}: {where} has no <{tag}>; "
                            "nothing written")
    return node


def plan(character: Character, roster: Path | None, wounds: Wounds, *,
         force: bool = False) -> WriteBack:
    """What writing `wounds` back would do (nothing is written): the new bytes, or
    ChangedSinceImport / TacticalError naming why not."""
    file = source_of(character, roster)
    link = character.chummer
    assert link is not None
    root, raw = read_chum5(file)
    digest = hashlib.sha256(raw).hexdigest()
    if digest != link.sha256 and not force:
        raise ChangedSinceImport(f"{file}: changed since it was imported (saved again in "
                                 "Chummer?); write the wounds anyway with --force, or "
                                 "import it again first")
    _encoding_ok(raw, file)
    body = character.shadowrun.body if character.shadowrun else 0
    checks = (("Physical", wounds.physical, link.physical_boxes + body),
              ("Stun", wounds.stun, link.stun_boxes))
    for what, value, most in checks:
        if not 0 <= value <= most:
            raise TacticalError(f"{what} {value}: expected 0 to {most} boxes")
    splices = [_splice(_element(root, "physicalcmfilled", "<character>", file),
                       "physicalcmfilled", wounds.physical),
               _splice(_element(root, "stuncmfilled", "<character>", file),
                       "stuncmfilled", wounds.stun)]
    changes = [f"Physical {link.physical_filled} → {wounds.physical}",
               f"Stun {link.stun_filled} → {wounds.stun}"]
    holder = root.find("vehicles")
    nodes = holder.all("vehicle") if holder is not None else []
    vehicles = []
    for vehicle in link.vehicles:
        filled = wounds.vehicles.get(vehicle.index, vehicle.filled)
        if not 0 <= filled <= vehicle.boxes:
            raise TacticalError(f"{vehicle.name} {filled}: expected 0 to {vehicle.boxes} boxes")
        node = next((n for n in nodes if vehicle.guid and n.value("guid") == vehicle.guid),
                    nodes[vehicle.index] if vehicle.index < len(nodes) else None)
        if node is None:
            raise TacticalError(f"{file}: the vehicle {vehicle.name} is not in the file any "
                                "more; nothing written")
        splices.append(_splice(_element(node, "physicalcmfilled", f"<vehicle> {vehicle.name}",
                                        file), "physicalcmfilled", filled))
        changes.append(f"{vehicle.name} {vehicle.filled} → {filled}")
        vehicles.append(vehicle.model_copy(update={"filled": filled}))
    data = raw
    for start, end, text in sorted(splices, reverse=True):
        data = data[:start] + text + data[end:]
    new_link = link.model_copy(update={
        "sha256": hashlib.sha256(data).hexdigest(), "physical_filled": wounds.physical,
        "stun_filled": wounds.stun, "vehicles": tuple(vehicles)})
    return WriteBack(file, file.with_name(file.name + ".bak"), tuple(changes), data, raw,
                     new_link)


def write_back(character: Character, roster: Path | None, wounds: Wounds, *,
               force: bool = False) -> WriteBack:
    """Write `wounds` into the character's `.chum5` (a copy of it as it was kept beside
    it) and the new link into the roster; all three files or none. The one function the
    campaign's "Write wounds back to Chummer" calls (ask the GM on ChangedSinceImport,
    then call again with `force`). `roster` None: a campaign member read straight from
    its `.chum5` (no roster link to update: the file and its backup only)."""
    from tactical.data.chummer.importer import roster_with_link  # the roster's writer

    done = plan(character, roster, wounds, force=force)
    files = [(done.backup, done.original), (done.file, done.data)]
    if roster is not None:
        text = roster_with_link(roster, character.id, done.link)
        files.append((roster, text.encode("utf-8")))
    write_files(files)
    return done
