"""The Hasenpfeffers' part of a view: the auction, the contract, a lone hand and its exchange.

:func:`auction_of` is how a reader outside the family asks for it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, NamedTuple

from ...jsonrecord import CardText, card_texts, json_fields, key, omitted_if_none, record_dict
from ...view_parts import Call, SectionFields, calls_shown

if TYPE_CHECKING:
    from ...view import View

__all__ = [
    "AuctionSection",
    "DoubleSection",
    "Gift",
    "GiftCount",
    "HasenpfefferSection",
    "Shown",
    "auction_of",
    "discarding_section",
    "encoding_fields",
    "public_section",
]

_OMITTED = omitted_if_none()


class Gift(NamedTuple):
    """A card the lone player received, and from whom (the lone player's own view only)."""

    seat: int
    card: CardText


@json_fields(given=key("count"))
class GiftCount(NamedTuple):
    """How many cards a partner of the lone player has given (public; JSON key ``count``)."""

    seat: int
    given: int


@json_fields(discard=_OMITTED)
class HasenpfefferSection(NamedTuple):
    """Single Hasenpfeffer: the auction, a lone hand or defender, the widow and misdeals.

    ``discard`` (the card the bidder put out for the widow) is in the bidder's own view only.
    """

    auction: tuple[Call, ...]
    high_bid: str | None
    bidder: int | None
    contract: str | None
    forced_bid: bool
    alone: int | None
    lone_defender: int | None
    widow_size: int
    widow_taken: bool
    misdeals: int
    discard: tuple[CardText, ...] | None = None

    @property
    def discarded(self) -> tuple[CardText, ...]:
        """Cards this seat itself put out of play this hand (only it sees them)."""
        return self.discard or ()

    def to_dict(self) -> dict[str, Any]:
        return record_dict(self)


@json_fields(discards=_OMITTED, received=_OMITTED, gave=_OMITTED)
class DoubleSection(NamedTuple):
    """Double Hasenpfeffer: the auction and the lone hand's exchange with the partners.

    ``discards`` and ``received`` are in the lone player's own view only, ``gave`` in a giving
    partner's own view only.
    """

    auction: tuple[Call, ...]
    high_bid: str | None
    bidder: int | None
    contract: str | None
    forced_bid: bool
    alone: int | None
    tricks_per_hand: int
    lone_discard_count: int
    gifts: tuple[GiftCount, ...]
    dead: tuple[int, ...]
    discards: tuple[CardText, ...] | None = None
    received: tuple[Gift, ...] | None = None
    gave: tuple[CardText, ...] | None = None

    @property
    def discarded(self) -> tuple[CardText, ...]:
        """Cards this seat itself put out of play this hand (only it sees them)."""
        return self.discards or ()

    def to_dict(self) -> dict[str, Any]:
        return record_dict(self)


AuctionSection = HasenpfefferSection | DoubleSection
"""The sections of the Hasenpfeffers, which share the auction and contract fields."""


def auction_of(view: View) -> AuctionSection | None:
    """The view's Hasenpfeffer section (auction, contract, lone hand), ``None`` in other games."""
    section = view.section
    return section if isinstance(section, HasenpfefferSection | DoubleSection) else None


def encoding_fields(view: View) -> SectionFields:
    """What the observation encoder reads of a Hasenpfeffer section (``GameDef.encoding``)."""
    auction = auction_of(view)
    if auction is None:
        return SectionFields()
    seat = {"bidder": auction.bidder, "alone": auction.alone}
    flags = {"forced_bid": auction.forced_bid}
    if isinstance(auction, HasenpfefferSection):
        seat["lone_defender"] = auction.lone_defender
        flags["widow_taken"] = auction.widow_taken
        return SectionFields(seat=seat, flags=flags, contract=auction.contract)
    cards = {"received": tuple(gift.card for gift in auction.received or ()),
             "gave": auction.gave or ()}  # fmt: skip
    seats = {"dead": auction.dead}
    return SectionFields(seat, seats, cards, flags, auction.contract)


Shown = tuple[tuple[tuple[int, str], ...], str, int | None, str, bool, int | None, int | None,
               bool, int]  # fmt: skip


@functools.lru_cache(maxsize=4096)
def public_section(shown: Shown) -> HasenpfefferSection:
    """The section all seats but a discarding bidder see, remembered by what it shows: each
    seat views the same state after a move, and one object lets the server encode it once."""
    calls, high_value, bidder, contract, forced, alone, defender, widow_taken, misdeals = shown
    return HasenpfefferSection(
        auction=calls_shown(calls),
        high_bid=high_value or None,
        bidder=bidder,
        contract=contract or None,
        forced_bid=forced,
        alone=alone,
        lone_defender=defender,
        widow_size=1,
        widow_taken=widow_taken,
        misdeals=misdeals,
    )


@functools.lru_cache(maxsize=1024)
def discarding_section(section: HasenpfefferSection, discard: int) -> HasenpfefferSection:
    """The discarding bidder's own section, remembered alike (it sees it after every move)."""
    return section._replace(discard=card_texts(discard))
