"""The Rams family's part of a view: seating, the turn-up, declarations, the widow, the ledger.

:func:`rams_of` is how a reader outside the family asks for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ...jsonrecord import CardText, json_fields, omitted_if_none, record_dict
from ...view_parts import Call, SectionFields

if TYPE_CHECKING:
    from ...view import View

__all__ = [
    "ChipLedgerView", "CounterLedgerView", "RamsSection", "dealer_ante", "encoding_fields",
    "rams_of",
]  # fmt: skip

_OMITTED = omitted_if_none()


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


def rams_of(view: View) -> RamsSection | None:
    """The view's Rams-family section, ``None`` in other games."""
    section = view.section
    return section if isinstance(section, RamsSection) else None


def encoding_fields(view: View) -> SectionFields:
    """What the observation encoder reads of a Rams-family section (``GameDef.encoding``)."""
    rams = rams_of(view)
    if rams is None:
        return SectionFields()
    seat = {"general": rams.general, "widow_taker": rams.widow_taker,
            "turnup_taker": rams.turnup_taken_by,
            "exchange_offer": rams.exchange_offer}  # fmt: skip
    seats = {"seated": rams.seated, "out_of_game": rams.out}
    flags = {"widow_taken": rams.widow_taker is not None}
    return SectionFields(seat=seat, seats=seats, flags=flags, pot=rams.pot)


def dealer_ante(view: View) -> int:
    """The chips this hand's dealer put in the pot when it was dealt (0: no ante, or the hand
    is over); the flow's ``dealer_ante`` hook."""
    rams = rams_of(view)
    if rams is None or rams.scoring != "chips" or view.is_over:
        return 0
    ante = view.rules.options.get("ante", 0)
    return ante if isinstance(ante, int) else 0
