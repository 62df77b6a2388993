"""Single Hasenpfeffer in the batch (numba): auction, widow, trump, going alone, play, scoring.

One function per step of :class:`tricktable.games.hasenpfeffer.single.SingleHasenpfefferFlow`, on a
state row (:mod:`tricktable.jit.layout`, the family slots in :mod:`.single`); actions are codec numbers.
"""

from __future__ import annotations

import numpy as np

from ....jit import layout as L
from ....jit import rows as R
from ....jit.bits import kernel_function, lowest
from ....jit.drivers import make_drivers
from .auction import BIDDER, CONTRACT, HIGH_LEVEL, HIGH_SEAT
from .kernel_family import (
    auction_over,
    award_contract,
    begin_play,
    bid_actions,
    reset_auction,
    speak,
)
from .single import (
    ASK,
    ASK_COUNT,
    BIG_PEPPER,
    DISCARD,
    LONE,
    LONE_DEFENDER,
    MISDEALS,
    O_BIG_MULTIPLIER,
    O_DEFENDERS_SCORE,
    O_DOUBLE_DEFENDERS,
    O_EXCHANGE,
    O_FIRST_LEAD_BIDDER,
    O_GOING_ALONE,
    O_LONE_ALL_TRICKS,
    O_LONE_LEAD_PLAYER,
    O_MAX_BID,
    O_MIN_BID,
    O_NO_TRUMP,
    O_PEPPER,
    O_SET_PENALTY,
    O_SINGLE_ROUND,
    O_TOP_LEVEL,
)

SEATS = 4
HAND = 6


@kernel_function()
def deal(row, rng, g, cfg, tables, dealer, work):  # type: ignore[no-untyped-def]
    """A fresh random deal by ``dealer``; the auction starts."""
    pool = (np.int64(1) << cfg[L.N_CARDS]) - 1
    widow = R.deal_hands(row, rng, g, pool, work, SEATS, HAND)
    row[L.WIDOW] = np.int64(1) << widow
    row[L.DEALER] = dealer
    start_hand(row, cfg)


@kernel_function()
def start_hand(row, cfg):  # type: ignore[no-untyped-def]
    """Clear everything of a hand but the cards and the dealer; eldest opens the auction."""
    R.clear_hand(row, SEATS, HAND)
    reset_auction(row)
    row[BIG_PEPPER] = 0
    row[LONE] = -1
    row[LONE_DEFENDER] = -1
    row[ASK_COUNT] = 0
    row[DISCARD] = 0
    R.open_bidding(row, SEATS)


@kernel_function()
def legal(row, cfg, tables, out):  # type: ignore[no-untyped-def]
    """The legal actions of the seat to move into ``out`` (codec numbers, in the reference's
    order): a card, a bid or pass, a trump (or no trump), a discard, alone or not; how many."""
    phase = row[L.PHASE]
    seat = row[L.TO_MOVE]
    n = 0
    if phase == L.P_PLAY:
        mask = R.slot_mask(R.follow_only(row, row[L.HANDS + seat], tables[2]), cfg[L.DISTINCT])
        while mask != 0:
            out[n] = cfg[L.A_PLAY] + lowest(mask)
            n += 1
            mask &= mask - 1
        return n
    if phase == L.P_AUCTION:
        level = row[HIGH_LEVEL]
        high = cfg[O_MAX_BID]
        if cfg[O_PEPPER] != 0 and high > 5:
            high = 5
        low = max(cfg[O_MIN_BID], level + 1)
        n = bid_actions(cfg[L.A_PASS], cfg[L.A_BID], low, high, out)
        if cfg[O_PEPPER] != 0:
            for word_level in range(6, 8):
                if word_level > level:
                    out[n] = cfg[L.A_BID] + cfg[L.TRICKS] + word_level - 6
                    n += 1
        return n
    if phase == L.P_TRUMP:
        suits = 5 if cfg[O_NO_TRUMP] != 0 else 4
        for suit in range(suits):
            out[suit] = cfg[L.A_TRUMP] + suit
        return suits
    if phase == L.P_DISCARD:
        mask = row[L.HANDS + seat]
        while mask != 0:
            out[n] = cfg[L.A_DISCARD] + lowest(mask)
            n += 1
            mask &= mask - 1
        return n
    if phase == L.P_ALONE:
        return R.alone_actions(cfg, out)
    return 0


