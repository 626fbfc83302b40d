"""Commands: what the GM asks for, imperative. `decide` turns one into events or refuses it."""

from __future__ import annotations

from dataclasses import dataclass

from tactical.encounter.model import Hex


@dataclass(frozen=True, slots=True)
class StartCombat:
    """Roll initiative for everyone without a value yet, and start round 1."""


@dataclass(frozen=True, slots=True)
class RollInitiative:
    combatant: str


@dataclass(frozen=True, slots=True)
class SetInitiative:
    combatant: str
    value: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    combatant: str | None = None  # None: whoever is acting


@dataclass(frozen=True, slots=True)
class EndCombat:
    pass


@dataclass(frozen=True, slots=True)
class Move:
    combatant: str
    path: tuple[Hex, ...]  # hexes entered, in order (not the start hex)
    how: str = "move"  # move, sprint, step, charge, disengage


@dataclass(frozen=True, slots=True)
class Attack:
    attacker: str
    target: str
    weapon: str | None = None  # None: the ready weapon
    mode: str | None = None  # SS, SA, BF, AF
    options: tuple[str, ...] = ()
    edge: str | None = None  # None, "roll" or "damage"
    burst_choice: str | None = None  # BF: "advantage" or "damage"
    called_shot: str | None = None
    defence: str | None = None  # Ch.6 melee: parry or dodge; Shadowrun: the declared option
    defenseless: bool = False
    crossfire: bool = False
    exposed: bool = False  # Ch.6 Crossfire: the GM declares the target exposed (−5, 2+ allies)
    gm_tn: int | None = None  # Ch.6 Trick Shot: "the GM sets an appropriately high TN"
    # Shadowrun: situational dice pool modifiers, each named ("Situation", -1)
    attack_modifiers: tuple[tuple[str, int], ...] = ()
    defence_modifiers: tuple[tuple[str, int], ...] = ()
    # Shadowrun: the GM rules a tie a grazing hit, contact only (sr4 l.25-27, sr5 l.16);
    # None: the ruleset's `grazing_hit_default`
    grazing: bool | None = None
    # Shadowrun: the names of the modifiers the engine proposed from the sheets and the map
    # (Smartlink, Reach, Friends in melee, Charging) that the GM dropped (issue 25 item 4)
    dropped: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class React:
    """Resolve a pending reaction with an attack (Snapshot, Overwatch, Opportunity) —
    or, for an Intercept, the mover's choice: `go_on` False stops and fights there.

    The offer is named by its id (`offer`), or by its `reactor` and `kind`; the reactor
    alone names it when it is that reactor's only pending offer (issue 22 item 4)."""

    reactor: str = ""
    weapon: str | None = None
    mode: str | None = None
    edge: str | None = None
    go_on: bool = False
    kind: str | None = None
    offer: str | None = None


@dataclass(frozen=True, slots=True)
class DeclineReaction:
    """Let a pending reaction pass; named as for React."""

    reactor: str = ""
    kind: str | None = None
    offer: str | None = None


@dataclass(frozen=True, slots=True)
class DeclareOverwatch:
    combatant: str
    zone: tuple[tuple[float, float], ...] | None = None  # a polygon in metres; None: anywhere


@dataclass(frozen=True, slots=True)
class Disengage:
    """Ch.6 Disengage (Major): leave melee this turn without provoking an Attack of
    Opportunity."""

    combatant: str


@dataclass(frozen=True, slots=True)
class DropProne:
    combatant: str


@dataclass(frozen=True, slots=True)
class GetUp:
    combatant: str


@dataclass(frozen=True, slots=True)
class ReadyWeapon:
    """Draw a weapon or reload the ready one (Ch.6: Reload = Ready weapon, a Major)."""

    combatant: str
    weapon: str | None = None


@dataclass(frozen=True, slots=True)
class Evade:
    """Ch.6 Evade (l.202): evasive movement combined with a second Move action; `path` is
    where the evader dodges and weaves to (empty: in place)."""

    combatant: str
    path: tuple[Hex, ...] = ()


@dataclass(frozen=True, slots=True)
class Refocus:
    combatant: str


@dataclass(frozen=True, slots=True)
class UseEdgeForInitiative:
    combatant: str


@dataclass(frozen=True, slots=True)
class UseEdgeForReaction:
    """Ch.6 Reactions, l.152: "Using Edge can also give you additional Reactions" — any
    time in the round (this round only)."""

    combatant: str


@dataclass(frozen=True, slots=True)
class LowerInjury:
    """Ch.6 Using Edge to stay in the fight: right after a hit (until its next turn), the
    injured combatant spends 1 Edge to make that hit's injury one step less severe."""

    combatant: str


@dataclass(frozen=True, slots=True)
class FirstAid:
    healer: str
    patient: str
    kit: str = "medkit"  # Ch.6 l.904-906: medkit, some_equipment, improvised, trauma_kit, autodoc


