"""Double Hasenpfeffer in the batch (numba): auction, trump, the lone hand's discards and gifts,
play on the pinochle pack, scoring for partnerships and individuals.

One function per step of :class:`tricktable.games.hasenpfeffer.double.DoubleHasenpfefferFlow`, on a state
row (:mod:`tricktable.jit.layout`, the family slots in :mod:`.double`); actions are codec numbers. Discards and
gifts name a notation; the seat gives up the first copy it holds, as the reference does.
"""

from __future__ import annotations

import numpy as np

from ....jit.bits import kernel_function, lowest
from ....jit.drivers import make_drivers
from ....jit.layout import (
    A_ALONE,
    A_BID,
    A_DISCARD,
    A_GIVE,
    A_NOT_ALONE,
    A_PARTNER,
    A_PASS,
    A_PLAY,
    A_TRUMP,
    DEALER,
    DELTA,
    DISTINCT,
    DONE_TRICKS,
    HAND_TRICKS,
    HANDS,
    LEDGER,
    P_ALONE,
    P_AUCTION,
    P_DISCARD,
    P_DONE,
    P_GIVE,
    P_PLAY,
    P_TRUMP,
    PHASE,
    TO_MOVE,
    TRICKS,
    TRUMP,
    WIDOW,
    WON,
)
from ....jit.rows import (
    add_card,
    below,
    best_suit,
    cheapest_winner,
    clear_hand,
    close_trick_if_full,
    deal_hands,
    follow_only,
    followable,
    next_active,
    play_slot_card,
    set_active,
    shuffle,
    slot_mask,
    start_trick,
)
from ....ranking import TRUMP_BONUS
from .auction import BIDDER, CONTRACT, FORCED, HIGH_LEVEL, HIGH_SEAT
from .double import (
    DISCARD_MASK,
    DISCARDS,
    GIFTS,
    GIVER,
    LONE,
    MAY_PASS,
    O_BIDDER_ONLY,
    O_DECK,
    O_DEFENDERS_SCORE,
    O_EXCHANGED,
    O_FIRST_LEAD_BIDDER,
    O_HALF_PENALTY,
    O_INDIVIDUAL,
    O_LONE_ALL_TRICKS,
    O_LONE_ALLOWED,
    O_LONE_LEAD_PLAYER,
    O_LONE_MAX_BID,
    O_LONE_TRICK_VALUE,
    O_MIN_BID,
    O_PLAYERS,
    O_SET_PENALTY,
    O_SINGLE_ROUND,
    O_TRANSFER,
    PARTNER_COUNT,
    PARTNERS,
)
from .kernel_auction import auction_over, award_contract, bid_actions, reset_auction, speak

DEAL_WORK = 64
TURNS, NAMED, JOINT = 0, 1, 2


@kernel_function()
def deal(row, rng, g, cfg, tables, dealer, work):  # type: ignore[no-untyped-def]
    """A fresh random deal by ``dealer``: N cards each; the auction starts."""
    cards = work[DEAL_WORK:]
    shuffle(rng, g, cfg[O_DECK], cards)
    players = cfg[O_PLAYERS]
    size = cfg[TRICKS]
    deal_hands(row, cards, players, size)
    row[WIDOW] = 0
    row[DEALER] = dealer
    start_hand(row, cfg)


@kernel_function()
def start_hand(row, cfg):  # type: ignore[no-untyped-def]
    players = cfg[O_PLAYERS]
    clear_hand(row, players, cfg[TRICKS])
    reset_auction(row)
    row[LONE] = -1
    row[DISCARDS] = 0
    row[DISCARD_MASK] = 0
    row[GIFTS] = 0
    row[GIVER] = -1
    row[MAY_PASS] = 0
    row[PARTNER_COUNT] = 0
    set_active(row, (1 << players) - 1, players)
    eldest = (row[DEALER] + 1) % players
    start_trick(row, eldest)
    row[PHASE] = P_AUCTION
    row[TO_MOVE] = eldest


