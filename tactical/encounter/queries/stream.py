"""What a stream shows of the fight (issue 28), as plain data: the initiative strip, the last
rolls, the party and the reaction banner, each worked out from the state and the effective
events and filtered by the ONE audience filter (tactical/encounter/queries/audience.py).
The players' window paints these dicts; the overlays for OBS serve them. Qt-free: the board decides
pixels, this decides what there is to draw, and `condense` fits the strip to any width
given a way to measure text.

Every dict here holds only what the audience may read: building one for the players never
reads an enemy's numbers into it (tests/ui/test_player_leaks.py reads the bytes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tactical.encounter.events import AttackResolved, CheckRolled, RoundStarted
from tactical.encounter.model import Combatant, Condition, EncounterState, Phase
from tactical.encounter.queries.audience import AudienceFilter, RollDetail
from tactical.rules import registry
from tactical.rules.api import AttackReport
from tactical.rules.reactions import ReactionSpec

#: How many results the small roll history keeps (the newest first).
HISTORY = 4

#: The events that are rolls the screens show, numbered together in the order rolled (the
#: GM's per-roll choice names them by that number): attacks and plain checks.
ROLLS: tuple[type, ...] = (AttackResolved, CheckRolled)

#: A combatant's arcs as shares: (left, right, down, hurt): left and right as its token
#: draws them, `hurt` the share the coarse word reads (Shadowrun: the fuller monitor).
Arcs = Callable[[Combatant], tuple[float, float, bool, float]]


def initials(name: str) -> str:
    """A name in two letters: the token's face, the strip's condensed form."""
    words = [w.strip("()[]") for w in name.split() if w.strip("()[]")]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].capitalize()
    return (words[0][0] + words[1][0]).upper()


def faces(names: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Each (id, name)'s two letters, told apart where they clash: "Guard (shotgun)" and
    "Guard (shield)" are both GS, so G1 and G2 in the order given. The token's face and the
    strip's condensed chip read the same (a viewer matches the chip to the token)."""
    plain = {cid: initials(name) for cid, name in names}
    counts = Counter(plain.values())
    numbers: Counter[str] = Counter()
    out: dict[str, str] = {}
    for cid, short in plain.items():
        if counts[short] > 1:
            numbers[short] += 1
            short = f"{short[0]}{numbers[short]}"
        out[cid] = short
    return out


def _shown(state: EncounterState, audience: AudienceFilter,
           drawn: Iterable[str] | None) -> set[str]:
    """The combatants this audience sees: not hidden by the GM, and drawn (fog) if given."""
    ids = set(audience.visible_ids(state))
    return ids if drawn is None else ids & set(drawn)


# --- the initiative strip -------------------------------------------------------------------


def has_passes(state: EncounterState) -> bool:
    """The ruleset's round has initiative passes (Shadowrun): the strip numbers them."""
    if state.initiative_pass > 1:
        return True
    try:
        ruleset = registry.ruleset(state.ruleset)
    except registry.UnknownRuleset:
        return False
    return bool(ruleset.acting_order(list(state), 2))


def strip(state: EncounterState, audience: AudienceFilter,
          drawn: Iterable[str] | None = None) -> dict[str, Any]:
    """Whose turn, and who comes next: the acting combatant first, then the rest of this
    round (or pass) in order, then those who already acted (`later`: the next round, or for
    Shadowrun the next pass's order with its number)."""
    shown = _shown(state, audience, drawn)
    passes = has_passes(state)
    order = [cid for cid in state.order if cid in state.combatants]
    if not order:  # before the fight: everyone the audience sees, in roster order
        order = [c.id for c in state]
    now = state.turn if state.phase is Phase.COMBAT and 0 <= state.turn < len(order) else 0
    entries: list[dict[str, Any]] = []
    # numbered over everyone shown in roster order, as the board numbers the tokens' faces
    face = faces((c.id, c.name) for c in state if c.id in shown)

    def add(cid: str, later: bool, pass_number: int | None) -> None:
        if cid not in shown or any(e["id"] == cid and e["later"] == later for e in entries):
            return
        c = state.get(cid)
        entries.append({"id": cid, "name": c.name, "initials": face[cid],
                        "side": c.side, "acting": cid == state.actor and not later,
                        "later": later, "pass": pass_number})

    this_pass = state.initiative_pass if passes else None
    for cid in order[now:]:
        add(cid, False, this_pass)
    if passes:
        nxt = _next_pass(state)
        for cid in nxt:
            add(cid, True, state.initiative_pass + 1)
    else:
        for cid in order[:now]:
            add(cid, True, None)
    return {"phase": state.phase.value, "round": state.round, "pass": this_pass,
            "title": (f"Round {state.round}" if state.round else "Setup")
            + (f" · Pass {this_pass}" if this_pass else ""),
            "entries": entries}


