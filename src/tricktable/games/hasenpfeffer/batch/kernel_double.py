"""Double Hasenpfeffer in the batch (numba): auction, trump, the lone hand's discards and gifts,
play on the pinochle pack, scoring for partnerships and individuals.

One function per step of :class:`tricktable.games.hasenpfeffer.double.DoubleHasenpfefferFlow`, on a state
row (:mod:`tricktable.jit.layout`, the family slots in :mod:`.double`); actions are codec numbers. Discards and
gifts name a notation; the seat gives up the first copy it holds, as the reference does.
"""

from __future__ import annotations

import numpy as np

from ....jit import layout as L
from ....jit import rows as R
from ....jit.bits import kernel_function, lowest
from ....jit.drivers import make_drivers
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
from .kernel_family import (
    auction_over,
    award_contract,
    begin_play,
    bid_actions,
    reset_auction,
    speak,
)

TURNS, NAMED, JOINT = 0, 1, 2


@kernel_function()
def deal(row, rng, g, cfg, tables, dealer, work):  # type: ignore[no-untyped-def]
    """A fresh random deal by ``dealer``: N cards each; the auction starts."""
    R.deal_hands(row, rng, g, cfg[O_DECK], work, cfg[O_PLAYERS], cfg[L.TRICKS])
    row[L.WIDOW] = 0
    row[L.DEALER] = dealer
    start_hand(row, cfg)


@kernel_function()
def start_hand(row, cfg):  # type: ignore[no-untyped-def]
    players = cfg[O_PLAYERS]
    R.clear_hand(row, players, cfg[L.TRICKS])
    reset_auction(row)
    row[LONE] = -1
    row[DISCARDS] = 0
    row[DISCARD_MASK] = 0
    row[GIFTS] = 0
    row[GIVER] = -1
    row[MAY_PASS] = 0
    row[PARTNER_COUNT] = 0
    R.open_bidding(row, players)


@kernel_function()
def distinct_actions(mask, first, distinct, out, n):  # type: ignore[no-untyped-def]
    """Append one action per notation in ``mask`` (codec block at ``first``) to ``out``."""
    folded = R.slot_mask(mask, distinct)
    while folded != 0:
        out[n] = first + lowest(folded)
        n += 1
        folded &= folded - 1
    return n


@kernel_function()
def legal(row, cfg, tables, out):  # type: ignore[no-untyped-def]
    """The legal actions of the seat to move into ``out`` (codec numbers, in the reference's
    order): a card, a bid or pass, a trump, alone or not or the partner who gives, a discard,
    a gift or pass; how many."""
    phase = row[L.PHASE]
    seat = row[L.TO_MOVE]
    hand = row[L.HANDS + seat]
    if phase == L.P_PLAY:
        return distinct_actions(
            R.follow_only(row, hand, tables[2]), cfg[L.A_PLAY], cfg[L.DISTINCT], out, 0
        )
    if phase == L.P_AUCTION:
        low = max(cfg[O_MIN_BID], row[HIGH_LEVEL] + 1)
        return bid_actions(cfg[L.A_PASS], cfg[L.A_BID], low, cfg[L.TRICKS], out)
    if phase == L.P_TRUMP:
        for suit in range(4):
            out[suit] = cfg[L.A_TRUMP] + suit
        return 4
    if phase == L.P_ALONE:
        if row[LONE] >= 0:  # alone: he names the partner who gives
            for n in range(row[PARTNER_COUNT]):
                out[n] = cfg[L.A_PARTNER] + row[PARTNERS + n]
            return row[PARTNER_COUNT]
        return R.alone_actions(cfg, out)
    if phase == L.P_DISCARD:
        return distinct_actions(hand, cfg[L.A_DISCARD], cfg[L.DISTINCT], out, 0)
    if phase == L.P_GIVE:
        n = 0
        if row[MAY_PASS] != 0:
            out[0] = cfg[L.A_PASS]
            n = 1
        return distinct_actions(hand, cfg[L.A_GIVE], cfg[L.DISTINCT], out, n)
    return 0


