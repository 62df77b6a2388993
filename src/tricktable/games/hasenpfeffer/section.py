"""The Hasenpfeffers' part of a view: the auction, the contract, a lone hand and its exchange.

:func:`auction_of` is how a reader outside the family asks for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ...jsonrecord import CardText, json_fields, key, omitted_if_none, record_dict
from ...view_parts import Call, SectionFields

if TYPE_CHECKING:
    from ...view import View

__all__ = [
    "AuctionSection",
    "DoubleSection",
    "Gift",
    "GiftCount",
    "HasenpfefferSection",
    "auction_of",
    "encoding_fields",
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
