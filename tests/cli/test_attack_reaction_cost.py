"""Issue 12, Done when: `tactical attack` refuses an option whose action cost a Reaction
cannot pay, naming the rule (Ch.6 l.1031)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tactical.cli import main

CASES = Path(__file__).resolve().parent.parent / "rules" / "cases"


@pytest.mark.parametrize(("change", "words"), [
    ({"options": ["aimed_shot"]}, "Aimed Shot takes Major + Minor"),
    ({"situation": {"distance_m": 6, "called_shot": "weakness"}},
     "a called shot takes Major + Minor"),
])
def test_a_snapshot_cannot_take_an_option_a_reaction_cannot_pay(tmp_path, capsys, change,
                                                                 words):
    case = json.loads((CASES / "vanya_snapshot.json").read_text())
    case.update(change)
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case))
    assert main(["attack", str(path)]) == 1
    err = capsys.readouterr().err
    assert "the rules forbid this attack" in err and words in err
    assert "Reaction" in err and "l.1031" in err


def test_the_plain_snapshot_is_still_allowed(capsys):
    assert main(["attack", str(CASES / "vanya_snapshot.json")]) == 0
