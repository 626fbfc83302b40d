"""Ids made from names (tactical/core/ids.py): the editor's characters, tokens and sides and
the GM's added NPCs and rubble all follow one rule, so a GM never meets two id styles."""

from __future__ import annotations

from tactical.core.ids import free_number, slug, unique


def test_an_id_from_a_name():
    assert slug("Boss ganger 2") == "boss-ganger-2"
    assert slug("  Ørk -- Street Samurai!  ") == "rk-street-samurai"
    assert slug("!!!", "npc") == "npc"  # nothing left: the fallback
    assert len(slug("x" * 500)) == 64


def test_a_taken_id_gets_the_lowest_free_number():
    taken = {"guard", "guard-2", "guard-4"}
    assert unique("guard", taken) == "guard-3"
    assert unique("medic", taken) == "medic"
    assert free_number("guard", taken, first=1) == 1  # tokens are numbered from 1
    assert free_number("guard", taken) == 3


def test_a_numbered_long_id_stays_within_the_id_length():
    long = slug("The Very Long Named Corporate Security Response Team Of Downtown Seattle")
    assert len(unique(long, {long})) <= 64 and unique(long, {long}).endswith("-2")
