"""The campaign around the fights (docs/campaign.md): the party onto a new map, the fight's
end carried back, time passed between fights by the ruleset's rules, and a rest taken back
until the next fight. The file format is data/campaign.py; the command it logs in a fight
is encounter/handlers/carry.py."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tactical.core.dice import Dice, RandomDice
from tactical.core.errors import IllegalCommand, TacticalError
from tactical.data.campaign import (
    LASTING_CONDITIONS,
    Campaign,
    HistoryEntry,
    Lasting,
    Member,
    RestPlan,
    member_source,
)
from tactical.data.character import Character
from tactical.data.library import Library, LoadedMap
from tactical.data.maps import Token
from tactical.encounter.context import Context, MapOracle
from tactical.encounter.handlers.carry import Carried, CarryIn, carried_words
from tactical.encounter.model import Combatant, Condition, EncounterState
from tactical.rules import registry
from tactical.rules.api import Ruleset


class CampaignRefused(TacticalError):
    """The campaign cannot do this (the message says why); nothing was changed."""


# --- the party onto a map


def party_sheets(campaign: Campaign, campaign_file: Path,
                 library: Library) -> dict[str, Character]:
    return party_library(campaign, campaign_file, library)[0]


def party_library(campaign: Campaign, campaign_file: Path,
                  library: Library) -> tuple[dict[str, Character], Library]:
    """The members' sheets, and `library` with them and the gear their rosters (or
    `.chum5` files) carry: an imported runner's own weapons and armor come with it, as
    they do into a map from the editor's roster."""
    characters = dict(library.characters)
    sheets: dict[str, Character] = {}
    for member in campaign.party:
        sheets[member.id], source = member_source(member, campaign_file, characters)
        if source is not None:
            library = library.with_catalogue(source)
    return sheets, library.with_characters(sheets.values())


def token_of(member: Member, tokens: Sequence[Token]) -> Token | None:
    """The map's token that is this member: the token of its id, else the first of its
    character (ruling: a map written for the party names its characters)."""
    return next((t for t in tokens if t.id == member.id), None) or next(
        (t for t in tokens if t.character == member.character), None)


def with_party(loaded: LoadedMap, campaign: Campaign, campaign_file: Path,
               ruleset: str | None = None) -> LoadedMap:
    """The map with the party on it: their sheets in the library, and a token beside the
    party's side for each member the map does not already have (ruling, docs/campaign.md).
    CampaignRefused when the campaign plays another ruleset than the fight."""
    rid = ruleset or loaded.map.ruleset
    if rid != campaign.ruleset:
        raise CampaignRefused(f"{campaign_file}: the campaign plays {campaign.ruleset}; "
                              f"this encounter is {rid}")
    sheets, library = party_library(campaign, campaign_file, loaded.library)
    tokens = list(loaded.map.tokens)
    taken = {(t.hex[0], t.hex[1]) for t in tokens}
    sides = loaded.map.sides
    from tactical.encounter.queries.oracle import GeometryOracle

    oracle = GeometryOracle(loaded)
    for member in campaign.party:
        # ruling: the dead stay in the campaign; a new map gets no token for them
        if token_of(member, tokens) is not None or member.state.has("dead"):
            continue
        side = member.side if not sides or member.side in sides else next(iter(sides))
        anchor = next((t.hex for t in tokens if t.side == side), None)
        spot = _free_hex(loaded, oracle, taken, anchor)
        if spot is None:
            raise CampaignRefused(f"{loaded.path}: no free hex for {sheets[member.id].name}")
        taken.add(spot)
        tokens.append(Token(id=member.id, character=sheets[member.id].id, side=side,
                            hex=spot))
    mapfile = loaded.map.model_copy(update={"tokens": tuple(tokens)})
    return LoadedMap(loaded.path, mapfile, library)


def _free_hex(loaded: LoadedMap, oracle: MapOracle, taken: set[tuple[int, int]],
              anchor: object) -> tuple[int, int] | None:
    """The free passable hex nearest the party's side (ring by ring), else the first one."""
    from tactical.geometry.hexgrid import hex_distance

    grid = loaded.map.grid
    hexes = [grid.axial_of(col, row) for row in range(grid.rows) for col in range(grid.columns)]
    if isinstance(anchor, tuple):
        start = (int(anchor[0]), int(anchor[1]))
        hexes.sort(key=lambda h: (hex_distance(h, start), h))
    return next((h for h in hexes if h not in taken and oracle.passable(h) is None), None)


