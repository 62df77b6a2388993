"""Double Hasenpfeffer's hidden cards: the lone player's discards and his partners' gifts.

The lone player's discards are a hidden place of their own. A gift leaves no trace but in the
lone hand (nobody but the giver and the lone player sees it), so a rebuilt deal takes each
unseen gift from the lone player's cards of this hand at random; the cards the observer gave
or received stay what they were.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ...actions import Kind, parse_action
from ...cards import CARD_TEXT, indices_of, parse_card
from ...deal import Deal
from ...hidden import HiddenModel, Rebuilt, World, bit_of, thrown_cards
from ...jsonrecord import CardText
from .section import DoubleSection
from .verbs import GIVE

if TYPE_CHECKING:
    from ...view import View

__all__ = ["DoubleHidden"]

_DISCARD = frozenset({Kind.DISCARD})


def _section(view: View) -> DoubleSection:
    section = view.section
    assert isinstance(section, DoubleSection)
    return section


class DoubleHidden(HiddenModel):
    """The hooks of :class:`~tricktable.games.hasenpfeffer.double.DoubleHasenpfefferFlow`."""

    def pinned(self, view: View) -> Mapping[int, Sequence[CardText]]:
        section = _section(view)
        lone = section.alone
        if lone is None or lone == view.seat or not section.gave:
            return {}
        return {lone: section.gave}

    def rebuild(self, view: View, world: World, rng: random.Random) -> Rebuilt:
        section = _section(view)
        hands = [world.held(seat) for seat in range(view.players)]
        texts = {
            index: f"discard {CARD_TEXT[bits[0]]}"
            for index, bits in thrown_cards(view, world, _DISCARD, rng).items()
            if "?" in view.actions[index].action
        }
        lone = section.alone
        if lone is not None:
            texts.update(_gifts(view, section, hands, lone, rng))
            hands[lone] |= world.thrown[lone]
        return Rebuilt(Deal(tuple(hands), None, ()), texts)


def _gifts(
    view: View, section: DoubleSection, hands: list[int], lone: int, rng: random.Random
) -> dict[int, str]:
    """Move every gift back from the lone hand to its giver; the texts of unseen gifts."""
    received = [gift.card for gift in section.received or ()] if view.seat == lone else []
    mine = [parse_card(t).index for t in section.gave or ()]
    reserved = 0
    for card in mine:
        reserved |= 1 << bit_of(hands[lone] & ~reserved, card)
    texts: dict[int, str] = {}
    for index, (seat, text) in enumerate(view.actions):
        if not text.startswith(GIVE.value):
            continue
        if "?" not in text:
            bit = bit_of(reserved, parse_action(text).cards[0])
            reserved &= ~(1 << bit)
        elif received:
            bit = bit_of(hands[lone], received.pop(0))
            texts[index] = f"give {CARD_TEXT[bit]}"
        else:
            bit = rng.choice(indices_of(hands[lone] & ~reserved))
            texts[index] = f"give {CARD_TEXT[bit]}"
        hands[lone] &= ~(1 << bit)
        hands[seat] |= 1 << bit
    return texts
