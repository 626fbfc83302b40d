"""What each ruleset family shows on the board and in the dock: the one interface the rest of
`tactical/ui/` reaches a ruleset's look through (implementations: `chapter6/`, `shadowrun/`).

A view is built per ruleset id (`tactical.ui.rulesets.view_for`). The board and the dock
never ask which ruleset runs; they ask the view for a text, a tooltip or a panel part.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from tactical.encounter.model import Combatant, EncounterState, PendingReaction
from tactical.geometry.bands import BandSpan
from tactical.rules.api import Ruleset

if TYPE_CHECKING:
    from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

    from tactical.encounter import commands as cmd
    from tactical.encounter.queries.preview import AttackPreview
    from tactical.ui.dock.style import Pips
    from tactical.ui.document import EncounterDocument


@dataclass(frozen=True, slots=True)
class TokenArcs:
    """What a token's two arcs show and its tooltip says, under the running ruleset."""

    left: float  # 0..1 left (Chapter 6: Health; Shadowrun: Physical boxes)
    right: float  # 0..1 left (Chapter 6: Stamina; Shadowrun: Stun boxes)
    down: bool  # out of the fight by the ruleset's own measure (a full monitor)
    tooltip: str  # rich text
    # the share the players' screen reads hurt / badly hurt / down from (None: `left`);
    # Shadowrun: the fuller of the two monitors, Stun counts (issue 25 item 6)
    hurt_left: float | None = None


class AttackLabels(Protocol):
    """The attack panel's shared labels a ruleset's part writes its preview into (the
    panel is tactical/ui/dock/attack.py, which builds the parts: named here, not imported,
    so the dock and the rulesets' parts do not import each other)."""

    tn_label: QLabel
    hit_label: QLabel
    breakdown: QLabel
    situation: QLabel
    advantage: QLabel
    odds: QLabel

    def show_sight(self, p: AttackPreview, target: Combatant | None, band: str) -> None:
        """What the map says about the shot (distance, the ruleset's `band` text, cover)."""
        ...


class TurnRows(Protocol):
    """The turn panel's rows a ruleset renames or hides (tactical/ui/dock/turn.py), by the
    action slot they show."""

    heading: QLabel
    labels: dict[str, QLabel]
    pips: dict[str, Pips]
    counts: dict[str, QLabel]
    full: QLabel


class AttackPart(Protocol):
    """A ruleset family's choices in the attack panel: its own widgets, built into the
    panel's form for every family; only the running ruleset's part is shown and asked."""

    family: str

    def widget(self, name: str) -> object | None:
        """The part's widget (or table of widgets) called `name`; None if it has none."""
        ...

    def below_form(self) -> tuple[QWidget, ...]:
        """Widgets the panel puts under its form (the option check boxes)."""
        ...

    def connect(self, refresh: Callable[..., None]) -> None:
        """Call `refresh` whenever a choice changes."""
        ...

    def hide(self) -> None: ...

    def reset(self) -> None:
        """A new attacker: every choice back to its default."""
        ...

    def set_enabled(self, on: bool) -> None: ...

    def sync(self, a: Combatant) -> None:
        """The attacker or the state changed (Edge left)."""
        ...

    def weapon_chosen(self, a: Combatant | None, weapon_id: str | None,
                      keep: str | None) -> None: ...

    def mode(self) -> str | None:
        """The chosen fire mode (kept when the weapon list refills)."""
        ...

    def reaction_weapon_fixed(self, offer: PendingReaction) -> bool:
        """The reaction decides the weapon (an Intercept fights with what is in hand)."""
        ...

    def refresh(self, kind: str | None, offer: PendingReaction | None) -> bool:
        """Show the choices that apply; True when the command is 'stop here', no roll."""
        ...

    def command(self, a: Combatant, target: str | None, weapon: str | None, kind: str | None,
                offer: PendingReaction | None) -> cmd.Attack | cmd.React | None: ...

    def roll_command(self, command: cmd.Attack | cmd.React) -> object:
        """What Roll applies for the previewed `command`: the command itself, or one the
        part builds around it (SR4: one melee action on several targets, the pool split)."""
        ...

    def show(self, panel: AttackLabels, p: AttackPreview, target: Combatant | None,
             stop: bool) -> None:
        """Write the preview into the panel's shared labels."""
        ...

    def problems(self, refusals: tuple[str, ...], stop: bool) -> list[str]:
        """The engine's refusals in this ruleset's words."""
        ...


class StatusPart(Protocol):
    """A ruleset family's rows in the combatant panel."""

    family: str

    def widget(self, name: str) -> object | None:
        """The part's widget called `name`; None if it has none."""
        ...

    def set_rows_visible(self, on: bool) -> None: ...

    def show(self, c: Combatant) -> None: ...


