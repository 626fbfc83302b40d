"""`tactical campaign FILE [--rest KIND] [--days N] [--care LEVEL] [--reload]
[--refresh-edge] [--dry-run] [--undo-rest] [--json]`: a campaign's party and history, and
time passed between fights (docs/campaign.md)."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tactical.core.errors import TacticalError
from tactical.data.campaign import Campaign, RestPlan, load_campaign, save_campaign
from tactical.encounter.campaign import rest, undo_rest


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "campaign", help="show a campaign, pass time for its party (rest, heal, reload)",
        description="Show a campaign's party and history; with --rest, --days, --reload or "
        "--refresh-edge, pass time for the party by the campaign's ruleset and list every "
        "change (written to the file unless --dry-run); --undo-rest takes the last rest "
        "back (only before the next fight starts).")
    parser.add_argument("campaign", type=Path, metavar="FILE")
    parser.add_argument("--rest", choices=("brief", "short", "long", "partial_long"),
                        help="a rest: brief 10 min, short 1 h, long 8 h, partial_long 4-5 h")
    parser.add_argument("--days", type=int, default=0, metavar="N",
                        help="days of recovery (each 24 h with a night's sleep)")
    parser.add_argument("--care", choices=("none", "medical", "intensive"), default="none",
                        help="the care the party gets during those days (default none)")
    parser.add_argument("--reload", action="store_true", help="reload every ranged weapon")
    parser.add_argument("--refresh-edge", action="store_true", help="Edge back to full")
    parser.add_argument("--first-aid", action="append", default=[],
                        metavar="HEALER:PATIENT[:KIT]",
                        help="first aid before the time passes (party ids; kit medkit, "
                        "some_equipment, improvised, trauma_kit or autodoc); repeatable")
    parser.add_argument("--dry-run", action="store_true",
                        help="list the changes without writing the file")
    parser.add_argument("--undo-rest", action="store_true",
                        help="take the last rest back (until the next fight starts)")
    parser.add_argument("--write-chummer", action="store_true",
                        help="write each Chummer member's carried monitors back into its "
                        ".chum5 (a backup kept beside it; only the filled boxes change)")
    parser.add_argument("--force", action="store_true",
                        help="with --write-chummer: write into a .chum5 saved in Chummer "
                        "since it was imported")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except (TacticalError, OSError) as exc:
        print(f"tactical campaign: {exc}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    path: Path = args.campaign
    campaign = load_campaign(path)
    passing = args.rest or args.days or args.reload or args.refresh_edge or args.first_aid
    if passing and args.undo_rest:
        print("tactical campaign: --undo-rest takes no other change", file=sys.stderr)
        return 2
    if not 0 <= args.days <= 365:
        print("tactical campaign: --days must be 0 to 365", file=sys.stderr)
        return 2
    changes: tuple[str, ...] = ()
    if args.undo_rest:
        title = campaign.history[-1].title if campaign.history else ""
        campaign = undo_rest(campaign)
        changes = (f"took back: {title}",)
    elif passing:
        aid = [dict(zip(("healer", "patient", "kit"), text.split(":"), strict=False))
               for text in args.first_aid]
        if any(len(text.split(":")) not in (2, 3) for text in args.first_aid):
            print("tactical campaign: --first-aid is HEALER:PATIENT or HEALER:PATIENT:KIT",
                  file=sys.stderr)
            return 2
        try:
            plan = RestPlan.model_validate({
                "rest": args.rest or "none", "days": args.days, "care": args.care,
                "reload": args.reload, "refresh_edge": args.refresh_edge, "first_aid": aid})
        except ValidationError as error:
            first = error.errors()[0]
            print(f"tactical campaign: {'.'.join(map(str, first['loc']))}: {first['msg']}",
                  file=sys.stderr)
            return 2
        when = datetime.now().astimezone().isoformat(timespec="seconds")
        rested = rest(campaign, path, plan, when)
        campaign, changes = rested.campaign, rested.changes or ("nothing changed",)
    if (passing or args.undo_rest) and not args.dry_run:
        save_campaign(path, campaign)
    if args.write_chummer:
        changes = (*changes, *_write_chummer(campaign, path, args.dry_run, args.force))
    if args.json:
        out = campaign_json(campaign)
        out["changes"] = list(changes)
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        print("\n".join([*changes, *([""] if changes else []), *campaign_lines(campaign)]))
    return 0


def campaign_json(campaign: Campaign) -> dict[str, Any]:
    return campaign.model_dump(mode="json", exclude={"history": {"__all__": {"before"}}})


def campaign_lines(campaign: Campaign) -> list[str]:
    lines = [f"{campaign.name or 'Campaign'} ({campaign.ruleset})", "party:"]
    for m in campaign.party:
        s = m.state
        parts = [f"damage {s.damage}"] + [f"stun {s.stun}"] * bool(s.stun) + \
            [f"overflow {s.overflow}"] * bool(s.overflow) + [f"Fatigue {s.fatigue}"]
        if s.injury:
            parts.append(f"{s.injury} injury" + (" (treated)" if s.treated else ""))
        parts += list(s.conditions)
        if s.care_within_hours is not None:
            parts.append(f"intensive care within {s.care_within_hours} h")
        parts += [f"{w} {n}" for w, n in sorted(s.ammo.items())]
        parts.append(f"Edge spent {s.edge_spent}")
        lines.append(f"  {m.id}: {', '.join(parts)}")
    if campaign.history:
        lines.append("history:")
        for entry in campaign.history:
            log = f" — log {entry.log}" if entry.log else ""
            lines.append(f"  {entry.when} {entry.kind}: {entry.title}{log}")
    return lines


def _write_chummer(campaign: Campaign, path: Path, dry_run: bool, force: bool) -> list[str]:
    """--write-chummer: every Chummer member's carried boxes into its .chum5 (all checked
    before any is written); what was (or, --dry-run, would be) written."""
    from tactical.data.chummer.party import party_writes, plan_party, write_party

    writes = party_writes(campaign, path)
    if not writes:
        return ["no member of the party is linked to a .chum5: nothing written"]
    done = plan_party(writes, force=force) if dry_run else write_party(writes, force=force)
    verb = "would write" if dry_run else "wrote"
    return [f"{w.member.id}: {verb} {d.file}: {', '.join(d.changes)}"
            + ("" if dry_run else f" (the file as it was: {d.backup.name})")
            for w, d in zip(writes, done, strict=True)]
