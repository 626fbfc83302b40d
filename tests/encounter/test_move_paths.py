"""The path a drag and `tactical path` take (issue 26), judged by the engine's own step rules
on the warehouse (its walls, the office walls as doors opened or shut, its crates and
tokens): as short as a plain breadth-first search over `hex_problems` says, no loop, every
step one the Move accepts, and the Move committed walks exactly it; the safest path never
offers more reactions than the shortest."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from tactical.core.types import Hex
from tactical.encounter.commands import GMMove, Move
from tactical.encounter.events import Moved, MoveHalted
from tactical.encounter.handlers.moves import hex_problems
from tactical.encounter.handlers.terrain import RemoveCover
from tactical.encounter.queries.movepreview import first_blocked, move_preview
from tactical.encounter.queries.paths import PathPlanner
from tactical.geometry.hexgrid import hex_neighbours
from tactical.ui.document import EncounterDocument
from tests import fights

GRID = [(q, r) for q in range(24) for r in range(-12, 16)]
WALLS = ("office-wall-north", "office-wall-south", "office-wall-bottom", "shelving",
         "container")


def bfs(document: EncounterDocument, mover: str, goal: Hex) -> int | None:
    """Steps of the shortest path the engine accepts, plainly, over the whole grid."""
    state, oracle = document.state, document.encounter.ctx.oracle
    start = state.get(mover).hex
    if goal != start and hex_problems(state, oracle, mover, goal, last=True):
        return None
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return seen[here]
        for nxt in hex_neighbours(here):
            if nxt not in seen and not hex_problems(state, oracle, mover, nxt, last=False,
                                                    came_from=here):
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return None


def fight(opened: frozenset[str], at: Hex | None) -> EncounterDocument:
    document = fights.fight()
    for cover in sorted(opened):
        assert document.apply(RemoveCover(cover, "opened")) is not None
    if at is not None and document.apply(GMMove("kicker", at)) is None:
        pass  # an occupied or walled hex: Kicker stays where he is
    return document


@settings(max_examples=25)
@given(st.sampled_from(GRID), st.frozensets(st.sampled_from(WALLS), max_size=2),
       st.one_of(st.none(), st.sampled_from(GRID)))
def test_the_path_is_shortest_legal_and_the_move_walks_it(goal: Hex, opened: frozenset[str],
                                                          at: Hex | None) -> None:
    document = fight(opened, at)
    state, ctx = document.state, document.encounter.ctx
    if not document.loaded.map.grid.contains(goal):
        return
    planner = PathPlanner(state, ctx, "kicker")
    path = planner.plan([goal])
    expected = bfs(document, "kicker", goal)
    assert path[0] == state.get("kicker").hex and path[-1] == goal
    assert len(set(path)) == len(path), "the path loops"
    if expected is None:
        return  # no legal way: the straight line, which the preview marks where it stops
    assert len(path) - 1 == expected
    assert first_blocked(state, ctx, "kicker", path) is None
    commits_as_drawn(document, "kicker", path)


def commits_as_drawn(document: EncounterDocument, mover: str, path: list[Hex]) -> None:
    """The Move committed is the path drawn, step for step, up to where the drag's preview
    says the legal part ends (the allowance; never on another's hex) — as a drop commits it."""
    preview = move_preview(document.state, document.encounter.ctx, mover, path[1:])
    legal = min(len(path) - 1, preview.allowed)
    if legal < 1:
        return
    events = document.apply(Move(mover, tuple(path[1:legal + 1])))
    assert events is not None
    walked = [h for e in events if isinstance(e, Moved) for h in e.path]
    halted = [e for e in events if isinstance(e, MoveHalted)]
    left = list(halted[0].remaining) if halted else []
    assert walked + left == path[1:legal + 1]


@settings(max_examples=20)
@given(st.sampled_from(GRID), st.one_of(st.none(), st.sampled_from(GRID)))
def test_the_safest_path_offers_no_more_reactions_than_the_shortest(goal: Hex,
                                                                    at: Hex | None) -> None:
    document = fight(frozenset(), at)
    state, ctx = document.state, document.encounter.ctx
    planner = PathPlanner(state, ctx, "kicker")
    shortest, safest = planner.plan([goal]), planner.plan([goal], safest=True)
    assert planner.reactions_on(safest) <= planner.reactions_on(shortest)
    assert safest[-1] == goal and len(set(safest)) == len(safest)
    if bfs(document, "kicker", goal) is not None:
        assert first_blocked(state, ctx, "kicker", safest) is None


def test_the_safest_way_past_the_guards_slips_by_where_the_shortest_is_seen() -> None:
    """Kicker at the end of his approach: the shortest way to 11,2 passes the shotgun
    guard's band in sight; the safest one within his 10 m offers fewer reactions."""
    document = fights.warehouse()
    planner = PathPlanner(document.state, document.encounter.ctx, "kicker")
    shortest, safest = planner.plan([(11, 2)]), planner.plan([(11, 2)], safest=True)
    assert planner.reactions_on(shortest) >= 1
    assert planner.reactions_on(safest) < planner.reactions_on(shortest)


def test_a_door_opened_just_before_the_drag_is_walked_through_not_round_a_guard() -> None:
    """The office's north wall opened, then a drag to a hex inside it: the path goes through
    the opening, never through the shield guard's hex (the planner once asked the map of
    before the door was opened and fell back on the straight line over the guard)."""
    document = fight(frozenset({"office-wall-north"}), None)
    state, ctx = document.state, document.encounter.ctx
    path = PathPlanner(state, ctx, "kicker").plan([(14, -2)])
    assert state.get("guard-shield").hex not in path
    assert len(path) - 1 == bfs(document, "kicker", (14, -2))
    assert first_blocked(state, ctx, "kicker", path) is None
