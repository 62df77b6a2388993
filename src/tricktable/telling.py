"""How a family tells its part of a view in a reader's words.

The terminal's table hands a game's ``GameDef.terminal`` hook a :class:`Teller` — the seats'
names, cards and calls as that reader says them — and the family words the lines of its own
section ("Auction: …", "Pot: …"), so that nothing outside the family reads the section and a
family from outside tricktable is told as well as a shipped one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .view import View

__all__ = ["Teller", "TerminalLines"]


class Teller(Protocol):
    """The words of one reader at one table (the terminal's seat names, its language)."""

    def gettext(self, message: str) -> str:
        """``message`` in the reader's language."""

    def name(self, seat: int | None) -> str:
        """A seat's name inside a sentence: "you", "Cleo"."""

    def says(self, seat: int | None, you: str, other: str, **values: object) -> str:
        """The sentence ``you`` when ``seat`` is the reader's, else ``other`` with ``{name}``
        (both untranslated messages: each language conjugates its own)."""

    def listed(self, seats: Sequence[int]) -> str:
        """Seats as words: "you and Cleo"."""

    def chips(self, count: int) -> str:
        """A number of chips: "1 chip", "5 chips"."""

    def cards(self, texts: Sequence[str | None]) -> str:
        """Cards as the reader sees them (``None``: a card face down)."""

    def call(self, call: str) -> str:
        """A call of an auction or a declaration as said: "bid 4", "pass"."""

    def said(self, seat: int, call: str) -> str:
        """A seat's call as a sentence: "Cleo orders it up.", "You play with a partner."."""

    def bid(self, value: str) -> str:
        """A bid's value as said: "4", "little pepper"."""


TerminalLines = Callable[["View", Teller], list[str]]
"""A family's lines of a table's status for ``view`` (what its section shows), told by the
teller; the table adds the lines every game has (hand, scores, trump, trick)."""
