"""Euchre in the batch (numba): the turn-up, two rounds of making trump, the dealer's
discard, a lone maker, five tricks, scoring.

One function per step of :class:`tricktable.games.euchre.EuchreFlow` (the partnership game),
on a state row (:mod:`tricktable.jit.layout`, the family slots in :mod:`.euchre`); actions are codec numbers.
The trick rules are the shared ones of :mod:`tricktable.jit.rows` (follow the led effective suit,
the left bower being a trump through the per-trump tables). The heuristic is
:mod:`tricktable.games.euchre.heuristic` compiled: the same hand values and thresholds.
"""

from __future__ import annotations

import numpy as np

from ....jit import layout as L
from ....jit import rows as R
from ....jit.bits import kernel_function, lowest, popcount
from ....jit.drivers import make_drivers
from ..heuristic import LONE as LONE_VALUE
from ..heuristic import MAKE
from .euchre import (
    LONE,
    MAKER,
    O_DISCARD_TURNUP,
    O_ORDER_UP,
    O_STICK,
    ORDERED_UP,
    PASSES,
    PROPOSED,
    TURNUP,
)

SEATS = 4
HAND = 5
ACE = 28
"""An ace's strength in the trump tables (a plain suit's top card)."""


@kernel_function()
def deal(row, rng, g, cfg, tables, dealer, work):  # type: ignore[no-untyped-def]
    """A fresh random deal by ``dealer``: five cards each, the next one turned up."""
    pool = (np.int64(1) << cfg[L.N_CARDS]) - 1
    row[TURNUP] = R.deal_hands(row, rng, g, pool, work, SEATS, HAND)
    row[L.WIDOW] = 0
    row[L.DEALER] = dealer
    row[PROPOSED] = tables[0][4, row[TURNUP]]  # the turn-up's own suit (no trump yet)
    start_hand(row)


@kernel_function()
def start_hand(row):  # type: ignore[no-untyped-def]
    """Clear everything of a hand but the cards and the dealer; the dealer's left speaks first."""
    R.clear_hand(row, SEATS, HAND)
    row[PASSES] = 0
    row[MAKER] = -1
    row[ORDERED_UP] = 0
    row[LONE] = -1
    R.open_bidding(row, SEATS)


@kernel_function()
def card_actions(mask, base, out):  # type: ignore[no-untyped-def]
    """The actions ``base + card`` of the cards of ``mask`` into ``out``; returns how many."""
    n = 0
    while mask != 0:
        out[n] = base + lowest(mask)
        n += 1
        mask &= mask - 1
    return n


@kernel_function()
def discardable(row, cfg, seat):  # type: ignore[no-untyped-def]
    """The cards the dealer may discard: not the turn-up just taken, unless the rules allow."""
    mask = row[L.HANDS + seat]
    if cfg[O_DISCARD_TURNUP] == 0:
        mask &= ~(np.int64(1) << row[TURNUP])
    return mask


@kernel_function()
def legal(row, cfg, tables, out):  # type: ignore[no-untyped-def]
    """Write the legal actions (codec numbers) into ``out``; return how many."""
    phase = row[L.PHASE]
    seat = row[L.TO_MOVE]
    n = 0
    if phase == L.P_PLAY:
        return card_actions(R.followable(row, cfg, tables), cfg[L.A_PLAY], out)
    if phase == L.P_DISCARD:
        return card_actions(discardable(row, cfg, seat), cfg[L.A_DISCARD], out)
    if phase == L.P_AUCTION:
        out[0] = cfg[L.A_PASS]
        out[1] = cfg[O_ORDER_UP]
        return 2
    if phase == L.P_TRUMP:
        if cfg[O_STICK] == 0 or row[PASSES] != 2 * SEATS - 1:
            out[0] = cfg[L.A_PASS]
            n = 1
        for suit in range(4):
            if suit != row[PROPOSED]:
                out[n] = cfg[L.A_TRUMP] + suit
                n += 1
        return n
    if phase == L.P_ALONE:
        return R.alone_actions(cfg, out)
    return 0


@kernel_function(inline=True)
def apply(row, rng, g, action, cfg, tables, work):  # type: ignore[no-untyped-def]
    """The drivers' step: :func:`act` given only what it needs."""
    act(row, action, cfg, tables[0], tables[1])