@kernel_function()
def distinct_actions(mask, first, distinct, out, n):  # type: ignore[no-untyped-def]
    """Append one action per notation in ``mask`` (codec block at ``first``) to ``out``."""
    folded = slot_mask(mask, distinct)
    while folded != 0:
        out[n] = first + lowest(folded)
        n += 1
        folded &= folded - 1
    return n


@kernel_function()
def legal_actions(row, cfg, suit_mask, out):  # type: ignore[no-untyped-def]
    """Write the legal actions (codec numbers, as the reference lists them) into ``out``;
    return how many."""
    phase = row[PHASE]
    seat = row[TO_MOVE]
    hand = row[HANDS + seat]
    if phase == P_PLAY:
        return distinct_actions(
            follow_only(row, hand, suit_mask), cfg[A_PLAY], cfg[DISTINCT], out, 0
        )
    if phase == P_AUCTION:
        low = max(cfg[O_MIN_BID], row[HIGH_LEVEL] + 1)
        return bid_actions(cfg[A_PASS], cfg[A_BID], low, cfg[TRICKS], out)
    if phase == P_TRUMP:
        for suit in range(4):
            out[suit] = cfg[A_TRUMP] + suit
        return 4
    if phase == P_ALONE:
        if row[LONE] >= 0:  # alone: he names the partner who gives
            for n in range(row[PARTNER_COUNT]):
                out[n] = cfg[A_PARTNER] + row[PARTNERS + n]
            return row[PARTNER_COUNT]
        out[0] = cfg[A_ALONE]
        out[1] = cfg[A_NOT_ALONE]
        return 2
    if phase == P_DISCARD:
        return distinct_actions(hand, cfg[A_DISCARD], cfg[DISTINCT], out, 0)
    if phase == P_GIVE:
        n = 0
        if row[MAY_PASS] != 0:
            out[0] = cfg[A_PASS]
            n = 1
        return distinct_actions(hand, cfg[A_GIVE], cfg[DISTINCT], out, n)
    return 0


@kernel_function(inline=True)
def legal(row, cfg, tables, out):  # type: ignore[no-untyped-def]
    """The drivers' step: :func:`legal_actions` given the one table it reads."""
    return legal_actions(row, cfg, tables[2], out)


@kernel_function()
def apply(row, rng, g, action, cfg, tables, work):  # type: ignore[no-untyped-def]
    """Carry out legal ``action`` (a codec number) for the seat to move."""
    suit_of, strength = tables[0], tables[1]
    seat = row[TO_MOVE]
    phase = row[PHASE]
    players = cfg[O_PLAYERS]
    if phase == P_PLAY:
        card = play_slot_card(row[HANDS + seat], action - cfg[A_PLAY], cfg[DISTINCT])
        add_card(row, seat, card, suit_of, strength)
        if close_trick_if_full(row, players) and row[DONE_TRICKS] == row[HAND_TRICKS]:
            score(row, cfg)
    elif phase == P_AUCTION:
        speak(row, seat, 0 if action == cfg[A_PASS] else action - cfg[A_BID] + 1)
        advance_auction(row, cfg, seat)
    elif phase == P_TRUMP:
        row[TRUMP] = action - cfg[A_TRUMP]
        may_go_alone = cfg[O_LONE_ALLOWED] != 0 and (
            cfg[O_LONE_MAX_BID] == 0 or row[CONTRACT] == cfg[TRICKS]
        )
        if may_go_alone:
            row[PHASE] = P_ALONE
        else:
            start_play(row, cfg)
    elif phase == P_ALONE:
        if row[LONE] >= 0:
            row[GIVER] = action - cfg[A_PARTNER]
            row[MAY_PASS] = 0
            after_alone(row, cfg)
        elif action == cfg[A_NOT_ALONE]:
            start_play(row, cfg)
        else:
            go_alone(row, cfg, seat)
    elif phase == P_DISCARD:
        card = play_slot_card(row[HANDS + seat], action - cfg[A_DISCARD], cfg[DISTINCT])
        bit = np.int64(1) << card
        row[HANDS + seat] &= ~bit
        row[DISCARD_MASK] |= bit
        row[DISCARDS] += 1
        if row[DISCARDS] == cfg[O_EXCHANGED]:
            row[PHASE] = P_GIVE
            row[TO_MOVE] = row[GIVER]
    elif phase == P_GIVE:
        if action == cfg[A_PASS]:
            pass_turn(row, cfg, seat)
        else:
            card = play_slot_card(row[HANDS + seat], action - cfg[A_GIVE], cfg[DISTINCT])
            bit = np.int64(1) << card
            row[HANDS + seat] &= ~bit
            row[HANDS + row[LONE]] |= bit
            give(row, cfg, seat)