@dataclass(frozen=True, slots=True)
class CheckAwareness:
    """Ch.6 Awareness: a Vigilance check with the effort chosen (major, minor, free, full)
    against a difficulty (default Moderate), raised by the hider's Stealth degree."""

    combatant: str
    effort: str = "major"
    difficulty: str = "moderate"
    stealth: str | None = None  # the best hider's Stealth degree: solid or perfect
    # Ch.6 l.46: a check against one enemy it has not detected; success detects it
    against: str | None = None


@dataclass(frozen=True, slots=True)
class AutoFire:
    """Ch.6 Auto fire at several nearby targets (l.460-466): one Major + Minor, 10 rounds
    per target, each attack with Disadvantage and no damage bonus."""

    attacker: str
    targets: tuple[str, ...]
    weapon: str | None = None
    # RULINGS Area attacks: the placed vicinity, a circle of `auto_fire_spread.vicinity_m`
    # round this hex; None: the older reading, within that of the first target named
    vicinity: Hex | None = None


@dataclass(frozen=True, slots=True)
class SuppressiveFire:
    """Ch.6 Suppressive Fire (l.482-490) as a placed zone (RULINGS Area attacks): a sector
    from the shooter's hex toward `toward`, out to the weapon's Medium band; every enemy in
    it and in sight is attacked once vs its Discipline, a hit Pins."""

    attacker: str
    toward: Hex
    weapon: str | None = None


@dataclass(frozen=True, slots=True)
class AreaAttack:
    """RULINGS Area attacks: a blast weapon (grenade, launcher) aimed at a hex, a Major
    action; a miss scatters; every combatant in the rings takes that ring's damage."""

    attacker: str
    weapon: str
    aim: Hex


@dataclass(frozen=True, slots=True)
class Dash:
    """Ch.6 Dash (l.216), a Full action: run all out, on any path."""

    combatant: str
    path: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class UseSkill:
    """Ch.6 Use a Skill (l.190, a Major action): a check of `skill` against a difficulty
    (trivial … near_impossible) or the GM's `tn`."""

    combatant: str
    skill: str
    difficulty: str = "moderate"
    tn: int | None = None


@dataclass(frozen=True, slots=True)
class Assist:
    """Ch.6 Assist (l.192, a Major action): help an ally; its next Use a Skill has
    Advantage (our ruling)."""

    combatant: str
    ally: str


@dataclass(frozen=True, slots=True)
class DisciplineCheck:
    """Ch.6 Fear and Pinning (l.968-982): an active Discipline defence check — `against`
    "pin" (overcome Pinned) or "fear" (resist; failure: Frightened) — against a difficulty
    or the GM's `tn`."""

    combatant: str
    against: str = "pin"
    difficulty: str | None = None  # None: the ruleset's for that purpose
    tn: int | None = None


@dataclass(frozen=True, slots=True)
class ApplyTraumaPatch:
    """Ch.6 Trauma patches (l.936): emergency first aid at Medic +12; a Minor if readied,
    a Major if not. The healer may be the patient."""

    healer: str
    patient: str
    readied: bool = True


@dataclass(frozen=True, slots=True)
class ApplyStimPatch:
    """Ch.6 Stim patches (l.854-866): 1d6 + Rating Stamina back."""

    combatant: str
    rating: int = 0


@dataclass(frozen=True, slots=True)
class Rest:
    """Ch.6 Resting (l.830-852), outside combat: short (50 %), brief (25 %), long (all),
    partial_long (50 %) of Stamina back; `combatant` None: everyone standing."""

    kind: str = "short"
    combatant: str | None = None


@dataclass(frozen=True, slots=True)
class RecoverWeapon:
    """Ch.6 Disarm (l.394-398): fix the grip, pick the weapon up, or fetch it where it flew
    (the actions as the disarming hit's degree set them)."""

    combatant: str


@dataclass(frozen=True, slots=True)
class BreakFree:
    """Ch.6 Grapple (l.404): "break free (Major action)", a check (our ruling)."""

    combatant: str


@dataclass(frozen=True, slots=True)
class Mount:
    """Ch.6 Mount/Dismount (l.208), a Move action: get onto a mount or vehicle next to it
    (a combatant whose sheet `carries` riders); the rider then shares its hex and moves
    with it."""

    combatant: str
    mount: str


@dataclass(frozen=True, slots=True)
class Dismount:
    """Ch.6 Mount/Dismount (l.208), a Move action: get off onto a free hex next to the
    mount (`hex`, the GM's choice; None: the first free one)."""

    combatant: str
    hex: Hex | None = None


@dataclass(frozen=True, slots=True)
class ApplyDamage:
    """The GM's manual override: damage straight to the total, with its injury."""

    combatant: str
    amount: int  # after armor
    damage_type: str = "physical"


@dataclass(frozen=True, slots=True)
class SetHidden:
    """The GM marks a token hidden (it used Stealth: enemies not Fully aware have not
    detected it, Ch.6 l.46) or seen (everyone detects it)."""

    combatant: str
    hidden: bool = True


@dataclass(frozen=True, slots=True)
class SetCondition:
    combatant: str
    condition: str
    on: bool = True


