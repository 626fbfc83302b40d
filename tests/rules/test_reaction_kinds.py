"""Reaction kinds are ruleset data: a house rule in ruleset.yaml changes what the map offers
and how it is named, and a new kind needs a spec and its data — no geometry change."""

from __future__ import annotations

import numpy as np
import pytest

from tactical.data.maps import Grid, MapFile
from tactical.geometry.bands import WeaponRange
from tactical.geometry.mapgeom import build_map_geometry
from tactical.geometry.params import Band, GeometryParams
from tactical.geometry.pathfacts import Mover, PathScan, Reactor, prepare_reactors
from tactical.rules.chapter6.reactions import reaction_kinds
from tactical.rules.reactions import ReactionSpec, band_limit, offers_along
from tactical.rules.registry import ids, ruleset

SHOTGUN = WeaponRange(20, 80, "Shotgun")  # Short ends at 10 m (5 hexes), Medium at 20 m
ROW = tuple((q, -3) for q in range(14, 2, -1))  # (q, -3) is q hexes from (0, 0)


def offers(rules, kinds, path=ROW, **reactor):
    mg = build_map_geometry(MapFile(kind="map", name="open", grid=Grid(
        columns=40, rows=40, orientation="flat")))
    guard = Reactor(**({"id": "g", "side": "corp", "hex": (0, 0), "weapon": SHOTGUN}
                       | reactor))
    prepared = prepare_reactors(mg, [guard], GeometryParams.from_ruleset(rules),
                                band_limit=band_limit(kinds, Band))
    return offers_along(kinds, PathScan.start(prepared, Mover("m", "runners", path)).facts())


def house_rule(rules, kind: str, **changes):
    reactions = dict(rules.attack.reactions)
    reactions[kind] = reactions[kind].model_copy(update=changes)
    return rules.model_copy(update={"attack": rules.attack.model_copy(
        update={"reactions": reactions})})


def test_the_chapter6_kinds_are_named_and_coloured_by_the_ruleset_file():
    kinds = ruleset("chapter6").reaction_kinds
    # the rulebook's four, in this order (a house kind may follow them)
    assert [(k.name, k.label, k.colour, k.grants) for k in kinds][:4] == [
        ("snapshot", "Snapshot", "orange", "ranged"), ("overwatch", "Overwatch", "sky", "ranged"),
        ("intercept", "Intercept", "green", "melee"),
        ("opportunity", "Attack of Opportunity", "purple", "melee")]
    assert next(k for k in kinds if k.name == "intercept").attack_label == "Intercept attack"


def test_a_house_rule_snapshot_out_to_medium_range_fires_sooner(rules):
    plain = offers(rules, reaction_kinds(rules))
    assert [(r.kind, r.step, r.band) for r in plain.reactions] == [("snapshot", 9, "short")]
    medium = house_rule(rules, "snapshot", max_band="medium", label="Snap shot")
    kinds = reaction_kinds(medium)
    report = offers(medium, kinds)
    # 20 m (10 hexes) is the end of Medium: the mover is there at the path's index 4
    assert [(r.kind, r.step, r.band) for r in report.reactions] == [("snapshot", 4, "medium")]
    assert kinds[0].label == "Snap shot"


def test_the_why_is_the_ruleset_files_template(rules):
    worded = house_rule(rules, "snapshot", why="{weapon} at {distance_m:g} m ({band})")
    report = offers(worded, reaction_kinds(worded))
    assert report.reactions[0].why == "Shotgun at 10 m (short)"


def test_a_new_kind_is_a_spec_and_its_data(rules):
    def brace(f):  # the mover stops within reach
        return np.where((f.first_in_reach >= 1) & (f.first_in_reach == f.last), f.last, -1)

    kinds = (*reaction_kinds(rules), ReactionSpec(
        "brace", brace, "melee", "Brace", "yellow", "stops {distance_m:g} m away, {cover}"))
    report = offers(rules, kinds, path=(*ROW, (2, -2), (1, -1)), weapon=None)
    assert [(r.kind, r.step, r.hex, r.why) for r in report.reactions] == [
        ("brace", 13, (1, -1), "stops 2 m away, no cover")]


def test_the_file_and_the_predicates_must_name_the_same_kinds(rules):
    reactions = dict(rules.attack.reactions)
    reactions["brace"] = reactions["opportunity"]
    extra = rules.model_copy(update={"attack": rules.attack.model_copy(
        update={"reactions": reactions})})
    with pytest.raises(ValueError, match="brace"):
        reaction_kinds(extra)


def test_shadowrun_offers_sr5s_intercept_and_no_sr4_map_reactions():
    # RULINGS "Intercept on the map": SR5's one map reaction; SR4 has none
    assert {rid: [k.name for k in ruleset(rid).reaction_kinds] for rid in ids()} == {
        "chapter6": ["snapshot", "overwatch", "intercept", "opportunity"], "sr5": ["intercept"],
        "sr4": []}
