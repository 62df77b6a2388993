"""The Rams family's declarations in the batch (numba): who may pass or take the widow, who
declares next, whether the dealer is offered the turn-up, and the start of play, as
:class:`tricktable.games.rams.rams.RamsFlow` decides them.
"""

from __future__ import annotations

from ....jit.bits import kernel_function, popcount
from ....jit.layout import (
    DEALER,
    P_EXCHANGE,
    P_PLAY,
    PHASE,
    TO_MOVE,
)
from ....jit.rows import set_active, start_trick
from .kernel_rams_settle import players_in
from .rams import (
    BLIND,
    BLIND_SHIFT,
    FACE_DOWN,
    GENERAL,
    IN_MASK,
    LEADS_MASK,
    O_BIERSPIEL,
    O_CHIPS,
    O_DEALER_EXCHANGE,
    O_DEALER_WIDOW_AND_TURNUP,
    O_HAND_RULES,
    O_HANDLESS_FIRST_LEFT,
    O_PASS_NEEDS_WIDOW,
    O_PLAYERS,
    O_SIMPLE_ALL_PLAY,
    O_TRANSFER_ALWAYS,
    O_WIDOW_AFTER_GENERAL,
    O_WIDOW_RULE,
    OFFER,
    SEATED,
    SEATED_COUNT,
    SIMPLE,
    TRUMP_LEADS,
    TURN,
    TURNUP_COUNT,
    WIDOW_TAKER,
)


@kernel_function()
def first_in(row):  # type: ignore[no-untyped-def]
    """The first seat in seating order that plays (-1: none)."""
    mask = players_in(row)
    for n in range(row[SEATED_COUNT]):
        if (mask >> row[SEATED + n]) & 1:
            return row[SEATED + n]
    return -1


@kernel_function()
def can_take_widow(row, cfg):  # type: ignore[no-untyped-def]
    if row[WIDOW_TAKER] >= 0:
        return False
    rule = cfg[O_WIDOW_RULE]
    if rule == 1:
        return row[TURN] == 0
    if rule == 2:
        return row[IN_MASK] == 0
    return True


@kernel_function()
def can_pass(row, cfg):  # type: ignore[no-untyped-def]
    if cfg[O_CHIPS] != 0 and row[SIMPLE] != 0 and cfg[O_SIMPLE_ALL_PLAY] != 0:
        return False
    if cfg[O_PASS_NEEDS_WIDOW] != 0 and row[WIDOW_TAKER] < 0:
        return False
    still = row[SEATED_COUNT] - row[TURN] - 1
    return popcount(row[IN_MASK]) + still >= 2


@kernel_function()
def next_declarer(row, cfg):  # type: ignore[no-untyped-def]
    row[TURN] += 1
    over = False
    if (
        row[GENERAL] >= 0 and not (cfg[O_WIDOW_AFTER_GENERAL] != 0 and can_take_widow(row, cfg))
    ) or row[TURN] >= row[SEATED_COUNT]:
        over = True
    if not over:
        row[TO_MOVE] = row[SEATED + row[TURN]]
        return
    offer = exchange_offer(row, cfg)
    if offer < 0:
        start_play(row, cfg)
    else:
        row[OFFER] = offer
        row[PHASE] = P_EXCHANGE
        row[TO_MOVE] = offer


@kernel_function()
def exchange_offer(row, cfg):  # type: ignore[no-untyped-def]
    dealer = row[DEALER]
    playing = players_in(row)
    may = (playing >> dealer) & 1 != 0 and (
        row[WIDOW_TAKER] != dealer or cfg[O_DEALER_WIDOW_AND_TURNUP] != 0
    )
    transfer = cfg[O_BIERSPIEL] != 0 and (row[TURNUP_COUNT] == 2 or cfg[O_TRANSFER_ALWAYS] != 0)
    if cfg[O_DEALER_EXCHANGE] == 0:
        return -1
    if transfer:
        if (playing >> dealer) & 1:
            return dealer if may else -1
        return first_in(row)
    seated = False
    for n in range(row[SEATED_COUNT]):
        if row[SEATED + n] == dealer:
            seated = True
    if not seated:
        return first_in(row) if cfg[O_HANDLESS_FIRST_LEFT] != 0 else -1
    return dealer if may else -1


@kernel_function()
def start_play(row, cfg):  # type: ignore[no-untyped-def]
    players = cfg[O_PLAYERS]
    playing = players_in(row)
    set_active(row, playing, players)
    row[OFFER] = -1
    hand_rules = cfg[O_HAND_RULES + popcount(playing)]  # the flow's own, by players in
    row[TRUMP_LEADS] = hand_rules & LEADS_MASK
    row[BLIND] = hand_rules >> BLIND_SHIFT
    leader = first_in(row) if row[GENERAL] < 0 else row[GENERAL]
    row[PHASE] = P_PLAY
    start_trick(row, leader)
    row[FACE_DOWN] = 0