def _next_pass(state: EncounterState) -> tuple[str, ...]:
    try:
        ruleset = registry.ruleset(state.ruleset)
    except registry.UnknownRuleset:
        return ()
    return ruleset.acting_order(list(state), state.initiative_pass + 1)


@dataclass(frozen=True, slots=True)
class Chip:
    """One box on the strip as drawn: a name, its initials, or "+3" for those left out."""

    text: str
    form: str  # "name", "initials", "more" (the count of those left out), "title"
    id: str | None = None
    acting: bool = False
    later: bool = False
    pass_number: int | None = None


def condense(shown: dict[str, Any], width: float, measure: Callable[[Chip], float],
             gap: float = 0.0) -> list[Chip]:
    """The strip fitted to `width`: full names while they fit, then initials from the far
    end, then the far end left out as "+N", then the round's title; the acting combatant
    keeps its name (its initials only if even that cannot fit) and is never left out.
    `measure` gives a chip's width (the acting one is drawn larger: the measure knows)."""
    title = Chip(shown["title"], "title")
    chips = [Chip(e["name"], "name", e["id"], e["acting"], e["later"], e["pass"])
             for e in shown["entries"]]

    def total(cs: list[Chip]) -> float:
        return sum(measure(c) for c in cs) + gap * max(0, len(cs) - 1)

    head = [title]

    def fits(cs: list[Chip], left_out: int) -> bool:
        more = [Chip(f"+{left_out}", "more")] if left_out else []
        return total([*head, *cs, *more]) <= width

    def initial(c: Chip) -> Chip:
        entry = next(e for e in shown["entries"] if e["id"] == c.id and e["later"] == c.later)
        return Chip(entry["initials"], "initials", c.id, c.acting, c.later, c.pass_number)

    for i in reversed(range(len(chips))):  # initials from the far end, the acting last
        if fits(chips, 0):
            break
        if not chips[i].acting:
            chips[i] = initial(chips[i])
    left_out = 0
    while not fits(chips, left_out):
        droppable = [i for i, c in enumerate(chips) if not c.acting]
        if droppable:
            del chips[droppable[-1]]
            left_out += 1
        elif head:
            head = []  # the round's title goes: whose turn matters more
        elif any(c.form == "name" for c in chips):
            chips = [initial(c) for c in chips]  # the acting name alone is too wide
        else:
            break  # nothing left to give up: the acting one's initials, drawn anyway
    more = [Chip(f"+{left_out}", "more")] if left_out else []
    return [*head, *chips, *more]


def strip_manifest(chips: Sequence[Chip]) -> dict[str, Any]:
    """What the strip shows, for `render --manifest` (`initiative`): names in order."""
    title = next((c.text for c in chips if c.form == "title"), "")
    more = next((int(c.text[1:]) for c in chips if c.form == "more"), 0)
    return {"title": title, "more": more,
            "entries": [{"id": c.id, "shown": c.text, "form": c.form, "acting": c.acting,
                         "later": c.later, "pass": c.pass_number}
                        for c in chips if c.id is not None]}


# --- rolls ------------------------------------------------------------------------------


