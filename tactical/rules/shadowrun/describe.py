"""How Shadowrun's events read in the combat log and the attack panel (plain text)."""

from __future__ import annotations

from collections.abc import Sequence

from tactical.rules.api import Callout
from tactical.rules.shadowrun.damage import Monitors
from tactical.rules.shadowrun.pools import TEST_WORDS
from tactical.rules.shadowrun.report import AttackReport, Part, RollReport


def monitor_text(m: Monitors) -> str:
    """'Physical 0/10, Stun 5/10' (+ overflow, and what the monitors mean now)."""
    stun = f"{m.stun}/{m.stun_size}" if m.stun_size is not None else str(m.stun)
    text = f"Physical {m.physical}/{m.physical_size}, Stun {stun}"
    if m.overflow:
        text += f", {m.overflow} overflow (dead beyond {m.body})"
    if m.status.value != "ok":
        text += f" — {m.status.value.upper()}"
    return text


def attack_line(r: AttackReport, attacker: str, target: str) -> str:
    """'Wombat → Cutter, Browning Ultra-Power: 4 hits vs 2 (9 vs 5 dice) — 2 net, HIT;
    10P → 10S vs AV 11; 5 resisted → 5S'."""
    a, d = r.attack, r.defense
    hits = hits_words(r.attack_hits)
    if a.limit is not None and r.attack_hits > a.limit:
        hits += f" (limit {a.limit}: {r.attack_hits_limited})"
    options = [o for o in d.options if o != "standard"]
    defence = ""
    if options:
        cost = f", −{d.initiative_cost} Initiative" if d.initiative_cost else ""
        defence = f" ({' + '.join(o.replace('_', ' ') for o in options)}{cost})"
    verdict = {"hit": f"{r.net_hits} net, HIT", "graze": "tie: grazing hit, no damage",
               "miss": "tie: MISS (the defender wins ties)" if r.net_hits == 0
               else "MISS"}[r.outcome]
    line = (f"{attacker} → {target}, {r.weapon.name}: "
            f"{hits} vs {r.defense_hits}{defence} ({a.pool} vs {d.pool} dice) — {verdict}")
    if r.modified_dv is not None:
        before, after = r.damage_type_before, r.damage_type
        dv = f"{r.modified_dv}{before}"
        if after != before:
            dv += f" → {r.modified_dv}{after}"
        boxes = f"{r.damage}{after}" if r.damage else "no damage"
        line += f"; {dv} vs AV {r.modified_av}; {r.resist_hits} resisted → {boxes}"
    # the call-outs lead the line, so a glitch is heard first (issue 25 item 6)
    rollers = {"attacker": attacker, "target": target}
    loud = [f"{c.words}: {rollers[c.roller]}'s {c.test} test" for c in callouts(r)]
    return " · ".join([*loud, line])


def callouts(r: AttackReport) -> tuple[Callout, ...]:
    """Each glitched test of the attack, whose it was (RULINGS: a glitch is SR5 more than
    half the dice showing 1, SR4 half or more; a critical glitch: a glitch with no hits)."""
    out = []
    for test, roller in (("attack", "attacker"), ("defense", "target"), ("resist", "target")):
        if getattr(r.glitch, test):
            critical = bool(getattr(r.critical_glitch, test))
            out.append(Callout(roller,  # type: ignore[arg-type]
                               "CRITICAL GLITCH" if critical else "GLITCH",
                               TEST_WORDS.get(test, test), rank=int(critical)))
    return tuple(out)


def _parts(parts: Sequence[Part]) -> str:
    text = ""
    for i, part in enumerate(parts):
        if i == 0:
            text = f"{part.source} {part.value}"
        else:
            text += f" {'+' if part.value >= 0 else '−'} {part.source} {abs(part.value)}"
    return text or "nothing"


def _roll(pool: int, dice: Sequence[int], hits: int, limit: int | None,
          hits_limited: int) -> str:
    faces = " ".join(map(str, dice)) or "no dice"
    capped = ""
    if limit is not None and hits > limit:
        capped = f", limit {limit} → {hits_limited}"
    return f"{faces} → {hits_words(hits)}{capped}"


