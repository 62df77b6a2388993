"""Euchre's part of a view: the turn-up, the calls, the maker and the lone hands.

The dealer's discard, and in railroad the cards a lone hand received and discarded, are in the
view of the seat that handled them only.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...jsonrecord import CardText, json_fields, omitted_if_none, record_dict
from ...view import View
from ...view_parts import Call, SectionFields

__all__ = ["EuchreSection", "encoding_fields"]

_OMITTED = omitted_if_none()


@json_fields(discards=_OMITTED, gave=_OMITTED, received=_OMITTED)
class EuchreSection(NamedTuple):
    """Euchre: the turn-up and what it proposes, the calls, the maker and the lone hands.

    ``turnup_taken`` says the dealer took the turn-up (it was ordered up); ``kitty_size`` is
    the number of cards under it, which nobody sees. ``discards`` is this seat's own discards,
    ``gave`` / ``received`` the railroad card this seat gave or received.
    """

    turnup: CardText
    proposed: str
    turnup_taken: bool
    calls: tuple[Call, ...]
    maker: int | None
    ordered_up: bool
    alone: int | None
    lone_defender: int | None
    kitty_size: int
    discards: tuple[CardText, ...] | None = None
    gave: tuple[CardText, ...] | None = None
    received: tuple[CardText, ...] | None = None

    @property
    def discarded(self) -> tuple[CardText, ...]:
        """Cards this seat itself put out of play this hand (only it sees them)."""
        return self.discards or ()

    def to_dict(self) -> dict[str, Any]:
        return record_dict(self)


def encoding_fields(view: View) -> SectionFields:
    """What the observation encoder reads of a Euchre section (``GameDef.encoding``): the
    maker, the lone hands, the dealer once the turn-up is taken, railroad's passed cards."""
    section = view.section
    if not isinstance(section, EuchreSection):
        return SectionFields()
    taker = view.dealer if section.turnup_taken else None
    seat = {"bidder": section.maker, "alone": section.alone,
            "lone_defender": section.lone_defender, "turnup_taker": taker}  # fmt: skip
    cards = {"received": section.received or (), "gave": section.gave or ()}
    return SectionFields(seat=seat, cards=cards)