@kernel_function()
def advance_auction(row, cfg, seat):  # type: ignore[no-untyped-def]
    single_round = cfg[O_SINGLE_ROUND] != 0
    if not auction_over(row, seat, cfg[O_PLAYERS], cfg[TRICKS], single_round):
        return
    if row[HIGH_SEAT] < 0:
        award_contract(row, row[DEALER], cfg[O_MIN_BID], 1)
    else:
        award_contract(row, row[HIGH_SEAT], row[HIGH_LEVEL], 0)


@kernel_function()
def go_alone(row, cfg, seat):  # type: ignore[no-untyped-def]
    players = cfg[O_PLAYERS]
    row[LONE] = seat
    active = (1 << players) - 1
    count = 0
    for step in range(2, players, 2):
        partner = (seat + step) % players
        row[PARTNERS + count] = partner
        count += 1
        active &= ~(1 << partner)
    row[PARTNER_COUNT] = count
    row[GIFTS] = 0
    row[GIVER] = row[PARTNERS]
    row[MAY_PASS] = 1 if cfg[O_TRANSFER] == JOINT and count > 1 else 0
    set_active(row, active, players)
    if cfg[O_TRANSFER] == NAMED and count > 1 and cfg[O_EXCHANGED] > 0:
        row[GIVER] = -1  # the lone player names him next
        return
    after_alone(row, cfg)


@kernel_function()
def after_alone(row, cfg):  # type: ignore[no-untyped-def]
    if cfg[O_EXCHANGED] > 0:
        row[PHASE] = P_DISCARD
    else:
        start_play(row, cfg)


@kernel_function()
def partner_after(row, seat):  # type: ignore[no-untyped-def]
    count = row[PARTNER_COUNT]
    for n in range(count):
        if row[PARTNERS + n] == seat:
            return row[PARTNERS + (n + 1) % count]
    return seat


@kernel_function()
def give(row, cfg, seat):  # type: ignore[no-untyped-def]
    row[GIFTS] += 1
    if row[GIFTS] >= cfg[O_EXCHANGED]:
        start_play(row, cfg)
        return
    mode = cfg[O_TRANSFER]
    if mode == TURNS:
        row[GIVER] = row[PARTNERS + row[GIFTS] % row[PARTNER_COUNT]]
        row[MAY_PASS] = 0
    elif mode == JOINT:
        row[GIVER] = partner_after(row, seat)
        row[MAY_PASS] = 1 if row[PARTNER_COUNT] > 1 else 0
    else:
        row[GIVER] = seat
        row[MAY_PASS] = 0
    row[TO_MOVE] = row[GIVER]


@kernel_function()
def pass_turn(row, cfg, seat):  # type: ignore[no-untyped-def]
    giver = partner_after(row, seat)
    row[GIVER] = giver
    row[MAY_PASS] = 0  # never two passes in a row
    row[TO_MOVE] = giver


@kernel_function()
def start_play(row, cfg):  # type: ignore[no-untyped-def]
    players = cfg[O_PLAYERS]
    if row[LONE] >= 0:
        lone = row[LONE]
        leader = lone if cfg[O_LONE_LEAD_PLAYER] != 0 else next_active(row, lone, players)
    elif cfg[O_FIRST_LEAD_BIDDER] != 0:
        leader = row[BIDDER]
    else:
        leader = (row[DEALER] + 1) % players
    row[PHASE] = P_PLAY
    start_trick(row, leader)


@kernel_function()
def set_penalty(rule, bid, taken):  # type: ignore[no-untyped-def]
    if rule == 0:
        return bid
    if rule == 1:
        return taken
    if rule == 2:
        return bid - taken
    return 6


