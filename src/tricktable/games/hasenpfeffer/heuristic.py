"""A rule-based player for Single and Double Hasenpfeffer, written over the legal action kinds.

Bidding values a hand per possible trump (trumps by rank, sure side winners, voids when holding
trumps), adds a partner's likely share, and bids only what that covers with a safety margin.
The maker names the suit that values best, discards the card whose loss costs least (trumps are
kept, short suits are emptied) and goes alone only when all the tricks are near-certain. A
partner gives the lone player its best cards. Card play follows :mod:`tricktable.cardplay`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ...actions import Action, Kind
from ...cardplay import PlayContext, base_counts, hand_indices
from ...cards import COPY_STRIDE, indices_of
from ...ranking import TrumpTable
from ...view import View
from .section import DoubleSection, HasenpfefferSection, auction_of
from .verbs import ALONE, GIVE, NOT_ALONE

__all__ = ["bid_limit", "choose", "estimate_tricks"]

SAFETY_MARGIN: Final = 0.4
PARTNER_SHARE: Final = 0.6
LONE_MARGIN: Final = 0.25
OVERCALL_PARTNER_BY: Final = 2


def choose(view: View, rng: random.Random) -> Action:
    """The action this strategy takes for the seat of ``view``."""
    legal = view.legal
    kinds = {action.kind for action in legal}
    if Kind.PLAY in kinds:
        return PlayContext.of(view).choose_play(legal)
    if Kind.BID in kinds or Kind.PASS in kinds:
        return _choose_bid(view, legal)
    if Kind.TRUMP in kinds:
        return _choose_trump(view, legal)
    if ALONE in kinds:
        return _choose_alone(view, legal)
    if Kind.DISCARD in kinds:
        return _choose_discard(view, legal)
    if GIVE in kinds:
        return _choose_give(view, legal)
    return rng.choice(legal)


# -- hand evaluation ---------------------------------------------------------------------------


_ESTIMATES: dict[tuple[int, int, int], float] = {}
ESTIMATES_KEPT: Final = 1 << 16
"""Hand estimates remembered (search bots value the same hands in many sampled worlds)."""


def estimate_tricks(hand: Sequence[int], table: TrumpTable, deck_mask: int) -> float:
    """Tricks a hand should take by itself with this trump (the table's trump)."""
    mask = 0
    for card in hand:
        mask |= 1 << card
    # Tables are built once per ranking and trump and kept, so their identity names them.
    key = (mask, id(table), deck_mask)
    value = _ESTIMATES.get(key)
    if value is None:
        if len(_ESTIMATES) >= ESTIMATES_KEPT:
            _ESTIMATES.clear()
        value = _ESTIMATES[key] = _estimate(hand, table, deck_mask)
    return value


def _estimate(hand: Sequence[int], table: TrumpTable, deck_mask: int) -> float:
    unseen = base_counts(indices_of(deck_mask))
    unseen -= base_counts(hand)
    trumps = [c for c in hand if table.suit_of[c] == table.trump]
    value = sum(_trump_value(c, table, unseen) for c in trumps)
    value += 0.2 * max(0, len(trumps) - 2)
    for suit in range(4):
        if suit == table.trump:
            continue
        cards = [c for c in hand if table.suit_of[c] == suit]
        value += _side_value(cards, table, unseen)
        if not cards and len(trumps) >= 2:
            value += 0.3
    return min(value, float(len(hand)))


def _higher_unseen(card: int, table: TrumpTable, unseen: dict[int, int]) -> int:
    suit, strength = table.suit_of[card], table.strength[card]
    return sum(
        n for c, n in unseen.items() if table.suit_of[c] == suit and table.strength[c] > strength
    )


def _trump_value(card: int, table: TrumpTable, unseen: dict[int, int]) -> float:
    return max(0.25, 1.0 - 0.17 * _higher_unseen(card, table, unseen))


def _side_value(cards: Sequence[int], table: TrumpTable, unseen: dict[int, int]) -> float:
    """Sure winners count (less in long suits, which get ruffed); a guarded second best a bit."""
    value = 0.0
    for card in cards:
        higher = _higher_unseen(card, table, unseen)
        if higher == 0:
            value += 0.8 if len(cards) <= 3 else 0.5
        elif higher == 1 and len(cards) >= 2:
            value += 0.3
    return value


def _table(view: View, trump: int | None) -> TrumpTable:
    return view.rules.flow.ranking.table(trump)


def best_trump(view: View, hand: Sequence[int], suits: Sequence[int | None]) -> tuple[float, int]:
    """(estimate, index into ``suits``) of the trump that values the hand best."""
    deck = view.rules.flow.deck.mask
    values = [estimate_tricks(hand, _table(view, suit), deck) for suit in suits]
    best = max(range(len(suits)), key=lambda i: values[i])
    return values[best], best


def _partner_share(view: View, tricks: int) -> float:
    assert view.seat is not None
    side = view.side_of(view.seat)
    # A second partner adds little in practice (measured at six players): count one at most.
    return PARTNER_SHARE * tricks / view.players * min(1, len(side) - 1)


def _widow_bonus(view: View) -> float:
    takes_widow = view.rules.options.get("widow_mode") == "bidder_exchange"
    section = view.section
    widow = isinstance(section, HasenpfefferSection) and section.widow_size
    return 0.2 if takes_widow and widow else 0.0


def bid_limit(view: View) -> float:
    """The most tricks this seat's side should contract for, trump of its choosing."""
    hand = hand_indices(view)
    mine, _ = best_trump(view, hand, [0, 1, 2, 3])
    return mine + _partner_share(view, _trick_count(view)) + _widow_bonus(view) - SAFETY_MARGIN


# -- decisions ---------------------------------------------------------------------------------


def _bid_level(action: Action, tricks: int) -> float:
    value = action.bid_value
    if isinstance(value, int):
        return value
    return tricks + (0.5 if value == "big-pepper" else 0.0)


def _high_bidder(view: View) -> int | None:
    auction = auction_of(view)
    calls = auction.auction if auction is not None else ()
    bids = [call.seat for call in calls if call.call.startswith("bid")]
    return bids[-1] if bids else None


def _choose_bid(view: View, legal: Sequence[Action]) -> Action:
    bids = [a for a in legal if a.kind is Kind.BID]
    passes = [a for a in legal if a.kind is Kind.PASS]
    tricks = _trick_count(view)
    limit = bid_limit(view)
    high = _high_bidder(view)
    if high is not None and high != view.seat and _is_partner(view, high):
        limit -= OVERCALL_PARTNER_BY
    affordable = sorted((a for a in bids if _bid_level(a, tricks) <= limit),
                        key=lambda a: _bid_level(a, tricks))  # fmt: skip
    if affordable:
        # With one call each, bid the hand's full value; otherwise creep up, a pass being final.
        return affordable[-1 if _is_single_round(view) else 0]
    if passes:
        return passes[0]
    return min(bids, key=lambda a: _bid_level(a, tricks))


def _is_single_round(view: View) -> bool:
    return view.rules.options.get("bidding_mode") == "single_round"


def _is_partner(view: View, seat: int) -> bool:
    return any(seat in side and view.seat in side for side in view.sides)


def _trump_suit(action: Action) -> int | None:
    return None if action.value == "NT" else "CDHS".index(action.value)


def _choose_trump(view: View, legal: Sequence[Action]) -> Action:
    hand = hand_indices(view)
    _, best = best_trump(view, hand, [_trump_suit(a) for a in legal])
    return legal[best]


def _own_estimate(view: View) -> float:
    """Tricks this hand takes alone under the named trump (the best trump if none is named)."""
    hand = hand_indices(view)
    if view.trump is None:
        return best_trump(view, hand, [0, 1, 2, 3])[0]
    return estimate_tricks(hand, _table(view, view.trump), view.rules.flow.deck.mask)


def _choose_alone(view: View, legal: Sequence[Action]) -> Action:
    mine = _own_estimate(view)
    exchanged = view.rules.options.get("lone_cards_exchanged", 0)
    received = 0.8 * exchanged if isinstance(exchanged, int) else 0.0
    wants = mine + received >= _trick_count(view) - LONE_MARGIN
    kind = ALONE if wants else NOT_ALONE
    return next((a for a in legal if a.kind is kind), legal[0])


def _trick_count(view: View) -> int:
    """Tricks in a hand: as the view says, else the cards each player holds (a maker holding
    the widow counts one fewer)."""
    if isinstance(view.section, DoubleSection) and view.section.tricks_per_hand > 0:
        return view.section.tricks_per_hand
    sizes = [size for size in view.hand_sizes if size]
    return min(sizes) if sizes else len(view.hand)


def _choose_discard(view: View, legal: Sequence[Action]) -> Action:
    hand = hand_indices(view)
    table = _table(view, view.trump)
    deck = view.rules.flow.deck.mask

    def value_without(action: Action) -> tuple[float, bool, int]:
        card = action.cards[0]
        rest = _without(hand, card)
        trump_card = table.suit_of[card] == table.trump
        return (estimate_tricks(rest, table, deck), not trump_card, -table.strength[card])

    return max(legal, key=value_without)


def _without(hand: Sequence[int], card: int) -> list[int]:
    """``hand`` less one copy of ``card`` (given as its copy-0 index)."""
    rest = list(hand)
    copy = next(c for c in rest if c % COPY_STRIDE == card)
    rest.remove(copy)
    return rest


def _choose_give(view: View, legal: Sequence[Action]) -> Action:
    """The card that helps a lone partner most: the best trump, else a sure side winner."""
    if view.trump is None:
        return max(legal, key=lambda action: action.card.rank)
    context = PlayContext.of(view)

    def usefulness(action: Action) -> tuple[bool, bool, int]:
        card = action.cards[0]
        return (context.is_trump(card), context.is_top(card), context.strength(card))

    return max(legal, key=usefulness)
