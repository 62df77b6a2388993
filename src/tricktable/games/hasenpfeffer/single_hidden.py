"""Single Hasenpfeffer's hidden cards: the widow, the bidder's discard and a forced Joker.

Until the auction is over (and all hand long with a dead widow) the widow is a hidden place.
Once the high bidder has taken it, it is part of his hand: which of his cards it was shows in
nothing later, so a rebuilt deal picks any of them — except the Joker after a forced bid, since
only the Joker's holder is forced to bid and a Joker in the widow would have been a misdeal.
Each misdeal before the hand (all four passed, the Joker was the widow card) is rebuilt as such a
deal, thrown in by four passes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...actions import Kind
from ...cards import CARD_TEXT, JOKER_INDEX, indices_of
from ...deal import Deal
from ...hidden import HiddenModel, Place, Rebuilt, World, thrown_cards
from .section import HasenpfefferSection

if TYPE_CHECKING:
    from ...view import View

__all__ = ["SingleHidden"]

_DISCARD = frozenset({Kind.DISCARD})


def _section(view: View) -> HasenpfefferSection:
    section = view.section
    assert isinstance(section, HasenpfefferSection)
    return section


class SingleHidden(HiddenModel):
    """The hooks of :class:`~tricktable.games.hasenpfeffer.single.SingleHasenpfefferFlow`."""

    def widow_hidden(self, view: View) -> int:
        section = _section(view)
        return 0 if section.widow_taken else section.widow_size

    def confined(self, view: View) -> Mapping[int, tuple[Place, ...]]:
        section = _section(view)
        bidder = section.bidder
        if not section.forced_bid or bidder is None or bidder == view.seat:
            return {}
        return {JOKER_INDEX: (Place("hand", bidder), Place("thrown", bidder))}

    def rebuild(self, view: View, world: World, rng: random.Random) -> Rebuilt:
        section = _section(view)
        hands = [world.held(seat) for seat in range(view.players)]
        texts = {
            index: f"discard {CARD_TEXT[bits[0]]}"
            for index, bits in thrown_cards(view, world, _DISCARD, rng).items()
            if "?" in view.actions[index].action
        }
        widow = world.widow
        bidder = section.bidder
        if section.widow_taken and bidder is not None:
            full = hands[bidder] | world.thrown[bidder]
            could = [c for c in indices_of(full) if not (section.forced_bid and c == JOKER_INDEX)]
            card = rng.choice(could)
            hands[bidder], widow = full & ~(1 << card), 1 << card
        earlier = tuple(
            (_misdeal(view, rng), ("pass",) * view.players) for _ in range(section.misdeals)
        )
        return Rebuilt(Deal(tuple(hands), widow, ()), texts, earlier)


def _misdeal(view: View, rng: random.Random) -> Deal:
    """A deal thrown in because everybody passed with the Joker in the widow."""
    flow = view.rules.flow
    rest = [c for c in indices_of(flow.deck.mask) if c != JOKER_INDEX]
    rng.shuffle(rest)
    hands = []
    for size in flow.hand_sizes(view.dealer):
        hands.append(sum(1 << c for c in rest[:size]))
        rest = rest[size:]
    return Deal(tuple(hands), 1 << JOKER_INDEX, tuple(rest))
