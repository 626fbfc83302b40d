"""RULINGS "Reactions and their triggers on the map" on hand-made maps: the Chapter 6
reaction kinds (rules/chapter6/reactions.py) judging the geometry's path facts.

Reactor R at hex (0, 0). Along row r = -3 the hex (q, -3) is q hexes from R (q ≥ 3); along
row r = -1, (1, -1) and (0, -1) are R's neighbours.
"""

from __future__ import annotations

import pytest
from geomaps import make_geometry, wall

from tactical.geometry.bands import WeaponRange
from tactical.geometry.params import Band
from tactical.geometry.pathfacts import Mover, Overwatch, PathScan, Reactor, prepare_reactors
from tactical.geometry.visibility import Sector
from tactical.rules.reactions import band_limit, offers_along
from tactical.rules.registry import ruleset

KINDS = ruleset("chapter6").reaction_kinds
BAND = band_limit(KINDS, Band)


def prepare_reactors_ch6(mg, reactors, params, **kw):
    return prepare_reactors(mg, reactors, params, band_limit=BAND, **kw)


def triggers_along(prepared, mover):
    return offers_along(KINDS, PathScan.start(prepared, mover).facts())

SHOTGUN = WeaponRange(20, 80, "Shotgun")  # Snapshot out to Short: 10 m = 5 hexes
ROW3 = tuple((q, -3) for q in range(10, 2, -1))  # 10 … 3 hexes from R


def run(reactors, path, *covers, params, mover_side="runners", disengaging=False):
    prepared = prepare_reactors_ch6(make_geometry(*covers), reactors, params)
    return triggers_along(prepared, Mover("m", mover_side, tuple(path), disengaging))


def guard(**kw):
    base = {"id": "r", "side": "corp", "hex": (0, 0), "reach_m": 2.0, "weapon": SHOTGUN}
    return Reactor(**(base | kw))


def kinds(report):
    return [(x.reactor, x.kind, x.step, x.hex) for x in report.reactions]


def test_snapshot_where_the_mover_first_comes_within_short_range(params):
    report = run([guard()], ROW3, params=params)
    assert kinds(report) == [("r", "snapshot", 5, (5, -3))]
    snap = report.reactions[0]
    assert snap.distance_m == 10 and snap.band == Band.SHORT and snap.band_tn == 0
    assert snap.cover == "none" and "10 m" in snap.why and "Shotgun" in snap.why


def test_snapshot_at_once_when_the_mover_starts_within_short_range(params):
    assert kinds(run([guard()], [(4, -3), (5, -3), (6, -3)], params=params)) == [
        ("r", "snapshot", 0, (4, -3))]


def test_snapshot_reports_cover_toward_the_mover(params):
    # A low wall beside the path at 10 m covers the mover partly.
    report = run([guard()], ROW3, wall(7.5, -2.0, 8.2, -0.9), params=params)
    assert report.reactions[0].cover in ("partial", "full")


def test_no_snapshot_without_a_ranged_weapon(params):
    report = run([guard(weapon=None)], ROW3, params=params)
    assert report.reactions == ()
    assert report.left_out[0].reasons[0].startswith("out of range")


def test_overwatch_fires_where_the_mover_enters_the_watched_sector(params):
    # Sector east ±31°, 30 m; the path walks down column q = 6 (x = 10.4 m).
    rifle = WeaponRange(8, 32, "SMG")  # Snapshot only to 4 m: never on this path
    watcher = guard(weapon=rifle, overwatch=Overwatch(Sector(0, 62, 30)))
    path = [(6, r) for r in range(-10, 1)]
    assert kinds(run([watcher], path, params=params)) == [("r", "overwatch", 4, (6, -6))]
    # Without Overwatch declared nothing fires.
    assert run([guard(weapon=rifle)], path, params=params).reactions == ()


def test_overwatch_needs_weapon_range(params):
    short = WeaponRange(2, 8)
    watcher = guard(weapon=short, overwatch=Overwatch(Sector(0, 62, 30)))
    assert run([watcher], [(6, r) for r in range(-10, 1)], params=params).reactions == ()


def test_overwatch_on_everything_in_sight(params):
    watcher = guard(weapon=WeaponRange(8, 32), overwatch=Overwatch(None))
    assert kinds(run([watcher], ROW3, params=params)) == [("r", "overwatch", 0, (10, -3))]


def test_intercept_when_the_path_enters_reach_and_goes_on(params):
    path = [(4, -1), (3, -1), (2, -1), (1, -1), (0, -1), (-1, -1)]
    assert kinds(run([guard(weapon=None)], path, params=params)) == [
        ("r", "intercept", 3, (1, -1))]


def test_no_intercept_when_the_mover_stops_in_reach(params):
    report = run([guard(weapon=None)], [(3, -1), (2, -1), (1, -1)], params=params)
    assert report.reactions == ()


def test_attack_of_opportunity_when_leaving_reach(params):
    path = [(1, -1), (2, -1), (3, -1)]
    assert kinds(run([guard(weapon=None)], path, params=params)) == [
        ("r", "opportunity", 1, (2, -1))]
    assert run([guard(weapon=None)], path, params=params, disengaging=True).reactions == ()


