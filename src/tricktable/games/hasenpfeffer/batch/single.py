"""Single Hasenpfeffer's part of the batch: its state slots, its options as a configuration
vector, and loading a position of the reference engine into a state row.

No numba here: :mod:`.kernel_single` holds the compiled steps (:func:`kernel`).
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from ....jit import layout as L
from ....phase import Phase
from .. import single as sh
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
from ..verbs import ALONE, NOT_ALONE
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
BIG_PEPPER = AUCTION_END
LONE, LONE_DEFENDER, ASK = L.GAME + 8, L.GAME + 9, L.GAME + 10  # ASK: two seats to ask
ASK_COUNT, DISCARD, MISDEALS = L.GAME + 12, L.GAME + 13, L.GAME + 14

# -- option slots of the configuration vector --------------------------------------------------
(O_SINGLE_ROUND, O_MIN_BID, O_MAX_BID, O_TOP_LEVEL, O_EXCHANGE, O_FIRST_LEAD_BIDDER,
 O_SET_PENALTY, O_DEFENDERS_SCORE, O_PEPPER, O_BIG_MULTIPLIER, O_DOUBLE_DEFENDERS,
 O_GOING_ALONE, O_LONE_ALL_TRICKS, O_LONE_LEAD_PLAYER, O_NO_TRUMP) = range(
    L.OPTIONS, L.OPTIONS + 15)  # fmt: skip

PUBLIC = ((BIDDER, 1), (HIGH_LEVEL, 0), (HIGH_SEAT, 1), (PASSED, 2), (CONTRACT, 0), (FORCED, 0),
          (BIG_PEPPER, 0), (LONE, 1), (LONE_DEFENDER, 1))  # fmt: skip
"""The slots every seat may see, for observations: (slot, 0 number / 1 seat / 2 seats / 3 card)."""
FACE_DOWN = -1

SET_PENALTIES = tuple(SetPenalty)
GOING_ALONE = tuple(sh.GoingAlone)
PHASES = {
    Phase.AUCTION: L.P_AUCTION,
    Phase.TRUMP: L.P_TRUMP,
    Phase.DISCARD: L.P_DISCARD,
    Phase.ALONE: L.P_ALONE,
    Phase.PLAY: L.P_PLAY,
}


def configure(rules: Rules, cfg: np.ndarray) -> None:
    """Write Single Hasenpfeffer's options into the configuration vector."""
    value = rules.value
    pepper = value(sh.PEPPER_BIDDING)
    cfg[O_SINGLE_ROUND] = value(sh.BIDDING_MODE) is sh.BiddingMode.SINGLE_ROUND
    cfg[O_MIN_BID] = value(sh.MIN_BID)
    cfg[O_MAX_BID] = value(sh.MAX_BID)
    cfg[O_TOP_LEVEL] = 7 if pepper else value(sh.MAX_BID)
    cfg[O_EXCHANGE] = value(sh.WIDOW_MODE) is sh.WidowMode.BIDDER_EXCHANGE
    cfg[O_FIRST_LEAD_BIDDER] = value(FIRST_LEAD) is FirstLead.BIDDER
    cfg[O_SET_PENALTY] = SET_PENALTIES.index(value(SET_PENALTY))
    cfg[O_DEFENDERS_SCORE] = value(DEFENDERS_SCORE_TRICKS)
    cfg[O_PEPPER] = pepper
    cfg[O_BIG_MULTIPLIER] = value(sh.BIG_PEPPER_MULTIPLIER)
    cfg[O_DOUBLE_DEFENDERS] = value(sh.DOUBLE_DEFENDER_TRICKS_IN_BIG_PEPPER)
    cfg[O_GOING_ALONE] = GOING_ALONE.index(value(sh.GOING_ALONE))
    cfg[O_LONE_ALL_TRICKS] = value(LONE_CONTRACT) is LoneContract.ALL_TRICKS
    cfg[O_LONE_LEAD_PLAYER] = value(LONE_LEAD) is LoneLead.LONE_PLAYER
    cfg[O_NO_TRUMP] = value(sh.ALLOW_NO_TRUMP)
    L.set_verb_slots(cfg, rules, {L.A_ALONE: ALONE, L.A_NOT_ALONE: NOT_ALONE})


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
    row[BIG_PEPPER] = state.big_pepper
    row[LONE] = -1 if state.lone is None else state.lone
    row[LONE_DEFENDER] = -1 if state.lone_defender is None else state.lone_defender
    for n, seat in enumerate(state.to_ask[:2]):
        row[ASK + n] = seat
    row[ASK_COUNT] = len(state.to_ask)
    row[DISCARD] = tables.compact(state.discard)
    row[MISDEALS] = state.misdeals


def kernel() -> ModuleType:
    """The compiled steps and drivers (imports numba: the batch engine calls this with its
    cache set)."""
    from . import kernel_single

    return kernel_single
