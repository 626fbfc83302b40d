"""The character form: one field per entry of the roster format (docs/formats.md,
Characters), bounded by the schema (tactical/data/character.py) so a spin box cannot leave
the range `tactical validate` accepts; weapons and armor picked from the catalogue.

The form only collects; character.py checks what it collects with the validator itself and
hands each problem back to the field it names (`mark_problems`)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tactical.core.ids import slug, unique
from tactical.data.character import Attributes, Character, ShadowrunStats
from tactical.data.library import Library
from tactical.data.pictures import contained_path, picture_problem
from tactical.ui.editor.charfields import (
    ATTRIBUTES,
    DEFAULT_CHARACTER,
    SIZES,
    SKILL_RANKS,
    SR_ATTRIBUTES,
    armor_choices,
    known_skills,
    metres,
    spin,
    weapon_choices,
)
from tactical.ui.editor.marks import mark
from tactical.ui.editor.rows import PickRows, Rows, SkillRows


def _portrait_problem(base: Path, name: str) -> str | None:
    """Why the picture cannot go on a token (a path out of the folder is the validator's)."""
    try:
        contained_path(name)
    except ValueError:
        return None  # the validator says it, by field
    return picture_problem(base, name)


def _group(title: str, inner: QWidget) -> QGroupBox:
    box = QGroupBox(title)
    QVBoxLayout(box).addWidget(inner)
    return box


class CharacterForm(QWidget):
    """`changed` after every edit; `data()` is the character as a roster entry."""

    changed = Signal()

    def __init__(self, library: Library, taken: Collection[str] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._quiet = True  # no `changed` while the widgets are built
        self.library = library
        self.taken = taken
        self.kept: dict[str, Any] = {}  # fields the form has no widget for (resistances)
        self.id_follows_name = True
        self.fields: dict[str, QWidget] = {}
        ch6_skills, sr_skills = known_skills(library)
        columns = QHBoxLayout(self)
        left, right = QVBoxLayout(), QVBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)

        who = QGroupBox("Character")
        form = QFormLayout(who)
        self.name = self._line("name", "The name on the token and in the log")
        self.ident = self._line("id", "The id tokens refer to: lower case, digits, - and _")
        self.description = self._line("description", "A note for the GM")
        self.traits = self._line("traits", "Trait ids, separated by commas "
                                           "(smartlink, troll, adept…)")
        for label, widget in (("&Name", self.name), ("&Id", self.ident),
                              ("&Description", self.description), ("&Traits", self.traits)):
            form.addRow(label, widget)
        # issue 28: the picture on its token, a file in the map's folder
        self.base: Path | None = None  # the map's folder (None: not saved yet)
        self.portrait = self._line("portrait", "The picture on its token: a PNG, JPEG, GIF, "
                                               "BMP or WebP in the map's folder (blank: its "
                                               "initials)")
        choose = QPushButton("Choose…")
        choose.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes field to field; type a name
        choose.clicked.connect(self.choose_portrait)
        row = QHBoxLayout()
        row.addWidget(self.portrait, 1)
        row.addWidget(choose)
        caption = QLabel("Pict&ure")  # P is PR's, among the attributes
        caption.setBuddy(self.portrait)
        form.addRow(caption, row)
        left.addWidget(who)

        attributes = QGroupBox("Attributes (Chapter 6)")
        grid = QGridLayout(attributes)
        for i, (key, title) in enumerate(ATTRIBUTES.items()):
            box = self._add(f"attributes.{key}", spin(Attributes, key, title))
            caption = QLabel(f"&{key} {title}")
            caption.setBuddy(box)
            grid.addWidget(caption, i // 2, (i % 2) * 2)
            grid.addWidget(box, i // 2, (i % 2) * 2 + 1)
        left.addWidget(attributes)

        body = QGroupBox("Health, Stamina, Edge")
        form = QFormLayout(body)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        for key, label, tip in (
                ("health", "&Health", "Damage it takes before it is Down (Ch.6 Health)"),
                ("stamina", "Sta&mina", "Stun and fatigue it takes (Ch.6 Stamina)"),
                ("edge", "&Edge", "Edge points for a fight (Ch.6 Edge)"),
                ("initiative_dice", "Initiative dice", "d6s rolled for Initiative (1d6 + AG "
                                                        "+ CU, Ch.6 Initiative)")):
            form.addRow(label, self._add(key, spin(Character, key, tip)))
        form.addRow("Speed", self._add("speed_m", metres(
            Character, "speed_m", "Metres per move (Ch.6 Movement: 10 m)")))
        form.addRow("Reach", self._add("reach_m", metres(
            Character, "reach_m", "Melee reach (Ch.6 Melee: 2 m, the next hex)")))
        self.size_box = QComboBox()
        self.size_box.addItems(SIZES)
        self.size_box.setToolTip("Size (a target's size changes the TN)")
        self.size_box.currentIndexChanged.connect(self._changed)
        form.addRow("Si&ze", self._add("size", self.size_box))
        form.addRow("Carries", self._add("carries", spin(
            Character, "carries", "A mount or vehicle: how many riders it carries (0: none; "
                                  "Ch.6 Mount/Dismount, l.208)")))
        left.addWidget(body)

        self.skills = SkillRows(ch6_skills, "Add skil&l", SKILL_RANKS)
        self.weapons = PickRows(weapon_choices(library), "Add &weapon", "Remove this weapon")
        self.armor = PickRows(armor_choices(library), "Add arm&or", "Remove this armor")
        for key, rows, title, column in (
                ("armor", self.armor, "Armor (worn together: layered)", left),
                ("skills", self.skills, "Skills (values with the attribute bonus in)", right),
                ("weapons", self.weapons, "Weapons (the first is the ready weapon)", right)):
            self._rows(key, rows)
            column.addWidget(_group(title, rows))
        left.addStretch(1)

        self.shadowrun = QGroupBox("Shadowrun (SR4/SR5)")
        self.shadowrun.setCheckable(True)
        self.shadowrun.setToolTip("The numbers the Shadowrun rulesets read; unchecked, the "
                                  "character has none")
        self.fields["shadowrun"] = self.shadowrun
        sr_layout = QVBoxLayout(self.shadowrun)
        self.sr_inner = QWidget()
        sr_layout.addWidget(self.sr_inner)
        inner = QVBoxLayout(self.sr_inner)
        inner.setContentsMargins(0, 0, 0, 0)
        grid = QGridLayout()
        for i, key in enumerate(SR_ATTRIBUTES):
            grid.addWidget(QLabel(key.capitalize()), i // 4, (i % 4) * 2)
            grid.addWidget(self._add(f"shadowrun.{key}",
                                     spin(ShadowrunStats, key, key.capitalize())),
                           i // 4, (i % 4) * 2 + 1)
        limit = QSpinBox()
        limit.setRange(0, 99)
        limit.setSpecialValueText("from attributes")
        limit.setToolTip("SR5 Physical limit (0: from the attributes)")
        for i, (key, label, box) in enumerate((
                ("physical_limit", "Limit", limit),
                ("initiative_dice", "Init. dice", spin(ShadowrunStats, "initiative_dice",
                                                       "SR5 Initiative dice (d6)")),
                ("initiative_passes", "Passes", spin(ShadowrunStats, "initiative_passes",
                                                     "SR4 Initiative Passes")))):
            grid.addWidget(QLabel(label), 2, i * 2)
            grid.addWidget(self._add(f"shadowrun.{key}", box), 2, i * 2 + 1)
        inner.addLayout(grid)
        self.sr_skills = SkillRows(sr_skills, "Add Shadowrun s&kill", (0, 20))
        self._rows("shadowrun.skills", self.sr_skills)
        inner.addWidget(self.sr_skills)
        self.shadowrun.toggled.connect(self.sr_inner.setVisible)  # collapsed when unused
        self.shadowrun.toggled.connect(self._changed)
        right.addWidget(self.shadowrun)
        right.addStretch(1)

        self.name.textEdited.connect(self._name_edited)
        self.ident.textEdited.connect(self._id_edited)
        self._quiet = False

    def choose_portrait(self, picked: str | None = None) -> None:
        """A picture for the token: named relative to the map's folder; one elsewhere is
        written as it is, and the check names it (copy it next to the map)."""
        if picked is None:
            picked, _filter = QFileDialog.getOpenFileName(
                self, "Portrait", str(self.base or ""),
                "Pictures (*.png *.jpg *.jpeg *.gif *.bmp *.webp)")
        if not picked:
            return
        path = Path(picked)
        if self.base is not None and path.resolve().is_relative_to(self.base.resolve()):
            picked = path.resolve().relative_to(self.base.resolve()).as_posix()
        self.portrait.setText(picked)

    # --- building

    def _line(self, key: str, tip: str) -> QLineEdit:
        line = QLineEdit()
        line.setToolTip(tip)
        line.textChanged.connect(self._changed)
        self._add(key, line)
        return line

    def _add(self, key: str, widget: QWidget) -> QWidget:
        self.fields[key] = widget
        if isinstance(widget, QAbstractSpinBox):
            widget.setKeyboardTracking(True)  # checked per key, not on leaving the box
            widget.setAccelerated(True)
            assert isinstance(widget, QSpinBox | QDoubleSpinBox)
            widget.valueChanged.connect(self._changed)
        return widget

    def _rows(self, key: str, rows: Rows) -> None:
        self.fields[key] = rows
        rows.changed.connect(self._changed)
        rows.rebuilt.connect(self.fix_tab_order)

    def _changed(self, *_: object) -> None:
        if not self._quiet:
            self.changed.emit()

    def _name_edited(self, text: str) -> None:
        if self.id_follows_name and not self.ident.isReadOnly():
            self.ident.setText(self.unique(slug(text, "character")))

    def _id_edited(self, _text: str) -> None:
        self.id_follows_name = False  # the GM chose the id: the name no longer sets it

    def unique(self, ident: str) -> str:
        return unique(ident, self.taken)

    def fix_tab_order(self) -> None:
        """Tab goes down the left column, then the right one, row by row (rows added
        later would otherwise come last, after the dialog's buttons)."""
        chain = self.focus_chain()
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def focus_chain(self) -> list[QWidget]:
        chain: list[QWidget] = []
        for widget in self.fields.values():
            chain.extend(widget.focusables() if isinstance(widget, Rows) else [widget])
        return chain

    # --- reading and writing

    def load(self, data: Mapping[str, Any]) -> None:
        """Show a roster entry (a character's JSON dump or the defaults)."""
        self._quiet = True
        rest = dict(data)
        self.name.setText(str(rest.pop("name", "")))
        self.ident.setText(str(rest.pop("id", "")))
        self.description.setText(str(rest.pop("description", "") or ""))
        self.traits.setText(", ".join(str(t) for t in rest.pop("traits", ()) or ()))
        self.portrait.setText(str(rest.pop("portrait", "") or ""))
        attributes = rest.pop("attributes", {}) or {}
        for key in ATTRIBUTES:
            self._set(f"attributes.{key}", attributes.get(key, 0))
        defaults = Character.model_fields
        for key in ("health", "stamina", "edge", "initiative_dice", "speed_m", "reach_m",
                    "carries"):
            value = rest.pop(key, defaults[key].default)
            self._set(key, value if isinstance(value, int | float) else 1)
        self.size_box.setCurrentText(str(rest.pop("size", "medium")))
        self.skills.set_values(rest.pop("skills", {}) or {})
        self.weapons.set_ids(rest.pop("weapons", ()) or ())
        self.armor.set_ids(rest.pop("armor", ()) or ())
        sr = rest.pop("shadowrun", None)
        self.shadowrun.setChecked(sr is not None)
        self.sr_inner.setVisible(sr is not None)
        sr = dict(sr or DEFAULT_CHARACTER["shadowrun"])
        for key in (*SR_ATTRIBUTES, "initiative_dice", "initiative_passes"):
            self._set(f"shadowrun.{key}", sr.get(key, 3 if key in SR_ATTRIBUTES else 1))
        self._set("shadowrun.physical_limit", sr.get("physical_limit") or 0)
        self.sr_skills.set_values(sr.get("skills", {}) or {})
        self.kept = {k: v for k, v in rest.items() if v not in (None, [], (), {})}
        for line in (self.name, self.ident, self.description, self.traits):
            line.setCursorPosition(0)  # show the start of a long description
        self._quiet = False
        self.fix_tab_order()
        self._relayout()

    def _relayout(self) -> None:
        """Rows shown before the form is: Qt keeps the old minimum heights cached, and the
        scroll area would squash the Shadowrun block; recompute them."""
        for widget in (self, *self.findChildren(QWidget)):
            layout = widget.layout()
            if layout is not None:
                layout.invalidate()
        self.updateGeometry()

    def _set(self, key: str, value: float) -> None:
        box = self.fields[key]
        if isinstance(box, QSpinBox):
            box.setValue(int(value))
        elif isinstance(box, QDoubleSpinBox):
            box.setValue(float(value))

    def _value(self, key: str) -> int | float:
        box = self.fields[key]
        assert isinstance(box, QSpinBox | QDoubleSpinBox)
        return box.value()

    def data(self) -> tuple[dict[str, Any], list[tuple[str, str]]]:
        """The character as a roster entry, and problems no validator can see in it (a
        skill listed twice or left blank: a mapping keeps one of each)."""
        problems: list[tuple[str, str]] = []
        data: dict[str, Any] = {"id": self.ident.text().strip(), "name": self.name.text()}
        if self.description.text().strip():
            data["description"] = self.description.text()
        picture = self.portrait.text().strip()
        if picture:
            data["portrait"] = picture
            if self.base is not None:
                problem = _portrait_problem(self.base, picture)
                if problem:
                    problems.append(("portrait", problem))
        data["attributes"] = {k: self._value(f"attributes.{k}") for k in ATTRIBUTES}
        data["skills"] = self._skills("skills", self.skills.values(), problems)
        for key in ("health", "stamina", "edge", "speed_m", "reach_m", "initiative_dice"):
            data[key] = self._value(key)
        data["size"] = self.size_box.currentText()
        if self._value("carries"):
            data["carries"] = self._value("carries")
        data["armor"] = self.armor.ids()
        data["weapons"] = self.weapons.ids()
        data["traits"] = [t.strip() for t in re.split(r"[,\s]+", self.traits.text())
                          if t.strip()]
        data.update(self.kept)
        if self.shadowrun.isChecked():
            sr: dict[str, Any] = {k: self._value(f"shadowrun.{k}") for k in SR_ATTRIBUTES}
            sr["skills"] = self._skills("shadowrun.skills", self.sr_skills.values(), problems)
            if self._value("shadowrun.physical_limit"):
                sr["physical_limit"] = self._value("shadowrun.physical_limit")
            for key in ("initiative_dice", "initiative_passes"):
                sr[key] = self._value(f"shadowrun.{key}")
            data["shadowrun"] = sr
        return data, problems

    @staticmethod
    def _skills(key: str, rows: Iterable[tuple[str, int]],
                problems: list[tuple[str, str]]) -> dict[str, int]:
        out: dict[str, int] = {}
        for index, (name, rank) in enumerate(rows):
            if not name:
                problems.append((f"{key}[{index}]", "pick a skill or remove the row"))
            elif name in out:
                problems.append((f"{key}[{index}]", f"'{name}' is listed twice"))
            else:
                out[name] = rank
        return out

    # --- problems

    def widget_for(self, path: str) -> QWidget | None:
        """The field a problem's path names ("attributes.AG", "weapons[1]",
        "skills.Hand to hand", "shadowrun.skills[2]")."""
        for key in sorted(self.fields, key=len, reverse=True):
            if path != key and not path.startswith((f"{key}.", f"{key}[")):
                continue
            widget = self.fields[key]
            if isinstance(widget, Rows):
                row = self._row_index(key, widget, path[len(key):])
                return widget.rows[row].fields[0] if row is not None else widget.add
            return widget
        return None

    def _row_index(self, key: str, rows: Rows, rest: str) -> int | None:
        found = re.match(r"^\[(\d+)\]", rest)
        if found:
            index = int(found.group(1))
            return index if index < len(rows.rows) else None
        if isinstance(rows, SkillRows) and rest.startswith("."):
            name = rest[1:].removesuffix(".[key]")
            names = [n for n, _r in rows.values()]
            return names.index(name) if name in names else None
        return None

    def mark_problems(self, problems: Iterable[tuple[str, str]]) -> None:
        """A red border and the message on each field with a problem; the others clear."""
        messages: dict[int, list[str]] = {}
        targets: dict[int, QWidget] = {}
        for path, message in problems:
            widget = self.widget_for(path)
            if widget is not None:
                messages.setdefault(id(widget), []).append(message)
                targets[id(widget)] = widget
        everything = [w for w in self.fields.values() if not isinstance(w, Rows)]
        everything += [r.fields[0] for rows in self.fields.values() if isinstance(rows, Rows)
                       for r in rows.rows]
        everything += [rows.add for rows in self.fields.values() if isinstance(rows, Rows)]
        for widget in everything:
            found = messages.get(id(widget))
            mark(widget, "\n".join(found) if found else None)
