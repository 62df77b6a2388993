"""The Rams family's hidden cards: the widow, the stock under the turn-up, thrown-away hands.

A widow nobody took is a hidden place; once taken, the taker's dealt hand lies face down with
any cards he discarded after it (Rounce) or for the turn-up, and which of those thrown cards
were his dealt hand shows in nothing later, so a rebuilt deal picks them at random. The turn-up
stays face up on the stock until a seat takes it (the card that names trump, both cards after
Bierspiel's 7♦, or only the trump card with ``seven_turnup_partial``: the exchange's size
says which); the rest of the stock is hidden.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ...actions import Kind
from ...cards import CARD_TEXT
from ...deal import Deal
from ...hidden import HiddenModel, Rebuilt, World, bit_of, thrown_cards
from ...jsonrecord import CardText
from .options import HAND_SIZE
from .section import RamsSection
from .verbs import EXCHANGE

if TYPE_CHECKING:
    from ...view import View

__all__ = ["RamsHidden"]

_THROWN = frozenset({Kind.DISCARD, EXCHANGE})


def _section(view: View) -> RamsSection:
    section = view.section
    assert isinstance(section, RamsSection)
    return section


def taken_turnup(view: View) -> tuple[CardText, ...]:
    """The turned-up cards the exchanger took (as many as his exchange discarded)."""
    section = _section(view)
    taker = section.turnup_taken_by
    for seat, text in view.actions:
        if seat == taker and text.startswith(EXCHANGE.value):
            return section.turnup[-(len(text.split()) - 1) :]
    return ()


class RamsHidden(HiddenModel):
    """The hooks of :class:`~.rams.RamsFlow` (and so Bierspiel's and Rounce's)."""

    def pinned(self, view: View) -> Mapping[int, Sequence[CardText]]:
        taker = _section(view).turnup_taken_by
        if taker is None or taker == view.seat:
            return {}
        return {taker: taken_turnup(view)}

    def public_stock(self, view: View) -> tuple[CardText, ...]:
        taken = list(taken_turnup(view))
        out = []
        for card in _section(view).turnup:
            if card in taken:
                taken.remove(card)
            else:
                out.append(card)
        return tuple(out)

    def widow_hidden(self, view: View) -> int:
        section = _section(view)
        return section.widow_size if section.widow_taker is None else 0

    def thrown_unseen(self, view: View) -> Mapping[int, int]:
        taker = _section(view).widow_taker
        return {} if taker is None else {taker: HAND_SIZE}

    def rebuild(self, view: View, world: World, rng: random.Random) -> Rebuilt:
        section = _section(view)
        hands = [world.held(seat) for seat in range(view.players)]
        thrown = world.thrown[:]
        texts: dict[int, str] = {}
        for index, bits in thrown_cards(view, world, _THROWN, rng).items():
            seat, text = view.actions[index]
            kind = text.split()[0]
            if "?" in text:
                texts[index] = " ".join([kind, *(CARD_TEXT[b] for b in bits)])
            mask = sum(1 << b for b in bits)
            thrown[seat] &= ~mask
            hands[seat] |= mask  # back in the hand the seat held before
        stock = self._stock(view, world, hands)
        widow = world.widow
        taker = section.widow_taker
        if taker is not None:
            hands[taker], widow = thrown[taker], hands[taker]
        return Rebuilt(Deal(tuple(hands), widow, tuple(stock)), texts)

    def _stock(self, view: View, world: World, hands: list[int]) -> list[int]:
        """The stock as dealt: the turn-up on top (taking the taken cards back out of the
        exchanger's hand), then the hidden rest."""
        section = _section(view)
        taker = section.turnup_taken_by
        taken = list(taken_turnup(view))
        public = iter(world.public_stock)
        top = []
        for card in section.turnup:
            if taker is not None and card in taken:
                taken.remove(card)
                bit = bit_of(hands[taker], card)
                hands[taker] &= ~(1 << bit)
            else:
                bit = next(public)
            top.append(bit)
        return top + world.stock
