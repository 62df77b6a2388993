"""Observations of the batch (numba): one seat's view of a game row as a float32 vector.

Only what that seat may see goes in: its own hand, the cards played face up, the trick, trump,
the phase, tricks won, leader, dealer, who is to move and who plays, the scores, and the public
facts of its family (bids, contract, lone players, declarations, the turn-up, the pot …) listed
by the family module's ``PUBLIC``. Seats are relative: ``0`` is the observer.
"""

from __future__ import annotations

import numpy as np

from ..jit.bits import kernel_function, lowest
from ..jit.layout import (
    ACTIVE,
    DEALER,
    DISTINCT,
    HAND_TRICKS,
    HANDS,
    LEADER,
    LEDGER,
    N_PLAYERS,
    P_PLAY,
    PHASE,
    PLAYED,
    TO_MOVE,
    TRICK_CARDS,
    TRICK_COUNT,
    TRICK_SEATS,
    TRICKS,
    TRUMP,
    WON,
)

SCALAR, SEAT, SEATS, CARD = 0, 1, 2, 3
PHASES = 9


@kernel_function()
def spec_size(spec, players, distinct):  # type: ignore[no-untyped-def]
    """The length of the family part of an observation."""
    size = 0
    for i in range(2, spec.shape[0], 2):
        kind = spec[i + 1]
        if kind == SCALAR:
            size += 1
        elif kind == CARD:
            size += distinct
        else:
            size += players
    return size


@kernel_function()
def observe(row, seat, cfg, spec, out):  # type: ignore[no-untyped-def]
    """Write ``seat``'s observation of ``row`` into ``out`` (zeroed here)."""
    players = cfg[N_PLAYERS]
    distinct = cfg[DISTINCT]
    tricks = max(cfg[TRICKS], 1)
    for i in range(out.shape[0]):
        out[i] = 0.0
    n = 0
    hand = row[HANDS + seat]
    while hand != 0:
        out[n + lowest(hand) % distinct] += 1.0
        hand &= hand - 1
    n += distinct
    face_down = spec[0]
    for i in range(row[TRICK_COUNT]):
        owner = row[TRICK_SEATS + i]
        if i == 0 and face_down >= 0 and row[face_down] != 0 and owner != seat:
            continue
        rel = (owner - seat) % players
        out[n + rel * distinct + row[TRICK_CARDS + i] % distinct] += 1.0
    n += players * distinct
    played = row[PLAYED]
    while played != 0:
        out[n + lowest(played) % distinct] += 1.0
        played &= played - 1
    n += distinct
    trump = row[TRUMP]
    if 0 <= trump < 5:
        out[n + trump] = 1.0
    n += 5
    phase = row[PHASE]
    if 0 <= phase < PHASES:
        out[n + phase] = 1.0
    n += PHASES
    hand_tricks = max(row[HAND_TRICKS], 1)
    for other in range(players):
        rel = (other - seat) % players
        out[n + rel] = row[WON + other] / hand_tricks
        out[n + players + rel] = np.tanh(row[LEDGER + other] / (5.0 * tricks))
        if (row[ACTIVE] >> other) & 1:
            out[n + 2 * players + rel] = 1.0
    n += 3 * players
    for slot in (LEADER, DEALER, TO_MOVE):
        # the leader of a trick is shown once trick play has begun, as the seat's view does
        if row[slot] >= 0 and (slot != LEADER or row[PHASE] == P_PLAY):
            out[n + (row[slot] - seat) % players] = 1.0
        n += players
    for i in range(2, spec.shape[0], 2):
        value = row[spec[i]]
        kind = spec[i + 1]
        if kind == SCALAR:
            out[n] = np.tanh(value / 10.0)
            n += 1
        elif kind == SEAT:
            if value >= 0:
                out[n + (value - seat) % players] = 1.0
            n += players
        elif kind == SEATS:
            for other in range(players):
                if (value >> other) & 1:
                    out[n + (other - seat) % players] = 1.0
            n += players
        else:
            if value >= 0:
                out[n + value % distinct] = 1.0
            n += distinct
    return n


@kernel_function()
def observe_all(states, seats, cfg, spec, out):  # type: ignore[no-untyped-def]
    for g in range(states.shape[0]):
        observe(states[g], seats[g], cfg, spec, out[g])
