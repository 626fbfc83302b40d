"""store/records.py: the direct way of decoding an event gives exactly the usual one's event
(events.from_payload), and leaves anything else to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactical.core.errors import TacticalError
from tactical.encounter.events import from_payload
from tactical.encounter.store import records
from tactical.encounter.store.log import read_log

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def test_every_golden_event_decodes_to_the_usual_event():
    payloads = [r["event"] for log in sorted(SCENARIOS.glob("*.jsonl"))
                for r in read_log(log).payloads if "event" in r]
    assert len(payloads) > 1000
    for payload in payloads:
        fast, usual = records.event_of(payload), from_payload(payload)
        assert fast == usual and type(fast) is type(usual), payload
        # tuples where the usual way makes tuples (a replay compares states)
        assert [type(getattr(fast, f)) for f in fast.__dataclass_fields__] == \
            [type(getattr(usual, f)) for f in usual.__dataclass_fields__], payload


@pytest.mark.parametrize("payload", [
    {"type": "Moved", "combatant": "kicker", "path": [[1, "x"]], "metres": 2.0},
    {"type": "TurnEnded"},
    {"type": "DamageTaken", "combatant": "k", "amount": "lots", "damage_type": "stun",
     "injury": None, "source": "GM"},
])
def test_a_wrong_value_is_refused_with_the_usual_words(payload):
    with pytest.raises(TacticalError) as usual:
        from_payload(payload)
    with pytest.raises(TacticalError) as fast:
        records.event_of(payload)
    assert str(fast.value) == str(usual.value)


def test_a_float_given_as_a_whole_number_is_converted_the_usual_way():
    payload = {"type": "Moved", "combatant": "k", "path": [[1, 2]], "metres": 2}
    assert records.event_of(payload) == from_payload(payload)
    assert type(records.event_of(payload).metres) is float