def test_moving_within_reach_and_stopping_there_triggers_nothing(params):
    report = run([guard(weapon=None)], [(1, -1), (0, -1)], params=params)
    assert report.reactions == ()
    assert report.left_out[0].reasons[0].startswith("no trigger")


def test_a_longer_reach_reaches_two_hexes(params):
    path = [(4, -1), (3, -1), (2, -1), (1, -1)]
    assert kinds(run([guard(weapon=None, reach_m=4.0)], path, params=params)) == [
        ("r", "intercept", 2, (2, -1))]


@pytest.mark.parametrize(("reactor", "reason"), [
    (guard(cannot_react=("no Reaction left",)), "no Reaction left"),
    (guard(cannot_react=("unconscious", "Serious injury: no Reactions")), "unconscious"),
    (guard(aware=False), "unaware"),
    (guard(unaware_of=frozenset({"m"})), "has not detected m"),
])
def test_reactors_that_cannot_react_are_left_out_with_the_reason(params, reactor, reason):
    report = run([reactor], ROW3, params=params)
    assert report.reactions == ()
    assert reason in report.left_out[0].reasons


def test_no_line_of_sight_leaves_the_reactor_out(params):
    report = run([guard()], ROW3, wall(2.5, -30, 3.5, 30, height="high"), params=params)
    assert report.reactions == ()
    assert report.left_out[0].reasons == ("no line of sight to the path where it is within "
                                          "range",)


def test_low_cover_does_not_hide_the_mover(params):
    report = run([guard()], ROW3, wall(2.5, -30, 3.5, 30, height="low"), params=params)
    assert kinds(report) == [("r", "snapshot", 5, (5, -3))]
    assert report.reactions[0].cover == "full"


def test_out_of_range_is_left_out(params):
    far = [(q, -12) for q in range(20, 14, -1)]
    assert run([guard()], far, params=params).left_out[0].reasons[0].startswith("out of range")


def test_allies_never_react_and_are_not_listed(params):
    report = run([guard(side="runners")], ROW3, params=params)
    assert report.reactions == () and report.left_out == ()


def test_the_mover_is_not_its_own_reactor(params):
    report = run([guard(id="m", side="corp")], ROW3, params=params, mover_side="corp")
    assert report.reactions == () and report.left_out == ()


def test_a_mover_that_has_not_moved_triggers_nothing(params):
    report = run([guard()], [(4, -3)], params=params)
    assert report.reactions == ()
    assert report.left_out[0].reasons == ("the mover has not moved",)


def test_a_path_past_several_reactors(params):
    a = guard(id="a")  # shotgun at (0, 0): Snapshot from 5 hexes
    b = guard(id="b", hex=(8, -2), weapon=None)  # a brawler beside the row
    c = guard(id="c", hex=(-3, -5), weapon=None, cannot_react=("no Reaction left",))
    d = guard(id="d", hex=(20, 20))  # far away
    path = [(q, -3) for q in range(12, -5, -1)]
    report = run([a, b, c, d], path, params=params)
    assert kinds(report) == [("b", "intercept", 3, (9, -3)), ("a", "snapshot", 7, (5, -3))]
    assert {x.reactor: x.reasons[0].split(":")[0] for x in report.left_out} == {
        "c": "no Reaction left", "d": "out of range"}


def test_one_step_at_a_time_gives_the_same_report(params):
    reactors = [guard(id="a"), guard(id="b", hex=(8, -2), weapon=None),
                guard(id="w", hex=(0, -8), weapon=WeaponRange(8, 32),
                      overwatch=Overwatch(Sector(90, 90, 20)))]
    prepared = prepare_reactors_ch6(make_geometry(wall(6, -4, 6.5, -1, height="high")),
                                    reactors, params)
    path = tuple((q, -3) for q in range(12, -5, -1))
    scan = PathScan.start(prepared, Mover("m", "runners", path[:1]))
    for h in path[1:]:
        scan = scan.extend(h)
    whole = triggers_along(prepared, Mover("m", "runners", path))
    assert offers_along(KINDS, scan.facts()) == whole
    assert offers_along(KINDS, scan.truncate(6).facts()) == triggers_along(
        prepared, Mover("m", "runners", path[:6]))
    assert {x.kind for x in whole.reactions} >= {"snapshot", "intercept"}


def test_lazy_preparation_gives_the_same_answers(params):
    reactors = [guard(id="a"), guard(id="b", hex=(8, -2), weapon=None),
                guard(id="w", hex=(0, -8), weapon=WeaponRange(8, 32),
                      overwatch=Overwatch(Sector(90, 90, 20)))]
    mg = make_geometry(wall(6, -4, 6.5, -1, height="high"))
    path = tuple((q, -3) for q in range(12, -5, -1))
    eager = triggers_along(prepare_reactors_ch6(mg, reactors, params),
                           Mover("m", "runners", path))
    lazy_prepared = prepare_reactors_ch6(mg, reactors, params, lazy=True)
    assert all(v is None for v in lazy_prepared.visibility)
    assert triggers_along(lazy_prepared, Mover("m", "runners", path)) == eager
