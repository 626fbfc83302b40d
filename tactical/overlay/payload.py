"""What each overlay page shows, as JSON text: the stream model's initiative strip, last
rolls, party and reaction banner (tactical/encounter/queries/stream.py), built through the players'
audience filter — the same filter as the players' window, never a second set of rules.

The pages get only what they draw: names, the players' side flag, the acting mark, shares of
the players' own monitors, the coarse words for the rest, the roll's words and (for the
roller's own side) its numbers. No token id, no side name, no hidden token."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from tactical.encounter.events import AttackResolved, CheckRolled, RoundStarted
from tactical.encounter.model import EncounterState
from tactical.encounter.queries import stream
from tactical.encounter.queries.audience import AudienceFilter
from tactical.encounter.queries.change import Change, How
from tactical.rules.reactions import ReactionSpec


class NotForPlayers(ValueError):
    """The overlays are for the stream: only the players' audience may feed them."""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def initiative(state: EncounterState, audience: AudienceFilter,
               drawn: Iterable[str] | None) -> dict[str, Any]:
    shown = stream.strip(state, audience, drawn)
    players = {c.id for c in state if audience.is_player_side(c)}
    return {"title": shown["title"], "round": shown["round"], "pass": shown["pass"],
            "entries": [{"name": e["name"], "initials": e["initials"],
                         "players": e["id"] in players, "acting": e["acting"],
                         "later": e["later"], "pass": e["pass"]}
                        for e in shown["entries"]]}


def party(state: EncounterState, audience: AudienceFilter,
          drawn: Iterable[str] | None) -> list[dict[str, Any]]:
    return [{k: v for k, v in entry.items() if k not in ("id", "side")}
            for entry in stream.party(state, audience, drawn=drawn)]


def roll(state: EncounterState, attacks: Sequence[AttackResolved | CheckRolled],
         audience: AudienceFilter, drawn: Iterable[str] | None) -> dict[str, Any]:
    """The newest roll the players may see and the few before it (`history`)."""
    found = stream.rolls(state, attacks, audience, drawn)
    return {"last": found[0] if found else None, "history": found[1:]}


def banner(state: EncounterState, attacks: Sequence[AttackResolved | CheckRolled],
           round_from: int,
           audience: AudienceFilter, kinds: Sequence[ReactionSpec],
           drawn: Iterable[str] | None) -> dict[str, Any] | None:
    """The latest reaction fired this round (`attacks[round_from:]`), as stream.last_banner
    names it, numbered as the roll it was."""
    for index in range(len(attacks) - 1, round_from - 1, -1):
        found = stream.banner_of(attacks[index], state, audience, kinds)
        if found is None:
            continue
        if drawn is not None and not {found["reactor"], found["target"]} <= _names(state, drawn):
            return None  # in the dark (fog): its banner is not on the screen either
        return {"text": found["text"], "label": found["label"], "number": index + 1}
    return None


def _names(state: EncounterState, drawn: Iterable[str]) -> set[str]:
    ids = set(drawn)
    return {c.name for c in state if c.id in ids}


class Payload:
    """The four topics' JSON for one fight; `rolls=False` keeps the last roll and banner
    (an EndTurn rolls nothing: reading every event of a long fight again is the one cost
    that grows, so it is paid only when a roll, an undo or the roster changed)."""

    def __init__(self) -> None:
        self.topics: dict[str, str] = {}

    def build(self, state: EncounterState, events: Sequence[Any] | RollEvents | None,
              audience: AudienceFilter, kinds: Sequence[ReactionSpec],
              drawn: Iterable[str] | None = None) -> dict[str, str]:
        """`events`: the effective events (or the attacks and round starts `RollEvents`
        keeps of them), or None when no roll and no round can have changed."""
        if audience.gm:
            raise NotForPlayers("the stream overlays show only what the players may see")
        ids = None if drawn is None else frozenset(drawn)
        topics = {"initiative": _dumps(initiative(state, audience, ids)),
                  "party": _dumps(party(state, audience, ids))}
        if events is not None or "roll" not in self.topics:
            kept = events if isinstance(events, RollEvents) else RollEvents(events or ())
            round_from = kept.starts[-1] if kept.starts else 0
            topics["roll"] = _dumps(roll(state, kept.attacks, audience, ids))
            topics["banner"] = _dumps(banner(state, kept.attacks, round_from, audience, kinds,
                                             ids))
        self.topics.update(topics)
        return dict(self.topics)


#: The events the roll and banner topics read: the rolls, attacks and checks (numbered in
#: order, as stream.ROLLS), and the round starts (a banner names what happened this round).
ROLL_EVENTS: tuple[type, ...] = (*stream.ROLLS, RoundStarted)


class Stale(Exception):
    """An undo took back events the kept list does not end with: read them all again."""


class RollEvents:
    """The attacks in effect, in order (a roll's number is its place), and where each round
    began among them, kept up to date from each `Change`: a command costs its own events,
    not the fight's (10,000 events took 11 ms to read again; the overlays' push must cost
    the GUI thread under 1 ms)."""

    def __init__(self, events: Iterable[Any]) -> None:
        self.attacks: list[AttackResolved | CheckRolled] = []  # every roll, in order
        self.starts: list[int] = []  # len(attacks) at each RoundStarted
        self._add(events)

    def _add(self, events: Iterable[Any]) -> None:
        for e in events:
            if isinstance(e, (AttackResolved, CheckRolled)):
                self.attacks.append(e)
            elif isinstance(e, RoundStarted):
                self.starts.append(len(self.attacks))

    def follow(self, change: Change) -> bool:
        """True when they changed; raises Stale when they no longer match the fight."""
        kept = [e for e in change.events if isinstance(e, ROLL_EVENTS)]
        if not kept:
            return False
        if change.how is not How.UNDONE:
            self._add(kept)
            return True
        for e in reversed(kept):  # an undo takes back the latest step's events
            if isinstance(e, (AttackResolved, CheckRolled)):
                if not self.attacks or self.attacks[-1] != e:
                    raise Stale
                self.attacks.pop()
            elif not self.starts or self.starts.pop() != len(self.attacks):
                raise Stale
        return True