@kernel_function()
def act(row, action, cfg, suit_of, strength):  # type: ignore[no-untyped-def]
    """Carry out legal ``action`` (a codec number) for the seat to move."""
    seat = row[L.TO_MOVE]
    phase = row[L.PHASE]
    if phase == L.P_PLAY:
        R.add_card(row, seat, action - cfg[L.A_PLAY], suit_of, strength)
        if R.close_trick_if_full(row, SEATS) and row[L.DONE_TRICKS] == row[L.HAND_TRICKS]:
            score(row)
    elif action == cfg[L.A_PASS]:
        on_pass(row, seat)
    elif phase == L.P_AUCTION:  # ordered up: the dealer takes the turn-up and discards
        row[MAKER] = seat
        row[ORDERED_UP] = 1
        row[L.TRUMP] = row[PROPOSED]
        row[L.HANDS + row[L.DEALER]] |= np.int64(1) << row[TURNUP]
        row[L.PHASE] = L.P_DISCARD
        row[L.TO_MOVE] = row[L.DEALER]
    elif phase == L.P_TRUMP:
        row[MAKER] = seat
        row[L.TRUMP] = action - cfg[L.A_TRUMP]
        ask_maker(row)
    elif phase == L.P_DISCARD:
        row[L.HANDS + seat] &= ~(np.int64(1) << (action - cfg[L.A_DISCARD]))
        ask_maker(row)
    elif phase == L.P_ALONE:
        if action == cfg[L.A_ALONE]:
            row[LONE] = seat
        start_play(row)


@kernel_function()
def on_pass(row, seat):  # type: ignore[no-untyped-def]
    """A pass in either round; after the fourth the second round starts, after the eighth the
    hand is thrown in (scored 0 all round)."""
    row[PASSES] += 1
    if row[PASSES] == 2 * SEATS:
        row[L.PHASE] = L.P_DONE
        row[L.TO_MOVE] = -1
        return
    if row[PASSES] == SEATS:
        row[L.PHASE] = L.P_TRUMP
    row[L.TO_MOVE] = (seat + 1) % SEATS


@kernel_function()
def ask_maker(row):  # type: ignore[no-untyped-def]
    row[L.PHASE] = L.P_ALONE
    row[L.TO_MOVE] = row[MAKER]


@kernel_function()
def start_play(row):  # type: ignore[no-untyped-def]
    """The dealer's left leads; a lone maker's partner sits out (the next one playing leads)."""
    if row[LONE] < 0:
        R.set_active(row, (1 << SEATS) - 1, SEATS)
        leader = (row[L.DEALER] + 1) % SEATS
    else:
        R.set_active(row, ((1 << SEATS) - 1) & ~(1 << ((row[LONE] + 2) % SEATS)), SEATS)
        leader = R.next_active(row, row[L.DEALER], SEATS)
    row[L.PHASE] = L.P_PLAY
    R.start_trick(row, leader)


@kernel_function()
def score(row):  # type: ignore[no-untyped-def]
    """1 for three or four tricks, 2 for the march, 4 alone; 2 to the defenders on a euchre."""
    side = row[MAKER] % 2
    taken = row[L.WON + side] + row[L.WON + side + 2]
    makers, defenders = 0, 0
    if taken < 3:
        defenders = 2
    elif taken < HAND:
        makers = 1
    else:
        makers = 4 if row[LONE] >= 0 else 2
    for seat in range(SEATS):
        delta = makers if seat % 2 == side else defenders
        R.book(row, seat, delta)
    R.end_hand(row)


# -- the heuristic (games/euchre/heuristic.py, compiled) ---------------------------------------

# The thresholds are the game's own; the values below mirror its tables (the tests compare the
# two heuristics decision by decision).


@kernel_function()
def trump_value(strength):  # type: ignore[no-untyped-def]
    """What one trump is worth, by its strength (the bowers most)."""
    if strength == 200:
        return 3.4
    if strength == 199:
        return 3.0
    if strength == 198:
        return 2.5
    if strength == ACE:
        return 1.6
    if strength == 26:
        return 1.3
    if strength == 24:
        return 1.1
    if strength >= 20:  # a jack (without bowers) or a ten
        return 1.0
    return 0.9


@kernel_function()
def hand_value(hand, trump, suit_of, strength):  # type: ignore[no-untyped-def]
    """What ``hand`` is worth with ``trump``: its trumps, off-suit aces and short suits."""
    value = 0.0
    trumps = 0
    suits = 0
    while hand != 0:
        card = lowest(hand)
        hand &= hand - 1
        suit = suit_of[trump, card]
        if suit == trump:
            trumps += 1
            value += trump_value(strength[trump, card])
        else:
            suits |= 1 << suit
            if strength[trump, card] == ACE:
                value += 0.8
    if trumps >= 2:
        value += 0.4 * (3 - popcount(suits))
    return value


@kernel_function()
def keep_value(card, trump, hand, suit_of, strength, suit_mask):  # type: ignore[no-untyped-def]
    """How much a card is worth keeping: trumps by rank, aces, then cards of longer suits."""
    suit, power = suit_of[trump, card], strength[trump, card]
    if suit == trump:
        return 100.0 + power
    same = popcount(hand & suit_mask[trump, suit])
    return power + (40.0 if power == ACE else 0.0) + 2.0 * same


@kernel_function()
def least_kept(mask, trump, hand, suit_of, strength, suit_mask):  # type: ignore[no-untyped-def]
    """The card of ``mask`` least worth keeping."""
    pick, pick_value = -1, 1e9
    while mask != 0:
        card = lowest(mask)
        mask &= mask - 1
        value = keep_value(card, trump, hand, suit_of, strength, suit_mask)
        if value < pick_value:
            pick, pick_value = card, value
    return pick


