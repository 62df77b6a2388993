"""Euchre's hidden cards: the kitty, the dealer's discard and railroad's swapped cards.

The kitty under the turn-up is never seen. The turn-up lies face up until the dealer takes it;
from then on it is in his hand or, if he may discard it, among his discards: it stays confined
there for the other seats until it is played. A railroad gift is seen by its giver and its
receiver only; for the giver it is confined to the receiver's hand or discards. Which card a
hidden discard or gift was shows in nothing later, so a rebuilt deal draws it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...actions import Kind, parse_action
from ...cards import CARD_TEXT, indices_of, parse_card
from ...deal import Deal
from ...hidden import HiddenModel, Place, Rebuilt, World, bit_of, thrown_cards
from ...jsonrecord import CardText
from .section import EuchreSection
from .verbs import GIVE

if TYPE_CHECKING:
    from ...view import View

__all__ = ["EuchreHidden", "section_of"]

_DISCARD = frozenset({Kind.DISCARD})


def section_of(view: View) -> EuchreSection:
    """The Euchre section of ``view``."""
    section = view.section
    assert isinstance(section, EuchreSection)
    return section


class EuchreHidden(HiddenModel):
    """The hooks of :class:`~tricktable.games.euchre.flow.EuchreFlow`."""

    def public_stock(self, view: View) -> tuple[CardText, ...]:
        section = section_of(view)
        return () if section.turnup_taken else (section.turnup,)

    def confined(self, view: View) -> Mapping[int, tuple[Place, ...]]:
        section = section_of(view)
        out: dict[int, tuple[Place, ...]] = {}
        if section.turnup_taken and view.seat != view.dealer:
            dealer = view.dealer
            out[parse_card(section.turnup).index] = (Place("hand", dealer),
                                                     Place("thrown", dealer))  # fmt: skip
        receiver = next((s for s in (section.alone, section.lone_defender)
                         if s is not None and (s + 2) % 4 == view.seat), None)  # fmt: skip
        for card in section.gave or ():
            assert receiver is not None
            out[parse_card(card).index] = (Place("hand", receiver), Place("thrown", receiver))
        return out

    def rebuild(self, view: View, world: World, rng: random.Random) -> Rebuilt:
        section = section_of(view)
        hands = [world.held(seat) | world.thrown[seat] for seat in range(view.players)]
        texts = {
            index: f"discard {CARD_TEXT[bits[0]]}"
            for index, bits in thrown_cards(view, world, _DISCARD, rng).items()
            if "?" in view.actions[index].action
        }
        texts.update(_undo_gifts(view, section, hands, rng))
        stock = list(world.public_stock)
        if section.turnup_taken:
            turnup = bit_of(hands[view.dealer], section.turnup)
            hands[view.dealer] &= ~(1 << turnup)
            stock = [turnup]
        return Rebuilt(Deal(tuple(hands), None, tuple(stock + world.stock)), texts)


def _undo_gifts(
    view: View, section: EuchreSection, hands: list[int], rng: random.Random
) -> dict[int, str]:
    """Move every railroad gift back from its receiver to its giver; the texts of the gifts
    this seat did not see."""
    received = [parse_card(c).index for c in section.received or ()]
    texts: dict[int, str] = {}
    for index, (giver, text) in enumerate(view.actions):
        if not text.startswith(GIVE.value):
            continue
        receiver = (giver + 2) % 4
        if "?" not in text:
            bit = parse_action(text).cards[0]
        else:
            own = receiver == view.seat and received
            bit = received.pop(0) if own else rng.choice(indices_of(hands[receiver]))
            texts[index] = f"give {CARD_TEXT[bit]}"
        hands[receiver] &= ~(1 << bit)
        hands[giver] |= 1 << bit
    return texts