@kernel_function()
def score(row, cfg):  # type: ignore[no-untyped-def]
    players = cfg[O_PLAYERS]
    individual = cfg[O_INDIVIDUAL] != 0
    bidder = row[BIDDER]
    bidder_side = bidder if individual else bidder % 2
    taken = 0
    for seat in range(players):
        side = seat if individual else seat % 2
        if side == bidder_side:
            taken += row[WON + seat]
    tricks = cfg[TRICKS]
    bid = row[CONTRACT]
    if row[LONE] >= 0:
        trick_value = cfg[O_LONE_TRICK_VALUE]
        if cfg[O_LONE_ALL_TRICKS] != 0:
            bidders = 2 * tricks if taken == tricks else -tricks
        elif taken >= bid:
            bidders = 2 * taken
        else:
            bidders = -2 * set_penalty(cfg[O_SET_PENALTY], bid, taken)
    else:
        trick_value = 1
        if taken >= bid:
            bidders = taken
        else:
            penalty = set_penalty(cfg[O_SET_PENALTY], bid, taken)
            if row[FORCED] != 0 and cfg[O_HALF_PENALTY] != 0:
                penalty = (penalty + 1) // 2
            bidders = -penalty
    if cfg[O_DEFENDERS_SCORE] == 0 or cfg[O_BIDDER_ONLY] != 0:
        trick_value = 0
    for seat in range(players):
        side = seat if individual else seat % 2
        if side == bidder_side:
            delta = bidders
        else:
            side_tricks = 0
            for other in range(players):
                if (other if individual else other % 2) == side:
                    side_tricks += row[WON + other]
            delta = trick_value * side_tricks
        row[DELTA + seat] = delta
        row[LEDGER + seat] += delta
    row[PHASE] = P_DONE
    row[TO_MOVE] = -1


@kernel_function()
def heuristic_action(row, rng, g, cfg, suit_of, strength, suit_mask, buffer):  # type: ignore[no-untyped-def]
    """Bid the minimum with five or more of a suit (counting bowers), name the best suit, go
    alone never, discard the weakest and give the strongest cards; play as Single
    Hasenpfeffer's heuristic."""
    seat = row[TO_MOVE]
    hand = row[HANDS + seat]
    phase = row[PHASE]
    count = legal_actions(row, cfg, suit_mask, buffer)
    if phase == P_AUCTION:
        _suit, trumps = best_suit(hand, suit_mask, strength)
        if count > 1 and trumps * 2 >= cfg[TRICKS] + 1:
            return buffer[1]
        return buffer[0]
    if phase == P_TRUMP:
        suit, _trumps = best_suit(hand, suit_mask, strength)
        return cfg[A_TRUMP] + suit
    if phase == P_ALONE:
        return cfg[A_NOT_ALONE]
    if phase in (P_DISCARD, P_GIVE):
        trump = row[TRUMP]
        first = cfg[A_DISCARD] if phase == P_DISCARD else cfg[A_GIVE]
        pick, pick_key = buffer[0], 0
        for i in range(count):
            if buffer[i] == cfg[A_PASS]:
                continue
            card = play_slot_card(hand, buffer[i] - first, cfg[DISTINCT])
            key = strength[trump, card] + (TRUMP_BONUS if suit_of[trump, card] == trump else 0)
            if phase == P_DISCARD:
                key = -key
            if i == 0 or pick == cfg[A_PASS] or key > pick_key:
                pick, pick_key = buffer[i], key
        return pick
    if phase != P_PLAY:
        return buffer[below(rng, g, count)]
    return cheapest_winner(row, cfg, suit_of, strength, buffer, count)


@kernel_function(inline=True)
def heuristic(row, rng, g, cfg, tables, buffer):  # type: ignore[no-untyped-def]
    """The drivers' step: :func:`heuristic_action` given the tables it reads."""
    return heuristic_action(row, rng, g, cfg, tables[0], tables[1], tables[2], buffer)


deal_all, play_out, legal_masks, step_all, play_until = make_drivers(
    __name__, deal=deal, legal=legal, apply=apply, playable=followable, heuristic=heuristic
)
