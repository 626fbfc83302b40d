"""Every edit is one QUndoCommand on the editor's one stack: unlimited, and a continuous
drag merges into one step (issue 15; Foundry's 10-step history is the complaint)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

from PySide6.QtGui import QUndoCommand
from shapely.geometry import Polygon

from tactical.data.character import Character
from tactical.data.gear import Armor, Weapon
from tactical.data.maps import Background, Cover, Grid, Side, Token
from tactical.ui.editor.model import EditorModel

MOVE_ID = 1501  # QUndoCommand.id() for moves that may merge


def moved(cover: Cover, dx: float, dy: float) -> Cover:
    return cover.model_copy(update={"polygon": tuple((x + dx, y + dy)
                                                     for x, y in cover.polygon)})


def rotated(cover: Cover, degrees: float) -> Cover:
    """`cover` turned `degrees` clockwise on screen (y points down) about its centroid,
    points rounded to 1 cm as the writer rounds them (issue 15: select, move, rotate)."""
    centre = Polygon(cover.polygon).centroid
    cx, cy = centre.x, centre.y
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return cover.model_copy(update={"polygon": tuple(
        (round(cx + (x - cx) * c - (y - cy) * s, 2) + 0.0,
         round(cy + (x - cx) * s + (y - cy) * c, 2) + 0.0) for x, y in cover.polygon)})


class _Edit(QUndoCommand):
    def __init__(self, model: EditorModel, text: str) -> None:
        super().__init__(text)
        self.model = model


class AddCover(_Edit):
    def __init__(self, model: EditorModel, cover: Cover, text: str = "Add cover") -> None:
        super().__init__(model, text)
        self.cover = cover

    def redo(self) -> None:
        self.model.draft.cover.append(self.cover)
        self.model.touch()

    def undo(self) -> None:
        self.model.draft.cover.pop()
        self.model.touch()


class RemoveItems(_Edit):
    """Remove covers and tokens (by index), restored where they were on undo."""

    def __init__(self, model: EditorModel, covers: Sequence[int], tokens: Sequence[int]) -> None:
        super().__init__(model, "Delete")
        self.covers = sorted(covers)
        self.tokens = sorted(tokens)
        self.removed_covers: list[Cover] = []
        self.removed_tokens: list[Token] = []

    def redo(self) -> None:
        draft = self.model.draft
        self.removed_covers = [draft.cover[i] for i in self.covers]
        self.removed_tokens = [draft.tokens[i] for i in self.tokens]
        for i in reversed(self.covers):
            del draft.cover[i]
        for i in reversed(self.tokens):
            del draft.tokens[i]
        self.model.touch()

    def undo(self) -> None:
        draft = self.model.draft
        for i, cover in zip(self.covers, self.removed_covers, strict=True):
            draft.cover.insert(i, cover)
        for i, token in zip(self.tokens, self.removed_tokens, strict=True):
            draft.tokens.insert(i, token)
        self.model.touch()


class _ReplaceAt(_Edit):
    """An item of one of the draft's lists changed in place; the moves of one drag
    (`drag`: its number) merge into one step."""

    field: ClassVar[str]  # the draft's list
    merge_id: ClassVar[int]

    def __init__(self, model: EditorModel, index: int, new: Any, text: str,
                 drag: int | None = None) -> None:
        super().__init__(model, text)
        self.index = index
        self.old = self._items()[index]
        self.new = new
        self.drag = drag

    def _items(self) -> list[Any]:
        items: list[Any] = getattr(self.model.draft, self.field)
        return items

    def id(self) -> int:
        return self.merge_id if self.drag is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, type(self)) or other.drag != self.drag \
                or other.index != self.index:
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        self._items()[self.index] = self.new
        self.model.touch()

    def undo(self) -> None:
        self._items()[self.index] = self.old
        self.model.touch()


class ReplaceCover(_ReplaceAt):
    """A cover changed in place: label, class, height, or its points moved."""

    field, merge_id = "cover", MOVE_ID


class PlaceTokens(_Edit):
    def __init__(self, model: EditorModel, tokens: Sequence[Token]) -> None:
        count = len(tokens)
        super().__init__(model, f"Place {count} token{'s' if count != 1 else ''}")
        self.tokens = list(tokens)

    def redo(self) -> None:
        self.model.draft.tokens.extend(self.tokens)
        self.model.touch()

    def undo(self) -> None:
        del self.model.draft.tokens[-len(self.tokens):]
        self.model.touch()


class ReplaceToken(_ReplaceAt):
    """A token changed in place: moved, its side or character."""

    field, merge_id = "tokens", MOVE_ID + 1


class SetGrid(_Edit):
    """Calibration: the grid and the background's scale and offset, one step (a nudge
    with the arrow keys merges with the nudges before it)."""

    def __init__(self, model: EditorModel, grid: Grid, background: Background | None,
                 text: str = "Calibrate the grid", nudge: bool = False) -> None:
        super().__init__(model, text)
        self.old = (model.draft.grid, model.draft.background)
        self.new = (grid, background)
        self.nudge = nudge

    def id(self) -> int:
        return MOVE_ID + 2 if self.nudge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetGrid) or not other.nudge:
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        self.model.draft.grid, self.model.draft.background = self.new
        self.model.touch()

    def undo(self) -> None:
        self.model.draft.grid, self.model.draft.background = self.old
        self.model.touch()


class SetCharacter(_Edit):
    """A character of the map's own, added or replaced (by id)."""

    def __init__(self, model: EditorModel, character: Character) -> None:
        super().__init__(model, f"Character {character.name}")
        self.character = character
        self.before = list(model.draft.characters)

    def redo(self) -> None:
        others = [c for c in self.before if c.id != self.character.id]
        self.model.draft.characters = [*others, self.character]
        self.model.touch()

    def undo(self) -> None:
        self.model.draft.characters = list(self.before)
        self.model.touch()


class SetGear(_Edit):
    """Weapons and armor of the map's own, added or replaced (by id): the gear of an
    imported character placed from its roster (the map stands alone)."""

    def __init__(self, model: EditorModel, weapons: Sequence[Weapon],
                 armor: Sequence[Armor]) -> None:
        super().__init__(model, "Gear")
        self.weapons, self.armor = list(weapons), list(armor)
        self.before = list(model.draft.weapons), list(model.draft.armor)

    def redo(self) -> None:
        new_w, new_a = {w.id for w in self.weapons}, {a.id for a in self.armor}
        self.model.draft.weapons = [*(w for w in self.before[0] if w.id not in new_w),
                                    *self.weapons]
        self.model.draft.armor = [*(a for a in self.before[1] if a.id not in new_a),
                                  *self.armor]
        self.model.touch()

    def undo(self) -> None:
        self.model.draft.weapons, self.model.draft.armor = (list(self.before[0]),
                                                            list(self.before[1]))
        self.model.touch()


class SetSides(_Edit):
    def __init__(self, model: EditorModel, sides: dict[str, Side], text: str) -> None:
        super().__init__(model, text)
        self.old = dict(model.draft.sides)
        self.new = dict(sides)

    def redo(self) -> None:
        self.model.draft.sides = dict(self.new)
        self.model.touch()

    def undo(self) -> None:
        self.model.draft.sides = dict(self.old)
        self.model.touch()
