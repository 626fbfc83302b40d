"""A log written in an older format, read as this Tactical writes it (migrate on read; the
file itself is never changed). docs/encounter-log.md "Format versions".

Format 2 ("one offer, one id", issue 22 item 4): every pending reaction has its own id.
A format 1 log's `ReactionOffered` gets `offer` ("v1-N", N counting the log's offers in
file order: unique in the file, never an id the engine makes) and `owed` (its kind's
`ReactionSpec.owed`); its `ReactionSpent` gets `clears` (its kind's `ReactionSpec.clears`).
Its `ReactionDeclined` and `ReactionSpent` keep `offer` "", the format 1 meaning the fold
keeps: they settled every offer of that reactor (what the log recorded).
"""

from __future__ import annotations

from typing import Any

from tactical.encounter.store.logformat import VERSION
from tactical.rules.reactions import ReactionSpec, spec_named

Payload = dict[str, Any]


def migrate(version: int, specs: tuple[ReactionSpec, ...],
            records: list[Payload]) -> list[Payload]:
    """`records` (a log's, format `version`) as format VERSION; the same list when current.
    `specs`: the reaction kinds of the log's ruleset."""
    if version >= VERSION:
        return records
    offers = 0
    out: list[Payload] = []
    for record in records:
        event = record.get("event")
        kind = event.get("type") if isinstance(event, dict) else None
        if kind not in ("ReactionOffered", "ReactionSpent") or not isinstance(event, dict):
            out.append(record)
            continue
        spec = spec_named(specs, str(event.get("kind")))
        if kind == "ReactionOffered" and "offer" not in event:
            offers += 1
            event = {**event, "offer": f"v1-{offers}",
                     "owed": spec is not None and spec.owed}
        elif kind == "ReactionSpent" and "clears" not in event:
            event = {**event, "clears": list(spec.clears) if spec is not None else []}
        out.append({**record, "event": event})
    return out
