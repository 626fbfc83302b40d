"""Shadowrun (SR4, SR5) on the board and in the dock: SR5's Intercept the one map reaction,
Physical and Stun arcs, range bands without a TN (range is the GM's pool modifier), initiative
passes."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tactical.encounter.model import Combatant, EncounterState, Phase
from tactical.geometry.bands import BandSpan
from tactical.rules.shadowrun.describe import monitor_text
from tactical.rules.shadowrun.engine import monitors
from tactical.rules.shadowrun.ruleset import Shadowrun
from tactical.rules.shadowrun.sheet import weapon_numbers
from tactical.ui.board.palette import OKABE_ITO
from tactical.ui.dock import style
from tactical.ui.rulesets.api import TokenArcs, TurnRows
from tactical.ui.rulesets.chapter6.view import health_arcs
from tactical.ui.rulesets.shadowrun.attack import pools_tip
from tactical.ui.rulesets.shadowrun.passes import passes_cell
from tactical.ui.rulesets.shadowrun.status import pass_score

if TYPE_CHECKING:
    from tactical.ui.document import EncounterDocument


SR_ACTION_WORDS = {"Major": "Complex", "Minor": "Simple", "Full": "Complex + Move + Simple"}


class ShadowrunView:
    family = "shadowrun"

    def __init__(self, ruleset: Shadowrun) -> None:
        self.ruleset = ruleset
        # SR5's Intercept is Shadowrun's one map reaction; SR4 has none (RULINGS)
        self.reaction_looks = {spec.name: (spec.label, OKABE_ITO[spec.colour])
                               for spec in ruleset.reaction_kinds}
        self.map_reactions = bool(self.reaction_looks)
        self.no_reactions_note = ("No reactions" if self.map_reactions
                                  else "Shadowrun: no map reactions")

    # --- the board

    def arc_names(self) -> tuple[str, str]:
        return "Physical", "Stun"

    def token_arcs(self, c: Combatant, conditions: str, side: str | None = None) -> TokenArcs:
        """The arcs are the condition monitors' boxes left (Physical left, Stun right)."""
        sr = monitors(c)
        if sr is None:  # no monitors sized from the sheet: Chapter 6's arcs
            return health_arcs(c, conditions, side)
        left = max(0.0, 1.0 - sr.physical / sr.physical_size) if sr.physical_size else 0.0
        right = max(0.0, 1.0 - sr.stun / sr.stun_size) if sr.stun_size else 0.0
        status = sr.status.value
        stun = (f"{sr.stun_size - sr.stun}/{sr.stun_size} boxes left ({sr.stun} marked)"
                if sr.stun_size is not None else f"{sr.stun} marked")
        overflow = f", {sr.overflow} overflow" if sr.overflow else ""
        tooltip = (f"<b>{c.name}</b> ({side or c.side})<br>"
                   f"Physical (left arc): {sr.physical_size - sr.physical}/{sr.physical_size} "
                   f"boxes left ({sr.physical} marked{overflow})<br>"
                   f"Stun (right arc): {stun}<br>"
                   + (f"Status: {status}<br>" if status != "ok" else "")
                   + f"Conditions: {conditions}")
        # the players' screen: Stun hurts as much as Physical (a full Stun monitor is down)
        return TokenArcs(left, right, status != "ok", tooltip, hurt_left=min(left, right))

    def band_label(self, span: BandSpan) -> str:
        return span.band.value.capitalize()  # SR range is the GM's pool ±, no TN

    def band_tip_note(self) -> str:
        return " — Shadowrun: a range modifier is the GM's Attack pool ±"

    def reaction_title(self, kind: str) -> str:
        return kind.replace("_", " ").capitalize()  # never offered under Shadowrun

    # --- the turn

    def reaction_slot_tip(self) -> str:
        return "No map reactions under Shadowrun"

    def action_cost(self, cost: str, command: str = "") -> str:
        # RULINGS "Actions" (sr4/sr5.yaml `actions`): what the game costs its own way (Ready
        # weapon: Simple, Drop prone: Free); else a Major is a Complex action, a Minor a
        # Simple one, a Full all of the phase; Move stays Move
        own = self.ruleset.numbers.actions.costs.get(command)
        if cost and own is not None:
            return own.capitalize()
        return re.sub(r"\b(Major|Minor|Full)\b", lambda m: SR_ACTION_WORDS[m.group(1)], cost)

    def initiative_edge(self) -> tuple[tuple[str, str, int], ...]:
        return tuple((word, use.name, use.cost)
                     for word, use in self.ruleset.numbers.actions.edge.items()
                     if use.when == "initiative")

    def full_action_tip(self) -> str:
        return ""

    def show_turn(self, panel: TurnRows, c: Combatant, state: EncounterState) -> None:
        """An SR action phase (Tactical's mapping): a Complex action (Major: an attack), a
        Move and a Simple action (Minor); no map reactions, downgrades or Full actions."""
        panel.heading.setText(f"{c.name}'s action phase (pass {state.initiative_pass})")
        for key in ("reaction", "downgrade"):
            for w in (panel.labels[key], panel.pips[key], panel.counts[key]):
                w.setVisible(False)
        panel.full.setVisible(False)
        panel.labels["major"].setText("Complex")
        panel.labels["minor"].setText("Simple")
        panel.labels["major"].setToolTip("Complex action: an attack (Major in the log)")
        panel.labels["minor"].setToolTip("Simple action (Minor in the log)")
        if "major" not in self.ruleset.numbers.initiative.action_phase:
            # RULINGS "Actions": two Simple actions a phase, a Complex one takes both — no
            # Complex row of its own, and the second Simple is no tier bonus
            for w in (panel.labels["major"], panel.pips["major"], panel.counts["major"]):
                w.setVisible(False)
            left = c.budget.minor
            panel.counts["minor"].setText(f"{left} left (a Complex action takes both)")
            panel.labels["minor"].setToolTip("Simple actions (Minor in the log): two a phase; "
                                             "a Complex action (full auto, melee) takes both")

    # --- initiative

    def order_in_combat(self, state: EncounterState) -> tuple[str, ...]:
        """Those who act in this pass, then the rest (done for this combat turn)."""
        rest = sorted((c for c in state if c.id not in state.order),
                      key=lambda c: (c.effective_initiative(), c.tiebreak), reverse=True)
        return (*state.order, *(c.id for c in rest))

    def round_text(self, state: EncounterState) -> tuple[str, str]:
        text = (f"Turn {state.round}<br><span style='font-size:{style.TITLE_PT}pt'>"
                f"Initiative pass {state.initiative_pass}</span>")
        tip = (f"Combat turn {state.round}, initiative pass {state.initiative_pass}: everyone "
               "re-rolls Initiative at the start of each combat turn")
        return text, tip

    def side_column(self) -> str | None:
        # SR4 gives each combatant its own number of Initiative Passes (from the sheet); SR5's
        # follow from the score shown (−10 a pass), no column
        return "Passes" if self.ruleset.numbers.initiative.passes == "from_sheet" else None

    def side_cell(self, c: Combatant, state: EncounterState) -> tuple[str, str]:
        return passes_cell(c, state)

    def score_header(self) -> str:
        return "Score"

    def combat_note(self, state: EncounterState) -> str | None:
        done = [state.get(c).name for c in self.order_in_combat(state)
                if c not in state.order]
        pass_cost = self.ruleset.numbers.initiative.pass_cost
        note = (f"Pass {state.initiative_pass}: scores shown after −{pass_cost} per pass"
                if pass_cost and state.initiative_pass > 1 else "")
        if done:
            note += ("; " if note else "") + "done this combat turn: " + ", ".join(done)
        return note

    def shown_score(self, c: Combatant, state: EncounterState) -> int:
        return pass_score(c, state, self.ruleset.numbers)

    def score_from_shown(self, c: Combatant, state: EncounterState, shown: int) -> int:
        if c.initiative is None:
            return shown
        # back to the turn's score
        return shown + c.effective_initiative() - pass_score(c, state, self.ruleset.numbers)

    def resting(self, c: Combatant, state: EncounterState) -> bool:
        return state.phase is Phase.COMBAT and c.id not in state.order

    def score_tip(self, c: Combatant, state: EncounterState) -> str:
        if c.initiative is None:
            return "No score yet: rolled at Start combat (or double-click to set)"
        score = c.effective_initiative()
        now = pass_score(c, state, self.ruleset.numbers)
        tip = f"Initiative score {score} this combat turn"
        if now != score:
            tip += f"; {now} in pass {state.initiative_pass} ({score} − {score - now})"
        return tip + ". Double-click to set the score shown"

    # --- the combatant and the attack

    def status_family(self, c: Combatant) -> str:
        # a combatant without monitors (none sized from its sheet) shows Chapter 6's rows
        return self.family if c.sr_monitor is not None else "chapter6"

    def harm_left(self, c: Combatant) -> str:
        m = monitors(c)
        if m is None:  # no monitors sized from the sheet: Chapter 6's Health
            return f"Health {c.health - c.damage} / {c.health}"
        return monitor_text(m)

    def weapon_text(self, document: EncounterDocument, weapon_id: str, ammo: str) -> str:
        weapon = document.loaded.library.weapons[weapon_id]
        sr = weapon_numbers(weapon, self.ruleset.numbers)  # this edition's (SR4: no Accuracy)
        if sr is None:
            return f"{weapon.name} (no Shadowrun numbers{ammo})"
        acc = f", Accuracy {sr.accuracy}" if sr.accuracy is not None else ""
        ap = f", AP {sr.ap:+d}".replace("-", "−") if sr.ap else ""
        return f"{weapon.name} ({sr.dv}{sr.damage_type}{ap}{acc}{ammo})"

    def attack_number_tip(self, document: EncounterDocument) -> str:
        return pools_tip(self.ruleset.numbers.dice)