def _degree_words(degree: str, hit: bool) -> str:
    """Ch.6 Degrees of success as a headline: "Solid hit", "Marginal miss"."""
    first = degree.split("_", 1)[0].capitalize() if degree else ""
    return f"{first} {'hit' if hit else 'miss'}".strip().capitalize()


def read_roll(report: AttackReport) -> dict[str, Any]:
    """A roll's result in the shape the screen draws, read from the report's log form: a
    total against a TN (Chapter 6) or a pool of hits (Shadowrun). Everything it holds;
    `roll_shown` keeps what an audience may read."""
    data = report.to_json()
    roll = data.get("roll")
    if isinstance(roll, dict) and "tn" in data:  # Ch.6: d20s + skill against a TN
        hit = bool(data.get("hit"))
        return {"family": "tn", "hit": hit, "total": roll.get("total"), "tn": data["tn"],
                "degree": roll.get("degree", ""), "fumble": bool(roll.get("fumble")),
                "double": bool(roll.get("double")), "dice": list(roll.get("kept") or ()),
                "outcome": _degree_words(str(roll.get("degree", "")), hit)}
    attack = data.get("attack") if isinstance(data.get("attack"), dict) else {}
    assert isinstance(attack, dict)
    outcome = str(data.get("outcome") or ("hit" if data.get("hit") else "miss"))
    return {"family": "pool", "hit": bool(data.get("hit")),
            "hits": attack.get("hits_limited", attack.get("hits")),
            "ones": attack.get("ones"), "glitch": bool(attack.get("glitch")),
            "critical_glitch": bool(attack.get("critical_glitch")),
            "dice": list(attack.get("dice") or ()), "outcome": outcome.capitalize()}


def roll_shown(event: AttackResolved, number: int, state: EncounterState,
               audience: AudienceFilter, drawn: Iterable[str] | None = None,
               ) -> dict[str, Any] | None:
    """Roll `number` of the fight as `audience` reads it, or None (a hidden roll shows
    nothing). FULL: the result first ("27 vs TN 22 — Solid hit"; "4 hits · 1 one"), then
    the dice; OUTCOME: the outcome in words and any glitch, no number."""
    attacker = state.combatants.get(event.attacker)
    target = state.combatants.get(event.target)
    if attacker is None:
        return None
    detail = audience.roll(attacker, target, number)
    if detail is RollDetail.HIDDEN:
        return None
    if not audience.gm and drawn is not None:
        seen = set(drawn)
        if attacker.id not in seen or (target is not None and target.id not in seen):
            return None  # in the dark (fog): its roll is not on the screen either
    r = read_roll(event.result)
    out: dict[str, Any] = {"number": number, "attacker": attacker.name,
                           "target": target.name if target else "", "family": r["family"],
                           "hit": r["hit"], "outcome": r["outcome"], "detail": detail.value}
    if r["family"] == "pool":
        out["glitch"], out["critical_glitch"] = r["glitch"], r["critical_glitch"]
    else:
        out["fumble"] = r["fumble"]
    if detail is RollDetail.OUTCOME:
        out["headline"] = r["outcome"] + _glitch_words(r)
        return out
    if r["family"] == "tn":
        out.update(total=r["total"], tn=r["tn"], degree=r["degree"], dice=r["dice"],
                   headline=f"{r['total']} vs TN {r['tn']} — {r['outcome']}")
    else:
        ones = r["ones"] or 0
        out.update(hits=r["hits"], ones=ones, dice=r["dice"],
                   headline=f"{r['hits']} hit{'' if r['hits'] == 1 else 's'} · {ones} "
                            f"one{'' if ones == 1 else 's'} — {r['outcome']}"
                            + _glitch_words(r))
    return out