def carry_in_command(campaign: Campaign, campaign_file: Path,
                     state: EncounterState, loaded: LoadedMap) -> CarryIn:
    """The command that starts each member's token with its lasting state."""
    party: list[Carried] = []
    for member in campaign.party:
        token = token_of(member, loaded.map.tokens)
        if token is None or token.id not in state.combatants:
            continue
        c = state.get(token.id)
        s = member.state
        party.append(Carried(
            c.id, s.damage, s.stun, s.overflow, s.fatigue, s.injury, s.treated,
            tuple(s.conditions), tuple(sorted(s.ammo.items())), max(0, c.edge - s.edge_spent)))
    return CarryIn(str(Path(campaign_file).resolve()), tuple(party))


# --- the fight's end back into the campaign


def lasting_of(c: Combatant, before: Lasting, sheet: Character, ruleset: Ruleset,
               dice: Dice) -> tuple[Lasting, list[str]]:
    """What outlasts the fight (rulings, docs/campaign.md); CampaignRefused for a member
    still dying or bleeding: the GM settles that in the fight first."""
    words: list[str] = []
    dying = [t for t in c.timers if t.kind == "death"] and not c.has(Condition.STABILISED)
    bleeding = [t for t in c.timers if t.kind == "bleed"
                and (t.rounds is None or not t.amount.isdigit())]
    if (dying or bleeding) and not c.has(Condition.DEAD):
        what = "dying" if dying else "bleeding until stabilised"
        raise CampaignRefused(f"{c.name} is {what}: give first aid or mark it dead in the "
                              "fight before carrying it to the campaign")
    damage = c.damage
    # ruling: a bleed of a fixed amount for counted rounds runs its course after the fight
    for t in c.timers:
        if t.kind == "bleed" and t.rounds is not None and t.amount.isdigit():
            damage += int(t.amount) * t.rounds
            words.append(f"{c.name} bleeds {int(t.amount) * t.rounds} more after the fight "
                         "(Ch.6 Serious bleed)")
    conditions = tuple(x for x in LASTING_CONDITIONS if c.has(Condition(x)))
    lasting = Lasting(damage=damage, stun=c.stun, overflow=c.overflow, fatigue=c.fatigue,
                      injury=c.injury, treated=c.treated,  # type: ignore[arg-type]
                      conditions=conditions,  # type: ignore[arg-type]
                      ammo=dict(c.ammo), edge_spent=max(0, sheet.edge - c.edge),
                      care_within_hours=before.care_within_hours,
                      week_days=before.week_days if damage else 0)
    # what the ruleset leaves for the time between fights (Ch.6 l.742: intensive care)
    lasting, more = ruleset.after_fight(lasting, sheet, dice)
    words += more
    return lasting, words


def carry_out(campaign: Campaign, campaign_file: Path, state: EncounterState, ctx: Context,
              when: str, log: str | None = None,
              dice: Dice | None = None) -> tuple[Campaign, list[str]]:
    """The campaign with the party's state after the fight and a history entry for it
    (with the states before, and the fight's log)."""
    if log is not None and any(h.kind == "fight" and h.log == log for h in campaign.history):
        raise CampaignRefused(f"{campaign_file}: this fight is carried already ({log})")
    dice = dice or RandomDice()
    sheets = party_sheets(campaign, campaign_file, ctx.loaded.library)
    states: dict[str, Lasting] = {}
    changes: list[str] = []
    ruleset = ctx.ruleset_of(state.ruleset)
    monitors = ruleset.monitors_text
    for member in campaign.party:
        token = token_of(member, ctx.loaded.map.tokens)
        if token is None or token.id not in state.combatants:
            continue
        c = state.get(token.id)
        lasting, words = lasting_of(c, member.state, sheets[member.id], ruleset, dice)
        states[member.id] = lasting
        changes += words
        changes.append(f"{c.name}: {carried_words(c, monitors)}")
    if not states:
        raise CampaignRefused(f"{campaign_file}: none of the party fought on "
                              f"{ctx.loaded.map.name}")
    entry = HistoryEntry(kind="fight", when=when, title=ctx.loaded.map.name,
                         map=str(ctx.loaded.path), log=log, changes=tuple(changes),
                         before={m: campaign.member(m).state for m in states})
    return campaign.with_states(states, entry), changes


# --- between fights


@dataclass(frozen=True)
class Rested:
    campaign: Campaign
    changes: tuple[str, ...]


