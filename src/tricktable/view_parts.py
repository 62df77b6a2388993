"""The typed pieces of a view: tricks, calls, and the section each game family adds.

Every piece is a named tuple: immutable, typed and cheap to build. A flow declares its family's
section class (``Flow.VIEW_SECTION``) and fills it in ``Flow.view``;
:class:`~tricktable.view.View` carries it as ``view.section``. Readers ask for the section they
understand with ``isinstance`` (or :attr:`View.auction` / :attr:`View.rams`), never by looking
for keys. In JSON the section's keys sit beside the common ones.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .jsonrecord import CardText, json_fields, key, omitted_if_none, record_dict

__all__ = [
    "AuctionSection",
    "Call",
    "ChipLedgerView",
    "CounterLedgerView",
    "DoneTrick",
    "DoubleSection",
    "Gift",
    "GiftCount",
    "HasenpfefferSection",
    "Play",
    "RamsSection",
    "SeatAction",
    "Section",
    "TrickView",
]


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


class SeatAction(NamedTuple):
    """An action of this deal as the viewing seat saw it (hidden cards are ``?``)."""

    seat: int
    action: str


class Gift(NamedTuple):
    """A card the lone player received, and from whom (the lone player's own view only)."""

    seat: int
    card: CardText


@json_fields(given=key("count"))
class GiftCount(NamedTuple):
    """How many cards a partner of the lone player has given (public; JSON key ``count``)."""

    seat: int
    given: int


_OMITTED = omitted_if_none()


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


class ChipLedgerView(NamedTuple):
    """Chips: each player's balance, the pot and what carries to the next pot."""

    balances: tuple[int, ...]
    pot: int
    carry: int


class CounterLedgerView(NamedTuple):
    """Counters: each player's count and who has gone out."""

    counters: tuple[int, ...]
    out: tuple[int, ...]


@json_fields(trump_lead_tricks=_OMITTED, blind_lead=_OMITTED, discards=_OMITTED)
class RamsSection(NamedTuple):
    """The Rams family (Rams, Bierspiel, Rounce): seating, turn-up, declarations, ledger.

    ``trump_lead_tricks`` and ``blind_lead`` are present during play; ``discards`` (the cards
    this seat put out: the hand it gave up for the widow, its turn-up exchange) only for the
    seat that discarded them.
    """

    scoring: str
    seated: tuple[int, ...]
    turnup: tuple[CardText, ...]
    turnup_taken_by: int | None
    exchange_offer: int | None
    declarations: tuple[Call, ...]
    widow_size: int
    widow_taker: int | None
    general: int | None
    simple_pot: bool
    ledger: ChipLedgerView | CounterLedgerView
    pot: int | None
    out: tuple[int, ...]
    trump_lead_tricks: tuple[int, ...] | None = None
    blind_lead: bool | None = None
    discards: tuple[CardText, ...] | None = None

    @property
    def discarded(self) -> tuple[CardText, ...]:
        """Cards this seat itself put out of play this hand (only it sees them)."""
        return self.discards or ()

    def to_dict(self) -> dict[str, Any]:
        return record_dict(self)


Section = HasenpfefferSection | DoubleSection | RamsSection
"""A game family's part of a view; ``Flow.VIEW_SECTION`` names the flow's."""
