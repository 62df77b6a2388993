"""The Hasenpfeffer family's batch helpers (numba), which :mod:`.kernel_single` and
:mod:`.kernel_double` both call: the auction on the slots of :mod:`.auction` (the bids on
offer, a seat's word, whether the auction is over, the contract) and the first lead."""

from __future__ import annotations

import numpy as np

from ....jit.bits import kernel_function
from ....jit.layout import DEALER, P_PLAY, P_TRUMP, PHASE, TO_MOVE
from ....jit.rows import start_trick
from .auction import BIDDER, CONTRACT, FORCED, HIGH_LEVEL, HIGH_SEAT, PASSED, SPOKEN


@kernel_function()
def reset_auction(row):  # type: ignore[no-untyped-def]
    """No bid, no pass, no contract yet."""
    row[BIDDER] = -1
    row[HIGH_LEVEL] = 0
    row[HIGH_SEAT] = -1
    row[PASSED] = 0
    row[SPOKEN] = 0
    row[CONTRACT] = 0
    row[FORCED] = 0


@kernel_function()
def bid_actions(pass_action, first_bid, low, high, out):  # type: ignore[no-untyped-def]
    """Pass, then the bids ``low..high`` (bid ``k`` is action ``first_bid + k - 1``) into
    ``out``; returns how many."""
    out[0] = pass_action
    n = 1
    for bid in range(low, high + 1):
        out[n] = first_bid + bid - 1
        n += 1
    return n


@kernel_function()
def speak(row, seat, level):  # type: ignore[no-untyped-def]
    """``seat`` passes (``level`` 0) or bids ``level``."""
    if level == 0:
        row[PASSED] |= 1 << seat
    else:
        row[HIGH_LEVEL] = level
        row[HIGH_SEAT] = seat
    row[SPOKEN] += 1


@kernel_function()
def auction_over(row, seat, players, top_level, single_round):  # type: ignore[no-untyped-def]
    """Whether the auction ends after ``seat`` spoke; if not, the next seat to speak moves."""
    if row[HIGH_LEVEL] >= top_level:
        return True
    if single_round:
        if row[SPOKEN] >= players:
            return True
        row[TO_MOVE] = (seat + 1) % players
        return False
    waiting = ~row[PASSED] & ((1 << players) - 1)
    if waiting == 0 or (row[HIGH_SEAT] >= 0 and waiting == (np.int64(1) << row[HIGH_SEAT])):
        return True
    for step in range(1, players + 1):
        other = (seat + step) % players
        if (waiting >> other) & 1:
            row[TO_MOVE] = other
            break
    return False


@kernel_function()
def award_contract(row, bidder, contract, forced):  # type: ignore[no-untyped-def]
    """``bidder`` holds ``contract`` and names trump next."""
    row[BIDDER] = bidder
    row[CONTRACT] = contract
    row[FORCED] = forced
    row[PHASE] = P_TRUMP
    row[TO_MOVE] = bidder


@kernel_function()
def begin_play(row, lone_leader, bidder_leads, players):  # type: ignore[no-untyped-def]
    """The tricks start: ``lone_leader`` leads where a lone hand named one (not -1), else the
    bidder where the rules say so, else the dealer's left."""
    if lone_leader >= 0:
        leader = lone_leader
    elif bidder_leads:
        leader = row[BIDDER]
    else:
        leader = (row[DEALER] + 1) % players
    row[PHASE] = P_PLAY
    start_trick(row, leader)