@kernel_function()
def first_round(row, seat, suit_of, strength, suit_mask):  # type: ignore[no-untyped-def]
    """Order up with about three tricks, the turn-up counted for (or against) the dealer."""
    trump = row[PROPOSED]
    hand = row[L.HANDS + seat]
    turnup = np.int64(1) << row[TURNUP]
    value = hand_value(hand, trump, suit_of, strength)
    if seat == row[L.DEALER]:
        worst = least_kept(hand, trump, hand, suit_of, strength, suit_mask)
        value = hand_value(hand & ~(np.int64(1) << worst) | turnup, trump, suit_of, strength)
    elif seat % 2 == row[L.DEALER] % 2:
        value += hand_value(turnup, trump, suit_of, strength) / 2
    else:
        value -= hand_value(turnup, trump, suit_of, strength) / 2
    return value >= MAKE


@kernel_function()
def second_round(row, cfg, seat, suit_of, strength):  # type: ignore[no-untyped-def]
    """The suit (not the turn-up's) that values the hand most, if it is worth making."""
    hand = row[L.HANDS + seat]
    best, best_value = -1, -1.0
    for suit in range(4):
        if suit != row[PROPOSED]:
            value = hand_value(hand, suit, suit_of, strength)
            if value > best_value:
                best, best_value = suit, value
    stuck = cfg[O_STICK] != 0 and row[PASSES] == 2 * SEATS - 1
    return cfg[L.A_TRUMP] + best if stuck or best_value >= MAKE else cfg[L.A_PASS]


@kernel_function()
def heuristic_play(row, cfg, seat, suit_of, strength, suit_mask):  # type: ignore[no-untyped-def]
    """Lead an off-suit ace, else the top trump from the making side, else the least card;
    later, win as cheaply as possible unless the partner is winning, else throw the least."""
    trump = row[L.TRUMP]
    allowed = R.follow_only(row, row[L.HANDS + seat], suit_mask)
    least = least_kept(allowed, trump, 0, suit_of, strength, suit_mask)
    if row[L.TRICK_COUNT] == 0:
        aces = allowed & ~suit_mask[trump, trump]
        while aces != 0:
            card = lowest(aces)
            aces &= aces - 1
            if strength[trump, card] == ACE:
                return card
        trumps = allowed & suit_mask[trump, trump]
        if trumps != 0 and row[MAKER] % 2 == seat % 2:
            top, top_strength = -1, -1
            while trumps != 0:
                card = lowest(trumps)
                trumps &= trumps - 1
                if strength[trump, card] > top_strength:
                    top, top_strength = card, strength[trump, card]
            return top
        return least
    if row[L.BEST_SEAT] % 2 == seat % 2:
        return least
    pick, pick_key = least, 1 << 40
    while allowed != 0:
        card = lowest(allowed)
        allowed &= allowed - 1
        key = R.trick_key(card, row[L.LED], trump, suit_of[trump], strength[trump])
        if row[L.BEST_KEY] < key < pick_key:
            pick, pick_key = card, key
    return pick


@kernel_function()
def heuristic_action(row, cfg, suit_of, strength, suit_mask, buffer):  # type: ignore[no-untyped-def]
    """The heuristic's action for the seat to move (every decision a function of its view)."""
    seat = row[L.TO_MOVE]
    phase = row[L.PHASE]
    if phase == L.P_PLAY:
        return cfg[L.A_PLAY] + heuristic_play(row, cfg, seat, suit_of, strength, suit_mask)
    if phase == L.P_AUCTION:
        ordered = first_round(row, seat, suit_of, strength, suit_mask)
        return cfg[O_ORDER_UP] if ordered else cfg[L.A_PASS]
    if phase == L.P_TRUMP:
        return second_round(row, cfg, seat, suit_of, strength)
    hand = row[L.HANDS + seat]
    if phase == L.P_ALONE:
        strong = hand_value(hand, row[L.TRUMP], suit_of, strength) >= LONE_VALUE
        return cfg[L.A_ALONE] if strong else cfg[L.A_NOT_ALONE]
    allowed = discardable(row, cfg, seat)
    return cfg[L.A_DISCARD] + least_kept(allowed, row[L.TRUMP], hand, suit_of, strength, suit_mask)


@kernel_function(inline=True)
def heuristic(row, rng, g, cfg, tables, buffer):  # type: ignore[no-untyped-def]
    """:func:`heuristic_action` as the drivers call a policy."""
    return heuristic_action(row, cfg, tables[0], tables[1], tables[2], buffer)


deal_all, play_out, legal_masks, step_all, play_until = make_drivers(
    __name__, deal=deal, legal=legal, apply=apply, playable=R.followable, heuristic=heuristic
)
