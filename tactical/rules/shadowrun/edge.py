"""Edge declared with a Shadowrun attack (issue 25 item 2; the ruleset file's
`actions.edge`, project defaults): Push the Limit (the Edge rating in dice more, no limit,
sixes roll again), Second Chance (the attack dice that are no hits rolled again), Close Call
(the attack test's glitch does not happen). One point each, from the attacker's Edge."""

from __future__ import annotations

from dataclasses import replace

from tactical.data.shadowrun_actions import EdgeUse, PhaseActions
from tactical.data.shadowrun_ruleset import DiceRules
from tactical.rules.api import Fighter
from tactical.rules.shadowrun.pools import Modifier, PoolRoll, PoolRoller


def edge_use(rules: PhaseActions, word: str | None) -> EdgeUse | None:
    return rules.edge.get(word) if word else None


def unknown_edge(rules: PhaseActions, word: str | None) -> list[str]:
    """The Attack's Edge word, if this game has no such use with an attack."""
    if word is None or (word in rules.edge and rules.edge[word].when == "attack"):
        return []
    known = [k for k, u in rules.edge.items() if u.when == "attack"]
    return [f"unknown Edge use {word!r}; expected one of: {', '.join(known) or 'none'}"]


def edge_problems(use: EdgeUse | None, who: Fighter) -> list[str]:
    if use is None or who.edge >= use.cost:
        return []
    return [f"{who.name} has {who.edge} Edge left; {use.name} costs {use.cost}"]


def edge_parts(use: EdgeUse | None, rating: int) -> tuple[Modifier, ...]:
    """Push the Limit's dice, named, on the attack pool (the preview shows them too)."""
    if use is None or not use.edge_dice:
        return ()
    return (Modifier(f"{use.name} (Edge {rating})", rating),)


class EdgeRoller(PoolRoller):
    """The attack test's dice as the Edge use rolls them: sixes rolled again (Rule of Six),
    or the dice that are no hits rolled once more; every other test as `inner` rolls it.
    `notes` says what happened, for the log."""

    def __init__(self, inner: PoolRoller, use: EdgeUse, rules: DiceRules) -> None:
        super().__init__()
        self.inner, self.use, self.rules = inner, use, rules
        self.notes: list[str] = []

    def faces(self, test: str, count: int) -> tuple[int, ...]:
        faces = self.inner.faces(test, count)
        if test != "attack":
            return faces
        if self.use.explode_sixes:
            more = sixes = sum(1 for f in faces if f == self.rules.sides)
            while sixes:
                extra = self.inner.faces(test, sixes)
                faces += extra
                sixes = sum(1 for f in extra if f == self.rules.sides)
            if len(faces) > count:
                sixes_first = f"{more} six" + ("es" if more != 1 else "")
                self.notes.append(f"{self.use.name}: {len(faces) - count} dice more for "
                                  f"sixes ({sixes_first} on the first roll)")
        if self.use.reroll_misses:
            kept = tuple(f for f in faces if f >= self.rules.hit_min)
            missed = [f for f in faces if f < self.rules.hit_min]
            faces = kept + self.inner.faces(test, len(missed))
            # the faces rolled over are in the note: the log keeps every die (STYLE)
            self.notes.append(f"{self.use.name}: {len(missed)} dice that were no hits "
                              f"({', '.join(map(str, missed))}) rolled again")
        return faces

    def remaining(self, test: str) -> tuple[int, ...]:
        return self.inner.remaining(test)


def close_call(use: EdgeUse | None, attack: PoolRoll) -> tuple[PoolRoll, str | None]:
    """Close Call: the attack test's glitch (critical or not) does not happen."""
    if use is None or not use.negate_glitch or not attack.glitch:
        return attack, None
    return (replace(attack, glitch=False, critical_glitch=False),
            f"{use.name}: the attack test's glitch does not happen")