@kernel_function()
def apply(row, rng, g, action, cfg, tables, work):  # type: ignore[no-untyped-def]
    """Carry out legal ``action`` (a codec number) for the seat to move."""
    seat = row[L.TO_MOVE]
    phase = row[L.PHASE]
    players = cfg[O_PLAYERS]
    if phase == L.P_PLAY:
        if R.play_action(row, cfg, tables, seat, action, players):
            score(row, cfg)
    elif phase == L.P_AUCTION:
        speak(row, seat, 0 if action == cfg[L.A_PASS] else action - cfg[L.A_BID] + 1)
        advance_auction(row, cfg, seat)
    elif phase == L.P_TRUMP:
        row[L.TRUMP] = action - cfg[L.A_TRUMP]
        may_go_alone = cfg[O_LONE_ALLOWED] != 0 and (
            cfg[O_LONE_MAX_BID] == 0 or row[CONTRACT] == cfg[L.TRICKS]
        )
        if may_go_alone:
            row[L.PHASE] = L.P_ALONE
        else:
            start_play(row, cfg)
    elif phase == L.P_ALONE:
        if row[LONE] >= 0:
            row[GIVER] = action - cfg[L.A_PARTNER]
            row[MAY_PASS] = 0
            after_alone(row, cfg)
        elif action == cfg[L.A_NOT_ALONE]:
            start_play(row, cfg)
        else:
            go_alone(row, cfg, seat)
    elif phase == L.P_DISCARD:
        card = R.play_slot_card(row[L.HANDS + seat], action - cfg[L.A_DISCARD], cfg[L.DISTINCT])
        bit = np.int64(1) << card
        row[L.HANDS + seat] &= ~bit
        row[DISCARD_MASK] |= bit
        row[DISCARDS] += 1
        if row[DISCARDS] == cfg[O_EXCHANGED]:
            row[L.PHASE] = L.P_GIVE
            row[L.TO_MOVE] = row[GIVER]
    elif phase == L.P_GIVE:
        if action == cfg[L.A_PASS]:
            pass_turn(row, cfg, seat)
        else:
            card = R.play_slot_card(row[L.HANDS + seat], action - cfg[L.A_GIVE], cfg[L.DISTINCT])
            bit = np.int64(1) << card
            row[L.HANDS + seat] &= ~bit
            row[L.HANDS + row[LONE]] |= bit
            give(row, cfg, seat)


@kernel_function()
def advance_auction(row, cfg, seat):  # type: ignore[no-untyped-def]
    single_round = cfg[O_SINGLE_ROUND] != 0
    if not auction_over(row, seat, cfg[O_PLAYERS], cfg[L.TRICKS], single_round):
        return
    if row[HIGH_SEAT] < 0:
        award_contract(row, row[L.DEALER], cfg[O_MIN_BID], 1)
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
    R.set_active(row, active, players)
    if cfg[O_TRANSFER] == NAMED and count > 1 and cfg[O_EXCHANGED] > 0:
        row[GIVER] = -1  # the lone player names him next
        return
    after_alone(row, cfg)


@kernel_function()
def after_alone(row, cfg):  # type: ignore[no-untyped-def]
    if cfg[O_EXCHANGED] > 0:
        row[L.PHASE] = L.P_DISCARD
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
    row[L.TO_MOVE] = row[GIVER]


@kernel_function()
def pass_turn(row, cfg, seat):  # type: ignore[no-untyped-def]
    giver = partner_after(row, seat)
    row[GIVER] = giver
    row[MAY_PASS] = 0  # never two passes in a row
    row[L.TO_MOVE] = giver


@kernel_function()
def start_play(row, cfg):  # type: ignore[no-untyped-def]
    players = cfg[O_PLAYERS]
    lone = row[LONE]
    lone_leader = -1
    if lone >= 0:
        lone_leader = lone if cfg[O_LONE_LEAD_PLAYER] != 0 else R.next_active(row, lone, players)
    begin_play(row, lone_leader, cfg[O_FIRST_LEAD_BIDDER] != 0, players)


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
            taken += row[L.WON + seat]
    tricks = cfg[L.TRICKS]
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
                    side_tricks += row[L.WON + other]
            delta = trick_value * side_tricks
        R.book(row, seat, delta)
    R.end_hand(row)


@kernel_function()
def heuristic(row, rng, g, cfg, tables, buffer):  # type: ignore[no-untyped-def]
    """Bid the minimum with five or more of a suit (counting bowers), name the best suit, go
    alone never, discard the weakest and give the strongest cards; play as Single
    Hasenpfeffer's heuristic."""
    suit_of, strength, suit_mask = tables[0], tables[1], tables[2]
    seat = row[L.TO_MOVE]
    hand = row[L.HANDS + seat]
    phase = row[L.PHASE]
    count = legal(row, cfg, tables, buffer)
    if phase == L.P_AUCTION:
        _suit, trumps = R.best_suit(hand, suit_mask, strength)
        if count > 1 and trumps * 2 >= cfg[L.TRICKS] + 1:
            return buffer[1]
        return buffer[0]
    if phase == L.P_TRUMP:
        suit, _trumps = R.best_suit(hand, suit_mask, strength)
        return cfg[L.A_TRUMP] + suit
    if phase == L.P_ALONE:
        return cfg[L.A_NOT_ALONE]
    if phase in (L.P_DISCARD, L.P_GIVE):
        trump = row[L.TRUMP]
        first = cfg[L.A_DISCARD] if phase == L.P_DISCARD else cfg[L.A_GIVE]
        pick, pick_key = buffer[0], 0
        for i in range(count):
            if buffer[i] == cfg[L.A_PASS]:
                continue
            card = R.play_slot_card(hand, buffer[i] - first, cfg[L.DISTINCT])
            key = R.card_value(suit_of, strength, trump, card)
            if phase == L.P_DISCARD:
                key = -key
            if i == 0 or pick == cfg[L.A_PASS] or key > pick_key:
                pick, pick_key = buffer[i], key
        return pick
    return R.play_or_guess(row, rng, g, cfg, suit_of, strength, buffer, count)


deal_all, play_out, legal_masks, step_all, play_until = make_drivers(
    __name__, deal=deal, legal=legal, apply=apply, playable=R.followable, heuristic=heuristic
)
