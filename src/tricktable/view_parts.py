"""The typed pieces of a view every game shares: tricks, calls, and what a section must be.

Every piece is a named tuple: immutable, typed and cheap to build. Each game family defines its
own section (a named tuple in its package, e.g. ``tricktable.games.rams.section``), its flow
declares it (``Flow.VIEW_SECTION``) and fills it in ``Flow.view``;
:class:`~tricktable.view.View` carries it as ``view.section``. Inside the family, readers ask
for the section through its accessor (``auction_of(view)``, ``rams_of(view)``) or with
``isinstance``, never by looking for keys; outside it, through the family's hooks
(``GameDef.encoding`` gives :class:`SectionFields`; the flow's ``trump_maker`` and
``lone_seats``), so that a family from outside tricktable is read the same way. In JSON the
section's keys sit beside the common ones.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, NamedTuple, Protocol

from .jsonrecord import CardText

__all__ = [
    "Call", "CardFacts", "DoneTrick", "Play", "SeatAction", "Section", "SectionFields",
    "TrickView", "calls_shown",
]  # fmt: skip


class Play(NamedTuple):
    """One card in a trick; ``card`` is ``None`` for a face-down card this seat may not see."""

    seat: int
    card: CardText | None
    face_down: bool


class TrickView(NamedTuple):
    """The trick in play."""

    leader: int
    plays: tuple[Play, ...]


class DoneTrick(NamedTuple):
    """A complete trick; ``winner`` is ``None`` while a face-down lead leaves it undecided."""

    leader: int
    plays: tuple[Play, ...]
    winner: int | None


class Call(NamedTuple):
    """A call in the auction or the declarations: ``"pass"``, ``"bid 4"``, ``"in"`` …"""

    seat: int
    call: str


@functools.lru_cache(maxsize=4096)
def calls_shown(calls: tuple[tuple[int, str], ...]) -> tuple[Call, ...]:
    """The calls of an auction (``(seat, call)`` pairs) as a view shows them, remembered: each
    seat's view shows the same calls after every move of a deal."""
    return tuple([Call(seat, call) for seat, call in calls])


class SeatAction(NamedTuple):
    """An action of this deal as the viewing seat saw it (hidden cards are ``?``)."""

    seat: int
    action: str


class CardFacts(NamedTuple):
    """A card of the pack under the current trump: its effective suit (``None`` for the Joker
    while there is no trump: a suit of its own) and its sort rank (0 upwards: the order to
    show cards in, by effective suit, clubs, diamonds, hearts, spades, trump last, each from
    low to high, so that a higher rank within one effective suit beats a lower)."""

    card: CardText
    suit: str | None
    rank: int


class Section(Protocol):
    """A game family's part of a view (a named tuple of its package); ``Flow.VIEW_SECTION``
    names the flow's."""

    @property
    def discarded(self) -> tuple[CardText, ...]:
        """Cards this seat itself put out of play this hand (only it sees them)."""

    def to_dict(self) -> dict[str, Any]:
        """The section's JSON keys (they sit beside the view's common keys)."""


class SectionFields(NamedTuple):
    """A family's section as the observation encoder (:mod:`tricktable.encoding`) reads it:
    values of the encoder's named fields (docs/envs.md), given by the family's
    ``GameDef.encoding`` hook. A field left out stays zero (``seated``: every seat sits)."""

    seat: Mapping[str, int | None] = {}
    """Fields of one seat: ``bidder``, ``alone``, ``lone_defender``, ``general``,
    ``widow_taker``, ``turnup_taker``, ``exchange_offer``."""
    seats: Mapping[str, tuple[int, ...]] = {}
    """Fields of several seats: ``seated``, ``out_of_game``, ``dead``."""
    cards: Mapping[str, tuple[CardText, ...]] = {}
    """Fields of cards: ``received``, ``gave``."""
    flags: Mapping[str, bool] = {}
    """Fields of one yes or no: ``forced_bid``, ``widow_taken``."""
    contract: str | None = None
    """The contract as its bid's value (``4``, ``little-pepper``): the call ``bid VALUE``."""
    pot: int | None = None
    """Chips in the pot."""
