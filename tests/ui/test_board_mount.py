"""A rider on the board (Ch.6 Mount/Dismount, l.208): it shares its mount's hex, and the GM
must still see the mount under it — the rider is drawn half a hex aside, above the mount,
and goes back to its hex's centre when it gets off."""

from __future__ import annotations

import math
from pathlib import Path

from tactical.core.dice import RandomDice
from tactical.data.library import load_map
from tactical.encounter.commands import Dismount, Mount
from tactical.geometry.layout import hex_to_point
from tactical.ui.board import BoardScene
from tactical.ui.board.palette import TOKEN_RADIUS
from tactical.ui.document import EncounterDocument

MAP = Path(__file__).parents[1] / "scenarios" / "maps" / "mounts.yaml"


def test_a_rider_is_drawn_beside_its_mount_and_back_on_its_hex_when_off(qtbot):
    document = EncounterDocument.for_map(load_map(MAP), RandomDice(3))
    # outside combat: getting on and off costs no action (docs/rules-chapter6.md ruling 40)
    scene = BoardScene(document)
    assert document.apply(Mount("vanya", "horse")) is not None
    rider, mount = scene.tokens["vanya"], scene.tokens["horse"]
    assert document.state.get("vanya").hex == document.state.get("horse").hex
    apart = math.dist((rider.x(), rider.y()), (mount.x(), mount.y()))
    assert TOKEN_RADIUS * 0.6 < apart < 2 * TOKEN_RADIUS  # the mount shows, the pair touches
    assert rider.zValue() > mount.zValue()  # the rider on top
    assert document.apply(Dismount("vanya", None)) is not None
    centre = hex_to_point(scene.layout, document.state.get("vanya").hex)
    assert math.dist((rider.x(), rider.y()), centre) < 1e-6
