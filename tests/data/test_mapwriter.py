"""The map writer: what the editor saves reads back as the same map, passes `tactical
validate`, and is the same bytes every time (issue 15)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactical.cli import main
from tactical.data.character import Roster
from tactical.data.kinds import load_file
from tactical.data.maps import Background, Cover, Grid, MapFile, Side, Token
from tactical.data.mapwriter import dump_map, save_map

ROOT = Path(__file__).resolve().parents[2]
slugs = st.from_regex(r"[a-z0-9][a-z0-9_-]{0,12}", fullmatch=True)
# Any text a GM may type: quotes, colons, '#', leading spaces, accents, emoji, 'yes'.
texts = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30) \
    | st.sampled_from(["yes", "no", "null", "~", "- dash", "a: b", "#hash", " pad ", "1.5"])
cm = st.integers(-5000, 5000).map(lambda n: n / 100)


@st.composite
def polygons(draw: st.DrawFn) -> tuple[tuple[float, float], ...]:
    x, y = draw(cm), draw(cm)
    w, h = draw(st.integers(1, 900)) / 100, draw(st.integers(1, 900)) / 100
    x2, y2 = round(x + w, 2), round(y + h, 2)  # maps are written to the centimetre
    square = ((x, y), (x2, y), (x2, y2), (x, y2))
    return square[:3] if draw(st.booleans()) else square


@st.composite
def maps(draw: st.DrawFn) -> MapFile:
    roster = load_file(ROOT / "assets" / "npcs" / "roster.yaml")[1]
    assert isinstance(roster, Roster)
    grid = Grid(columns=draw(st.integers(1, 30)), rows=draw(st.integers(1, 30)),
                orientation=draw(st.sampled_from(["flat", "pointy"])))
    sides = draw(st.dictionaries(slugs, st.builds(
        Side, name=texts, colour=st.none() | st.from_regex(r"#[0-9a-f]{6}", fullmatch=True)),
        min_size=1, max_size=3))
    cells = draw(st.lists(st.tuples(st.integers(0, grid.columns - 1),
                                    st.integers(0, grid.rows - 1)),
                          unique=True, max_size=6))
    own = draw(st.lists(st.sampled_from(roster.characters), max_size=2,
                        unique_by=lambda c: c.id))
    own = [c.model_copy(update={"id": f"own-{c.id}", "name": draw(texts)}) for c in own]
    ids = [c.id for c in roster.characters] + [c.id for c in own]
    tokens = tuple(Token(id=f"t{i}", character=draw(st.sampled_from(ids)),
                         side=draw(st.sampled_from(sorted(sides))),
                         hex=grid.axial_of(*cell), name=draw(st.none() | texts),
                         aware=draw(st.booleans()))
                   for i, cell in enumerate(cells))
    cover = tuple(Cover.model_validate({
        "id": draw(st.none() | st.just(f"c{i}")), "label": draw(texts),
        "class": draw(st.sampled_from(["flimsy", "light", "medium", "tough", "reinforced",
                                       "impenetrable"])),
        "height": draw(st.sampled_from(["low", "high"])), "polygon": draw(polygons())})
        for i in range(draw(st.integers(0, 5))))
    background = draw(st.none() | st.builds(
        Background, image=st.just("map.png"),
        metres_per_pixel=st.floats(0.001, 1).map(lambda v: float(f"{v:.9g}")),
        offset_m=st.tuples(cm, cm)))
    return MapFile(kind="map", name=draw(texts), description=draw(texts),
                   ruleset=draw(st.sampled_from(["chapter6", "sr4", "sr5"])), grid=grid,
                   background=background, sides=sides, cover=cover, tokens=tokens,
                   characters=tuple(own))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(maps())
def test_load_of_save_is_the_same_map(tmp_path, m):
    path = tmp_path / "saved.yaml"
    save_map(m, path)
    _, loaded = load_file(path)
    assert loaded == m
    assert dump_map(loaded) == path.read_text(encoding="utf-8")  # stable: same bytes again


def test_the_bundled_maps_survive_a_save_and_validate(tmp_path, capsys):
    for name in ("warehouse", "street"):
        _, model = load_file(ROOT / "maps" / f"{name}.yaml")
        path = tmp_path / f"{name}.yaml"
        (tmp_path / f"{name}.png").write_bytes((ROOT / "maps" / f"{name}.png").read_bytes())
        save_map(model, path)
        assert load_file(path)[1] == model
        assert main(["validate", str(path)]) == 0, capsys.readouterr().err


def test_written_like_the_bundled_maps(tmp_path):
    _, model = load_file(ROOT / "maps" / "warehouse.yaml")
    text = dump_map(model)
    assert "grid: {columns: 24, rows: 16, orientation: flat}" in text
    assert ("  - {id: pillar, label: Pillar, class: impenetrable, height: high,\n"
            "     polygon: [[11.4, 9.4], [12.6, 9.4], [12.6, 10.6], [11.4, 10.6]]}") in text
    lines = text.splitlines()
    assert [line.split(":")[0] for line in lines if line[:1].isalpha()] == [
        "kind", "version", "name", "description", "ruleset", "grid", "background", "sides",
        "cover", "tokens"]


def test_metres_are_rounded_to_a_centimetre():
    m = MapFile(kind="map", name="x", grid=Grid(columns=2, rows=2), cover=(Cover.model_validate(
        {"class": "light", "height": "low",
         "polygon": [(0.123456, -0.0001), (3.004999, 0), (1, 2.9999)]}),))
    assert "polygon: [[0.12, 0], [3, 0], [1, 3]]" in dump_map(m)
