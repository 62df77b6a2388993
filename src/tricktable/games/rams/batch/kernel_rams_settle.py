"""The Rams family's settlement in the batch (numba): who plays the tricks, the pot divided per
trick (fifths and the remainder rules), loo penalties into the carry, general rams' stakes, and
counters counted down with drop-outs, as :class:`tricktable.games.rams.rams.RamsFlow` settles a hand.
"""

from __future__ import annotations

import numpy as np

from ....jit.bits import kernel_function
from ....jit.layout import (
    DELTA,
    LEDGER,
    P_DONE,
    PHASE,
    TO_MOVE,
)
from .rams import (
    BEFORE,
    CARRY,
    GENERAL,
    IN_MASK,
    O_CHIPS,
    O_FAIL_DIVIDE,
    O_FIFTHS,
    O_GENERAL_LOO,
    O_LAST_IN_LOSES,
    O_LOO,
    O_PLAYERS,
    O_REMAINDER,
    OUT,
    POT,
    SEATED,
    SEATED_COUNT,
    WINNERS,
)

TRICKS = 5
STAKE = 5
"""What each other player pays or receives in a general rams."""


@kernel_function()
def players_in(row):  # type: ignore[no-untyped-def]
    """The seats that play the tricks, as a mask."""
    if row[GENERAL] >= 0:
        mask = np.int64(0)
        for n in range(row[SEATED_COUNT]):
            mask |= np.int64(1) << row[SEATED + n]
        return mask
    return row[IN_MASK]


# -- settlement --------------------------------------------------------------------------------


@kernel_function()
def tricks_of(row, seat):  # type: ignore[no-untyped-def]
    count = 0
    for t in range(TRICKS):
        if row[WINNERS + t] == seat:
            count += 1
    return count


@kernel_function()
def pay_from_pot(row, seat, chips):  # type: ignore[no-untyped-def]
    row[POT] -= chips
    row[LEDGER + seat] += chips


@kernel_function()
def pay_to_carry(row, seat, chips):  # type: ignore[no-untyped-def]
    row[LEDGER + seat] -= chips
    row[CARRY] += chips


@kernel_function()
def divide(row, cfg):  # type: ignore[no-untyped-def]
    fifths = cfg[O_FIFTHS] != 0
    share = row[POT] // TRICKS if fifths else 1
    for t in range(TRICKS):
        winner = row[WINNERS + t]
        if winner >= 0:
            pay_from_pot(row, winner, min(share, row[POT]))
    if fifths and row[POT] != 0 and cfg[O_REMAINDER] != 0:
        taker = -1
        most = -1
        for t in range(TRICKS):
            winner = row[WINNERS + t]
            if winner < 0:
                continue
            if cfg[O_REMAINDER] == 1:
                taker = winner
                break
            count = tricks_of(row, winner)
            if count > most:
                taker, most = winner, count
        if taker >= 0:
            pay_from_pot(row, taker, row[POT])


@kernel_function()
def collect_loo(row, cfg):  # type: ignore[no-untyped-def]
    playing = players_in(row)
    for n in range(row[SEATED_COUNT]):
        seat = row[SEATED + n]
        if (playing >> seat) & 1 and seat != row[GENERAL] and tricks_of(row, seat) == 0:
            pay_to_carry(row, seat, cfg[O_LOO])


@kernel_function()
def settle(row, cfg):  # type: ignore[no-untyped-def]
    """Settle the hand in chips or counters; the deltas are the scores' change since before
    the ante."""
    general = row[GENERAL]
    made = general >= 0 and tricks_of(row, general) == TRICKS
    count = row[SEATED_COUNT]
    if cfg[O_CHIPS] != 0:
        if general < 0:
            divide(row, cfg)
            collect_loo(row, cfg)
        elif made:
            pay_from_pot(row, general, row[POT])
            for n in range(count):
                seat = row[SEATED + n]
                if seat != general:
                    row[LEDGER + seat] -= STAKE
                    row[LEDGER + general] += STAKE
        else:
            pot_before = row[POT]
            if cfg[O_FAIL_DIVIDE] != 0:
                divide(row, cfg)
            for n in range(count):
                seat = row[SEATED + n]
                if seat != general:
                    row[LEDGER + general] -= STAKE
                    row[LEDGER + seat] += STAKE
            pay_to_carry(row, general, pot_before)
            if cfg[O_GENERAL_LOO] != 0:
                collect_loo(row, cfg)
        row[CARRY] += row[POT]
        row[POT] = 0
    else:
        penalty = cfg[O_LOO]
        playing = players_in(row)
        for n in range(count):
            seat = row[SEATED + n]
            tricks = tricks_of(row, seat)
            if general < 0:
                if (playing >> seat) & 1:
                    row[LEDGER + seat] += -tricks if tricks > 0 else penalty
            elif seat == general:
                row[LEDGER + seat] += -TRICKS if made else STAKE
            elif made:
                row[LEDGER + seat] += STAKE
            elif tricks > 0:
                row[LEDGER + seat] -= tricks
            elif cfg[O_GENERAL_LOO] != 0:
                row[LEDGER + seat] += penalty
        if cfg[O_LAST_IN_LOSES] != 0:
            for seat in range(cfg[O_PLAYERS]):
                if (row[OUT] >> seat) & 1 == 0 and row[LEDGER + seat] <= 0:
                    row[OUT] |= np.int64(1) << seat
    for seat in range(cfg[O_PLAYERS]):
        row[DELTA + seat] = row[LEDGER + seat] - row[BEFORE + seat]
    row[PHASE] = P_DONE
    row[TO_MOVE] = -1
