"""The heuristic's Euchre knowledge: when to order up, name trump, go alone, what to discard.

A hand is valued for a trump suit by its trumps (the bowers most), its off-suit aces and its
short suits; the thresholds read "about three tricks with a partner's help" for making trump
and "about five tricks alone" for a lone hand. In play: lead an off-suit ace, or trumps from
the making side; second hand and later win as cheaply as possible unless the partner already
wins the trick, and otherwise throw the least card.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...actions import PASS, Action, Kind
from ...cards import indices_of, parse_card
from ...ranking import TrumpTable
from .hidden import section_of
from .verbs import ALONE_CALL, NOT_ALONE_CALL, ORDER_UP_CALL

if TYPE_CHECKING:
    from ...view import View

__all__ = ["MAKE", "choose", "hand_value"]

MAKE = 5.0
"""The value of a hand that orders up or names trump (about three tricks with a partner)."""
LONE = 8.5
"""The value of a hand that goes alone (about all five tricks by itself)."""
_TRUMP_VALUE = {200: 3.4, 199: 3.0, 198: 2.5, 28: 1.6, 26: 1.3, 24: 1.1, 22: 1.0, 20: 1.0,
                18: 0.9}  # fmt: skip
_OFF_ACE = 0.8
_VOID = 0.4


def hand_value(hand: int, table: TrumpTable) -> float:
    """What ``hand`` (card bits) is worth with ``table``'s trump."""
    value = 0.0
    trumps = 0
    suits = set()
    for card in indices_of(hand):
        suit = table.suit_of[card]
        if suit == table.trump:
            trumps += 1
            value += _TRUMP_VALUE.get(table.strength[card], 0.9)
        else:
            suits.add(suit)
            value += _OFF_ACE if table.strength[card] == 28 else 0.0
    if trumps >= 2:
        value += _VOID * (3 - len(suits))
    return value


def choose(view: View, rng: random.Random) -> Action:
    """The heuristic's action in ``view`` (to move); ``rng`` is unused: every decision here
    is a function of what the seat sees."""
    if view.legal[0].kind is Kind.PLAY:
        return _play(view)
    phase = str(view.phase)
    if phase == "auction":
        return _first_round(view)
    if phase == "trump":
        return _second_round(view)
    if phase == "alone":
        return _alone(view)
    table = view.rules.flow.trump_table(view.trump)
    if phase == "give":
        return max(view.legal, key=lambda a: _keep_value(a.cards[0], table))
    return min(view.legal, key=lambda a: _keep_value(a.cards[0], table, view.hand.mask))


def _first_round(view: View) -> Action:
    section = section_of(view)
    table = view.rules.flow.trump_table("CDHS".index(section.proposed))
    turnup = 1 << parse_card(section.turnup).index
    hand = view.hand.mask
    value = hand_value(hand, table)
    turnup_value = hand_value(turnup, table)
    if view.seat == view.dealer:
        worst = min(indices_of(hand), key=lambda c: _keep_value(c, table, hand))
        value = hand_value(hand & ~(1 << worst) | turnup, table)
    elif view.dealer in view.side_of(view.seat or 0):
        value += turnup_value / 2
    else:
        value -= turnup_value / 2
    return ORDER_UP_CALL if value >= MAKE else PASS


def _second_round(view: View) -> Action:
    flow = view.rules.flow
    calls = [a for a in view.legal if a.kind is Kind.TRUMP]
    best = max(calls, key=lambda a: hand_value(view.hand.mask, flow.trump_table(_suit(a))))
    value = hand_value(view.hand.mask, flow.trump_table(_suit(best)))
    stuck = PASS not in view.legal
    return best if stuck or value >= MAKE else PASS


def _alone(view: View) -> Action:
    table = view.rules.flow.trump_table(view.trump)
    needed = LONE if view.seat == section_of(view).maker else LONE + 1.5
    return ALONE_CALL if hand_value(view.hand.mask, table) >= needed else NOT_ALONE_CALL


def _play(view: View) -> Action:
    table = view.rules.flow.trump_table(view.trump)
    legal = view.legal
    trick = view.trick
    plays = trick.plays if trick is not None else ()
    if not plays:
        return _lead(view, table)
    led = table.suit_of[parse_card(plays[0].card or "").index]
    best = max(plays, key=lambda p: table.key(parse_card(p.card or "").index, led))
    best_key = table.key(parse_card(best.card or "").index, led)
    lowest = min(legal, key=lambda a: _keep_value(a.cards[0], table))
    if best.seat in view.side_of(view.seat or 0):
        return lowest
    winners = [a for a in legal if table.key(a.cards[0], led) > best_key]
    return min(winners, key=lambda a: table.key(a.cards[0], led)) if winners else lowest


def _lead(view: View, table: TrumpTable) -> Action:
    legal = view.legal
    aces = [a for a in legal if table.suit_of[a.cards[0]] != table.trump
            and table.strength[a.cards[0]] == 28]  # fmt: skip
    if aces:
        return aces[0]
    trumps = [a for a in legal if table.suit_of[a.cards[0]] == table.trump]
    maker = section_of(view).maker
    if trumps and maker is not None and maker in view.side_of(view.seat or 0):
        return max(trumps, key=lambda a: table.strength[a.cards[0]])
    return min(legal, key=lambda a: _keep_value(a.cards[0], table))


def _keep_value(card: int, table: TrumpTable, hand: int = 0) -> float:
    """How much a card is worth keeping: trumps by rank, aces, then cards of short suits
    (a lone card of a plain suit is the first to go, to make a void)."""
    suit, strength = table.suit_of[card], table.strength[card]
    if suit == table.trump:
        return 100.0 + strength
    same = sum(1 for c in indices_of(hand) if table.suit_of[c] == suit)
    return strength + (40.0 if strength == 28 else 0.0) + 2.0 * same


def _suit(action: Action) -> int:
    return "CDHS".index(action.value)