@dataclass(frozen=True, slots=True)
class HealByHand:
    """The GM's override: damage taken back by hand (a potion, a ruling, a mistake).
    `damage_type` names the monitor cleared in a game with condition monitors (Shadowrun:
    "physical" or "stun"); Chapter 6 heals its one total."""

    combatant: str
    amount: int
    damage_type: str = "physical"


@dataclass(frozen=True, slots=True)
class EditVitals:
    """The GM's override: the combatant's Health and Stamina (maximums) and Edge left;
    None keeps a value."""

    combatant: str
    health: int | None = None
    stamina: int | None = None
    edge: int | None = None


@dataclass(frozen=True, slots=True)
class RemoveCombatant:
    """Take a token off the board and out of the initiative order (fled, surrendered)."""

    combatant: str


@dataclass(frozen=True, slots=True)
class AddCombatant:
    """Put a character from the map's roster on the board at `hex` (a reinforcement or a
    quick NPC); `template` copies a combatant's ruleset extension (Shadowrun monitors)."""

    combatant: str  # the new id
    character: str
    hex: Hex
    side: str
    name: str = ""  # "": the character's name
    template: str | None = None


@dataclass(frozen=True, slots=True)
class GMMove:
    """The GM puts a token on `hex`: no action, no reaction, logged as a GM move."""

    combatant: str
    hex: Hex


@dataclass(frozen=True, slots=True)
class SetSide:
    """The GM puts a combatant on another side (a turncoat, a token added on the wrong
    one): one of the map's sides or a new one (an id: lowercase letters, digits, "-")."""

    combatant: str
    side: str


@dataclass(frozen=True, slots=True)
class GMMoveGroup:
    """The GM moves several tokens at once by the same hex offset `by` (axial q, r): the
    group keeps its formation; no action, no reaction, logged as a GM move of each."""

    combatants: tuple[str, ...]
    by: Hex


Command = (StartCombat | RollInitiative | SetInitiative | EndTurn | EndCombat | Move
           | Disengage | Attack | React | DeclineReaction | DeclareOverwatch
           | DropProne | GetUp | ReadyWeapon | Evade | Refocus | UseEdgeForInitiative
           | LowerInjury | FirstAid | CheckAwareness | ApplyDamage | SetCondition | HealByHand
           | EditVitals | RemoveCombatant | AddCombatant | GMMove
           | RecoverWeapon | BreakFree | AutoFire | UseEdgeForReaction | Dash | UseSkill
           | Assist | DisciplineCheck | ApplyTraumaPatch | ApplyStimPatch | Rest
           | Mount | Dismount | SetHidden | SetSide | GMMoveGroup
           | AreaAttack | SuppressiveFire)


@dataclass(frozen=True, slots=True)
class TakeAim:
    """Shadowrun's Take Aim (a Simple action): dice on the combatant's next attack, more
    for each aim up to the ruleset's most (sr4/sr5.yaml `actions.take_aim`)."""

    combatant: str


@dataclass(frozen=True, slots=True)
class ChangeFireMode:
    """Shadowrun: set the ready gun's fire mode (a Simple action, sr4/sr5.yaml
    `actions.costs`); an attack that names no mode fires in it."""

    combatant: str
    mode: str  # the catalogue's mode name (SS, SA, BF, AF)


@dataclass(frozen=True, slots=True)
class UseEdge:
    """Shadowrun: spend Edge outside an attack (`use`: the ruleset file's word, Blitz)."""

    combatant: str
    use: str


@dataclass(frozen=True, slots=True)
class DelayAction:
    """Shadowrun's delayed action: the actor, before it acts, lets the others of this pass
    go first and takes its action phase after them (Chapter 6 has none, l.92)."""

    combatant: str


def command_from_payload(payload: dict[str, object]) -> object:
    """A command from its JSON form {"type": "Move", "combatant": …} (scenario files, CLI)."""
    from pydantic import TypeAdapter, ValidationError

    from tactical.core.errors import InvalidCommand

    data = dict(payload)
    name = data.pop("type", None)
    cls = COMMAND_TYPES.get(str(name))
    if cls is None:
        raise InvalidCommand(f"unknown command type {name!r}; expected one of: "
                             f"{', '.join(sorted(COMMAND_TYPES))}")
    try:
        return TypeAdapter(cls).validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InvalidCommand(f"{name}: {where}: {first['msg']}") from None


COMMAND_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    StartCombat, RollInitiative, SetInitiative, EndTurn, EndCombat, Move, Disengage, Attack,
    React, DeclineReaction, DeclareOverwatch, DropProne, GetUp, ReadyWeapon, Evade, Refocus,
    UseEdgeForInitiative, LowerInjury, FirstAid, CheckAwareness, ApplyDamage,
    SetCondition, HealByHand, EditVitals, RemoveCombatant, AddCombatant, GMMove,
    RecoverWeapon, BreakFree, AutoFire, UseEdgeForReaction, Dash, UseSkill,
    Assist, DisciplineCheck, ApplyTraumaPatch, ApplyStimPatch, Rest, Mount, Dismount,
    SetHidden, SetSide, GMMoveGroup, AreaAttack, SuppressiveFire, TakeAim,
    ChangeFireMode, UseEdge, DelayAction)}
