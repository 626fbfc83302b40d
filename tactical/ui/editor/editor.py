"""The map editor (issue 15): a toolbar of tools, the board, and a side panel, over one
unlimited undo stack; saves YAML in the documented format (tactical/data/mapwriter.py)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QColor,
    QImageReader,
    QKeyEvent,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QColorDialog,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QToolBar,
    QVBoxLayout,
    QWidget,
)
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from tactical.core.atomic import write_files
from tactical.core.errors import TacticalError
from tactical.core.ids import free_number, slug, unique
from tactical.data.character import Character, Roster
from tactical.data.kinds import load_file
from tactical.data.library import Library, bundled_library, reference_problems
from tactical.data.maps import Background, Cover, Grid, MapFile, Orientation, Side, Token
from tactical.data.mapwriter import map_bytes
from tactical.data.pictures import picture_problem
from tactical.data.problems import DataError
from tactical.geometry.hexgrid import hex_spiral
from tactical.geometry.layout import layout_for, point_to_hex
from tactical.ui.editor import commands as ec
from tactical.ui.editor.character import CharacterDialog
from tactical.ui.editor.model import Draft, EditorModel
from tactical.ui.editor.panels import SidePanel
from tactical.ui.editor.tools import TOOLS, EditorTool
from tactical.ui.editor.view import EditorView

PANEL_MAX_PX = 440


class MapEditor(QWidget):
    """`saved(path)` after a save; `message(text)` for the status bar."""

    saved = Signal(Path)
    message = Signal(str)

    def __init__(self, draft: Draft, path: Path | None = None,
                 library: Library | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = EditorModel(draft, path, self)
        self.library = library or bundled_library()
        self.stack = QUndoStack(self)  # unlimited (undoLimit 0)
        self.snapping = True
        self.view = EditorView(self.model)
        self.view.keys_first = self._key
        self.view.names = {c.id: c.name for c in
                           [*self.library.characters.values(), *draft.characters]}
        self.view.rebuild()
        self.panel = SidePanel()
        # as wide as its widest row of buttons (issue 26: a fixed 300 px cut "New character…"
        # to "ew character" at 1920 × 1080), never more than PANEL_MAX_PX
        self.panel.setFixedWidth(min(PANEL_MAX_PX, max(300, self.panel.minimumSizeHint().width())))
        self.toolbar = QToolBar("Map editor")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.tools: dict[str, EditorTool] = {t.name: t(self) for t in TOOLS}
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        for key, (name, tool) in zip("SPRWC", self.tools.items(), strict=True):
            action = self.toolbar.addAction(tool.title)
            action.setObjectName(f"editor_tool_{name}")
            action.setCheckable(True)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(f"{tool.title} ({key}): {tool.tip}")
            action.triggered.connect(lambda _=False, n=name: self.use(n))
            group.addAction(action)
            self.tool_actions[name] = action
        self.toolbar.addSeparator()
        self.undo_action = self.stack.createUndoAction(self, "Undo")
        self.redo_action = self.stack.createRedoAction(self, "Redo")
        self.toolbar.addAction(self.undo_action)
        self.toolbar.addAction(self.redo_action)
        snap = self.toolbar.addAction("Snap")
        snap.setCheckable(True)
        snap.setChecked(True)
        snap.setToolTip("Snap points to hex centres, corners and edge midpoints "
                        "(hold Ctrl to do the opposite)")
        snap.toggled.connect(self._set_snapping)
        self.addActions(list(self.tool_actions.values()))
        self.hint = QLabel()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.toolbar)
        row = QHBoxLayout()
        row.addWidget(self.view, 1)
        row.addWidget(self.panel)
        layout.addLayout(row, 1)
        self.view.dropped.connect(self.drop_characters)
        self.panel.new_character.clicked.connect(lambda: self.edit_character(new=True))
        self.panel.edit_character.clicked.connect(lambda: self.edit_character())
        self.panel.roster.itemDoubleClicked.connect(lambda _item: self.edit_character())
        self.panel.token.character.clicked.connect(lambda: self.edit_token_character())
        self.panel.open_roster.clicked.connect(self.choose_roster)
        self.opened: dict[str, Character] = {}  # characters from roster files the GM opened
        self.opened_gear = Library()  # the gear those rosters carry (imported characters')
        self.panel.side_name.clicked.connect(self.rename_side)
        self.panel.side_colour.clicked.connect(self.colour_side)
        self.panel.side_add.clicked.connect(self.add_side)
        self.panel.cover.edited.connect(self._cover_edited)
        self.panel.token.edited.connect(self._token_edited)
        self.model.changed.connect(self._refresh_panel)
        self.stack.cleanChanged.connect(self._clean_changed)
        self._roster_key: tuple[object, ...] | None = None
        self.tool: EditorTool = self.tools["select"]
        self.use("polygon" if not draft.cover else "select")
        self._refresh_panel()

    def _clean_changed(self, _clean: bool) -> None:
        self.message.emit(self.title())

    # --- state for tools

    def title(self) -> str:
        where = self.model.path.name if self.model.path else "not saved yet"
        return f"{self.model.draft.name} — {where}{' *' if not self.stack.isClean() else ''}"

    def status(self, text: str) -> None:
        self.panel.hint.setText(text)
        self.message.emit(text)

    def use(self, name: str) -> None:
        self.tool.cancel()
        self.tool = self.tools[name]
        self.view.tool = self.tool
        self.tool_actions[name].setChecked(True)
        self.panel.hint.setText(self.tool.status())

    def _set_snapping(self, on: bool) -> None:
        self.snapping = on

    def picture_size(self) -> tuple[int, int]:
        picture = self.model.draft.picture
        size = QImageReader(str(picture)).size() if picture else None
        return (size.width(), size.height()) if size and size.isValid() else (1, 1)

    def cover_at(self, p: tuple[float, float]) -> int | None:
        """The topmost cover under `p` (the last drawn is on top)."""
        point = ShapelyPoint(p)
        for i in range(len(self.model.draft.cover) - 1, -1, -1):
            if Polygon(self.model.draft.cover[i].polygon).buffer(0.05).contains(point):
                return i
        return None

    def select(self, covers: Sequence[int] = (), tokens: Sequence[int] = ()) -> None:
        self.view.selected_covers = set(covers)
        self.view.selected_tokens = set(tokens)
        self.view.rebuild()
        self._refresh_panel()

    # --- edits

    def add_cover(self, polygon: Sequence[tuple[float, float]], text: str = "Add cover",
                  wall: bool = False) -> bool:
        panel = self.panel.cover
        try:
            cover = Cover.model_validate({
                "label": "Wall" if wall and not panel.label.text() else panel.label.text(),
                "class": "impenetrable" if wall else panel.cover_class.currentText(),
                "height": "high" if wall else panel.cover_height.currentText(),
                "door": not wall and panel.door.isChecked(), "polygon": tuple(polygon)})
        except ValueError:
            self.status("That shape has no area; draw at least three points not in a line")
            return False
        self.stack.push(ec.AddCover(self.model, cover, text))
        return True

    def delete_selection(self) -> None:
        covers, tokens = self.view.selected_covers, self.view.selected_tokens
        if covers or tokens:
            self.view.selected_covers, self.view.selected_tokens = set(), set()
            self.stack.push(ec.RemoveItems(self.model, sorted(covers), sorted(tokens)))

    def _cover_edited(self, label: str, cover_class: str, height: str, door: bool) -> None:
        if len(self.view.selected_covers) != 1:
            return
        (index,) = self.view.selected_covers
        old = self.model.draft.cover[index]
        new = Cover.model_validate({"id": old.id, "label": label, "class": cover_class,
                                    "height": height, "door": door, "polygon": old.polygon})
        if new != old:
            self.stack.push(ec.ReplaceCover(self.model, index, new, "Edit cover"))

    def _token_edited(self, name: str, side: str, aware: bool) -> None:
        if len(self.view.selected_tokens) != 1:
            return
        (index,) = self.view.selected_tokens
        old = self.model.draft.tokens[index]
        new = old.model_copy(update={"name": name.strip() or None, "side": side,
                                     "aware": aware})
        if new != old:
            self.stack.push(ec.ReplaceToken(self.model, index, new, "Edit token"))

    def drop_characters(self, ids: list[str], where: QPointF) -> None:
        """Tokens for `ids` on the hex under `where` and, when several or it is taken, the
        nearest free hexes around it (spiralling out)."""
        draft = self.model.draft
        hex_ = point_to_hex(layout_for(draft.grid), (where.x(), where.y()))
        taken = {t.hex for t in draft.tokens}
        used = {t.id for t in draft.tokens}
        side = self.panel.side.currentData() or next(iter(draft.sides), "players")
        free = (h for h in hex_spiral(hex_, 30) if draft.grid.contains(h) and h not in taken)
        tokens: list[Token] = []
        for character in ids:
            place = next(free, None)
            if place is None or character not in self.known_characters():
                continue
            token_id = f"{character}-{free_number(character, used, first=1)}"
            used.add(token_id)
            tokens.append(Token(id=token_id, character=character, side=side, hex=place))
        if tokens:
            # Characters from an opened roster are copied into the map (it stands alone).
            own = {c.id for c in draft.characters}
            copies = [self.opened[t.character] for t in tokens
                      if t.character in self.opened and t.character not in own
                      and t.character not in self.library.characters]
            self.stack.beginMacro(f"Place {len(tokens)} token{'s' if len(tokens) > 1 else ''}")
            for sheet in {c.id: c for c in copies}.values():
                self.stack.push(ec.SetCharacter(self.model, sheet))
            gear = self.opened_gear  # an imported character's own gear comes along
            weapons = [gear.weapons[w] for c in copies for w in c.weapons if w in gear.weapons]
            armor = [gear.armor[a] for c in copies for a in c.armor if a in gear.armor]
            if weapons or armor:
                self.stack.push(ec.SetGear(self.model, weapons, armor))
            self.stack.push(ec.PlaceTokens(self.model, tokens))
            self.stack.endMacro()
            self.select(tokens=range(len(draft.tokens) - len(tokens), len(draft.tokens)))

    def known_characters(self) -> dict[str, Character]:
        out: dict[str, Character] = dict(self.library.characters)
        out.update(self.opened)
        out.update({c.id: c for c in self.model.draft.characters})
        return out

    def choose_roster(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a roster", "",
                                              "Rosters (*.yaml *.yml)")
        if path:
            self.open_roster(Path(path))

    def open_roster(self, path: Path) -> bool:
        """Offer a roster file's characters (checked like `tactical validate` does)."""
        try:
            doc, model = load_file(path)
            if not isinstance(model, Roster):
                raise TacticalError(f"{path}: not a roster (kind: characters)")
            problems = reference_problems(doc, model, self.library)
            if problems:
                raise DataError(problems)
        except TacticalError as error:
            QMessageBox.warning(self, "Cannot open the roster", str(error)[:4000])
            return False
        self.opened.update({c.id: c for c in model.characters})
        self.opened_gear = self.opened_gear.with_catalogue(model)
        self._roster_key = None
        self._refresh_panel()
        self.status(f"{len(model.characters)} characters from {path.name}")
        return True

    # --- characters and sides

    def edit_character(self, accept: bool = True, *, new: bool = False,
                       character_id: str | None = None) -> CharacterDialog:
        """The character form: a new street samurai (`new`), or `character_id` (default:
        the roster's selected character). The map's own character is edited in place; any
        other is copied with a new id. OK adds or replaces it among the map's own characters
        (one undo step)."""
        known = self.known_characters()
        if character_id is None and not new:
            items = self.panel.roster.selectedItems()
            character_id = self.panel.roster.ids(items)[0] if items else None
        start = known.get(character_id) if character_id is not None else None
        own = start is not None and start.id in {c.id for c in self.model.draft.characters}
        if start is not None and not own:
            start = self._copy(start, known)
        taken = set(known) - ({start.id} if own and start is not None else set())
        draft, opened = self.model.draft, self.opened_gear  # the form offers their gear too
        gear = Library({**self.library.weapons, **opened.weapons,
                        **{w.id: w for w in draft.weapons}},
                       {**self.library.armor, **opened.armor, **{a.id: a for a in draft.armor}},
                       self.library.characters)
        dialog = CharacterDialog(gear, start, self, taken=taken, fixed_id=own,
                                 base=self.model.path.parent if self.model.path else None)
        if accept and dialog.exec() and dialog.character is not None:
            self.stack.push(ec.SetCharacter(self.model, dialog.character))
        return dialog

    @staticmethod
    def _copy(start: Character, known: dict[str, Character]) -> Character:
        n = free_number(start.id, known)
        return start.model_copy(update={"id": f"{start.id}-{n}", "name": f"{start.name} {n}"})

    def edit_token_character(self, accept: bool = True) -> CharacterDialog | None:
        """The selected token's character in the form; a character that is not the map's
        own becomes a copy the token then uses (the character and the token: one step)."""
        if len(self.view.selected_tokens) != 1:
            return None
        (index,) = self.view.selected_tokens
        token = self.model.draft.tokens[index]
        dialog = self.edit_character(False, character_id=token.character)
        if accept and dialog.exec() and dialog.character is not None:
            self.stack.beginMacro(f"Character {dialog.character.name}")
            self.stack.push(ec.SetCharacter(self.model, dialog.character))
            if dialog.character.id != token.character:
                self.stack.push(ec.ReplaceToken(self.model, index, token.model_copy(
                    update={"character": dialog.character.id}), "Token's character"))
            self.stack.endMacro()
        return dialog

    def _side_key(self) -> str | None:
        key = self.panel.side.currentData()
        return str(key) if key is not None else None

    def rename_side(self) -> None:
        key = self._side_key()
        if key is None:
            return
        side = self.model.draft.sides[key]
        name, ok = QInputDialog.getText(self, "Side", "Name:", text=side.name)
        if ok and name.strip() and name != side.name:
            sides = {**self.model.draft.sides, key: side.model_copy(update={"name": name})}
            self.stack.push(ec.SetSides(self.model, sides, f"Rename side {name}"))

    def colour_side(self) -> None:
        key = self._side_key()
        if key is None:
            return
        side = self.model.draft.sides[key]
        colour = QColorDialog.getColor(QColor(side.colour or "#888888"), self,
                                       f"Colour of {side.name}")
        if colour.isValid():
            sides = {**self.model.draft.sides,
                     key: side.model_copy(update={"colour": colour.name().lower()})}
            self.stack.push(ec.SetSides(self.model, sides, f"Colour of {side.name}"))

    def add_side(self) -> None:
        name, ok = QInputDialog.getText(self, "New side", "Name:")
        if not ok or not name.strip():
            return
        key = unique(slug(name, "side"), self.model.draft.sides)
        sides = {**self.model.draft.sides, key: Side(name=name.strip())}
        self.stack.push(ec.SetSides(self.model, sides, f"Add side {name}"))

    # --- keys and panel

    def _key(self, event: QKeyEvent) -> bool:
        if event.matches(QKeySequence.StandardKey.Undo):
            self.tool.cancel()
            self.stack.undo()
            return True
        if event.matches(QKeySequence.StandardKey.Redo) or (
                event.key() == Qt.Key.Key_Y
                and event.modifiers() == Qt.KeyboardModifier.ControlModifier):
            self.stack.redo()
            return True
        return False

    def _refresh_panel(self) -> None:
        draft = self.model.draft
        self.view.selected_covers = {i for i in self.view.selected_covers
                                     if i < len(draft.cover)}
        self.view.selected_tokens = {i for i in self.view.selected_tokens
                                     if i < len(draft.tokens)}
        covers = self.view.selected_covers
        self.panel.cover.show_cover(draft.cover[next(iter(covers))] if len(covers) == 1
                                    else None)
        self.panel.set_sides(draft.sides)
        tokens = self.view.selected_tokens
        self.panel.token.show_token(draft.tokens[next(iter(tokens))] if len(tokens) == 1
                                    else None, draft.sides)
        roster_key = tuple(draft.characters)
        if roster_key != self._roster_key:
            self._roster_key = roster_key
            self.panel.roster.fill(self.known_characters().values())
            self.view.names = {c.id: c.name for c in self.known_characters().values()}

    # --- saving

    def to_map(self) -> MapFile:
        return self.model.draft.to_map()

    def save(self, path: Path) -> None:
        """Write the map (and copy its picture next to it when it is elsewhere), whole or
        not at all: both are written out before either is put in place (core/atomic.py),
        with a normal file's mode, and the temp files of a killed save are cleaned up."""
        draft = self.model.draft
        files: list[tuple[Path, bytes]] = []
        before = draft.background, draft.picture  # put back if the save fails
        if draft.background is not None and draft.picture is not None:
            name = Path(draft.background.image).name
            target = path.parent / name
            if draft.picture.resolve() != target.resolve():
                if target.exists():
                    name = f"{path.stem}{draft.picture.suffix.lower()}"
                    target = path.parent / name
                files.append((target, draft.picture.read_bytes()))
            draft.background = draft.background.model_copy(update={"image": name})
            draft.picture = target
        try:
            try:
                m = draft.to_map()
            except ValueError as error:
                raise TacticalError(f"the map cannot be saved yet: {error}") from None
            # the comments of the file it was opened from stay in place (docs/formats.md)
            files.append((path, map_bytes(m, path, comments_from=self.model.path,
                                          keep_comments=self.model.path is not None)))
            write_files(files)
        except BaseException:
            draft.background, draft.picture = before
            raise
        self.model.path = path
        self.stack.setClean()
        self.saved.emit(path)


def blank_draft(columns: int, rows: int, orientation: Orientation = Orientation.FLAT,
                name: str = "New map") -> Draft:
    return Draft(name=name, grid=Grid(columns=columns, rows=rows, orientation=orientation))


def picture_draft(picture: Path, name: str | None = None) -> Draft:
    """A new map over `picture`, provisionally 64 px a hex until the GM calibrates it."""
    problem = picture_problem(picture.parent, picture.name)  # a picture that lies, too
    if problem is not None:
        raise TacticalError(f"{picture}: {problem}")
    size = QImageReader(str(picture)).size()
    if not size.isValid():
        raise TacticalError(f"{picture}: not a picture Tactical can read")
    mpp = 2.0 / 64
    background = Background(image=picture.name, metres_per_pixel=mpp, offset_m=(-1.15, -1.0))
    columns = max(1, min(500, int(size.width() * mpp / 1.732) + 2))
    rows = max(1, min(500, int(size.height() * mpp / 2) + 2))
    return Draft(name=name or picture.stem.replace("_", " "), grid=Grid(columns=columns,
                 rows=rows), background=background, picture=picture)
