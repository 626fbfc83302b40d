"""Pay once, resolve several attacks: the one way the engine fires at several targets for
one price (Ch.6 Auto fire at several targets, l.460-466; later a blast's or a suppression
zone's targets, RULINGS Area attacks).

Order, which the golden logs record: every attack is set up first, so an illegal one
refuses the whole volley before anything is spent (STYLE: nothing half done); then the
actions are paid once; then one attack per target, in the order given, each seeing the
state the previous ones left. The first attack pays the rounds for all (`ammo_paid` on the
rest; the ruleset counts them from `targets`)."""

from __future__ import annotations

from collections.abc import Sequence

from tactical.encounter import commands as cmd
from tactical.encounter.batch import Batch, spend
from tactical.encounter.handlers.fight import build_setup, resolve
from tactical.encounter.model import Combatant
from tactical.rules.api import AttackOutcome

__all__ = ["volley"]


def volley(batch: Batch, attacker: Combatant, weapon_id: str,
           attacks: Sequence[cmd.Attack], needs: Sequence[str],
           purpose: str, *, one_attack_each: bool = False) -> list[AttackOutcome]:
    """Set up every attack of `attacks` (one per target), pay `needs` (action kinds) once
    for `purpose`, then resolve the attacks in order; their outcomes, in that order.
    `one_attack_each`: each attack is set up as a single-target one (Suppressive Fire's
    zone: its own rules, not Auto Fire's several-targets penalty)."""
    n = 1 if one_attack_each else len(attacks)
    for index, attack in enumerate(attacks):
        build_setup(batch, attacker, batch.combatant(attack.target), weapon_id, attack, None,
                    targets=n, ammo_paid=index > 0)
    for need in needs:
        spend(batch, batch.state.get(attacker.id), need, purpose)
    return [resolve(batch, batch.state.get(attacker.id), batch.state.get(attack.target),
                    weapon_id, attack, None, targets=n, ammo_paid=index > 0)
            for index, attack in enumerate(attacks)]
