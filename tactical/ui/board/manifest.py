"""What a board scene draws, as plain data: `manifest(scene)` is what `tactical render
--manifest` writes and what the leak test reads (issue 16): every token drawn with the
fields it shows, every label, every zone, the layers — the proof of what an audience does
NOT see."""

from __future__ import annotations

from typing import Any

from tactical.ui.board.labels import LabelItem
from tactical.ui.board.overlay import LeftOutMark, ReactionMark
from tactical.ui.board.scene import BoardScene
from tactical.ui.board.tokens import TokenItem
from tactical.ui.board.zones import ZoneItem


def manifest(scene: BoardScene) -> dict[str, Any]:
    """What `scene` draws, as plain data: the proof of what an audience does NOT see."""
    tokens = []
    for item in scene.items():
        if isinstance(item, TokenItem) and item.isVisible() and item.look is not None:
            look = item.look
            fields: dict[str, Any] = {"id": item.token_id, "name": look.name,
                                      "initials": look.initials,
                                      "badges": [text for text, _c in look.badges],
                                      "current": look.current, "selected": look.selected,
                                      "down": look.down, "tooltip": item.toolTip()}
            if look.bars:
                fields["bars"] = {"left": round(look.health_left, 3),
                                  "right": round(look.stamina_left, 3)}
            tokens.append(fields)
    tokens.sort(key=lambda t: str(t["id"]))
    labels = sorted(item.text for item in scene.items()
                    if isinstance(item, LabelItem) and item.isVisible() and item.text
                    and item.opacity() > 0)
    zones = sorted(({"kind": z.kind, "label": z.label} for z in scene.items()
                    if isinstance(z, ZoneItem) and z.isVisible()),
                   key=lambda z: (z["kind"], z["label"]))
    marks = [{"kind": getattr(m, "kind", "left-out"), "reactor": m.reactor}
             for m in scene.items() if isinstance(m, (ReactionMark, LeftOutMark))
             and m.isVisible()]
    fog = scene.fog_item
    ping = scene.ping_item
    blast = scene.blast_item.blast
    return {
        "audience": scene.audience.audience.value,
        "layers": [name for name in scene.layer_names() if scene.layer_visible(name)],
        "legend": scene.legend.visible,
        "tokens": tokens,
        "labels": labels,
        "zones": zones,
        "reaction_marks": marks,
        "path": scene.overlay.path.isVisible(),
        "fog": fog is not None and fog.isVisible(),
        "pings": [list(ping.hex)] if ping.isVisible() and ping.hex is not None else [],
        # issue 27: the committed blast (never the GM's aim: that is a tool, not the scene)
        "blast": None if blast is None or not scene.blast_item.isVisible() else
        {"aim": list(blast.aim), "landing": list(blast.landing),
         "rings_m": list(blast.rings_m)},
        "tooltips": sorted({i.toolTip() for i in scene.items()
                            if i.isVisible() and i.toolTip()}),
    }
