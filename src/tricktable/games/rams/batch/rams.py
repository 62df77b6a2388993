"""The Rams family's part of the batch (Rams, Bierspiel, Rounce): state slots, options as a
configuration vector, the exchange table, and loading a position of the reference engine.

No numba here: :mod:`.kernel_rams` holds the compiled steps (:func:`kernel`).
"""

from __future__ import annotations

from itertools import combinations
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np

from ....actions import card_action
from ....cards import card_index, display_key
from ....jit import layout as L
from ....phase import Phase
from .. import verbs as V
from ..options import ANTE, LOO_PENALTY, PLAYERS
from ..rams import RamsFlow

if TYPE_CHECKING:
    from ....engine import Game
    from ....flow import Flow
    from ....options import Rules

# -- family slots of the state row -------------------------------------------------------------
SEATED = L.GAME  # nine seats, declaring order
SEATED_COUNT, TURN, IN_MASK, WIDOW_TAKER, GENERAL, OFFER, EXCHANGER = range(L.GAME + 9, L.GAME + 16)
SIMPLE, POT, CARRY, OUT, TURNUP = range(L.GAME + 16, L.GAME + 21)  # TURNUP: two cards
TURNUP_COUNT, TRUMP_LEADS, BLIND, FACE_DOWN = range(L.GAME + 22, L.GAME + 26)
WINNERS = L.GAME + 26  # five tricks
BEFORE = L.GAME + 31  # nine seats
assert BEFORE + 9 <= L.WIDTH

# -- option slots of the configuration vector --------------------------------------------------
(O_PLAYERS, O_SITS_OUT, O_CHIPS, O_ANTE, O_LOO, O_FIFTHS, O_REMAINDER, O_SIMPLE_ALL_PLAY,
 O_WIDOW_RULE, O_GENERAL_RAMS, O_GENERAL_ANY_TURN, O_WIDOW_AFTER_GENERAL, O_FAIL_DIVIDE,
 O_GENERAL_LOO, O_DEALER_EXCHANGE, O_DEALER_WIDOW_AND_TURNUP, O_HANDLESS_FIRST_LEFT, O_HEADING,
 O_PASS_NEEDS_WIDOW, O_WIDOW_SIZE, O_POLICY, O_UNANSWERED, O_BIERSPIEL, O_TRANSFER_ALWAYS,
 O_SEVEN, O_PARTIAL, O_DECK, O_LAST_IN_LOSES) = range(L.OPTIONS, L.OPTIONS + 28)  # fmt: skip
O_HAND_RULES = O_LAST_IN_LOSES + 1
"""10 slots: for each count of players in a hand (0..9), its forced trump leads as bits, and
above :data:`BLIND_SHIFT` whether a forced leader without trump leads face down: the flow's
own :meth:`~tricktable.games.rams.rams.RamsFlow.hand_play_rules`, read once here."""
BLIND_SHIFT = 32  # a Rams-family hand has 5 tricks: bits 0..4
LEADS_MASK = (1 << BLIND_SHIFT) - 1
assert O_HAND_RULES + 10 <= L.CONFIG_LENGTH

PUBLIC = ((IN_MASK, 2), (WIDOW_TAKER, 1), (GENERAL, 1), (OFFER, 1), (EXCHANGER, 1), (SIMPLE, 0),
          (POT, 0), (CARRY, 0), (OUT, 2), (TURNUP, 3), (TURNUP + 1, 3), (TURN, 0),
          (TRUMP_LEADS, 0), (BLIND, 0), (FACE_DOWN, 0))  # fmt: skip
"""The slots every seat may see, for observations: (slot, 0 number / 1 seat / 2 seats / 3 card)."""

REMAINDERS = ("carry", "first_trick_winner", "most_tricks")
WIDOW_RULES = ("first_come", "eldest_only", "before_any_play")
PHASES = {
    Phase.DECLARE: L.P_DECLARE,
    Phase.DISCARD: L.P_DISCARD,
    Phase.EXCHANGE: L.P_EXCHANGE,
    Phase.PLAY: L.P_PLAY,
}


