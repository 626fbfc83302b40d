"""Who is looking (issue 16): the one place that decides what the GM's board and the players'
screen may show of one encounter. The board draws every token, zone and mark through an
`AudienceFilter`; the players' window is the same document seen through `Audience.PLAYERS`.

Qt-free: it decides data (what is shown, and how much), the board decides pixels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from tactical.encounter.model import Combatant, Condition, EncounterState


class Audience(StrEnum):
    GM = "gm"
    PLAYERS = "players"


class Detail(StrEnum):
    """How much of a token's condition an audience reads off its counter."""

    BARS = "bars"  # the arcs: the numbers' shares (player characters, and everything for the GM)
    COARSE = "coarse"  # unhurt / hurt / badly hurt / down (enemies, by default)
    NONE = "none"  # nothing but "down"


#: The coarse states, best first: what players may know of an enemy's wounds.
COARSE_STATES = ("unhurt", "hurt", "badly hurt", "down")

#: Badges anyone at the table would see on an enemy (its posture, a grapple, blood). An
#: enemy's Overwatch ("OW"), its Unawareness ("?") and its injury grade are the GM's.
PUBLIC_BADGES = frozenset({"prone", "pinned", "grappled", "bleeding"})


class RollPolicy(StrEnum):
    """Which rolls the players' screen shows by default (the GM may still decide per roll)."""

    ALL = "all"  # every roll; an enemy's as its outcome in words only
    PLAYERS = "players"  # only the players' side's rolls
    NONE = "none"  # none, unless the GM shows one


class RollDetail(StrEnum):
    """How much of one roll an audience reads."""

    HIDDEN = "hidden"  # nothing at all: no total, no name, no trace in the history
    OUTCOME = "outcome"  # an enemy's roll: the outcome in words and its glitches, no number
    FULL = "full"  # the roller's own numbers: total and TN, or hits, ones and dice


def coarse_state(share_left: float, down: bool) -> str:
    """What players may know of a wounded enemy: a quarter of four words, never a number."""
    if down or share_left <= 0.0:
        return "down"
    if share_left >= 0.999:
        return "unhurt"
    return "hurt" if share_left > 0.5 else "badly hurt"


@dataclass(frozen=True, slots=True)
class AudienceSettings:
    """The GM's choices for the players' screen (kept with the window, not in the log)."""

    player_sides: frozenset[str]
    hidden: frozenset[str] = frozenset()  # token ids the GM hid from players
    detail: Mapping[str, Detail] = field(default_factory=dict)  # per side, else the default
    rolls: RollPolicy = RollPolicy.ALL
    # the GM's word on single rolls, by the roll's number in the fight (1 = the first
    # attack or check rolled): True shows it whatever the policy, False hides it
    roll_choice: Mapping[int, bool] = field(default_factory=dict)

    def detail_of(self, side: str) -> Detail:
        found = self.detail.get(side)
        if found is not None:
            return found
        return Detail.BARS if side in self.player_sides else Detail.COARSE

    def with_detail(self, side: str, detail: Detail) -> AudienceSettings:
        return replace(self, detail={**self.detail, side: detail})

    def with_hidden(self, token: str, hidden: bool) -> AudienceSettings:
        ids = self.hidden | {token} if hidden else self.hidden - {token}
        return replace(self, hidden=frozenset(ids))

    def with_rolls(self, policy: RollPolicy) -> AudienceSettings:
        return replace(self, rolls=policy)

    def with_roll_choice(self, number: int, shown: bool | None) -> AudienceSettings:
        """The GM shows (True) or hides (False) roll `number`; None: back to the policy."""
        choice = {k: v for k, v in self.roll_choice.items() if k != number}
        if shown is not None:
            choice[number] = shown
        return replace(self, roll_choice=choice)


def default_settings(sides: Sequence[str]) -> AudienceSettings:
    """The map's first side is the players' (every bundled map lists the runners first)."""
    return AudienceSettings(frozenset(sides[:1]))


@dataclass(frozen=True, slots=True)
class TokenShown:
    """What one audience may read off one token."""

    id: str
    name: str
    side: str
    detail: Detail
    coarse: str | None  # set when detail is COARSE or NONE
    badges: frozenset[str] | None  # the badge keys allowed; None: all of them
    injury: bool  # the injury-grade badge ("S!") may show


