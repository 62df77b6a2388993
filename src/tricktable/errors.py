"""The error family: every error tricktable raises on bad input is a ``ValueError``.

Messages quote the offending input and, where it helps, say what would have been accepted.
Bad input never changes state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

__all__ = [
    "IllegalActionError",
    "NotationError",
    "PluginWarning",
    "RecordError",
    "RulesError",
    "SeatError",
    "TricktableError",
    "said",
]


class TricktableError(ValueError):
    """Base class of every error raised for bad input.

    The message may be an English template with its ``{name}`` fields given as keywords, so a
    server or a terminal can say it in the reader's language (:meth:`said`); ``str()`` is the
    English.

    >>> error = RulesError("min_bid={low} is above max_bid={high}", low=5, high=4)
    >>> str(error)
    'min_bid=5 is above max_bid=4'
    >>> error.said(lambda english: english.replace("is above", "liegt über"))
    'min_bid=5 liegt über max_bid=4'
    """

    def __init__(self, message: str, /, **values: object) -> None:
        self.template = message
        self.values = values
        super().__init__(message.format(**values) if values else message)

    def said(self, gettext: Callable[[str], str]) -> str:
        """The message in a language, given that language's ``gettext`` (an error given as a
        value is said in it too; a message the catalog lacks stays English)."""
        return said(self.template, self.values, gettext)


def said(template: str, values: Mapping[str, object], gettext: Callable[[str], str]) -> str:
    """An English template and its values in the language of ``gettext``; a value that is an
    error is said in it too (without values the template is not formatted: it may hold braces
    of its own)."""
    if not values:
        return gettext(template)
    shown = {
        name: value.said(gettext) if isinstance(value, TricktableError) else value
        for name, value in values.items()
    }
    return gettext(template).format(**shown)


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


class PluginWarning(UserWarning):
    """A game family's plug-in (an entry point of ``tricktable.games``) that is skipped: it
    failed to import, exports no ``GAMES`` or names a game already registered. A warning, not
    an error, so that one broken package installed beside tricktable stops no other game."""