def configure(rules: Rules, cfg: np.ndarray) -> None:
    """Write the family's options into the configuration vector."""
    o = rules.options
    flow = rules.flow
    tables = L.tables_for(rules)
    cfg[O_PLAYERS] = rules.value(PLAYERS)
    cfg[O_SITS_OUT] = bool(o["six_player_dealer_sits_out"])
    cfg[O_CHIPS] = o["scoring"] == "chips"
    cfg[O_ANTE] = rules.value(ANTE)
    cfg[O_LOO] = rules.value(LOO_PENALTY)
    cfg[O_FIFTHS] = o["pot_share"] == "fifth_of_pot"
    cfg[O_REMAINDER] = REMAINDERS.index(str(o["remainder_rule"]))
    cfg[O_SIMPLE_ALL_PLAY] = bool(o["simple_pot_all_play"])
    cfg[O_WIDOW_RULE] = WIDOW_RULES.index(str(o["widow_rule"]))
    cfg[O_GENERAL_RAMS] = bool(o["general_rams"])
    cfg[O_GENERAL_ANY_TURN] = o.get("general_timing", "any_turn") == "any_turn"
    cfg[O_WIDOW_AFTER_GENERAL] = bool(o.get("widow_after_general", False))
    cfg[O_FAIL_DIVIDE] = o.get("general_fail_pot", "divide_then_match") == "divide_then_match"
    cfg[O_GENERAL_LOO] = bool(o.get("general_loo_penalty", False))
    cfg[O_DEALER_EXCHANGE] = bool(o["dealer_turnup_exchange"])
    cfg[O_DEALER_WIDOW_AND_TURNUP] = bool(o["dealer_widow_and_turnup"])
    cfg[O_HANDLESS_FIRST_LEFT] = o["handless_dealer_turnup"] == "first_active_left"
    cfg[O_PASS_NEEDS_WIDOW] = bool(o["pass_requires_widow_taken"])
    cfg[O_WIDOW_SIZE] = flow.widow_size
    cfg[O_BIERSPIEL] = "turnup_transfer" in o  # the turn-up may pass on (Bierspiel's rule)
    cfg[O_TRANSFER_ALWAYS] = o.get("turnup_transfer", "") == "always"
    seven = bool(o.get("seven_diamonds_second_trump", False))
    cfg[O_SEVEN] = tables.compact_card(card_index(7, 1)) if seven else -1
    cfg[O_PARTIAL] = bool(o.get("seven_turnup_partial", False))
    cfg[O_DECK] = tables.compact(flow.deck.mask)
    cfg[O_LAST_IN_LOSES] = o["countdown_end"] == "last_in_loses"
    slots = {L.A_IN: V.IN, L.A_WIDOW: V.WIDOW, L.A_GENERAL: V.GENERAL, L.A_DECLINE: V.DECLINE}
    L.set_verb_slots(cfg, rules, slots)
    _configure_play(flow, cfg)


def _configure_play(flow: Flow, cfg: np.ndarray) -> None:
    """The play rules' codes (:meth:`~tricktable.trick.PlayRules.codes`), from the flow."""
    assert isinstance(flow, RamsFlow)
    full = flow.hand_play_rules(flow.players).codes()
    cfg[O_POLICY], cfg[O_HEADING], cfg[O_UNANSWERED] = full.policy, full.heading, full.unanswered
    for playing in range(10):
        codes = flow.hand_play_rules(playing).codes()
        cfg[O_HAND_RULES + playing] = codes.trump_leads | codes.blind_lead << BLIND_SHIFT


def aux(rules: Rules, tables: L.Tables) -> np.ndarray:
    """The exchange numbers of the action codec: row 0 the one-card exchange of each compact
    card, row ``1 + a`` column ``b`` the two-card exchange of cards ``a`` and ``b``."""
    from ....action_codec import ActionCodec

    codec = ActionCodec(rules)
    count = tables.cards
    out = np.full((count + 1, count), -1, dtype=np.int64)
    present = [n for n in range(count) if tables.index[n] >= 0]
    for n in present:
        out[0, n] = _encode(codec, card_action(V.EXCHANGE, int(tables.index[n])))
    if rules.flow.LARGEST_EXCHANGE >= 2:
        ordered = sorted(present, key=lambda n: display_key(int(tables.index[n])))
        for a, b in combinations(ordered, 2):
            number = _encode(codec, card_action(V.EXCHANGE, int(tables.index[a]),
                                                int(tables.index[b])))  # fmt: skip
            out[1 + a, b] = out[1 + b, a] = number
    return out


def _encode(codec: object, action: object) -> int:
    try:
        return int(codec.encode(action))  # type: ignore[attr-defined]
    except ValueError:
        return -1


def load(game: Game, row: np.ndarray, tables: L.Tables) -> None:
    """Write the reference game's current position into ``row`` (the hand must be going on)."""
    state = game.state
    ledger = game.ledger
    row[:] = 0
    L.load_common(game, row, tables, PHASES)
    for n, seat in enumerate(state.seated):
        row[SEATED + n] = seat
    row[SEATED_COUNT] = len(state.seated)
    row[TURN] = state.turn
    row[IN_MASK] = sum(1 << seat for seat in state.active)
    row[WIDOW_TAKER] = _seat(state.widow_taker)
    row[GENERAL] = _seat(state.general)
    row[OFFER] = _seat(state.offer)
    row[EXCHANGER] = _seat(state.exchanger)
    row[SIMPLE] = state.simple_pot
    row[POT] = getattr(ledger, "pot", 0)
    row[CARRY] = getattr(ledger, "carry", 0)
    row[OUT] = sum(1 << s for s, gone in enumerate(getattr(ledger, "out", ())) if gone)
    row[TURNUP + 1] = -1
    for n, card in enumerate(state.turnup):
        row[TURNUP + n] = tables.compact_card(card)
    row[TURNUP_COUNT] = len(state.turnup)
    for n, before in enumerate(state.before):
        row[BEFORE + n] = before
    if game.phase is Phase.PLAY:
        codes = game.play_rules.codes()
        row[TRUMP_LEADS], row[BLIND] = codes.trump_leads, codes.blind_lead
        row[FACE_DOWN] = bool(game.trick.face_down and game.trick.face_down[0])
    for n, trick in enumerate(game.tricks):
        row[WINNERS + n] = trick.winner


def _seat(seat: int | None) -> int:
    return -1 if seat is None else seat


def initial_scores(rules: Rules) -> list[int]:
    """Every seat's chips (0) or counters at the start of a game."""
    return list(rules.flow.new_ledger().scores())


def kernel() -> ModuleType:
    """The compiled steps and drivers (imports numba: the batch engine calls this with its
    cache set)."""
    from . import kernel_rams

    return kernel_rams
