"""SR4's Initiative Passes shown per combatant (issue 25 item 3): SR4 gives each combatant
its own number of passes (the sheet's `initiative_passes`: 1 + cyberware or magic), so the
initiative list has a "Passes" column: "2/3" is pass 2 of its 3 (SR5's passes follow from
the score shown, −10 a pass: no column)."""

from __future__ import annotations

from tactical.encounter.model import Combatant, EncounterState, Phase
from tactical.rules.shadowrun.engine import ShadowrunState


def own_passes(c: Combatant) -> int:
    ext = c.extension
    return ext.passes if isinstance(ext, ShadowrunState) else 1


def passes_cell(c: Combatant, state: EncounterState) -> tuple[str, str]:
    """The column's text and tooltip for one combatant."""
    n = own_passes(c)
    plural = "es" if n != 1 else ""
    where = f"{n} Initiative Pass{plural} (from the sheet: 1 + cyberware or magic)"
    if state.phase is not Phase.COMBAT:
        return str(n), f"{where}: acts in pass{plural} 1–{n}" if n > 1 else where
    now = state.initiative_pass
    if now > n or c.id not in state.order:
        return f"{n}/{n}", f"{where}; pass {now}: done this combat turn"
    return f"{now}/{n}", f"{where}; pass {now} is its pass {now} of {n}"
