"""The error hierarchy: every refusal the GM can see is a TacticalError."""

from __future__ import annotations


class TacticalError(ValueError):
    """Base of every error Tactical reports to the GM as a message, not a traceback."""


class InvalidCommand(TacticalError):
    """A command that is malformed (unknown combatant, bad path)."""


class IllegalCommand(TacticalError):
    """A well-formed command the rules forbid now; `reasons` lists every reason."""

    def __init__(self, reasons: list[str] | tuple[str, ...]) -> None:
        self.reasons = tuple(reasons)
        super().__init__("; ".join(self.reasons))