def _test(t: RollReport) -> str:
    return _roll(t.pool, t.dice, t.hits, t.limit, t.hits_limited)


def hits_words(n: int) -> str:
    """'1 hit', '0 hits', '3 hits': what the log and the summaries read."""
    return f"{n} hit{'' if n == 1 else 's'}"


def _minus(n: int) -> str:
    return f"{n:+d}".replace("-", "−")


def result_lines(r: AttackReport) -> list[str]:
    """A Shadowrun attack spelled out: each pool with its parts and dice, net hits, DV vs
    AV, the damage resistance test, boxes."""
    a, d = r.attack, r.defense
    limit = f" [limit {a.limit}]" if a.limit is not None else ""
    out = [f"Attack: {_parts(a.parts)} = {a.pool} dice{limit}", f"   {_test(a)}"]
    options = ", ".join(o.replace("_", " ") for o in d.options)
    cost = f", −{d.initiative_cost} Initiative" if d.initiative_cost else ""
    out += [f"Defence ({options}{cost}): {_parts(d.parts)} = {d.pool} dice",
            "   " + _roll(d.pool, d.dice, d.hits, d.limit, d.hits_limited)]
    verdict = {"hit": "HIT", "graze": "GRAZING HIT (no damage)", "miss": "MISS"}[r.outcome]
    if r.attack_hits_limited > r.defense_hits:
        out.append(f"{verdict}: {r.attack_hits_limited} − {r.defense_hits} = "
                   f"{r.net_hits} net hit{'' if r.net_hits == 1 else 's'}")
    elif r.attack_hits_limited == r.defense_hits:
        out.append(f"{verdict}: {hits_words(r.attack_hits_limited)} each, a tie"
                   + (": the defender wins ties" if r.outcome == "miss" else ""))
    else:  # fewer: no net hits to speak of (the log read "−2 net hits")
        out.append(f"{verdict}: {hits_words(r.attack_hits_limited)} against {r.defense_hits}")
    if r.modified_dv is not None and r.armor is not None and r.resist is not None:
        w = r.weapon
        before, after = r.damage_type_before, r.damage_type
        ap = f" {_minus(w.ap)} AP" if w.ap else ""
        out.append(f"DV {w.base_dv}{before} + {r.net_hits} net = {r.modified_dv}"
                   f"{before} vs AV {r.armor.value}{ap} = {r.modified_av}"
                   + (f" → {r.modified_dv}{after} (DV not above AV)" if after != before
                      else ""))
        res = r.resist
        parts = [Part("AV", p.value) if p.source.startswith("Armor ") else p
                 for p in res.parts]
        out.append(f"Resist: {_parts(parts)} = {res.pool} dice")
        out.append(f"   {_test(res)}")
        out.append(f"Damage {r.modified_dv} − {r.resist_hits} = {r.damage}{after}")
    out.extend(r.notes)
    return out


def round_line(round_number: int, pass_number: int, names: Sequence[str]) -> str:
    return f"Combat turn {round_number}, initiative pass {pass_number}: " + " → ".join(names)


def turn_line(name: str, major: int, move: int, minor: int) -> str:
    if major:  # a log whose numbers still give the phase a Complex slot of its own
        return f"{name}'s action phase: {major} Complex (attack), {move} Move, {minor} Simple"
    # RULINGS "Actions": one Complex or two Simple actions (a Complex takes both)
    return (f"{name}'s action phase: {minor} Simple actions (or one Complex), "
            f"{move} Move")


def hits_initiative_line(name: str, faces: Sequence[int], bonus: int, total: int) -> str:
    """SR4: the score is Reaction + Intuition + the hits rolled."""
    return (f"{name} rolls Initiative {bonus} + {hits_words(total - bonus)} "
            f"({', '.join(map(str, faces))}) = {total}")
