"""Answering the start's "fights in progress" list in a test: its real buttons, clicked in
order ("continue", "file", "later"); what each list said is recorded."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tactical.ui.resume import FightsDialog


@dataclass
class Shown:
    questions: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)


def answer_fights(monkeypatch: pytest.MonkeyPatch, *clicks: str) -> Shown:
    shown = Shown()

    def run(dialog: FightsDialog) -> int:
        shown.questions.append(dialog.label.text())
        shown.rows.append([dialog.list.item(i).text() for i in range(dialog.list.count())])
        for click in clicks:
            getattr(dialog, f"{click}_button").click()
        return int(dialog.result())

    monkeypatch.setattr(FightsDialog, "exec", run)
    return shown