def rest(campaign: Campaign, campaign_file: Path, plan: RestPlan, when: str,
         library: Library | None = None, dice: Dice | None = None) -> Rested:
    """Time passes for the party by its ruleset's rules (first aid first); every change is
    listed. A member that cannot rest (dying) refuses the whole rest, naming it: nothing
    changes."""
    from tactical.data.library import bundled_library

    rules = registry.ruleset(campaign.ruleset)
    sheets, lib = party_library(campaign, campaign_file, library or bundled_library())
    states: dict[str, Lasting] = {}
    changes: list[str] = []
    reasons: list[str] = []
    start = _first_aid(campaign, sheets, plan, dice or RandomDice(), changes)
    for member in campaign.party:
        sheet = sheets[member.id]
        try:
            state, words = rules.recover(start[member.id], sheet, plan)
        except IllegalCommand as refused:
            reasons += refused.reasons
            continue
        changes += words
        state, more = _gm_parts(state, sheet, lib, plan)
        changes += more
        if state != member.state:
            states[member.id] = state
    if reasons:
        raise CampaignRefused("; ".join(reasons))
    entry = HistoryEntry(kind="rest", when=when, title=plan.title(),
                         changes=tuple(changes) or ("nothing changed",),
                         before={m: campaign.member(m).state for m in states})
    return Rested(campaign.with_states(states, entry), tuple(changes))


def _first_aid(campaign: Campaign, sheets: dict[str, Character], plan: RestPlan,
               dice: Dice, changes: list[str]) -> dict[str, Lasting]:
    """First aid between fights comes first, before the time passes (ruling): by the
    ruleset's rules (Chapter 6: l.900-934). Every reason it cannot be given is named."""
    states = {m.id: m.state for m in campaign.party}
    rules = registry.ruleset(campaign.ruleset)
    reasons: list[str] = []
    for aid in plan.first_aid:
        healer, patient = states.get(aid.healer), states.get(aid.patient)
        if healer is None or patient is None:
            missing = aid.healer if healer is None else aid.patient
            reasons.append(f"first aid: no member '{missing}' in the party")
            continue
        if healer.has("dead") or healer.has("unconscious"):
            reasons.append(f"{sheets[aid.healer].name} cannot give first aid (dead or "
                           "unconscious)")
            continue
        try:
            states[aid.patient], words = rules.first_aid_between(
                sheets[aid.healer], patient, sheets[aid.patient], aid.kit, dice)
        except IllegalCommand as refused:
            reasons += refused.reasons
            continue
        changes += words
    if reasons:
        raise CampaignRefused("; ".join(reasons))
    return states


def _gm_parts(state: Lasting, sheet: Character, library: Library,
              plan: RestPlan) -> tuple[Lasting, list[str]]:
    """Reload (ruling: the party has the spare ammunition) and Edge back (the GM's call:
    the texts do not say when Edge returns)."""
    words: list[str] = []
    if state.has("dead"):
        return state, words
    if plan.reload:
        full = {w: library.weapons[w].magazine or 0 for w in sheet.weapons
                if w in library.weapons and library.weapons[w].kind == "ranged"}
        low = {w: n for w, n in full.items() if state.ammo.get(w, n) < n}
        if low:
            state = state.model_copy(update={"ammo": {**state.ammo, **full}})
            words += [f"{sheet.name}: reloads {w} ({n})" for w, n in sorted(low.items())]
    if plan.refresh_edge and state.edge_spent:
        words.append(f"{sheet.name}: Edge back to {sheet.edge}")
        state = state.model_copy(update={"edge_spent": 0})
    return state, words


def undo_rest(campaign: Campaign) -> Campaign:
    """Take the last rest back (its `before` states): only rests since the last fight."""
    if not campaign.history or campaign.history[-1].kind != "rest":
        raise CampaignRefused("no rest to take back since the last fight")
    last = campaign.history[-1]
    party = tuple(m.model_copy(update={"state": last.before.get(m.id, m.state)})
                  for m in campaign.party)
    return campaign.model_copy(update={"party": party, "history": campaign.history[:-1]})


def rests_since_fight(campaign: Campaign) -> Iterable[HistoryEntry]:
    for entry in reversed(campaign.history):
        if entry.kind != "rest":
            return
        yield entry


# --- a fight starts


def begin(encounter: object, campaign: Campaign, campaign_file: Path, when: str,
          log: str | None = None) -> Campaign:
    """Carry the party into a new encounter (one logged command) and note the start in the
    campaign's history: the rests before it can no longer be taken back."""
    from tactical.encounter.encounter import Encounter

    assert isinstance(encounter, Encounter)
    loaded = encounter.ctx.loaded
    command = carry_in_command(campaign, campaign_file, encounter.state, loaded)
    if command.party:
        encounter.apply(command, f"Carry in the party of {campaign.name or 'the campaign'}")
    return started(campaign, loaded, when, log)


def started(campaign: Campaign, loaded: LoadedMap, when: str,
            log: str | None = None) -> Campaign:
    """The campaign with a `start` entry: a fight began (its rests are no longer undone)."""
    entry = HistoryEntry(kind="start", when=when, title=loaded.map.name,
                         map=str(loaded.path), log=log)
    return campaign.model_copy(update={"history": (*campaign.history, entry)})
