"""The GM's hands (issue 14): every engine command a GM gives outside a drag or the attack
panel, as entries for the token's right-click menu, the board's (a hex), the initiative
list's and the dock's buttons for the acting combatant. One catalogue builds all four, so
a control and its twin never disagree; each entry names the command type it sends (the
coverage test enumerates the engine's commands against these names).

Values the GM types come from an `Asker` (dialogs; tests give a scripted one).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import (
    QMenu,
    QWidget,
)

from tactical.core.ids import slug, unique
from tactical.encounter import commands as cmd
from tactical.encounter.handlers import terrain
from tactical.encounter.handlers.moves import hex_problems
from tactical.encounter.handlers.passes import DeclareFullDefense
from tactical.encounter.handlers.surprise import SurpriseTest
from tactical.encounter.model import Condition, Phase
from tactical.encounter.queries.area import Kind
from tactical.encounter.queries.preview import engine_refusals
from tactical.geometry.bands import weapon_range
from tactical.geometry.hexgrid import hex_distance, hex_line, hex_neighbours
from tactical.geometry.layout import hex_corners
from tactical.geometry.visibility import Sector, sector_polygon
from tactical.ui.board.tools import StartedBy
from tactical.ui.board.tools.area import AreaTool
from tactical.ui.board.view import BoardView
from tactical.ui.document import EncounterDocument
from tactical.ui.menus import Asker, Entry, fill_menu
from tactical.ui.rulesets import view_of

OVERWATCH_HALF_ANGLE = 45.0  # degrees each side of the aim: a 90° watched sector


def sector(centre: QPointF, toward: QPointF, radius: float) -> tuple[tuple[float, float], ...]:
    """RULINGS Overwatch "a sector": a wedge from `centre` toward `toward`, in metres (the
    geometry's own sector, as the command's polygon)."""
    aim = math.degrees(math.atan2(toward.y() - centre.y(), toward.x() - centre.x()))
    wedge = sector_polygon((centre.x(), centre.y()),
                           Sector(aim, 2 * OVERWATCH_HALF_ANGLE, radius))
    return tuple((round(x, 3), round(y, 3)) for x, y in wedge.exterior.coords[:-1])


MONITORS = ("physical", "stun")  # Shadowrun's two condition monitors, as ApplyDamage names them


class Hands:
    """The catalogue, bound to a document, its board view and an `Asker`."""

    def __init__(self, document: EncounterDocument, view: BoardView, ask: Asker) -> None:
        self.document = document
        self.view = view
        self.ask = ask
        # "Attack with <actor>…": the window opens the dock's attack panel on a target
        self.attack: Callable[[str], None] | None = None

    def apply(self, command: object) -> None:
        self.document.apply(command)

    def _later(self, command: object) -> Callable[[], None]:
        return lambda: self.apply(command)

    def _adder(self, h: tuple[int, int], character: str) -> Callable[[], None]:
        return lambda: self.add(h, character)

    # --- what the acting combatant may do (menu and dock buttons)

    def turn_entries(self, cid: str) -> list[Entry]:
        state = self.document.state
        c = state.get(cid)
        acting = state.actor == cid and not state.pending
        why = "" if acting else (f"not {c.name}'s turn" if state.actor != cid
                                 else "resolve the pending reactions first")
        library = self.document.loaded.library
        weapons = [w for w in library.characters[c.character].weapons if w in library.weapons]
        ready = [self._do(("Reload " if w == c.weapon else "Draw ") + library.weapons[w].name,
                          cmd.ReadyWeapon(cid, w)) for w in weapons]
        ready_gun = library.weapons.get(c.weapon) if c.weapon else None
        modes = list(ready_gun.modes) if ready_gun is not None else []
        patients = [o for o in state if hex_distance(o.hex, c.hex) <= 1 and o.injury]
        aid = [self._do(o.name, cmd.FirstAid(cid, o.id)) for o in patients] or [
            Entry("no injured combatant next to " + c.name, "FirstAid", enabled=False)]
        overwatch = [self._do("Everywhere in sight", cmd.DeclareOverwatch(cid)),
                     Entry("On a sector… (click where to watch)", "DeclareOverwatch",
                           run=lambda: self.overwatch_sector(cid),
                           probe=cmd.DeclareOverwatch(cid))]
        prone = c.has(Condition.PRONE)
        rules = self.document.encounter.ctx.rules  # the numbers in the words (ruleset.yaml)
        evade = rules.actions.evade
        step = self._free_step(cid)
        # a Charge's own hex is the GM's click to come; a Sprint of one hex asks the engine
        # whether the Full action it takes is there to spend
        full_move = cmd.Move(cid, (step,), "sprint") if step is not None else None
        entries = [
            Entry("Declare Overwatch", "DeclareOverwatch", "Major", children=overwatch),
            Entry("Ready weapon", "ReadyWeapon", "Major", children=ready or [
                Entry("no weapon carried", "ReadyWeapon", enabled=False)]),
            # Shadowrun's (issue 25): the ruleset's dice on its next attack
            self._do("Take Aim", cmd.TakeAim(cid), "Minor",
                     tip="dice on its next attack, more for each aim (the ruleset's most)"),
            self._do("Delay", cmd.DelayAction(cid),
                     tip="wait: act after the others of this pass (before acting)"),
            Entry("Change fire mode", "ChangeFireMode", "Minor", children=[
                self._do(mode, cmd.ChangeFireMode(cid, mode)) for mode in modes] or [
                Entry("no gun with fire modes ready", "ChangeFireMode", enabled=False)],
                tip="the mode its attacks fire in (a burst, full auto…)"),
            self._do("Evade", cmd.Evade(cid), " + ".join(
                f"{n} {a.capitalize()}" if n > 1 else a.capitalize()
                for a, n in Counter(evade).items()),
                tip=f"+{rules.movement.evade_tn} TN against ranged attacks until its "
                    "next turn"),
            self._do("Disengage", cmd.Disengage(cid), "Major",
                     tip="leave melee this turn without an Attack of Opportunity"),
            Entry("Charge…", "Move", "Full", lambda: self.straight(cid, "charge"),
                  tip="click the hex to charge to (a straight line, at least "
                      f"{rules.movement.charge_min_m:g} m)", probe=full_move, offer="Charge"),
            Entry("Sprint…", "Move", "Full", lambda: self.straight(cid, "sprint"),
                  tip="click the hex to sprint to (a straight line)", probe=full_move,
                  offer="Sprint"),
            self._do("Get up", cmd.GetUp(cid), "Move") if prone
            else self._do("Drop prone", cmd.DropProne(cid), "Minor"),
            self._do("Refocus", cmd.Refocus(cid), "Full", tip="roll initiative anew"),
            Entry("First aid on", "FirstAid", "Major", children=aid),
            Entry("More actions", children=self.more_turn_entries(cid),
                  tip="Auto fire at several, Dash, Use a skill, Assist, patches, Mount…"),
        ]
        for entry in entries:
            self._judge(entry)
            entry.enabled = entry.enabled and acting
            if why and not entry.tip:
                entry.tip = why
        return self._worded(entries)

    def attack_entry(self, cid: str) -> Entry:
        """Attack ▸ each enemy, from the acting combatant's own menu (issue 25): the dock's
        attack panel on that target."""
        state = self.document.state
        c = state.get(cid)
        enemies = [o for o in state if o.side != c.side and o.id not in c.undetected]
        children = [Entry(o.name, "Attack", run=self._attack_on(o.id),
                          tip=f"the dock's attack panel, {o.name} as the target")
                    for o in enemies]
        return Entry("Attack", "Attack", children=children or [
            Entry("no enemy on the map", "Attack", enabled=False)],
            enabled=state.actor == cid and not state.pending)

    def _attack_on(self, target: str) -> Callable[[], None] | None:
        attack = self.attack
        return None if attack is None else lambda: attack(target)

    def _do(self, text: str, command: object, cost: str = "", tip: str = "") -> Entry:
        """An entry that sends `command` as it is (the engine judges it: `_judge`)."""
        return Entry(text, type(command).__name__, cost, self._later(command), tip=tip,
                     probe=command)

    def _judge(self, entry: Entry) -> None:
        """Issue 26: an entry is enabled exactly when the engine would accept its command
        now (its dry run, up to the first die: tactical.encounter.queries.preview), the engine's
        reasons as its tip otherwise; a submenu when one of its entries is."""
        children = [child for child in entry.children if child is not None]
        for child in children:
            self._judge(child)
        if entry.probe is not None:
            refusals = engine_refusals(self.document.state, self.document.encounter.ctx,
                                       entry.probe)
            entry.enabled = entry.enabled and not refusals
            if refusals:
                entry.tip = "; ".join(refusals)
        elif children and entry.command:
            entry.enabled = entry.enabled and any(child.enabled for child in children)

    def _free_step(self, cid: str) -> tuple[int, int] | None:
        """A hex next to `cid` it could step into (for a probe of a move's cost)."""
        state, c = self.document.state, self.document.state.get(cid)
        grid = self.document.loaded.map.grid
        return next((h for h in hex_neighbours(c.hex) if grid.contains(h)
                     and not hex_problems(state, self.document.oracle, cid, h, last=True,
                                          came_from=c.hex)), None)

    def _worded(self, entries: list[Entry]) -> list[Entry]:
        """Only the actions the running game has (RULINGS "Actions": no Chapter 6 Overwatch,
        Evade, Refocus… under Shadowrun; the ruleset says, `offers`), their costs in its
        words (Shadowrun: Complex, Simple; issue 14)."""
        view = view_of(self.document.state)
        kept = [e for e in self._offered(entries) if e is not None]
        for entry in kept:
            entry.cost = view.action_cost(entry.cost, entry.command)
        return kept

    def _offered(self, entries: Sequence[Entry | None]) -> list[Entry | None]:
        """`entries` without those whose command the game does not have (separators kept),
        nor a submenu left empty by that."""
        state = self.document.state
        ruleset = self.document.encounter.ctx.ruleset_of(state.ruleset)
        kept: list[Entry | None] = []
        for entry in entries:
            if entry is not None and entry.command and not ruleset.offers(
                    entry.offer or entry.command):
                continue
            if entry is not None and any(c is not None for c in entry.children):
                entry.children = self._offered(entry.children)
                if not any(c is not None for c in entry.children):
                    continue  # a submenu of actions the game does not have
            kept.append(entry)
        return kept

    def more_turn_entries(self, cid: str) -> list[Entry]:
        """The table actions of Ch.6 beyond the three Ms (issue 12): Auto fire at several,
        Dash, Use a Skill, Assist, patches, recovering a weapon, breaking free."""
        state = self.document.state
        c = state.get(cid)
        enemies = [o for o in state if o.side != c.side]
        allies = [o for o in state if o.side == c.side and o.id != cid]
        near = [o for o in state if hex_distance(o.hex, c.hex) <= 1 and o.injury]
        sheets = self.document.loaded.library.characters
        mounts = [o for o in allies if hex_distance(o.hex, c.hex) <= 1
                  and o.character in sheets and sheets[o.character].carries > 0]
        step = self._free_step(cid)
        skills = sorted(sheets[c.character].skills) if c.character in sheets else []
        return self._worded([
            *self.aim_entries(cid),
            Entry("Auto fire at", "AutoFire", "Major + Minor", children=[
                Entry(o.name, "AutoFire", run=self._auto_fire(cid, o.id),
                      probe=self._auto_fire_command(cid, o.id)) for o in enemies]
                or [Entry("no enemy", "AutoFire", enabled=False)],
                tip="the target and every enemy in its vicinity, each at Disadvantage"),
            Entry("Throw / launch at", "AreaAttack", "Major", children=[  # issue 27
                Entry(o.name, "AreaAttack", run=self._later(cmd.AreaAttack(cid, blast, o.hex)))
                for o in enemies for blast in self._blasts(cid)[:1]]
                or [Entry("no blast weapon or enemy", "AreaAttack", enabled=False)],
                tip="the weapon in hand, aimed at the enemy's hex: a miss scatters"),
            Entry("Suppressive fire toward", "SuppressiveFire", "Full", children=[
                Entry(o.name, "SuppressiveFire",
                      run=self._later(cmd.SuppressiveFire(cid, o.hex))) for o in enemies]
                or [Entry("no enemy", "SuppressiveFire", enabled=False)],
                tip=f"a {self._sector()} toward the enemy: everyone in it and in sight, "
                    "vs Discipline"),
            Entry("Dash…", "Dash", "Full", lambda: self.dash(cid),
                  tip="click the hex to dash to",
                  probe=cmd.Dash(cid, (step,)) if step is not None else None),
            Entry("Use a skill…", "UseSkill", "Major", lambda: self.use_skill(cid),
                  probe=cmd.UseSkill(cid, skills[0], "moderate") if skills else None),
            Entry("Assist", "Assist", "Major", children=[
                self._do(o.name, cmd.Assist(cid, o.id)) for o in allies]
                or [Entry("no ally", "Assist", enabled=False)]),
            Entry("Trauma patch on", "ApplyTraumaPatch", "Minor", children=[
                self._do(o.name, cmd.ApplyTraumaPatch(cid, o.id)) for o in near]
                or [Entry("no injured combatant here", "ApplyTraumaPatch", enabled=False)]),
            Entry("Stim patch…", "ApplyStimPatch", "Minor", lambda: self.stim(cid)),
            self._do("Recover weapon", cmd.RecoverWeapon(cid)),
            self._do("Break free", cmd.BreakFree(cid), "Major"),
            # Ch.6 Mount/Dismount, l.208 (a Move action each way)
            Entry("Mount", "Mount", "Move", children=[
                self._do(o.name, cmd.Mount(cid, o.id)) for o in mounts]
                or [Entry(f"no mount or vehicle next to {c.name}", "Mount", enabled=False)],
                tip="get onto a mount or vehicle next to it and move with it"),
            Entry("Dismount…", "Dismount", "Move", lambda: self.dismount(cid),
                  enabled=c.riding is not None,
                  tip="click the hex next to the mount to get off onto"),
        ])

    def aim_entries(self, cid: str) -> list[Entry]:
        """Issue 27: the area attacks aimed on the board (tools/area.py): a blast weapon's
        rings, Auto fire's vicinity, Suppressive Fire's sector follow the cursor; a click
        commits."""
        c = self.document.state.get(cid)
        library = self.document.loaded.library
        sheet = library.characters.get(c.character)
        blasts = [w for w in (sheet.weapons if sheet else ()) if w in library.weapons
                  and library.weapons[w].area is not None]
        entries = []
        for w in blasts:
            weapon = library.weapons[w]
            area = weapon.area
            assert area is not None
            verb = "Throw" if area.delivery == "thrown" else "Fire"
            words = f"{verb} {w.replace('-', ' ')}…"
            entries.append(Entry(
                words, "AreaAttack", "Major",
                self._aimer("blast", cid, w, f"{c.name}: {verb.lower()} the {weapon.name} — "
                                              "aim at a hex"),
                tip="the rings follow the cursor; a click throws, a miss scatters",
                probe=cmd.AreaAttack(cid, w, c.hex)))
        # Suppressive Fire sprays a firearm (the one in hand, else the first carried), never
        # a grenade (the 1080p grab: the grenade in hand "fired" at two runners vs Discipline)
        held = (c.weapon,) if c.weapon else ()
        carried = [w for w in (*held, *(sheet.weapons if sheet else ())) if w in library.weapons]
        spray = next((w for w in carried if library.weapons[w].kind == "ranged"
                      and library.weapons[w].area is None), None)
        # Auto fire likewise fires a gun with AF (l.460), not the grenade in hand
        auto = next((w for w in carried if "AF" in library.weapons[w].modes), None)
        entries += [
            Entry("Auto fire at several…", "AutoFire", "Major + Minor",
                  self._aimer("vicinity", cid, auto,
                              f"{c.name}: Auto fire"
                              f"{f' ({library.weapons[auto].name})' if auto else ''}"
                              " — place the vicinity on the targets"),
                  enabled=auto is not None,
                  tip="place the vicinity: every enemy in it is attacked, at Disadvantage"
                  if auto else f"{c.name} carries no gun that fires AF"),
            Entry("Suppressive fire…", "SuppressiveFire", "Full",
                  self._aimer("sector", cid, spray,
                              f"{c.name}: Suppressive fire"
                              f"{f' ({library.weapons[spray].name})' if spray else ''}"
                              " — aim the zone"),
                  enabled=spray is not None,
                  tip=f"aim the {self._sector()}: every enemy in it and in sight, vs Discipline"
                  if spray else f"{c.name} carries no firearm to spray"),
        ]
        return entries

    def _sector(self) -> str:
        """Suppressive Fire's zone in words, its angle from the ruleset ("60° zone")."""
        area = self.document.encounter.ctx.ruleset_of(self.document.state.ruleset).area
        return f"{area.suppression[0]:g}° zone" if area is not None else "zone"

    def _aimer(self, kind: Kind, cid: str, weapon: str | None,
               prompt: str) -> Callable[[], None]:
        def start() -> None:
            tool = self.view.tools.by_name["area"]
            assert isinstance(tool, AreaTool)
            tool.aim_with(kind, cid, weapon, prompt)
            self.view.tools.use("area", self.view.mapToScene(
                self.view.mapFromGlobal(QCursor.pos())), cid, StartedBy.MENU)
        return start

    def dismount(self, cid: str) -> None:
        c = self.document.state.get(cid)

        def onto(point: QPointF) -> None:
            self.apply(cmd.Dismount(cid, self.view.board.hex_at(point)))

        self.view.pick_point(f"{c.name}: click the hex to get off onto", onto)

    def _auto_fire(self, cid: str, first: str) -> Callable[[], None]:
        return lambda: self.apply(self._auto_fire_command(cid, first))

    def _auto_fire_command(self, cid: str, first: str) -> cmd.AutoFire:
        """Auto fire at `first` and every enemy in its vicinity (Ch.6 l.464)."""
        state = self.document.state
        rules = self.document.encounter.ctx.rules
        hexes = rules.auto_fire_spread.vicinity_m / rules.metres_per_hex
        target = state.get(first)
        others = tuple(o.id for o in state if o.side == target.side and o.id != first
                       and hex_distance(o.hex, target.hex) <= hexes)
        return cmd.AutoFire(cid, (first, *others))

    def _blasts(self, cid: str) -> list[str]:
        """The blast weapon in hand (issue 27), or none."""
        ready = self.document.state.get(cid).weapon
        weapons = self.document.loaded.library.weapons
        found = weapons.get(ready) if ready is not None else None
        return [ready] if ready is not None and found is not None and found.area else []

    def dash(self, cid: str) -> None:
        c = self.document.state.get(cid)

        def to(point: QPointF) -> None:
            path = hex_line(c.hex, self.view.board.hex_at(point))[1:]
            if path:
                self.apply(cmd.Dash(cid, tuple(path)))

        self.view.pick_point(f"{c.name}: click the hex to dash to", to)

    def use_skill(self, cid: str) -> None:
        c = self.document.state.get(cid)
        skills = sorted(self.document.loaded.library.characters[c.character].skills)
        skill = self.ask.choice("Use a skill", f"{c.name}'s skill", skills or ["none"])
        if skill is None:
            return
        difficulty = self._difficulty("Use a skill")
        if difficulty is not None:
            self.apply(cmd.UseSkill(cid, skill, difficulty))

    def _difficulty(self, title: str) -> str | None:
        """A difficulty the ruleset names (checks.difficulty: trivial … near impossible),
        Moderate offered first."""
        names = list(self.document.encounter.ctx.rules.checks.difficulty)
        return self.ask.choice(title, "Difficulty", names,
                               names.index("moderate") if "moderate" in names else 0)

    def stim(self, cid: str) -> None:
        rating = self.ask.number("Stim patch", "Rating", 0, 0, 10)
        if rating is not None:
            self.apply(cmd.ApplyStimPatch(cid, rating))

    def discipline(self, cid: str) -> None:
        against = self.ask.choice("Discipline check", "Against", ("pin", "fear"))
        if against is not None:
            self.apply(cmd.DisciplineCheck(cid, against))

    def rest(self, cid: str) -> None:
        kind = self.ask.choice("Rest", "How long", ("brief", "short", "long", "partial_long"),
                               1)
        if kind is not None:
            self.apply(cmd.Rest(kind, cid))

    def overwatch_sector(self, cid: str) -> None:
        c = self.document.state.get(cid)
        weapons = self.document.loaded.library.weapons
        reach = weapon_range(weapons[c.weapon], self.document.oracle.params) \
            if c.weapon is not None and c.weapon in weapons else None
        radius = reach.max_m if reach is not None else 100.0
        centre = self.view.board.centre(c.hex)

        def aimed(point: QPointF) -> None:
            self.apply(cmd.DeclareOverwatch(cid, sector(centre, point, radius)))

        self.view.pick_point(f"{c.name}'s Overwatch: click where to watch", aimed,
                             lambda point: sector(centre, point, radius),
                             f"Click where {c.name} watches (Esc cancels)")

    def straight(self, cid: str, how: str) -> None:
        c = self.document.state.get(cid)

        def to(point: QPointF) -> None:
            end = self.view.board.hex_at(point)
            path = hex_line(c.hex, end)[1:]
            if path:
                self.apply(cmd.Move(cid, tuple(path), how))

        self.view.pick_point(f"{c.name}: click the hex to {how} to", to)

    # --- what the GM may do to anyone, any time

    def gm_entries(self, cid: str) -> list[Entry | None]:
        return self._offered(self._gm_entries(cid))

    def _gm_entries(self, cid: str) -> list[Entry | None]:
        c = self.document.state.get(cid)
        conditions = [Entry(x.value.capitalize(), "SetCondition", checked=c.has(x),
                            run=self._later(cmd.SetCondition(cid, x.value, not c.has(x))))
                      for x in Condition if x is not Condition.MOUNTED]  # Mount/Dismount
        # Shadowrun's interrupt (issue 25 item 2): the defender's own, any time in combat
        full_defense = self._do("Full Defense", DeclareFullDefense(cid),
                                tip="an interrupt: its Initiative now, its dice on every "
                                    "defence to the end of the combat turn")
        self._judge(full_defense)
        return [
            Entry("Awareness check…", "CheckAwareness", run=lambda: self.awareness(cid)),
            # Ch.6 l.46: hidden from the enemies not Fully aware, until detected
            Entry("Mark seen" if c.hidden else "Mark hidden", "SetHidden",
                  run=self._later(cmd.SetHidden(cid, not c.hidden)),
                  tip="it used Stealth: enemies not Fully aware have not detected it"
                  if not c.hidden else "every enemy detects it again"),
            Entry("Set/clear condition", "SetCondition", children=conditions),
            Entry("Side", "SetSide", children=self.side_entries(cid),
                  tip="put it on another side (a turncoat; logged, undoable)"),
            None,
            Entry("Apply damage…", "ApplyDamage", run=lambda: self.damage(cid)),
            Entry("Heal by hand…", "HealByHand", run=lambda: self.heal(cid),
                  enabled=c.damage > 0 or c.stun > 0),
            # Shadowrun has no Health or Stamina (its monitors come from the sheet): Edge only
            Entry("Edit Edge…", "EditVitals", run=lambda: self.edge(cid))
            if self._has_monitors(cid) else
            Entry("Edit Health/Stamina/Edge…", "EditVitals", run=lambda: self.vitals(cid)),
            Entry("Lower the last injury", "LowerInjury", "1 Edge",
                  lambda: self.apply(cmd.LowerInjury(cid)), enabled=c.last_hit is not None),
            Entry("Edge for a Reaction", "UseEdgeForReaction", "1 Edge",
                  self._later(cmd.UseEdgeForReaction(cid)), enabled=c.edge > 0),
            full_defense,
            Entry("Discipline check…", "DisciplineCheck", run=lambda: self.discipline(cid),
                  tip="overcome a pin or resist fear"),
            Entry("Rest…", "Rest", run=lambda: self.rest(cid),
                  enabled=self.document.state.phase is not Phase.COMBAT,
                  tip="outside combat: Stamina back"),
            None,
            *self.initiative_entries(cid),
            None,
            Entry("Remove from the fight", "RemoveCombatant",
                  run=lambda: self.apply(cmd.RemoveCombatant(cid))),
            Entry("Centre on", run=lambda: self.view.centre_on_hex(c.hex)),
        ]

    def initiative_entries(self, cid: str) -> list[Entry]:
        return [e for e in self._offered(self._initiative_entries(cid)) if e is not None]

    def _initiative_entries(self, cid: str) -> list[Entry]:
        c = self.document.state.get(cid)
        own = [Entry(name, "UseEdge", f"{cost} Edge",  # the game's own (Shadowrun: Blitz)
                     self._later(cmd.UseEdge(cid, word)),
                     tip="its Initiative score rolled anew, before it acts this combat turn",
                     probe=cmd.UseEdge(cid, word))
               for word, name, cost in view_of(self.document.state).initiative_edge()]
        for entry in own:
            self._judge(entry)
        return [
            Entry("Roll initiative", "RollInitiative",
                  run=lambda: self.apply(cmd.RollInitiative(cid))),
            Entry("Edge for initiative", "UseEdgeForInitiative",
                  f"1 Edge, +{self.document.encounter.ctx.rules.initiative.edge_bonus}",
                  lambda: self.apply(cmd.UseEdgeForInitiative(cid)), enabled=c.edge > 0),
            *own,
            Entry("Set initiative…", "SetInitiative", run=lambda: self.set_initiative(cid)),
            *self.surprise_entries(cid),
        ]

    def surprise_entries(self, cid: str) -> list[Entry]:
        """A ruleset's own surprise test (Shadowrun, RULINGS "Surprise"), before combat;
        none under Chapter 6 (its Awareness check)."""
        state = self.document.state
        rules = self.document.encounter.ctx.ruleset_of(state.ruleset).surprise
        if rules is None:
            return []
        return [Entry("Surprise test", "SurpriseTest",
                      run=lambda: self.apply(SurpriseTest(cid)),
                      enabled=state.phase is Phase.SETUP,
                      tip=f"before combat: {rules.words}")]

    def awareness(self, cid: str) -> None:
        state = self.document.state
        c = state.get(cid)
        in_combat = state.phase is Phase.COMBAT
        against: str | None = None
        hidden = {state.get(x).name: x for x in sorted(c.undetected) if x in state.combatants}
        if hidden:  # Ch.6 l.46: a check against one enemy it has not detected
            anyone = "everyone (a general check)"
            chosen = self.ask.choice("Awareness check", f"{c.name} looks for",
                                     [anyone, *hidden])
            if chosen is None:
                return
            against = hidden.get(chosen)
        effort = self.ask.choice("Awareness check", f"{c.name}'s effort"
                                 + (" (spends that action)" if in_combat else ""),
                                 list(self.document.encounter.ctx.rules.perception.effort_tn))
        if effort is None:
            return
        difficulty = self._difficulty("Awareness check")
        if difficulty is not None:
            self.apply(cmd.CheckAwareness(cid, effort, difficulty, against=against))

    def _has_monitors(self, cid: str) -> bool:
        """Whether the game marks damage on condition monitors (Shadowrun): the ruleset
        says, by giving them (no ruleset id tested here)."""
        state = self.document.state
        ruleset = self.document.encounter.ctx.ruleset_of(state.ruleset)
        return ruleset.monitors_json(state.get(cid)) is not None

    def damage(self, cid: str) -> None:
        name = self.document.state.get(cid).name
        monitors = self._has_monitors(cid)
        amount = self.ask.number("Apply damage", f"Boxes on {name}'s monitor" if monitors
                                 else f"Damage to {name} (after armor)", 5, 1, 9999)
        if amount is None:
            return
        # a monitor by its name on the sheet ("Stun"), sent as ApplyDamage names it ("stun")
        kinds = [k.capitalize() for k in MONITORS] if monitors \
            else list(self.document.encounter.ctx.rules.damage_types)
        kind = self.ask.choice("Apply damage", "Monitor" if monitors else "Damage type", kinds)
        if kind is not None:
            self.apply(cmd.ApplyDamage(cid, amount, kind.lower() if monitors else kind))

    def heal(self, cid: str) -> None:
        c = self.document.state.get(cid)
        kind = "physical"
        if self._has_monitors(cid):  # boxes cleared on the monitor the GM names
            marked = [k for k, n in (("Physical", c.damage), ("Stun", c.stun)) if n > 0]
            chosen = self.ask.choice("Heal by hand", "Monitor", marked)
            if chosen is None:
                return
            kind = chosen.lower()
        most = c.stun if kind == "stun" else c.damage
        amount = self.ask.number("Heal by hand", f"Boxes {c.name} heals" if
                                 self._has_monitors(cid) else f"Damage {c.name} heals",
                                 most, 1, max(1, most))
        if amount is not None:
            self.apply(cmd.HealByHand(cid, amount, kind))

    def vitals(self, cid: str) -> None:
        c = self.document.state.get(cid)
        got = self.ask.vitals(f"{c.name}: Health, Stamina, Edge", c.health, c.stamina, c.edge)
        if got is not None:
            self.apply(cmd.EditVitals(cid, *got))

    def edge(self, cid: str) -> None:
        c = self.document.state.get(cid)
        value = self.ask.number("Edge", f"{c.name}'s Edge left", c.edge, 0, 99)
        if value is not None:
            self.apply(cmd.EditVitals(cid, edge=value))

    def set_initiative(self, cid: str) -> None:
        c = self.document.state.get(cid)
        value = self.ask.number("Initiative", f"{c.name}'s initiative", c.initiative or 0, 0,
                                999)
        if value is not None:
            self.apply(cmd.SetInitiative(cid, value))

    # --- the menus

    def token_menu(self, cid: str, parent: QWidget | None = None) -> QMenu:
        c = self.document.state.get(cid)
        menu = QMenu(c.name, parent)
        menu.setObjectName("tokenMenu")
        title = menu.addAction(c.name)
        title.setEnabled(False)
        state = self.document.state
        first: list[Entry | None] = []
        if state.actor is not None and state.actor != cid and self.attack is not None:
            attack = self.attack
            first = [Entry(f"Attack with {state.get(state.actor).name}…", "Attack",
                           run=lambda: attack(cid),
                           tip="the dock's attack panel, this token as the target"), None]
        elif state.actor == cid and self.attack is not None:  # the actor's own menu
            first = [self.attack_entry(cid), None]
        tools = self.tool_entries(c.hex, cid)
        fill_menu(menu, [*first, *self.turn_entries(cid), None, *self.gm_entries(cid),
                         *([None, *tools] if tools else [])])
        return menu

    def hex_menu(self, h: tuple[int, int], parent: QWidget | None = None) -> QMenu:
        menu = QMenu(f"Hex {h[0]},{h[1]}", parent)
        menu.setObjectName("hexMenu")
        fill_menu(menu, self.hex_entries(h))
        return menu

    def hex_entries(self, h: tuple[int, int]) -> list[Entry | None]:
        state = self.document.state
        library = self.document.loaded.library
        roster = [Entry(sheet.name, "AddCombatant", run=self._adder(h, sheet.id))
                  for sheet in sorted(library.characters.values(), key=lambda s: s.name)]
        entries: list[Entry | None] = [
            Entry("Add combatant here", "AddCombatant", children=[
                *roster, None,
                Entry("Quick NPC…", "AddCombatant", run=lambda: self.quick_npc(h))]),
        ]
        selected = self.document.selected or ""
        if selected in state.combatants and state.get(selected).hex != h:
            name = state.get(selected).name
            entries.append(Entry(f"Put {name} here", "GMMove", "GM move",
                                 self._later(cmd.GMMove(selected, h)),
                                 tip="no action, no reaction; logged as a GM move"))
        entries += [Entry("Drop rubble here (low medium cover)", "AddCover",
                          run=lambda: self.rubble(h),
                          tip="mid-fight terrain: a low cover piece on this hex (undoable)")]
        return [*entries, None, *self.tool_entries(h)]

    def tool_entries(self, h: tuple[int, int], token: str | None = None) -> list[Entry]:
        """The board tools a menu starts on `h` (on `token`'s menu, the tools that ask for
        a token): Measure from here."""
        tools = self.view.tools
        at = self.view.board.centre(h)

        def starts(name: str) -> Callable[[], None]:
            def start() -> None:
                tools.use(name, at, token, StartedBy.MENU)
            return start

        return [Entry(words, run=starts(name))
                for name, words in tools.menu(on_token=token is not None)]

    def rubble(self, h: tuple[int, int]) -> None:
        """Issue 15 mid-fight terrain: a wall blown into rubble, a dropped shutter."""
        state = self.document.state
        taken = [c.id for c in state.cover_added] + [c.id for c in self.document.loaded.map.cover
                                                      if c.id]
        corners = hex_corners(self.view.board.layout, h, 0.9)
        self.apply(terrain.AddCover(unique("rubble", taken), "Rubble", "medium", "low",
                                    tuple((round(x, 2), round(y, 2)) for x, y in corners)))

    # --- sides (issue 26: an imported map has none; the GM names them)

    NEW_SIDE = "New side…"

    def sides(self) -> dict[str, str]:
        """The sides a GM may choose, id → name: the map's, then those in play."""
        named = {sid: side.name for sid, side in self.document.loaded.map.sides.items()}
        for c in self.document.state:
            named.setdefault(c.side, c.side)
        return named

    def side_entries(self, cid: str) -> list[Entry]:
        c = self.document.state.get(cid)
        return [*(Entry(name, "SetSide", checked=sid == c.side,
                        run=self._later(cmd.SetSide(cid, sid)), enabled=sid != c.side)
                  for sid, name in self.sides().items()),
                Entry(self.NEW_SIDE, "SetSide", run=lambda: self._new_side_for(cid))]

    def _new_side_for(self, cid: str) -> None:
        side = self._new_side()
        if side is not None:
            self.apply(cmd.SetSide(cid, side))

    def _new_side(self) -> str | None:
        name = self.ask.text("New side", "The side's name", "")
        if not name or not name.strip():
            return None
        return slug(name, "side")

    def _side_for(self, character: str) -> str | None:
        """Asks which side the newcomer joins: the map's sides or those in play (the one
        its character's tokens are on first), or a new one."""
        named = self.sides()
        same = [c.side for c in self.document.state if c.character == character]
        ids = list(named)
        current = ids.index(same[0]) if same else max(0, len(ids) - 1)
        label = self.ask.choice("Add combatant", "Side", [*named.values(), self.NEW_SIDE],
                                current)
        if label is None:
            return None
        if label == self.NEW_SIDE:
            return self._new_side()
        return next(sid for sid, name in named.items() if name == label)

    def add(self, h: tuple[int, int], character: str, name: str | None = None) -> None:
        sheet = self.document.loaded.library.characters[character]
        state = self.document.state
        count = sum(1 for c in state if c.character == character)
        name = name or (f"{sheet.name} {count + 1}" if count else sheet.name)
        side = self._side_for(character)
        if side is None:
            return
        self.apply(cmd.AddCombatant(unique(slug(name, "npc"), state.combatants), character, h, side,
                                    name))

    def quick_npc(self, h: tuple[int, int]) -> None:
        library = self.document.loaded.library
        sheets = sorted(library.characters.values(), key=lambda s: s.name)
        label = self.ask.choice("Quick NPC", "Built like", [s.name for s in sheets])
        if label is None:
            return
        sheet = next(s for s in sheets if s.name == label)
        name = self.ask.text("Quick NPC", "Name", f"NPC {len(self.document.state.order) + 1}")
        if name is not None:
            self.add(h, sheet.id, name)
