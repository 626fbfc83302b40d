"""Chapter 6 on the board and in the dock: the map's four reactions, Health and Stamina arcs,
range bands with their TN modifier, rounds ordered by one initiative value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactical.encounter.model import Combatant, EncounterState, Phase
from tactical.geometry.bands import BandSpan
from tactical.rules.chapter6 import labels
from tactical.rules.chapter6.numbers import chapter6_numbers
from tactical.rules.chapter6.ruleset import Chapter6
from tactical.ui.rulesets.api import TokenArcs, TurnRows
from tactical.ui.rulesets.chapter6 import reactions

if TYPE_CHECKING:
    from tactical.ui.document import EncounterDocument


def health_arcs(c: Combatant, conditions: str, side: str | None = None) -> TokenArcs:
    """Health (left) and Stamina (right) left, and the tooltip that spells them out (the
    side by the map's name: the 720p aim's tooltip read "Kicker (runners)")."""
    left = max(0.0, 1.0 - c.damage / c.health) if c.health else 0.0
    right = max(0.0, 1.0 - c.fatigue / c.stamina) if c.stamina else 0.0
    tooltip = (f"<b>{c.name}</b> ({side or c.side})<br>Health {c.health - c.damage}/{c.health}"
               f"{f' (Stun {c.stun})' if c.stun else ''}<br>"
               f"Stamina {c.stamina - c.fatigue}/{c.stamina}<br>"
               f"Injury: {c.injury or 'none'}<br>Conditions: {conditions}")
    return TokenArcs(left, right, False, tooltip)


class Chapter6View:
    family = "chapter6"

    def __init__(self, ruleset: Chapter6) -> None:
        self.ruleset = ruleset
        self.map_reactions = True
        self.reaction_looks = reactions.looks(ruleset)
        self.no_reactions_note = "No reactions"

    # --- the board

    def arc_names(self) -> tuple[str, str]:
        return "Health", "Stamina"

    def token_arcs(self, c: Combatant, conditions: str, side: str | None = None) -> TokenArcs:
        return health_arcs(c, conditions, side)

    def band_label(self, span: BandSpan) -> str:
        # Ch.6 Range bands: the band's TN modifier (ruleset.yaml range_bands) is written on it
        return f"{span.band.value.capitalize()} +{span.tn}"

    def band_tip_note(self) -> str:
        return ""

    def reaction_title(self, kind: str) -> str:
        return reactions.title(self.ruleset, kind)

    # --- the turn

    def reaction_slot_tip(self) -> str:
        names = ", ".join(name for name, _colour in self.reaction_looks.values())
        return f"{names} — refreshed each round"

    def initiative_edge(self) -> tuple[tuple[str, str, int], ...]:
        return ()  # its Edge for initiative is its own entry (UseEdgeForInitiative)

    def action_cost(self, cost: str, command: str = "") -> str:
        return cost  # the menu's costs are written in Ch.6's words (Actions)

    def full_action_tip(self) -> str:
        return "Full action = Major + Move + Minor (Sprint, Charge, Refocus)"

    def show_turn(self, panel: TurnRows, c: Combatant, state: EncounterState) -> None:
        panel.heading.setText(f"{c.name}'s turn")

    # --- initiative

    def order_in_combat(self, state: EncounterState) -> tuple[str, ...]:
        return state.order

    def round_text(self, state: EncounterState) -> tuple[str, str]:
        return f"Round {state.round}", ""

    def side_column(self) -> str | None:
        return "Reactions"

    def side_cell(self, c: Combatant, state: EncounterState) -> tuple[str, str]:
        text = str(c.reactions) if state.phase is Phase.COMBAT else ""
        return text, f"{c.reactions} Reaction(s) left this round"

    def score_header(self) -> str:
        return "Init"

    def combat_note(self, state: EncounterState) -> str | None:
        return None

    def shown_score(self, c: Combatant, state: EncounterState) -> int:
        return c.effective_initiative()

    def score_from_shown(self, c: Combatant, state: EncounterState, shown: int) -> int:
        return shown

    def resting(self, c: Combatant, state: EncounterState) -> bool:
        return False

    def score_tip(self, c: Combatant, state: EncounterState) -> str:
        if c.initiative is None:
            return "No initiative yet: rolled at Start combat (or double-click to set)"
        parts = [f"Rolled/set {c.initiative}"]
        if c.initiative_this_round:
            parts.append(f"this round {c.initiative_this_round:+d}")
        if c.initiative_lasting:
            parts.append(f"to the end of combat {c.initiative_lasting:+d}")
        if c.initiative_next_round:
            parts.append(f"next round {c.initiative_next_round:+d}")
        if c.initiative_zero:
            parts.append("Initiative 0 to the end of combat")
        return "; ".join(parts) + f" → {c.effective_initiative()}"

    # --- the combatant and the attack

    def status_family(self, c: Combatant) -> str:
        return self.family

    def harm_left(self, c: Combatant) -> str:
        return f"Health {c.health - c.damage} / {c.health}"

    def weapon_text(self, document: EncounterDocument, weapon_id: str, ammo: str) -> str:
        weapon = document.loaded.library.weapons[weapon_id]
        return f"{weapon.name} ({weapon.damage}{ammo})"

    def attack_number_tip(self, document: EncounterDocument) -> str:
        rules = chapter6_numbers(document.encounter.ctx.rules)  # the encounter's (house) numbers
        return f"The target number the {labels.check_roll(rules)} + skill must reach"
