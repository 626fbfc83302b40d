"""The one-pass reader (issue 13) gives the same data and the same line and column for
every value as the general reader (check, compose, construct): a GM's error message points
at the same place either way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactical.data.yamlsafe import _read_general, _read_one_pass, parse_yaml

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([*ROOT.glob("maps/*.yaml"), *ROOT.glob("tactical/**/*.yaml"),
                *ROOT.glob("content/**/*.yaml")])


def locations(data: Any, loc: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [loc]
    if isinstance(data, dict):
        for key, value in data.items():
            found += locations(value, (*loc, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += locations(value, (*loc, index))
    return found


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_one_pass_reads_every_bundled_file_like_the_general_reader(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fast, general = _read_one_pass(text, str(path)), _read_general(text, str(path))
    assert fast is not None and general is not None
    assert repr(fast.data) == repr(general.data)
    for loc in locations(general.data):
        assert fast.position(loc) == general.position(loc), loc
        assert fast.position(loc, at_key=True) == general.position(loc, at_key=True), loc


def test_scalars_resolve_as_yaml_1_1_says() -> None:
    text = ("a: [1, -2, +3, 007, 0x1F, 1.5, .5, 1.5e+3, 1e5, 1.5e3, yes, No, ~, null, '', "
            "'1', 2024-01-02, 1_000, abc]\n")
    fast = _read_one_pass(text, "t.yaml")
    assert fast is not None
    assert repr(fast.data) == repr(_read_general(text, "t.yaml").data)  # type: ignore[union-attr]


def test_tags_take_the_general_path() -> None:
    assert parse_yaml("a: !!str 5\nb: [!!float 1]\n", "t.yaml").data == {"a": "5", "b": [1.0]}