@kernel_function()
def apply(row, rng, g, action, cfg, tables, work):  # type: ignore[no-untyped-def]
    """Carry out legal ``action`` (a codec number) for the seat to move."""
    seat = row[L.TO_MOVE]
    phase = row[L.PHASE]
    if phase == L.P_PLAY:
        if R.play_action(row, cfg, tables, seat, action, SEATS):
            score(row, cfg)
    elif phase == L.P_AUCTION:
        level = 0
        if action != cfg[L.A_PASS]:
            level = action - cfg[L.A_BID] + 1
            if level > cfg[L.TRICKS]:
                level = 6 + (level - cfg[L.TRICKS] - 1)
        speak(row, seat, level)
        advance_auction(row, rng, g, cfg, tables, seat, work)
    elif phase == L.P_TRUMP:
        row[L.TRUMP] = action - cfg[L.A_TRUMP]
        if cfg[O_EXCHANGE] != 0:
            row[L.PHASE] = L.P_DISCARD
        else:
            after_discard(row, cfg)
    elif phase == L.P_DISCARD:
        bit = np.int64(1) << (action - cfg[L.A_DISCARD])
        row[L.HANDS + seat] &= ~bit
        row[DISCARD] = bit
        after_discard(row, cfg)
    elif phase == L.P_ALONE:
        on_alone(row, cfg, seat, action == cfg[L.A_ALONE])


@kernel_function()
def advance_auction(row, rng, g, cfg, tables, seat, work):  # type: ignore[no-untyped-def]
    if not auction_over(row, seat, SEATS, cfg[O_TOP_LEVEL], cfg[O_SINGLE_ROUND] != 0):
        return
    if row[HIGH_SEAT] < 0:
        joker = np.int64(1) << cfg[L.JOKER]
        if row[L.WIDOW] & joker:
            misdeals = row[MISDEALS] + 1
            deal(row, rng, g, cfg, tables, row[L.DEALER], work)
            row[MISDEALS] = misdeals
            return
        for holder in range(SEATS):
            if row[L.HANDS + holder] & joker:
                set_contract(row, cfg, holder, 3, 1)
        return
    set_contract(row, cfg, row[HIGH_SEAT], row[HIGH_LEVEL], 0)


@kernel_function()
def set_contract(row, cfg, bidder, level, forced):  # type: ignore[no-untyped-def]
    award_contract(row, bidder, min(level, 6) if cfg[O_PEPPER] != 0 else level, forced)
    row[BIG_PEPPER] = 1 if cfg[O_PEPPER] != 0 and level == 7 else 0
    if cfg[O_EXCHANGE] != 0:
        row[L.HANDS + bidder] |= row[L.WIDOW]


@kernel_function()
def after_discard(row, cfg):  # type: ignore[no-untyped-def]
    if cfg[O_GOING_ALONE] == 0:
        start_play(row, cfg)
    else:
        row[L.PHASE] = L.P_ALONE
        row[L.TO_MOVE] = row[BIDDER]


@kernel_function()
def on_alone(row, cfg, seat, wants):  # type: ignore[no-untyped-def]
    if seat == row[BIDDER]:
        if wants:
            row[LONE] = seat
            if cfg[O_GOING_ALONE] == 2:
                row[ASK] = (seat + 1) % SEATS
                row[ASK + 1] = (seat + 3) % SEATS
                row[ASK_COUNT] = 2
    elif wants:
        row[LONE_DEFENDER] = seat
        row[ASK_COUNT] = 0
    else:
        row[ASK] = row[ASK + 1]
        row[ASK_COUNT] -= 1
    if row[ASK_COUNT] > 0 and row[LONE_DEFENDER] < 0:
        row[L.TO_MOVE] = row[ASK]
    else:
        start_play(row, cfg)


