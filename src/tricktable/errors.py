"""The error family: every error tricktable raises on bad input is a ``ValueError``.

Messages quote the offending input and, where it helps, say what would have been accepted.
Bad input never changes state.
"""

from __future__ import annotations

__all__ = [
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "RulesError",
    "SeatError",
    "TricktableError",
]


class TricktableError(ValueError):
    """Base class of every error raised for bad input."""


class RulesError(TricktableError):
    """An unknown game, an unknown option or an option value that is out of range."""


class NotationError(TricktableError):
    """Text that is not a card, an action, a card list or a deal in tricktable notation."""


class IllegalActionError(TricktableError):
    """An action that the rules do not allow now (wrong phase, wrong seat, not legal)."""


class RecordError(TricktableError):
    """A game record that cannot be read or does not replay."""


class SeatError(TricktableError):
    """A seat that is not one of the game's seats (``view(-1)``, ``view(4)`` at four seats)."""
