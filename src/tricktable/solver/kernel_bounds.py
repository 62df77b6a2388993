"""Bounds of the numba kernel at a trick start beyond the quick tricks (the ``[fast]`` extra).

After the bridge solvers' "later tricks": without trumps in play, the side on lead cannot take
every trick that is left when the opponents hold the top of every suit its leader can lead, or
when the suits it controls cannot keep it on lead that long. Each function returns the cards
whose ranks its answer read (the lengths it read are in the table's key anyway).
"""

from __future__ import annotations

import numpy as np

from ..jit.bits import kernel_function, popcount
from ..ranking import TRUMP_BONUS
from ..trick import FOLLOW_ONLY_CODE
from .kernel import N_SEATS, POLICY, SIZE, TRUMP, _highest, _quick_tricks, _same_side


@kernel_function()
def cannot_take_all(leader, left, hands, present, cfg, suit_mask, level_lo, below):  # type: ignore[no-untyped-def]
    """(whether the leader's side must lose one of the ``left`` tricks, the cards that decide
    it), with no trump in play.

    A suit whose top strength level the opponents hold alone loses the trick it is led in
    (the top cannot be beaten without trumps), so the side wins every trick only by leading
    the other suits; each lead of a suit takes a card of it from every partner who holds
    one, so it can lead such a suit at most as often as its longest holding. When its leader
    holds only suits the opponents top, it loses this trick; when those leads add up to fewer
    than ``left``, it loses a later one (an opponent parts with a top card only when every
    card he holds is one, and then the side has no lead left to use it)."""
    if present & suit_mask[cfg[TRUMP]] != 0:
        return False, np.int64(0)
    tops, mine = np.int64(0), np.int64(0)
    stuck, leads = True, 0
    for suit in range(5):
        in_suit = present & suit_mask[suit]
        if in_suit == 0:
            continue
        top = _highest(in_suit)
        level = in_suit & ~below[level_lo[top]]
        longest, ours, holders = 0, False, 0
        for s in range(cfg[N_SEATS]):
            holders += hands[s] & suit_mask[suit] != 0
            if _same_side(s, leader, cfg):
                ours = ours or hands[s] & level != 0
                longest = max(longest, popcount(hands[s] & suit_mask[suit]))
        # Who tops a suit one seat holds alone is in its lengths: no rank is read.
        bit = (np.int64(1) << top) if holders > 1 else np.int64(0)
        tops |= bit
        if hands[leader] & suit_mask[suit] != 0:
            mine |= bit
            stuck = stuck and not ours
        if ours:
            leads += longest
    if stuck:
        return True, mine
    return leads < left, tops


@kernel_function()
def sure_winner(seat, count, led, best_key, best, winner, trick_cards, cfg, ours, hands,  # type: ignore[no-untyped-def]
                suit_mask, suit_of, power, next_seat):  # fmt: skip
    """(1 if our side surely wins the trick in play, 0 if the other side does, -1 if neither
    is sure; the card whose rank decides it, -1 for none), ``seat`` to play its ``count``-th
    card.

    Each seat still to play can add at best its top card of the led suit, or when void its
    top trump; a side wins for sure when its best card, already played or still in a hand,
    beats strictly everything the other side can still add (a card of the led suit can
    always be played by a seat that holds the suit, a trump by one void in it, whatever the
    obligations: the strongest card heads and overtrumps)."""
    mine, theirs, mine_card, theirs_card = -1, -1, -1, -1
    other = seat
    for _ in range(cfg[SIZE] - count):
        cards = hands[other] & suit_mask[led]
        if cards == 0:
            cards = hands[other] & suit_mask[cfg[TRUMP]]
        if cards != 0:
            top = _highest(cards)
            if ours[other] and power[top] > mine:
                mine, mine_card = power[top], top
            elif not ours[other] and power[top] > theirs:
                theirs, theirs_card = power[top], top
        other = next_seat[other]
    if ours[winner] and best_key > mine:
        mine, mine_card = best_key, best
    elif not ours[winner] and best_key > theirs:
        theirs, theirs_card = best_key, best
    if mine > theirs:
        return 1, _read(mine_card, mine, theirs, trick_cards, suit_mask, suit_of)
    if theirs > mine:
        return 0, _read(theirs_card, theirs, mine, trick_cards, suit_mask, suit_of)
    return -1, -1


@kernel_function()
def _read(card, key, other, trick_cards, suit_mask, suit_of):  # type: ignore[no-untyped-def]
    """The winning ``card`` if its rank decides the trick, else -1: a card that meets no other
    card of its suit, on the table or among the best the other side can add (``other``, a
    power key: trumps above ``TRUMP_BONUS``, -1 for none), wins by the suits alone."""
    if trick_cards & suit_mask[suit_of[card]] & ~(np.int64(1) << card) != 0:
        return card
    if other >= 0 and (key >= TRUMP_BONUS) == (other >= TRUMP_BONUS):
        return card
    return -1


@kernel_function()
def through_partner(leader, sure, cards, needed, hands, present, cfg, suit_mask, level_lo,  # type: ignore[no-untyped-def]
                    below):  # fmt: skip
    """(tricks, cards): the leader's ``sure`` quick tricks (read from ``cards``), then a lead to
    his partner's top card of a suit the opponents cannot ruff and the partner's own quick
    tricks (after the bridge solvers' entries to partner). Only without Loo's obligations,
    with one partner and no trump in the leader's hand: while the leader cashes, an opponent
    holding trumps always follows suit (so he keeps every suit the partner will lead), the
    partner sheds only cards his own count does not need, and no trump of the leader's can
    take the partner's winners. Not more than the tricks his count can take."""
    trump = cfg[TRUMP]
    if cfg[POLICY] != FOLLOW_ONLY_CODE or hands[leader] & suit_mask[trump] != 0:
        return sure, cards
    partner, count = -1, 0
    for s in range(cfg[N_SEATS]):
        if s != leader and hands[s] != 0 and _same_side(s, leader, cfg):
            partner, count = s, count + 1
    if count != 1:
        return sure, cards
    for suit in range(5):
        held = hands[leader] & suit_mask[suit]
        in_suit = present & suit_mask[suit]
        if suit == trump or held == 0:
            continue
        top = _highest(in_suit)
        level = in_suit & ~below[level_lo[top]]
        if level & ~hands[partner] != 0:
            continue
        safe = True
        for s in range(cfg[N_SEATS]):
            if not _same_side(s, leader, cfg) and hands[s] & suit_mask[suit] == 0:
                safe = safe and hands[s] & suit_mask[trump] == 0
        if safe:
            want = needed - sure
            more, read = _quick_tricks(partner, hands, present, cfg, suit_mask, below, want)
            left = popcount(hands[leader])
            return min(sure + more, left), cards | read | (np.int64(1) << top)
    return sure, cards
