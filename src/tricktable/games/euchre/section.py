"""Euchre's part of a view: the turn-up, the calls, the maker and the lone hands.

The dealer's discard, and in railroad the cards a lone hand received and discarded, are in the
view of the seat that handled them only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ...i18n import N_
from ...jsonrecord import CardText, json_fields, omitted_if_none, record_dict
from ...telling import Teller
from ...view_parts import Call

if TYPE_CHECKING:
    from ...view import View

__all__ = ["EuchreSection", "terminal_lines"]

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

    def status_lines(
        self,
        name: Callable[[int], str],
        card: Callable[[str], str],
        words: Callable[[str], str] = lambda message: message,
    ) -> list[str]:
        """The section in words for a table's status (seat names and card texts as given,
        the messages through ``words``, the reader's translation)."""
        _ = words
        taken = " " + _("(taken by the dealer)") if self.turnup_taken else ""
        lines = [_("Turn-up: {cards}").format(cards=card(self.turnup)) + taken]
        if self.calls:
            calls = ", ".join(f"{name(c.seat)} {_call(c.call, _)}" for c in self.calls)
            lines.append(_("Calls: {calls}").format(calls=calls))
        if self.maker is not None:
            lines.append(_("Maker: {name}").format(name=name(self.maker)))
        if self.alone is not None:
            lines.append(_("{name} plays alone").format(name=name(self.alone)))
        if self.lone_defender is not None:
            lines.append(_("{name} defends alone").format(name=name(self.lone_defender)))
        if self.discards:
            cards = " ".join(card(c) for c in self.discards)
            lines.append(_("Your discard: {cards}").format(cards=cards))
        return lines


def terminal_lines(view: View, tell: Teller) -> list[str]:
    """Euchre's lines of a table's status at the terminal (``GameDef.terminal``)."""
    section = view.section
    if not isinstance(section, EuchreSection):
        return []
    return section.status_lines(tell.name, lambda text: tell.cards([text]), tell.gettext)


# Euchre's calls as its players say them (a call is its notation: "order-up", "trump H").
_CALLS = {"pass": N_("pass"), "order-up": N_("order-up"), "alone": N_("alone"),
          "not-alone": N_("not-alone")}  # fmt: skip
_SUITS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}


def _call(call: str, words: Callable[[str], str]) -> str:
    kind, _space, suit = call.partition(" ")
    if kind == "trump" and suit in _SUITS:
        return words("trump {value}").format(value=words(_SUITS[suit]))
    return words(_CALLS[call]) if call in _CALLS else call
