"""Euchre's part of the batch: its state slots, its options as a configuration vector, the
option sets it has no kernel for, and loading a position of the reference engine.

No numba here: :mod:`.kernel_euchre` holds the compiled steps (:func:`kernel`). The kernel plays the
partnership game (stick-the-dealer and the dealer's discarding of the turn-up included);
cutthroat, railroad and lone defenders are refused by :func:`refusal`.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from ....jit import layout as L
from ....phase import Phase
from ..options import (
    CUTTHROAT,
    DEALER_MAY_DISCARD_TURNUP,
    LONE_DEFENDER,
    RAILROAD,
    STICK_THE_DEALER,
)
from ..verbs import ALONE, NOT_ALONE, ORDER_UP_CALL

if TYPE_CHECKING:
    import numpy as np

    from ....engine import Game
    from ....options import Rules

# -- family slots of the state row -------------------------------------------------------------
TURNUP, PROPOSED, PASSES, MAKER, ORDERED_UP, LONE = range(L.GAME, L.GAME + 6)

# -- option slots of the configuration vector --------------------------------------------------
O_STICK, O_DISCARD_TURNUP, O_ORDER_UP = range(L.OPTIONS, L.OPTIONS + 3)

PUBLIC = ((TURNUP, 3), (PROPOSED, 0), (PASSES, 0), (MAKER, 1), (ORDERED_UP, 0), (LONE, 1))
"""The slots every seat may see, for observations: (slot, 0 number / 1 seat / 2 seats / 3 card)."""
FACE_DOWN = -1

UNSUPPORTED = (CUTTHROAT, RAILROAD, LONE_DEFENDER)
"""Options the kernel has no steps for: three hands, the Joker and gifts, defenders' calls."""
PHASES = {
    Phase.AUCTION: L.P_AUCTION,
    Phase.TRUMP: L.P_TRUMP,
    Phase.DISCARD: L.P_DISCARD,
    Phase.ALONE: L.P_ALONE,
    Phase.PLAY: L.P_PLAY,
}


def refusal(rules: Rules) -> str | None:
    """Why the batch cannot play these Euchre rules (None: it can)."""
    named = [option.name for option in UNSUPPORTED if rules.value(option)]
    if not named:
        return None
    given = ", ".join(f"{name}=true" for name in named)
    return (
        f"the batch engine plays euchre without {given}: its kernel has no steps for "
        f"{' or '.join(named)}; set {' and '.join(f'{name}=false' for name in named)} "
        "(stick_the_dealer, dealer_may_discard_turnup, target_score and deal_packets may be set)"
    )


def configure(rules: Rules, cfg: np.ndarray) -> None:
    """Write Euchre's options into the configuration vector."""
    from ....action_codec import ActionCodec

    cfg[O_STICK] = rules.value(STICK_THE_DEALER)
    cfg[O_DISCARD_TURNUP] = rules.value(DEALER_MAY_DISCARD_TURNUP)
    cfg[O_ORDER_UP] = ActionCodec(rules).encode(ORDER_UP_CALL)
    L.set_verb_slots(cfg, rules, {L.A_ALONE: ALONE, L.A_NOT_ALONE: NOT_ALONE})


def load(game: Game, row: np.ndarray, tables: L.Tables) -> None:
    """Write the reference game's current position into ``row`` (the hand must be going on)."""
    state = game.state
    row[:] = 0
    L.load_common(game, row, tables, PHASES)
    row[TURNUP] = tables.compact_card(state.turnup)
    row[PROPOSED] = state.proposed
    row[PASSES] = state.passes
    row[MAKER] = -1 if state.maker is None else state.maker
    row[ORDERED_UP] = state.ordered_up
    row[LONE] = -1 if state.lone is None else state.lone


def kernel() -> ModuleType:
    """The compiled steps and drivers (imports numba: the batch engine calls this with its
    cache set)."""
    from . import kernel_euchre

    return kernel_euchre