@kernel_function()
def start_play(row, cfg):  # type: ignore[no-untyped-def]
    active = (1 << SEATS) - 1
    if row[LONE] >= 0:
        active &= ~(1 << ((row[LONE] + 2) % SEATS))
    if row[LONE_DEFENDER] >= 0:
        active &= ~(1 << ((row[LONE_DEFENDER] + 2) % SEATS))
    R.set_active(row, active, SEATS)
    lone_leader = -1
    if row[LONE] >= 0:
        if cfg[O_LONE_LEAD_PLAYER] != 0:
            lone_leader = row[LONE]
        elif row[LONE_DEFENDER] >= 0:
            lone_leader = row[LONE_DEFENDER]
        else:
            lone_leader = R.next_active(row, row[LONE], SEATS)
    begin_play(row, lone_leader, cfg[O_FIRST_LEAD_BIDDER] != 0, SEATS)


@kernel_function()
def score(row, cfg):  # type: ignore[no-untyped-def]
    side = row[BIDDER] % 2
    taken = row[L.WON + side] + row[L.WON + side + 2]
    pepper = cfg[O_BIG_MULTIPLIER] if row[BIG_PEPPER] != 0 else 1
    contract = row[CONTRACT]
    win = pepper
    lose = pepper
    if row[LONE] >= 0:
        win *= 2
        if cfg[O_LONE_ALL_TRICKS] != 0:
            contract = HAND
        else:
            lose *= 2
    if taken >= contract:
        bidders = win * taken
    else:
        rule = cfg[O_SET_PENALTY]
        if rule == 0:
            penalty = contract
        elif rule == 1:
            penalty = taken
        elif rule == 2:
            penalty = contract - taken
        else:
            penalty = HAND
        bidders = -lose * penalty
    defenders = 0
    if cfg[O_DEFENDERS_SCORE] != 0:
        value = 2 if row[LONE_DEFENDER] >= 0 else 1
        if row[BIG_PEPPER] != 0 and cfg[O_DOUBLE_DEFENDERS] != 0:
            value *= 2
        defenders = value * (HAND - taken)
    for seat in range(SEATS):
        delta = bidders if seat % 2 == side else defenders
        R.book(row, seat, delta)
    R.end_hand(row)


# -- a heuristic policy ------------------------------------------------------------------------


@kernel_function()
def heuristic(row, rng, g, cfg, tables, buffer):  # type: ignore[no-untyped-def]
    """A simple, fast policy: bid what the long suit promises, name it, shed the weakest card,
    win a trick cheaply when possible, otherwise play the lowest card allowed."""
    suit_of, strength, suit_mask = tables[0], tables[1], tables[2]
    seat = row[L.TO_MOVE]
    hand = row[L.HANDS + seat]
    phase = row[L.PHASE]
    count = legal(row, cfg, tables, buffer)
    if phase == L.P_AUCTION:
        _suit, trumps = R.best_suit(hand, suit_mask, strength)
        want = trumps - 1 + (1 if row[HIGH_LEVEL] == 0 else 0)
        choice = buffer[0]
        for i in range(count):
            level = buffer[i] - cfg[L.A_BID] + 1
            if buffer[i] != cfg[L.A_PASS] and level <= want:
                choice = buffer[i]
                break
        return choice
    if phase == L.P_TRUMP:
        suit, _trumps = R.best_suit(hand, suit_mask, strength)
        return cfg[L.A_TRUMP] + suit
    if phase == L.P_DISCARD:
        trump = row[L.TRUMP]
        worst, worst_key = buffer[0], 1 << 40
        for i in range(count):
            card = buffer[i] - cfg[L.A_DISCARD]
            key = R.card_value(suit_of, strength, trump, card)
            if key < worst_key:
                worst, worst_key = buffer[i], key
        return worst
    if phase == L.P_ALONE:
        strong = R.trump_count(hand, row[L.TRUMP], suit_mask) >= 5
        return cfg[L.A_ALONE] if strong else cfg[L.A_NOT_ALONE]
    return R.play_or_guess(row, rng, g, cfg, suit_of, strength, buffer, count)


deal_all, play_out, legal_masks, step_all, play_until = make_drivers(
    __name__, deal=deal, legal=legal, apply=apply, playable=R.followable, heuristic=heuristic
)
