"""Per-enemy detection: Ch.6 Awareness Levels (l.44-46) as RULINGS Perception reads them.

"Partially Aware: … They can act, but only against those enemies they have detected" (l.46).
Each enemy that used Stealth, or that the GM marks hidden (`SetHidden`), is undetected by a
combatant that is not Fully aware until an Awareness check against that enemy succeeds or
the enemy attacks it; it cannot target or react to an undetected enemy.

Rulings (docs/rules-chapter6.md, "Issue 24"):
- Fully aware comes only from a Solid or Perfect Awareness check (l.44: "they can detect
  even hidden or camouflaged enemies"): marking an enemy hidden does not hide it from a
  Fully aware combatant, and such a check detects every hidden enemy at once.
- No check yet counts as not Fully aware, and so does Unaware (l.48): the surprised who
  regains its bearings in round 2 still has not detected the hidden enemies.
- Before combat, an opening check short of Solid leaves every hidden enemy undetected;
  mid-fight a check never makes a combatant lose an enemy it detected (l.68).

The state keeps, per combatant, the set of enemies it has not detected
(`Combatant.undetected`), written whole by `DetectionChanged`.
"""

from __future__ import annotations

from tactical.encounter import commands as cmd
from tactical.encounter import events as ev
from tactical.encounter.batch import Batch, refuse_unless
from tactical.encounter.model import Combatant, EncounterState

FULLY_AWARE = "fully_aware"  # the awareness level of a Solid or Perfect check


def undetected_reason(c: Combatant, other: Combatant) -> str | None:
    """Why `c` cannot target or react to `other`: it has not detected it (l.46)."""
    if other.id in c.undetected:
        return f"{c.name} has not detected {other.name} (Ch.6 l.46)"
    return None


def not_detected_by(state: EncounterState, cid: str) -> frozenset[str]:
    """The ids of the tokens the combatant `cid` has not detected (the GM's board marks
    them while it is selected)."""
    c = state.combatants.get(cid)
    return frozenset(x for x in c.undetected if x in state.combatants) if c else frozenset()


def _enemies(state: EncounterState, c: Combatant) -> list[Combatant]:
    return [e for e in state if e.side != c.side and e.id != c.id]


def _set(batch: Batch, cid: str, fully_aware: bool, undetected: frozenset[str],
         source: str) -> None:
    c = batch.state.get(cid)
    if c.fully_aware == fully_aware and c.undetected == undetected:
        return
    batch.emit(ev.DetectionChanged(cid, fully_aware, tuple(sorted(undetected)), source))


def set_hidden(batch: Batch, command: cmd.SetHidden) -> None:
    """The GM marks a token hidden (it used Stealth) or seen: the enemies not Fully aware
    lose sight of it, or everyone detects it."""
    c = batch.combatant(command.combatant)
    refuse_unless((c.hidden != command.hidden,
                   f"{c.name} is already {'hidden' if command.hidden else 'seen'}"))
    batch.emit(ev.HiddenChanged(c.id, command.hidden, "GM"))
    for e in _enemies(batch.state, c):
        if command.hidden and not e.fully_aware:
            _set(batch, e.id, e.fully_aware, e.undetected | {c.id},
                 f"{c.name} is hidden (GM)")
        elif not command.hidden:
            _set(batch, e.id, e.fully_aware, e.undetected - {c.id}, f"{c.name} is seen (GM)")


def reveal(batch: Batch, observer: str, enemy: str, why: str) -> None:
    o = batch.state.get(observer)
    if enemy in o.undetected:
        _set(batch, observer, o.fully_aware, o.undetected - {enemy}, why)


def attacks_reveal(batch: Batch) -> None:
    """"Until … the enemy attacks it" (RULINGS): every attack this command made reveals
    the attacker to its target, hit or miss."""
    for event in list(batch.events):
        if isinstance(event, ev.AttackResolved) and event.target in batch.state.combatants \
                and event.attacker in batch.state.combatants:
            name = batch.state.get(event.attacker).name
            reveal(batch, event.target, event.attacker, f"attacked by {name} (Ch.6 l.46)")


def check_against(batch: Batch, c: Combatant, against: str | None) -> Combatant | None:
    """The enemy an Awareness check is made against: one `c` has not detected."""
    if against is None:
        return None
    enemy = batch.combatant(against)
    refuse_unless((enemy.side != c.side, f"{enemy.name} is on {c.name}'s side"),
                  (enemy.id in c.undetected, f"{c.name} has already detected {enemy.name}"))
    return enemy


def after_awareness(batch: Batch, cid: str, level: str, success: bool,
                    against: Combatant | None, opening: bool) -> None:
    """What an Awareness check changes in whom `cid` has detected (l.44-46, l.68)."""
    c = batch.state.get(cid)
    if level == FULLY_AWARE:  # l.44: "fully aware of all threats"
        _set(batch, cid, True, frozenset(), "Fully aware (Awareness check, Ch.6 l.44)")
    elif against is not None:
        if success:
            reveal(batch, cid, against.id, f"Awareness check against {against.name} "
                                           "(Ch.6 l.46)")
    elif opening:  # the opening check short of Solid: hidden enemies stay hidden (l.46)
        hidden = frozenset(e.id for e in _enemies(batch.state, c) if e.hidden)
        _set(batch, cid, False, hidden, "Partially aware (Awareness check, Ch.6 l.46)"
             if level != "unaware" else "Unaware (Awareness check, Ch.6 l.48)")
