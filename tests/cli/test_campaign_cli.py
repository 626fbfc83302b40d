"""`tactical campaign FILE --rest …`: time passes for the party, every change listed,
written unless --dry-run, taken back with --undo-rest (docs/campaign.md)."""

from __future__ import annotations

from pathlib import Path

from tactical.cli import main
from tactical.data.campaign import load_campaign

HURT = """\
kind: campaign
party:
  - id: kicker
    character: kicker
    state: {damage: 6, fatigue: 20, injury: light, edge_spent: 2,
            ammo: {assault-shotgun: 3}}
"""


def test_rest_lists_changes_writes_and_takes_back(tmp_path: Path, capsys) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(HURT, encoding="utf-8")
    assert main(["campaign", str(path), "--rest", "long", "--days", "2", "--reload",
                 "--refresh-edge", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "Kicker: Fatigue 20 → 0" in out and "reloads assault-shotgun" in out
    assert load_campaign(path).member("kicker").state.fatigue == 20  # dry run: unchanged
    assert main(["campaign", str(path), "--rest", "long", "--days", "2", "--reload",
                 "--refresh-edge"]) == 0
    state = load_campaign(path).member("kicker").state
    assert (state.fatigue, state.damage, state.edge_spent) == (0, 4, 0)
    assert state.ammo["assault-shotgun"] == 10
    assert main(["campaign", str(path), "--undo-rest"]) == 0
    assert load_campaign(path).member("kicker").state.fatigue == 20
    assert main(["campaign", str(path), "--undo-rest"]) == 1
    assert "no rest to take back" in capsys.readouterr().err


def test_a_broken_campaign_is_named_and_nothing_written(tmp_path: Path, capsys) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(HURT.replace("damage: 6", "damage: lots"), encoding="utf-8")
    before = path.read_bytes()
    assert main(["campaign", str(path), "--rest", "short"]) == 1
    assert "c.yaml:5" in capsys.readouterr().err
    assert path.read_bytes() == before
