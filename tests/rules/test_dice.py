from __future__ import annotations

import pytest

from tactical.core.dice import (
    DiceError,
    DiceExhausted,
    RandomDice,
    ScriptedDice,
    display_dice,
    parse_dice,
    roll_expression,
)
from tactical.core.errors import TacticalError


@pytest.mark.parametrize(("text", "minimum", "maximum"), [
    ("3d6+1", 4, 19),  # Ch.6: a light pistol "with a floor of 4 and a ceiling of 19"
    ("4d6+2", 6, 26),
    ("2d6", 2, 12),
    ("1d6+1", 2, 7),
    ("d10", 1, 10),
    ("4d6+2d6+10", 16, 46),
    ("2d6-1", 1, 11),
    ("5", 5, 5),
])
def test_expression_range(text, minimum, maximum):
    expr = parse_dice(text)
    assert (expr.minimum, expr.maximum) == (minimum, maximum)


def test_sum_keeps_terms_in_order_and_collapses_by_die_size():
    expr = parse_dice("4d6+2d6+10")
    assert [(t.count, t.sides) for t in expr.terms] == [(4, 6), (2, 6)]
    assert str(expr.collapsed()) == "6d6+10"


def test_flat_to_dice_display_is_kickers_nine_d6_plus_one():
    assert display_dice(parse_dice("4d6+2d6+10"), 3) == "9d6+1"
    assert display_dice(parse_dice("6d6+2"), 3) == "6d6+2"  # Vanya: 2 flat stays flat


@pytest.mark.parametrize("text", ["", "4x6", "__import__('os')", "4d6+", "d", "2d6 3",
                                  "1e3", "4d0", "999d6"])
def test_unreadable_expressions_are_refused_without_eval(text):
    with pytest.raises(DiceError):
        parse_dice(text)


def test_scripted_dice_use_separate_queues_and_run_out_clearly():
    dice = ScriptedDice(d10=[1, 10], d6=[6])
    assert dice.roll(6) == 6
    assert (dice.roll(10), dice.roll(10)) == (1, 10)
    with pytest.raises(DiceExhausted, match="d10") as info:
        dice.roll(10)
    assert isinstance(info.value, TacticalError)


def test_scripted_faces_must_fit_the_die():
    with pytest.raises(DiceError, match="d6 face 7"):
        ScriptedDice(d6=[7])


def test_roll_expression_records_every_face_and_total():
    roll = roll_expression("3d6+1", ScriptedDice(d6=[6, 6, 6]))
    assert roll.faces == (6, 6, 6) and roll.total == 19


def test_seeded_dice_repeat_and_stay_in_range():
    a, b = RandomDice(7), RandomDice(7)
    faces = [a.roll(10) for _ in range(200)]
    assert faces == [b.roll(10) for _ in range(200)]
    assert set(faces) == set(range(1, 11))