class AudienceFilter:
    """Decisions for one audience; the GM's filter shows everything (today's board)."""

    def __init__(self, audience: Audience = Audience.GM,
                 settings: AudienceSettings | None = None) -> None:
        self.audience = audience
        self.settings = settings or AudienceSettings(frozenset())

    @property
    def gm(self) -> bool:
        return self.audience is Audience.GM

    def is_player_side(self, c: Combatant) -> bool:
        return c.side in self.settings.player_sides

    def token(self, c: Combatant, share_left: float = 1.0,
              down: bool = False) -> TokenShown | None:
        """None when this audience must not see the token at all (hidden by the GM)."""
        if self.gm:
            return TokenShown(c.id, c.name, c.side, Detail.BARS, None, None, True)
        if not self.sees(c):
            return None
        detail = self.settings.detail_of(c.side)
        if detail is Detail.BARS:
            if self.is_player_side(c):  # its own player knows everything on its sheet
                return TokenShown(c.id, c.name, c.side, detail, None, None, True)
            # an enemy the GM shows with bars: its wounds, never its Overwatch or Unawareness
            return TokenShown(c.id, c.name, c.side, detail, None, PUBLIC_BADGES, True)
        dead = down or c.has(Condition.DEAD) or c.has(Condition.UNCONSCIOUS)
        coarse: str | None = coarse_state(share_left, dead)
        if detail is Detail.NONE:
            coarse = "down" if coarse == "down" else None
        return TokenShown(c.id, c.name, c.side, detail, coarse, PUBLIC_BADGES, False)

    def roll(self, roller: Combatant, target: Combatant | None, number: int,
             check: bool = False) -> RollDetail:
        """How much of roll `number` (its number in the fight) by `roller` this audience
        reads: nothing when either token is hidden, else the GM's word on that roll, else
        the policy. An enemy's roll never shows a number (its skill, its TN, its dice pool are
        the GM's); a player character's roll shows its own total and the TN it was rolled
        against, as the GM says it at the table (issue 28, docs/player-view.md).

        A plain `check` of an enemy shows only when the GM shows that roll: its outcome
        alone can tell what the players may not know (an awareness check failed is an
        enemy that is Unaware, a badge that is the GM's)."""
        if self.gm:
            return RollDetail.FULL
        hidden = self.settings.hidden
        if roller.id in hidden or (target is not None and target.id in hidden):
            return RollDetail.HIDDEN
        own = self.is_player_side(roller)
        chosen = self.settings.roll_choice.get(number)
        if chosen is None:
            policy = self.settings.rolls
            chosen = (policy is RollPolicy.ALL and (own or not check)) or (
                policy is RollPolicy.PLAYERS and own)
        if not chosen:
            return RollDetail.HIDDEN
        return RollDetail.FULL if own else RollDetail.OUTCOME

    def shows_banner(self, reactor: Combatant, target: Combatant) -> bool:
        """A reaction that fired happened at the table: named unless a token is hidden."""
        return self.gm or not ({reactor.id, target.id} & self.settings.hidden)

    def shows_overwatch(self, c: Combatant) -> bool:
        """The GM's Overwatch zones are the GM's; the players know their own."""
        return self.gm or (self.is_player_side(c) and c.id not in self.settings.hidden)

    # Things only the GM's window draws. One name each, so a test can list them.
    @property
    def shows_selection(self) -> bool:  # the selected token's ring, range bands, reach
        return self.gm

    @property
    def shows_detection(self) -> bool:  # Ch.6 l.46: whom the selected has not detected
        return self.gm

    @property
    def shows_drag(self) -> bool:  # the drag preview: path, reacting enemies, left-out rings
        return self.gm

    @property
    def shows_pending(self) -> bool:  # pending NPC reactions, the odds, the notes, the dock
        return self.gm

    @property
    def shows_tooltips(self) -> bool:  # the GM's tooltips name every number
        return self.gm

    @property
    def shows_legend(self) -> bool:  # the GM's legend explains triggers and bands
        return self.gm

    def sees(self, c: Combatant) -> bool:
        """The token is drawn for this audience at all (the GM hides some from players)."""
        return self.gm or c.id not in self.settings.hidden

    def unnoticed(self, state: EncounterState) -> frozenset[str]:
        """The combatants none of the players' characters has detected (Ch.6 l.46, RULINGS:
        marked hidden or in Stealth, no Awareness check won yet): the players' screen does
        not draw them either (docs/player-view.md). Dead characters do not count; the GM's
        filter: none."""
        if self.gm:
            return frozenset()
        party = [c.undetected for c in state
                 if self.is_player_side(c) and not c.has(Condition.DEAD)]
        return frozenset.intersection(*party) if party else frozenset()

    def visible_ids(self, state: EncounterState) -> list[str]:
        # the same test as token()'s None, without building every token's look: the
        # overlays ask twice per command (issue 28: their push costs the GUI thread <= 1 ms)
        unnoticed = self.unnoticed(state)
        return [c.id for c in state if self.sees(c) and c.id not in unnoticed]