def check_shown(event: CheckRolled, number: int, state: EncounterState,
                audience: AudienceFilter, drawn: Iterable[str] | None = None,
                ) -> dict[str, Any] | None:
    """A plain check (Use a Skill, Discipline, first aid, awareness) as `audience` reads
    it, in the shape of an attack's roll: FULL "Athletics: 19 vs TN 15 — Solid success";
    OUTCOME the check and its outcome in words; None when hidden."""
    roller = state.combatants.get(event.combatant)
    target = state.combatants.get(event.target) if event.target else None
    if roller is None:
        return None
    detail = audience.roll(roller, target, number, check=True)
    if detail is RollDetail.HIDDEN:
        return None
    if not audience.gm and drawn is not None:
        seen = set(drawn)
        if roller.id not in seen or (target is not None and target.id not in seen):
            return None  # in the dark (fog): its roll is not on the screen either
    roll = event.roll
    degree = str(roll.get("degree", ""))
    words = degree.replace("_", " ").capitalize() or (
        "Success" if event.success else "Failure")
    out: dict[str, Any] = {"number": number, "attacker": roller.name,
                           "target": target.name if target else "", "family": "tn",
                           "hit": event.success, "outcome": f"{event.check} — {words}",
                           "check": event.check, "detail": detail.value,
                           "fumble": bool(roll.get("fumble"))}
    if detail is RollDetail.OUTCOME:
        out["headline"] = out["outcome"] + _glitch_words(out)
        return out
    out.update(total=roll.get("total"), tn=roll.get("tn"), degree=degree,
               dice=list(roll.get("kept") or ()),
               headline=f"{event.check}: {roll.get('total')} vs TN {roll.get('tn')} — "
                        f"{words}" + _glitch_words(out))
    return out


def _glitch_words(r: dict[str, Any]) -> str:
    if r.get("critical_glitch"):
        return " · CRITICAL GLITCH"
    if r.get("glitch"):
        return " · GLITCH"
    if r.get("fumble"):
        return " · fumble"
    return ""


def rolls(state: EncounterState, events: Iterable[Any], audience: AudienceFilter,
          drawn: Iterable[str] | None = None, keep: int = HISTORY) -> list[dict[str, Any]]:
    """The last `keep` rolls this audience may see, the newest first (numbered in the
    fight: 1 is the first attack or check rolled, as the GM's per-roll choice names them)."""
    found: list[dict[str, Any]] = []
    drawn_ids = None if drawn is None else set(drawn)
    rolled = [e for e in events if isinstance(e, (AttackResolved, CheckRolled))]  # ROLLS
    # newest first, and only as far back as `keep` shown ones: reading each roll's report
    # is the cost, and a long fight has thousands (the overlays push after every command)
    for number in range(len(rolled), 0, -1):
        if len(found) == keep:
            break
        event = rolled[number - 1]
        shown = roll_shown(event, number, state, audience, drawn_ids) \
            if isinstance(event, AttackResolved) else \
            check_shown(event, number, state, audience, drawn_ids)
        if shown is not None:
            found.append(shown)
    return found


def roll_count(events: Iterable[Any]) -> int:
    """How many rolls (attacks and checks) the fight has: the number of the latest."""
    return sum(1 for e in events if isinstance(e, ROLLS))


# --- the reaction banner ----------------------------------------------------------------


def banner_of(event: Any, state: EncounterState, audience: AudienceFilter,
              kinds: Sequence[ReactionSpec]) -> dict[str, Any] | None:
    """A reaction that fired, named: "Intercept! Cal strikes at Ann" (the kind's words
    from the ruleset's ReactionSpec; a melee kind strikes, a ranged one fires)."""
    if not isinstance(event, AttackResolved) or not event.reaction:
        return None
    reactor = state.combatants.get(event.attacker)
    target = state.combatants.get(event.target)
    if reactor is None or target is None or not audience.shows_banner(reactor, target):
        return None
    spec = next((k for k in kinds if k.name == event.reaction), None)
    label = spec.label if spec is not None else event.reaction.replace("_", " ").capitalize()
    verb = "strikes at" if spec is None or spec.grants == "melee" else "fires at"
    return {"kind": event.reaction, "label": label, "reactor": reactor.name,
            "target": target.name, "text": f"{label}! {reactor.name} {verb} {target.name}"}


