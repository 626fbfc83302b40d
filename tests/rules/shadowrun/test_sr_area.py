"""Issue 27 under Shadowrun (RULINGS "SR area weapons", rules/shadowrun/area.py): the throw
against threshold 3 and its exact odds, a miss's scatter, the DV falling per metre from the
landing point, a broken area.yaml named by file and line."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from tactical.core.dice import ScriptedDice
from tactical.data.problems import DataError
from tactical.encounter import commands as cmd
from tactical.encounter.scenario import play
from tactical.rules import registry
from tactical.rules.api import HexAttackOutcome
from tactical.rules.shadowrun.area import ShadowrunArea, area_numbers

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _area(edition: str) -> ShadowrunArea:
    area = registry.ruleset(edition).area
    assert isinstance(area, ShadowrunArea)
    return area


@pytest.mark.parametrize("pool", [3, 5, 8])
def test_the_odds_of_landing_on_the_hex_count_every_roll(pool):
    # exact: the share of all 6^n faces with 3 or more 5s and 6s
    hits = sum(1 for faces in itertools.product(range(1, 7), repeat=pool)
               if sum(f >= 5 for f in faces) >= 3) / 6 ** pool
    from tactical.rules.shadowrun.preview import hits_odds

    assert sum(hits_odds(pool, _area("sr5").rules.dice)[3:]) == pytest.approx(hits)


def test_a_miss_scatters_the_1d6_metres_in_hexes_and_never_stays_on_the_hex():
    area = _area("sr5")
    miss = HexAttackOutcome(False, -2, False, "")
    # direction die 4 → the fourth direction (index 3); 1d6 metres → 2 m hexes rounded up
    assert area.scatter(miss, 10, ScriptedDice(d6=[4, 1])) == (3, 1)
    assert area.scatter(miss, 10, ScriptedDice(d6=[1, 5])) == (0, 3)
    assert area.scatter(miss, 10, ScriptedDice(d6=[6, 6])) == (5, 3)


def _before_the_throw(tmp_path: Path, edition: str):
    spec = json.loads((SCENARIOS / f"{edition}_area_blast_falloff.json").read_text())
    spec["map"] = str((SCENARIOS / spec["map"]).resolve())
    spec["commands"] = spec["commands"][:-1]
    spec["dice"]["d6"] = []
    path = tmp_path / "before.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return play(path)


@pytest.mark.parametrize(("edition", "dv"), [("sr5", 18), ("sr4", 12)])
def test_the_dv_falls_a_point_per_metre_and_a_wall_shields(tmp_path, edition, dv):
    played = _before_the_throw(tmp_path, edition)
    encounter = played.encounter
    # the throw's first three dice sixes (3 hits: on the hex), every resistance die a 1
    # (no hits): each target's boxes are the DV where it stands
    encounter.dice = ScriptedDice(d6=[6, 6, 6] + [1] * 200)
    events = encounter.apply(cmd.AreaAttack("grenadier", "frag-grenade", (8, 3)))
    taken = {e.target: e for e in events if type(e).__name__ == "BlastTaken"}
    assert taken["vanya"].amount == dv  # on the hex: the full DV
    assert taken["kicker"].amount == dv - 2  # 2 m off: falloff 1 per metre
    assert taken["runner-3"].amount == dv - 6
    assert taken["runner-prone"].amount == dv - 6  # 4 m off, prone: a ring further
    assert taken["walled"].shielded_by == "Brick wall" and taken["walled"].amount == 0
    assert "far" not in taken


def test_a_broken_area_file_names_its_line_and_field(tmp_path):
    text = (Path(__file__).resolve().parents[3] / "tactical" / "rules" / "shadowrun"
            / "area.yaml").read_text()
    bad = tmp_path / "area.yaml"
    bad.write_text(text.replace("threshold: 3", "threshold: three", 1))
    with pytest.raises(DataError) as exc:
        area_numbers("sr5", bad)
    assert "area.yaml:" in str(exc.value) and "threshold" in str(exc.value)


def test_the_aim_marks_each_target_with_its_dv_and_the_odds_of_the_throw(tmp_path):
    from tactical.encounter.queries.area import AreaAimer
    played = _before_the_throw(tmp_path, "sr5")
    state, ctx = played.encounter.state, played.encounter.ctx
    preview = AreaAimer("blast", "grenadier", "frag-grenade").preview(state, ctx, (8, 3))
    words = {m.id: m.text for m in preview.marks}
    # what the GM reads at each token: the DV where it stands, not Chapter 6's ring dice
    assert words["vanya"] == "Vanya — DV 18P, in the open"
    assert words["kicker"] == "Kicker — DV 16P, in the open"
    assert words["runner-prone"] == "Flat Runner — DV 12P, in the open, prone"
    assert words["walled"] == "Walled Runner — shielded by Brick wall"
    # Throwing Weapons 4 + Agility 4 = 8 dice [Physical limit 4], 3 hits needed
    # P(3+ hits on 8 dice) = 1 - (2^8 + 8·2^7 + 28·2^6) / 3^8 = 3489/6561
    assert preview.odds == pytest.approx(3489 / 6561)
    vanya = next(m for m in preview.marks if m.id == "vanya")
    assert vanya.expected is not None and 0 < vanya.expected < 18
