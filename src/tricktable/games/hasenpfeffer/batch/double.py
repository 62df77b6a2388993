"""Double Hasenpfeffer's part of the batch: its state slots, its options as a configuration
vector, and loading a position of the reference engine into a state row.

No numba here: :mod:`.kernel_double` holds the compiled steps (:func:`kernel`).
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from ....jit import layout as L
from ....phase import Phase
from .. import double_options as dh
from ..auction_flow import (
    DEFENDERS_SCORE_TRICKS,
    FIRST_LEAD,
    LONE_CONTRACT,
    LONE_LEAD,
    SET_PENALTY,
    FirstLead,
    LoneContract,
    LoneLead,
    SetPenalty,
)
from ..double_lone import SixHandTransfer
from ..double_scoring import (
    FORCED_DEALER_HALF_PENALTY,
    LONE_OPPONENT_TRICK_VALUE,
)
from ..verbs import ALONE, GIVE, NOT_ALONE, PARTNER
from .auction import (
    AUCTION_END,
    BIDDER,
    CONTRACT,
    FORCED,
    HIGH_LEVEL,
    HIGH_SEAT,
    PASSED,
    SPOKEN,
)

if TYPE_CHECKING:
    import numpy as np

    from ....engine import Game
    from ....options import Rules

# -- family slots of the state row -------------------------------------------------------------
LONE = AUCTION_END
DISCARDS, GIFTS, GIVER, MAY_PASS, PARTNER_COUNT, PARTNERS = range(L.GAME + 8, L.GAME + 14)
DISCARD_MASK = L.GAME + 16  # PARTNERS holds two seats

# -- option slots of the configuration vector --------------------------------------------------
(O_PLAYERS, O_INDIVIDUAL, O_MIN_BID, O_SINGLE_ROUND, O_HALF_PENALTY, O_LONE_ALLOWED,
 O_LONE_ALL_TRICKS, O_LONE_MAX_BID, O_EXCHANGED, O_TRANSFER, O_LONE_TRICK_VALUE,
 O_FIRST_LEAD_BIDDER, O_LONE_LEAD_PLAYER, O_SET_PENALTY, O_DEFENDERS_SCORE,
 O_BIDDER_ONLY, O_DECK) = range(L.OPTIONS, L.OPTIONS + 17)  # fmt: skip

PUBLIC = ((BIDDER, 1), (HIGH_LEVEL, 0), (HIGH_SEAT, 1), (PASSED, 2), (CONTRACT, 0), (FORCED, 0),
          (LONE, 1), (DISCARDS, 0), (GIFTS, 0), (GIVER, 1))  # fmt: skip
"""The slots every seat may see, for observations: (slot, 0 number / 1 seat / 2 seats / 3 card)."""
FACE_DOWN = -1

SET_PENALTIES = tuple(SetPenalty)
TRANSFERS = tuple(SixHandTransfer)
PHASES = {
    Phase.AUCTION: L.P_AUCTION,
    Phase.TRUMP: L.P_TRUMP,
    Phase.ALONE: L.P_ALONE,
    Phase.DISCARD: L.P_DISCARD,
    Phase.GIVE: L.P_GIVE,
    Phase.PLAY: L.P_PLAY,
}


def configure(rules: Rules, cfg: np.ndarray) -> None:
    """Write Double Hasenpfeffer's options into the configuration vector."""
    value = rules.value
    flow = rules.flow
    individual = value(dh.INDIVIDUAL)
    cfg[O_PLAYERS] = value(dh.PLAYERS)
    cfg[O_INDIVIDUAL] = individual
    cfg[O_MIN_BID] = value(dh.MIN_BID)
    cfg[O_SINGLE_ROUND] = value(dh.BIDDING_MODE) is dh.BiddingMode.SINGLE_ROUND
    cfg[O_HALF_PENALTY] = value(FORCED_DEALER_HALF_PENALTY)
    cfg[O_LONE_ALLOWED] = value(dh.LONE_HAND) and not individual
    cfg[O_LONE_ALL_TRICKS] = value(LONE_CONTRACT) is LoneContract.ALL_TRICKS
    cfg[O_LONE_MAX_BID] = value(dh.LONE_REQUIRES_MAX_BID)
    cfg[O_EXCHANGED] = value(dh.LONE_CARDS_EXCHANGED)
    cfg[O_TRANSFER] = TRANSFERS.index(value(dh.SIX_HAND_TRANSFER))
    cfg[O_LONE_TRICK_VALUE] = value(LONE_OPPONENT_TRICK_VALUE)
    cfg[O_FIRST_LEAD_BIDDER] = value(FIRST_LEAD) is FirstLead.BIDDER
    cfg[O_LONE_LEAD_PLAYER] = value(LONE_LEAD) is LoneLead.LONE_PLAYER
    cfg[O_SET_PENALTY] = SET_PENALTIES.index(value(SET_PENALTY))
    cfg[O_DEFENDERS_SCORE] = value(DEFENDERS_SCORE_TRICKS)
    scoring = value(dh.INDIVIDUAL_SCORING)
    cfg[O_BIDDER_ONLY] = individual and scoring is dh.IndividualScoring.BIDDER_ONLY
    cfg[O_DECK] = L.tables_for(rules).compact(flow.deck.mask)
    slots = {L.A_ALONE: ALONE, L.A_NOT_ALONE: NOT_ALONE, L.A_GIVE: GIVE, L.A_PARTNER: PARTNER}
    L.set_verb_slots(cfg, rules, slots)


def load(game: Game, row: np.ndarray, tables: L.Tables) -> None:
    """Write the reference game's current position into ``row`` (the hand must be going on)."""
    state = game.state
    auction = state.auction
    row[:] = 0
    L.load_common(game, row, tables, PHASES)
    row[BIDDER] = -1 if state.bidder is None else state.bidder
    row[HIGH_LEVEL] = auction.high_level
    row[HIGH_SEAT] = -1 if auction.high_seat is None else auction.high_seat
    row[PASSED] = auction.passed
    row[SPOKEN] = len(auction.calls)
    row[CONTRACT] = state.contract
    row[FORCED] = state.forced
    row[LONE] = -1 if state.lone is None else state.lone
    row[DISCARDS] = len(state.discards)
    row[DISCARD_MASK] = tables.compact(sum(1 << c for c in state.discards))
    transfer = state.transfer
    if transfer is not None:
        row[GIFTS] = len(transfer.gifts)
        row[GIVER] = transfer.giver
        row[MAY_PASS] = transfer.may_pass
        row[PARTNER_COUNT] = len(transfer.partners)
        for n, seat in enumerate(transfer.partners):
            row[PARTNERS + n] = seat


def kernel() -> ModuleType:
    """The compiled steps and drivers (imports numba: the batch engine calls this with its
    cache set)."""
    from . import kernel_double

    return kernel_double