class RulesetView(Protocol):
    """One ruleset as the board and the dock show it."""

    family: str  # which parts (AttackPart.family, StatusPart.family) are this ruleset's

    # --- the board. Read on every drag step: the views keep them as plain attributes, so a
    # step makes no call for them (scripts/drag_hops.py).

    @property
    def map_reactions(self) -> bool:
        """Whether moving on the map can offer reactions at all."""
        ...

    @property
    def reaction_looks(self) -> Mapping[str, tuple[str, str]]:
        """Each reaction kind the map offers → (name, colour): the legend's rings, the drag's
        marks, labels and lines."""
        ...

    @property
    def no_reactions_note(self) -> str:
        """The drag panel's closing line when no reaction is offered."""
        ...

    def arc_names(self) -> tuple[str, str]:
        """What a token's left and right arcs show."""
        ...

    def token_arcs(self, c: Combatant, conditions: str, side: str | None = None) -> TokenArcs:
        """The token's arcs and tooltip (`conditions`: the conditions already worded;
        `side`: the map's name for its side, else its id)."""
        ...

    def band_label(self, span: BandSpan) -> str:
        """A range band's name on the board and in the hover text ('Long +5')."""
        ...

    def band_tip_note(self) -> str:
        """Appended to a range band's tooltip."""
        ...

    def reaction_title(self, kind: str) -> str:
        """A reaction's name from its kind's value (a pending reaction in the dock, an
        Overwatch zone on the board)."""
        ...

    # --- the dock: the turn

    def reaction_slot_tip(self) -> str: ...

    def action_cost(self, cost: str, command: str = "") -> str:
        """An action's cost (Chapter 6's words: "Major", "Minor + Move", "Full") as this
        ruleset says it on the token menu and the dock's buttons; `command` (its type) when
        the game costs that one its own way (Shadowrun: Ready weapon is Simple)."""
        ...

    def initiative_edge(self) -> tuple[tuple[str, str, int], ...]:
        """Edge this game spends on the Initiative score from the menus: (the word the
        command names, its name, its cost); Shadowrun's Blitz; empty: none."""
        ...

    def full_action_tip(self) -> str: ...

    def show_turn(self, panel: TurnRows, c: Combatant, state: EncounterState) -> None:
        """The ruleset's touches on the acting combatant's pips (heading, names, rows)."""
        ...

    # --- the dock: initiative

    def order_in_combat(self, state: EncounterState) -> tuple[str, ...]: ...

    def round_text(self, state: EncounterState) -> tuple[str, str]:
        """The round counter in combat (rich text) and its tooltip."""
        ...

    def side_column(self) -> str | None:
        """The initiative list's third column's header (Chapter 6: "Reactions"; SR4:
        "Passes", each combatant's own); None: no third column."""
        ...

    def side_cell(self, c: Combatant, state: EncounterState) -> tuple[str, str]:
        """That column's text and tooltip for one combatant."""
        ...

    def score_header(self) -> str: ...

    def combat_note(self, state: EncounterState) -> str | None:
        """The note under the list in combat; None: the next round's order."""
        ...

    def shown_score(self, c: Combatant, state: EncounterState) -> int:
        """The score the list shows for someone with initiative."""
        ...

    def score_from_shown(self, c: Combatant, state: EncounterState, shown: int) -> int:
        """The effective initiative a value typed into the list means."""
        ...

    def resting(self, c: Combatant, state: EncounterState) -> bool:
        """Done for now (greyed out in the list)."""
        ...

    def score_tip(self, c: Combatant, state: EncounterState) -> str: ...

    # --- the dock: the combatant panel and the attack panel

    def status_family(self, c: Combatant) -> str:
        """Whose rows show `c` (a family name)."""
        ...

    def harm_left(self, c: Combatant) -> str:
        """What a hit left of `c`, under the attack result ('Health 12 / 40')."""
        ...

    def weapon_text(self, document: EncounterDocument, weapon_id: str, ammo: str) -> str: ...

    def attack_number_tip(self, document: EncounterDocument) -> str:
        """The tooltip of the attack panel's big number (TN, or the pools)."""
        ...


class Family(Protocol):
    """A ruleset family (one package here): its view per ruleset, its panel parts."""

    name: str

    def view(self, ruleset: Ruleset) -> RulesetView: ...

    def attack_part(self, document: EncounterDocument, form: QFormLayout) -> AttackPart: ...

    def status_part(self, document: EncounterDocument, form: QFormLayout) -> StatusPart: ...