def last_banner(state: EncounterState, events: Iterable[Any], audience: AudienceFilter,
                kinds: Sequence[ReactionSpec]) -> dict[str, Any] | None:
    """The latest reaction that fired this fight, with its roll's number (`number`), so a
    view shows it once, when it is new."""
    found: dict[str, Any] | None = None
    number = 0
    for event in events:
        if isinstance(event, ROLLS):
            number += 1
            banner = banner_of(event, state, audience, kinds)
            if banner is not None:
                found = {**banner, "number": number}
        elif isinstance(event, RoundStarted):
            found = None  # a banner names what just happened, not last round's
    return found


# --- the party --------------------------------------------------------------------------


def share_arcs(c: Combatant) -> tuple[float, float, bool, float]:
    """Health and Stamina left as shares (Chapter 6's arcs); hurt is Health's."""
    left = max(0.0, 1.0 - c.damage / c.health) if c.health else 0.0
    right = max(0.0, 1.0 - c.fatigue / c.stamina) if c.stamina else 0.0
    return left, right, _down(c), left


def _down(c: Combatant) -> bool:
    return c.has(Condition.DEAD) or c.has(Condition.UNCONSCIOUS)


def ruleset_arcs(state: EncounterState) -> Arcs:
    """The arcs as the fight's ruleset keeps them: its condition monitors' boxes left where
    it has monitors (Shadowrun: Physical left, Stun right, as the tokens draw them; hurt
    reads the fuller, docs/rules-shadowrun.md "Stun counts for hurt"; down when not
    conscious), else Health and Stamina (`share_arcs`)."""
    try:
        ruleset = registry.ruleset(state.ruleset)
    except registry.UnknownRuleset:
        return share_arcs

    def arcs(c: Combatant) -> tuple[float, float, bool, float]:
        found = ruleset.monitors_json(c)
        if found is None:
            return share_arcs(c)
        shares = []
        for name in ("physical", "stun"):
            box = found["monitors"][name]
            size = box.get("size")
            shares.append(max(0.0, 1.0 - box["boxes"] / size) if size else 1.0)
        left, right = shares
        down = not found.get("conscious", True) or _down(c)
        return left, right, down, min(left, right)

    return arcs


def party(state: EncounterState, audience: AudienceFilter, arcs: Arcs | None = None,
          drawn: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """Everyone the audience sees, the players' side first: its own arcs as shares for the
    players' side (as their tokens show them), the coarse word for the rest. `arcs`: the
    ruleset's own by default (`ruleset_arcs`)."""
    arcs = arcs or ruleset_arcs(state)
    shown = _shown(state, audience, drawn)
    face = faces((c.id, c.name) for c in state if c.id in shown)
    out: list[dict[str, Any]] = []
    for c in sorted(state, key=lambda c: not audience.is_player_side(c)):
        if c.id not in shown:
            continue
        left, right, down, hurt = arcs(c)
        token = audience.token(c, hurt, down)
        if token is None:
            continue
        entry: dict[str, Any] = {"id": c.id, "name": c.name, "initials": face[c.id],
                                 "side": c.side, "players": audience.is_player_side(c),
                                 "acting": c.id == state.actor}
        if token.coarse is None and token.detail.value == "bars":
            entry.update(health=round(left, 3), stamina=round(right, 3), down=down)
        else:
            entry["state"] = token.coarse or ("down" if down else "")
        out.append(entry)
    return out


# --- all of it --------------------------------------------------------------------------


def snapshot(state: EncounterState, events: Sequence[Any], audience: AudienceFilter,
             kinds: Sequence[ReactionSpec], arcs: Arcs | None = None,
             drawn: Iterable[str] | None = None) -> dict[str, Any]:
    """Everything a stream shows now: `initiative`, `rolls` (newest first), `party` and
    `banner` (None when no reaction fired this round)."""
    drawn_ids = None if drawn is None else set(drawn)
    return {"initiative": strip(state, audience, drawn_ids),
            "rolls": rolls(state, events, audience, drawn_ids),
            "party": party(state, audience, arcs, drawn_ids),
            "banner": last_banner(state, events, audience, kinds)}
