"""What a ruleset provides: the one interface the engine, the CLI and the board reach a
ruleset through (docs/architecture.md).

A ruleset is data (its YAML numbers) plus a few pure functions. Nothing outside the ruleset's
own package may import that package: the encounter engine, the geometry and the CLI ask
`tactical.rules.registry.ruleset(id)` for a `Ruleset` and use only what is declared here.

Rules may not import the encounter, so a ruleset never makes events: the engine hands it
neutral inputs (the combatant as a `Fighter`, sheets, weapons, the facts it read off the
map as `AttackFacts`, a `Dice`) and turns the neutral results declared here (`AttackOutcome`,
`InitiativeRoll`, `Budget`, `InjuryEffects`, …) into events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel

from tactical.core.dice import Dice
from tactical.core.types import Hex, RulesetId
from tactical.data.campaign import Lasting, RestPlan
from tactical.data.character import Character
from tactical.data.gear import Armor, Weapon
from tactical.rules.reactions import ReactionSpec


@dataclass(frozen=True, slots=True)
class Budget:
    """Actions left this turn (Ch.6 The three Ms, tiers, one downgrade a turn)."""

    major: int = 0
    move: int = 0
    minor: int = 0
    downgrades: int = 0
    total: int | None = None  # Serious injury: one action per turn, whatever its kind
    major_or_move: bool = False  # Fatigued: loses a Major or a Move each turn

    def count_of(self, slot: str) -> int:
        return int(getattr(self, slot))


@dataclass(frozen=True, slots=True)
class SightInfo:
    """What the map says about one attacker looking at one target (geometry's facts)."""

    line_of_sight: bool
    cover: str  # none, partial, full
    cover_class: str | None  # the strongest class crossed (for shooting through)
    distance_m: float
    why: str = ""


class TimerView(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def rounds(self) -> int | None: ...
    @property
    def source(self) -> str: ...
    @property
    def amount(self) -> str: ...


class Fighter(Protocol):
    """A combatant as a ruleset reads it (`encounter.model.Combatant` is one). Conditions are
    their names ("prone", "dead"); `extension` is what `Ruleset.combatant_extension` gave."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def side(self) -> str: ...
    @property
    def hex(self) -> Hex: ...
    @property
    def health(self) -> int: ...
    @property
    def stamina(self) -> int: ...
    @property
    def edge(self) -> int: ...
    @property
    def damage(self) -> int: ...
    @property
    def stun(self) -> int: ...
    @property
    def fatigue(self) -> int: ...
    @property
    def overflow(self) -> int: ...
    @property
    def injury(self) -> str | None: ...
    @property
    def unaware(self) -> bool: ...
    @property
    def reactions(self) -> int: ...
    @property
    def initiative(self) -> int | None: ...
    @property
    def initiative_next_round(self) -> int: ...
    @property
    def initiative_lasting(self) -> int: ...
    @property
    def initiative_zero(self) -> bool: ...
    @property
    def tiebreak(self) -> tuple[int, ...]: ...
    @property
    def conditions(self) -> AbstractSet[str]: ...
    @property
    def timers(self) -> Sequence[TimerView]: ...
    @property
    def extension(self) -> object | None: ...
    @property
    def weapon(self) -> str | None: ...
    @property
    def fired(self) -> int:
        """Rounds fired in this turn (a Shadowrun action phase: its recoil)."""
        ...

    def effective_initiative(self) -> int: ...
    def rounds_loaded(self, weapon: str) -> int | None: ...


class AttackChoice(Protocol):
    """What the GM chose for an attack (`encounter.commands.Attack` is one)."""

    @property
    def mode(self) -> str | None: ...
    @property
    def options(self) -> tuple[str, ...]: ...
    @property
    def edge(self) -> str | None: ...
    @property
    def burst_choice(self) -> str | None: ...
    @property
    def called_shot(self) -> str | None: ...
    @property
    def defence(self) -> str | None: ...
    @property
    def defenseless(self) -> bool: ...
    @property
    def gm_tn(self) -> int | None: ...
    @property
    def attack_modifiers(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def defence_modifiers(self) -> tuple[tuple[str, int], ...]: ...


@dataclass(frozen=True, slots=True)
class AttackWords:
    """The words of an attack's choices, to check before anything is set up."""

    mode: str | None = None
    options: tuple[str, ...] = ()
    edge: str | None = None
    burst_choice: str | None = None
    called_shot: str | None = None
    defence: str | None = None

    @classmethod
    def of(cls, choice: AttackChoice) -> AttackWords:
        return cls(choice.mode, tuple(choice.options), choice.edge, choice.burst_choice,
                   choice.called_shot, choice.defence)


@dataclass(frozen=True, slots=True)
class AttackFacts:
    """Everything the engine read off the state, the sheets and the map for one attack."""

    attacker: Fighter
    target: Fighter
    attacker_sheet: Character
    target_sheet: Character
    weapon_id: str
    weapon: Weapon
    target_armor: tuple[Armor, ...]
    target_weapons: tuple[Weapon, ...]
    attacker_reach_m: float  # the sheet's reach, a melee weapon's if longer
    target_reach_m: float  # with its own melee weapon
    sight: SightInfo
    attackers_in_reach: int  # RULINGS Outnumbered: the attacker's side in reach of the target
    defenders_in_reach: int
    choice: AttackChoice
    reaction: str | None  # the reaction kind this attack is ("snapshot"), None: an action
    targets: int = 1  # Ch.6 Auto fire at several targets (l.464): how many in the volley
    ammo_paid: bool = False  # a later target of that volley: the first paid the rounds
    # Ch.6 Crossfire, l.476: allies who already attacked the target this round, and the
    # GM's word that the target is exposed (the −5 variant with 2+ allies)
    crossfire_allies: int = 1
    target_exposed: bool = False
    pass_number: int = 1  # Shadowrun: the initiative pass the attack is made in


class InjuryEffects(Protocol):
    """What an injury (or a cumulative threshold) does, as the engine applies it."""

    @property
    def cause(self) -> str: ...
    @property
    def fatigue(self) -> int: ...
    @property
    def initiative_loss(self) -> int | None: ...
    @property
    def initiative_loss_dice(self) -> str | None: ...
    @property
    def initiative_duration(self) -> str | None: ...
    @property
    def initiative_zero(self) -> bool: ...
    @property
    def disadvantage(self) -> str | None: ...
    @property
    def disadvantage_rounds(self) -> int | None: ...
    @property
    def bleed(self) -> str | None: ...
    @property
    def bleed_rounds(self) -> int | None: ...
    @property
    def bleed_until_stabilised(self) -> bool: ...
    @property
    def prone(self) -> bool: ...
    @property
    def unconscious(self) -> bool: ...
    @property
    def death_in_rounds(self) -> int | None: ...


class AttackReport(Protocol):
    """A resolved attack, typed (`AttackResolved.result`). Read it by attribute; `to_json`
    is its log form (byte for byte what the log has always held); `report["key"]` reads that
    JSON form, for old readers."""

    @property
    def ruleset(self) -> RulesetId: ...
    @property
    def hit(self) -> bool: ...

    def to_json(self) -> dict[str, Any]: ...
    def __getitem__(self, key: str) -> Any: ...


@dataclass(frozen=True, slots=True)
class Callout:
    """A roll the table must hear about (Shadowrun: a glitch or a critical glitch), called
    out on the result card, the log line and the roller's token (issue 25 item 6)."""

    roller: Literal["attacker", "target"]
    words: str  # "GLITCH", "CRITICAL GLITCH"
    test: str  # "attack", "defence", "damage resistance"
    rank: int = 0  # on one token the call-out of the higher rank is shown (critical: 1)


@dataclass(frozen=True, slots=True)
class Harm:
    """Damage a hit does to its target, with the injury it causes and its rolled effects."""

    amount: int
    damage_type: str
    injury: str | None
    effects: InjuryEffects | None
    effects_json: dict[str, Any] | None = None  # the effects as the log keeps them


@dataclass(frozen=True, slots=True)
class MonitorMarks:
    """Condition monitor boxes after a hit (Shadowrun)."""

    physical: int
    stun: int
    overflow: int


@dataclass(frozen=True, slots=True)
class Mark:
    """A lasting effect an attack option leaves (Ch.6 attack options): a timer of `kind` on
    the attacker or the target (`on`), tied to the other party. `ends`: "next_action" — it
    ends when the other party next spends an action (Pinned); "its_attack" — it is used up
    by the holder's next attack against the other party (Aim for Opening); "" — it lasts
    until removed (Disarm, Grapple). `condition` also sets that condition badge; `detail`
    is kept with the timer (what was disarmed and how far it went)."""

    on: str  # "attacker" or "target"
    kind: str
    why: str
    ends: str = ""
    condition: str | None = None
    detail: str = ""


@dataclass(frozen=True, slots=True)
class AttackOutcome:
    """A resolved attack as the engine turns it into events, in this order: the result,
    Edge spent, ammunition, the defence's Initiative cost, Hit the Dirt, monitors, damage."""

    report: AttackReport
    summary: str  # the combat-log line
    edge_spent: str | None = None  # what the Edge was for
    ammo_used: int = 0
    initiative_after: tuple[int, str] | None = None  # the target's new score, and why
    prone: str | None = None  # the target dropped prone, and why
    # a defence the target declared that lasts the combat turn (SR5 Full Defense): the
    # condition it sets until the turn ends, and why
    turn_defence: tuple[str, str] | None = None
    monitors: MonitorMarks | None = None
    harm: Harm | None = None
    marks: tuple[Mark, ...] = ()  # what the options leave behind (Pinned, Grappled, …)
    extra_attacks: int = 0  # Ch.6 Flurry: further attacks this turn, paid for already
    used_marks: tuple[str, ...] = ()  # the attacker's timers this attack used up


@dataclass(frozen=True, slots=True)
class AttackPreviewParts:
    """An attack before it is rolled, in the ruleset's own terms (the dock reads them):
    Chapter 6 fills setup/plan/odds, Shadowrun fills pools."""

    setup: Any = None
    plan: Any = None
    odds: Any = None
    pools: Any = None
    refusals: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class InitiativeEdge:
    """Edge spent on the initiative (Shadowrun's Blitz, Seize the Initiative): the score
    rolled anew (or None), the mark the acting order reads for the rest of the combat turn
    (or None: see `Ruleset.turn_marks`), the words, the Edge it costs, the use's name (what
    the Edge was spent on, "Blitz")."""

    roll: InitiativeRoll | None
    mark: str | None
    words: str
    cost: int
    name: str


@dataclass(frozen=True, slots=True)
class TurnDefence:
    """A defence declared on its own, before an attack comes (Shadowrun's Full Defense, an
    interrupt): the condition it sets until the combat turn ends, the Initiative it costs
    now (0: none) and the words."""

    condition: str
    initiative_cost: int
    words: str


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    faces: tuple[int, ...]
    bonus: int
    total: int
    tiebreak: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Threshold:
    """A cumulative state a combatant just crossed into, and what it does."""

    name: str
    effects: InjuryEffects | None


@dataclass(frozen=True, slots=True)
class SkillOutcome:
    """A skill check the engine logs: the line, and what it changes."""

    text: str
    success: bool
    injury_after: str | None = None  # first aid: the injury level after treatment
    health_restored: int = 0
    level: str = ""  # awareness: "aware", "partially_aware", "unaware"
    # the roll in its log form, for the screens that show a check (issue 28): "total",
    # "tn", "degree", "kept" dice, "fumble", "double" (a TN game); None: nothing rolled
    check: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    """How a combatant stands under the ruleset's damage rules, for reports."""

    fatigue_state: str
    cumulative: str


@dataclass(frozen=True, slots=True)
class HexAttackFacts:
    """An attack aimed at a hex, not at a combatant (RULINGS Area attacks): what the engine
    read off the map for the check against the hex."""

    attacker: Fighter
    attacker_sheet: Character
    weapon_id: str
    weapon: Weapon
    aim: Hex
    sight: SightInfo  # of the aimed hex: its cover counts, no line of sight → Disadvantage
    choice: AttackChoice


@dataclass(frozen=True, slots=True)
class HexAttackOutcome:
    """The check against the hex: `margin` by which it hit (≥ 0) or missed (< 0)."""

    hit: bool
    margin: int
    fumble: bool
    summary: str  # the combat-log line of the check


@dataclass(frozen=True, slots=True)
class BlastFacts:
    """One combatant caught in a blast (RULINGS Area attacks): the ring it counts in (0 the
    innermost, a prone combatant already one further out), that ring's damage, and the
    cover the line of effect from the landing hex crosses (its PT/DR first)."""

    attacker: Fighter
    weapon_id: str
    weapon: Weapon
    target: Fighter
    target_sheet: Character
    target_armor: tuple[Armor, ...]
    ring: int
    ring_damage: str  # the ring's dice ("4d6")
    distance_m: float  # from the landing hex
    cover_class: str | None  # the strongest cover on the line of effect (None: open)
    cover_label: str = ""


@dataclass(frozen=True, slots=True)
class BlastOutcome:
    """What the blast did to one target: its harm (Chapter 6) or its monitors (Shadowrun),
    and the log's line saying why."""

    summary: str
    amount: int
    harm: Harm | None = None
    monitors: MonitorMarks | None = None
    roll: tuple[int, ...] = ()  # every die of the damage (or resistance) roll


class SplitRules(Protocol):
    """The optional part of a ruleset for one melee action against several opponents with
    the attacker's pool split between them (SR4 Multiple Targets, sr4 l.85-87). A ruleset
    without the rule answers `Ruleset.split` with None."""

    def split_shares(self, facts: Sequence[AttackFacts], shares: tuple[int, ...],
                     apart_hexes: int) -> tuple[SplitShare, ...]:
        """One share per attack, in the order of `facts` (the first target's pool is the one
        split; `shares` empty: as evenly as possible). IllegalCommand with every reason when
        the rule does not allow it (not melee, targets too far apart, shares that do not
        add up). `apart_hexes`: the largest hex distance between two of the targets."""
        ...


@dataclass(frozen=True, slots=True)
class SplitShare:
    """One attack of a split pool: the dice it gets and the named pool modifier that makes
    its pool that share (the attack is then resolved on its own like any other)."""

    dice: int
    modifier: tuple[str, int]


@dataclass(frozen=True, slots=True)
class SurpriseOutcome:
    """A surprise test (RULINGS "Surprise" under Shadowrun): whether the combatant is
    surprised, the Initiative that costs it in the first combat turn, the log line."""

    surprised: bool
    initiative_cost: int
    line: str


class SurpriseRules(Protocol):
    """The optional part of a ruleset with a surprise test of its own (Shadowrun). A ruleset
    without one (Chapter 6: its Awareness check and lost round, l.48) answers
    `Ruleset.surprise` with None."""

    def test(self, who: Fighter, sheet: Character, dice: Dice) -> SurpriseOutcome:
        """Roll the combatant's surprise test."""
        ...

    @property
    def words(self) -> str:
        """The test and what a failure costs, as the GM's menu tells it."""
        ...


class AreaRules(Protocol):
    """The optional part of a ruleset for area attacks (RULINGS Area attacks: blasts, the
    Auto Fire vicinity, Suppressive Fire's sector). A ruleset that has none answers
    `Ruleset.area` with None and implements nothing here; the engine asks through
    `Batch.area()` (encounter/batch.py), which refuses naming the game."""

    def attack_hex(self, facts: HexAttackFacts, dice: Dice) -> HexAttackOutcome:
        """The check to hit the aimed hex (a hex does not dodge)."""
        ...

    def scatter(self, outcome: HexAttackOutcome, aim_hexes: int,
                dice: Dice) -> tuple[int, int]:
        """Where a miss lands, from the aimed hex: a direction (0 = on along the line of
        the throw, then clockwise in sixths of a turn) and a distance in hexes."""
        ...

    def blast(self, facts: BlastFacts, dice: Dice) -> BlastOutcome:
        """The blast's damage on one caught target, rolled for it alone (no MoS bonus)."""
        ...

    def hex_odds(self, facts: HexAttackFacts) -> float:
        """The exact chance that the check hits the aimed hex (the dock, `tactical attack`)."""
        ...

    def expected_blast(self, facts: BlastFacts) -> float:
        """The damage this target takes on average (after cover and armor)."""
        ...

    def blast_words(self, facts: BlastFacts) -> str:
        """What the blast does where this target stands, as the board marks it ("4d6",
        Shadowrun "DV 14P")."""
        ...

    @property
    def prone_rings_out(self) -> int:
        """How many rings further out a prone combatant counts (RULINGS: one)."""
        ...

    @property
    def suppression(self) -> tuple[float, str]:
        """Suppressive Fire's zone: the sector's angle in degrees, and the weapon's range
        band it reaches to (RULINGS Area attacks: 60°, Medium)."""
        ...


class Ruleset(Protocol):
    """One ruleset as the engine sees it. Implementations: `rules/chapter6/ruleset.py`,
    `rules/shadowrun/ruleset.py` (one object per edition)."""

    @property
    def id(self) -> RulesetId:
        """The id written in a log's header and in `--ruleset` ("chapter6", "sr5")."""
        ...

    @property
    def title(self) -> str:
        """How the GM sees it named ("Shadowrun 5th edition")."""
        ...

    # --- the per-combatant state extension --------------------------------------------
    def combatant_extension(self, sheet: Character) -> object | None:
        """What this ruleset keeps on each combatant besides the shared fields (Shadowrun:
        its monitor sizes and initiative passes); None: nothing."""
        ...

    # --- initiative -----------------------------------------------------------------
    def roll_initiative(self, who: Fighter, sheet: Character, dice: Dice) -> InitiativeRoll: ...

    def acting_order(self, fighters: Iterable[Fighter], pass_number: int, *,
                     next_round: bool = False) -> tuple[str, ...]:
        """Who acts in this pass of the round, in order (empty: no such pass)."""
        ...

    @property
    def new_initiative_each_round(self) -> bool: ...

    # --- the action budget ----------------------------------------------------------
    def out_of_action(self, who: Fighter) -> str | None: ...
    def reaction_block(self, who: Fighter, pass_number: int = 1) -> str | None:
        """Why `who` cannot react now, or None; `pass_number`: the initiative pass under
        way (Shadowrun: an interrupt is paid from the score in that pass)."""
        ...

    def turn_budget(self, who: Fighter, round_number: int) -> tuple[Budget, str]: ...

    def action_slots(self, slot: str, command: str) -> tuple[str, ...]:
        """The budget slots an action takes in this game: the base game costs `command` as
        `slot` ("major"); Shadowrun reads a Major as a Complex action (both Simple slots,
        RULINGS "Actions") and costs some commands its own way (Drop prone: free)."""
        ...

    def attack_slots(self, who: Fighter, weapon_id: str, weapon: Weapon,
                     mode: str | None) -> tuple[str, ...] | None:
        """The slots `who`'s attack with `weapon` in fire `mode` (None: the mode its gun is
        set to) takes (Shadowrun: a single
        shot, a semi-automatic shot or a burst one Simple action, full-auto and melee a
        Complex one); None: the base game's numbers decide (Ch.6 `attack_needs`)."""
        ...

    def take_aim(self, who: Fighter, sheet: Character) -> tuple[str, int, str]:
        """One more Take Aim (Shadowrun: a Simple action): the timer kind its next attack
        reads, the aims it holds now and the words; IllegalCommand at the most it may hold,
        or when the game has no such action."""
        ...

    def fire_mode_mark(self, who: Fighter, weapon_id: str, weapon: Weapon,
                       mode: str) -> tuple[str, str, str]:
        """Set the gun in hand to fire `mode` (Shadowrun's Change fire mode): the timer kind
        and amount its attacks read, and the words; IllegalCommand when the gun has no such
        mode or the game has no such action."""
        ...

    def initiative_edge(self, who: Fighter, sheet: Character, use: str,
                        dice: Dice) -> InitiativeEdge:
        """Edge spent on the initiative (Shadowrun's Blitz: the score rolled anew; Seize
        the Initiative: first in each later pass); IllegalCommand for a use the game does
        not have."""
        ...

    @property
    def turn_marks(self) -> tuple[str, ...]:
        """Timer kinds that last to the end of the combat turn (Seize the Initiative): the
        engine ends them when the next round starts."""
        ...

    def declare_turn_defence(self, who: Fighter, pass_number: int) -> TurnDefence:
        """`who` declares the defence that lasts the combat turn (Shadowrun's Full Defense,
        an interrupt) now, before any attack: what it sets and costs; IllegalCommand with
        every reason when it cannot (the game has none, already declared, the score in
        this pass too low, surprised)."""
        ...

    def offers(self, command: str) -> bool:
        """Whether the game has the action a command type names ("Evade"): the menus list
        only those, the engine refuses the others (RULINGS "Actions")."""
        ...

    # --- the log ------------------------------------------------------------------
    def number_files(self) -> Mapping[RulesetId, BaseModel]:
        """The numbers this ruleset plays with, keyed by the id of the ruleset whose file
        they come from (Shadowrun: the base game's too). A log's header keeps them."""
        ...

    def with_numbers(self, files: Mapping[RulesetId, Any]) -> Ruleset:
        """This ruleset playing with `files` (by ruleset id, as `number_files` keys them;
        a model or its JSON, validated here) instead of the bundled numbers: a log's
        snapshot, a house rule. Ids it does not use are ignored; a missing id keeps the
        bundled file."""
        ...

    @property
    def foreign_events(self) -> Mapping[str, str]:
        """Event types this ruleset never makes, each with the game that does: one in a log
        under this ruleset means the header names the wrong ruleset."""
        ...

    # --- attacks --------------------------------------------------------------------
    def attack_choice_problems(self, words: AttackWords) -> list[str]:
        """Every word of an attack's choices this ruleset does not know (a fire mode, an
        option, an Edge use…), each naming what it expected; empty when all are known."""
        ...

    def resolve_attack(self, facts: AttackFacts, dice: Dice) -> AttackOutcome:
        """Set up, check (IllegalCommand with every reason) and roll one attack."""
        ...

    def preview_attack(self, facts: AttackFacts) -> AttackPreviewParts:
        """The setup, plan and odds without rolling (IllegalCommand when refused)."""
        ...

    def report_from_json(self, data: Mapping[str, Any]) -> AttackReport:
        """A report back from its log form."""
        ...

    def attack_case(self, path: Path, *, odds: bool = False) -> dict[str, Any]:
        """`tactical attack`: resolve the CASE file with its scripted dice, the JSON report
        (TacticalError, IllegalCommand when it is invalid or refused)."""
        ...

    # --- injuries -------------------------------------------------------------------
    def worse_injury(self, a: str | None, b: str | None) -> str | None: ...
    def injury_from_damage(self, amount: int, who: Fighter, damage_type: str,
                           dice: Dice) -> Harm: ...
    def threshold_crossed(self, before: Fighter, after: Fighter,
                          dice: Dice) -> Threshold | None: ...
    def lowered_injury(self, injury: str) -> str | None: ...
    def injury_effects(self, injury: str, dice: Dice) -> InjuryEffects: ...
    def incapacitated(self, who: Fighter) -> bool: ...
    @property
    def melee_engagement_action(self) -> str | None:
        """What a melee attack on one's own turn spends besides its own cost (Ch.6 l.198,
        the footwork of being engaged); None: the game has no such rule."""
        ...

    def callouts(self, report: AttackReport) -> tuple[Callout, ...]:
        """The rolls of an attack the table must hear about (none: a plain roll)."""
        ...

    def melee_reach_m(self, sheet: Character, weapons: Sequence[Weapon]) -> float | None:
        """How far `sheet` strikes in melee with the longest of `weapons` (none: bare
        hands), in metres; None: the sheet's `reach_m` and the weapons' (Chapter 6)."""
        ...

    def standing(self, who: Fighter) -> Standing: ...
    def fatigue_zeroes_initiative(self, who: Fighter) -> str | None:
        """Why `who`'s Fatigue sets its Initiative to 0 (Ch.6 Exhausted), or None."""
        ...

    # --- skill checks ---------------------------------------------------------------
    def first_aid(self, healer: str, patient: str, injury: str, skill: int,
                  dice: Dice, disadvantages: Sequence[str] = ()) -> SkillOutcome: ...
    def awareness(self, who: str, effort: str, skill: int, tn: int,
                  dice: Dice, disadvantages: Sequence[str] = ()) -> SkillOutcome: ...
    def first_aid_kit(self, healer: str, patient: str, injury: str, skill: int | None,
                      kit: str, dice: Dice, disadvantages: Sequence[str] = ()) -> SkillOutcome:
        """First aid with the kit chosen (Ch.6 l.904-906); `skill` None: a trauma patch's
        own Medic skill (l.936)."""
        ...
    def skill_check(self, who: Fighter, skill: str, value: int, tn: int,
                    advantages: tuple[str, ...], dice: Dice) -> SkillOutcome:
        """A plain check of `skill` (its `value`) against `tn`, with named Advantage sources
        and the combatant's own Disadvantages (Ch.6 Use a Skill)."""
        ...

    def discipline_check(self, who: Fighter, sheet: Character, tn: int,
                         dice: Dice) -> SkillOutcome:
        """An active Discipline defence check against `tn` (Ch.6 Fear and Pinning)."""
        ...

    def break_free(self, who: Fighter, sheet: Character, dice: Dice) -> SkillOutcome:
        """A grappled combatant's check to break free (IllegalCommand when the game has no
        such check); success: the grapple ends."""
        ...

    def check_disadvantages(self, who: Fighter) -> tuple[str, ...]:
        """What gives `who` Disadvantage on a skill check (Ch.6 l.710: injuries give
        Disadvantage "on all your actions"), to pass to `first_aid` and `awareness`."""
        ...

    # --- between fights (a campaign, docs/campaign.md) --------------------------------
    def recover(self, lasting: Lasting, sheet: Character,
                plan: RestPlan) -> tuple[Lasting, tuple[str, ...]]:
        """A party member's lasting state after the time `plan` passes (rests, natural
        healing, care), and each change in words; IllegalCommand when it cannot rest
        (dying)."""
        ...

    def after_fight(self, lasting: Lasting, sheet: Character,
                    dice: Dice) -> tuple[Lasting, tuple[str, ...]]:
        """A member's state as a fight leaves it, with what the time between fights must
        settle (Chapter 6: the intensive care a stabilised Lethal injury needs, its hours
        rolled), and the words for it."""
        ...

    def first_aid_between(self, healer: Character, patient: Lasting, sheet: Character,
                          kit: str, dice: Dice) -> tuple[Lasting, tuple[str, ...]]:
        """First aid between fights by `healer` on a member (`sheet`, its state `patient`);
        IllegalCommand when it cannot be given (no injury, treated already)."""
        ...

    # --- how its events read (the combat log) ---------------------------------------
    def attack_line(self, report: AttackReport, summary: str, attacker: str,
                    target: str) -> str: ...
    def result_lines(self, report: AttackReport) -> list[str]: ...
    def effects_text(self, effects: Mapping[str, Any]) -> str:
        """An injury's effects, as the log keeps them (HitRecorded.effects), as a phrase."""
        ...

    def round_line(self, round_number: int, pass_number: int,
                   names: Sequence[str]) -> str | None: ...
    def turn_line(self, name: str, major: int, move: int, minor: int) -> str | None: ...
    def initiative_line(self, name: str, faces: Sequence[int], bonus: int,
                        total: int) -> str | None: ...
    def monitors_text(self, who: Fighter | None, physical: int, stun: int,
                      overflow: int) -> str | None: ...

    # --- optional parts: None when the game has none (the engine asks, never assumes) ---
    @property
    def area(self) -> AreaRules | None:
        """Area attacks (AreaRules), or None: this game offers none."""
        ...

    @property
    def surprise(self) -> SurpriseRules | None:
        """A surprise test of the game's own (SurpriseRules), or None: surprise is the
        base game's Awareness."""
        ...

    @property
    def split(self) -> SplitRules | None:
        """One melee action against several opponents, the pool split (SplitRules), or
        None: this game has no such rule."""
        ...

    def monitor_damage(self, who: Fighter, amount: int, damage_type: str,
                       *, heal: bool = False) -> MonitorMarks | None:
        """The GM's Apply damage (or, `heal`, Heal) on the game's condition monitors: the
        boxes after marking or clearing `amount` on the `damage_type` monitor; None: the
        game has no monitors (its injuries take the damage)."""
        ...

    def monitors_json(self, who: Fighter) -> dict[str, Any] | None:
        """The combatant's monitors for `tactical play --json` (`monitors`,
        `wound_modifier`, `conscious`); None: the game has no monitors."""
        ...

    @property
    def reaction_kinds(self) -> tuple[ReactionSpec, ...]:
        """The reactions a move on the map can offer, in the order a step lists them
        (empty: the map offers none)."""
        ...

    def other_offer_gone(self, reactor: Fighter, settled: str, taken: bool,
                         other: str) -> str | None:
        """Why `other`, a kind offered to `reactor` at the same step as the `settled` one it
        just took (`taken`) or declined, is no longer on offer; None: it stays. `reactor`
        as it stands after settling (a Reaction taken is spent)."""
        ...
