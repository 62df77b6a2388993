"""The reference for the batch kernels' observation (:meth:`tricktable.batch.Batch.observe`, what
the vector environment returns): the same vector computed in plain Python from a seat's view
alone, which ``test_kernel_obs.py`` holds equal to the kernels on random positions.

The common block serves every game; Single Hasenpfeffer's public block is written out in full.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from tricktable.cards import COPY_STRIDE, parse_card
from tricktable.errors import RulesError
from tricktable.games.hasenpfeffer import SINGLE
from tricktable.learn.model import PHASE_ORDER
from tricktable.phase import Phase
from tricktable.view import View

__all__ = ["PHASE_ORDER", "common_block", "observation"]

PEPPER_LEVELS = {"little-pepper": 6, "big-pepper": 7}
"""Single Hasenpfeffer's auction levels of the pepper bids (as its flow ranks them)."""


def _slots(view: View) -> dict[int, int]:
    indices = sorted({index % COPY_STRIDE for index in view.rules.flow.deck.indices})
    return {index: n for n, index in enumerate(indices)}


def _hand_size(view: View) -> int:
    """Tricks per hand as the batch counts them."""
    fixed: int = getattr(view.section, "tricks_per_hand", 0)
    return fixed or max(view.hand_sizes[s] for s in view.active) + len(view.tricks)


def _most_cards(view: View) -> int:
    flow = view.rules.flow
    return max(max(flow.hand_sizes(dealer)) for dealer in range(flow.players))


def common_block(view: View) -> np.ndarray:
    """The family-independent part: hand, trick, cards played, trump, phase and the seats."""
    players, seat = view.players, view.seat or 0
    slots = _slots(view)
    distinct = len(slots)

    def slot(card: object) -> int:
        return slots[parse_card(str(card)).index % COPY_STRIDE]

    def rel(other: int) -> int:
        return (other - seat) % players

    hand, played = np.zeros(distinct), np.zeros(distinct)
    trick = np.zeros((players, distinct))
    for card in view.hand:
        hand[slot(card)] += 1
    for done in view.tricks:
        for play in done.plays:
            if play.card is not None and not play.face_down:
                played[slot(play.card)] += 1
    for play in view.trick.plays if view.trick else ():
        if play.card is not None:
            trick[rel(play.seat), slot(play.card)] += 1
            played[slot(play.card)] += 0 if play.face_down else 1
    trump = np.zeros(5)
    trump[4 if view.trump is None else view.trump] = 1
    phase = np.zeros(len(PHASE_ORDER))
    phase[PHASE_ORDER.index("done" if view.phase is Phase.OVER else view.phase.value)] = 1
    seats = np.zeros((6, players))
    per_hand, scale = _hand_size(view), 5.0 * _most_cards(view)
    for other in range(players):
        seats[0, rel(other)] = view.tricks_won[other] / per_hand
        seats[1, rel(other)] = math.tanh(view.scores[other] / scale)
        seats[2, rel(other)] = other in view.active
    leader = view.trick.leader if view.trick and view.phase is Phase.PLAY else None
    for row, who in ((3, leader), (4, view.dealer), (5, view.to_move)):
        if who is not None:
            seats[row, rel(who)] = 1
    parts = (hand, trick.ravel(), played, trump, phase, seats.ravel())
    return np.concatenate(parts).astype(np.float32)


def hasenpfeffer_block(view: View) -> np.ndarray:
    """Single Hasenpfeffer's public facts: bidder, high bid and its seat, who passed, the
    contract, forced, big pepper, the lone player and the lone defender."""
    section: Any = view.section  # the flow's section type (HasenpfefferSection)
    players, seat = view.players, view.seat or 0
    auction = section.auction
    levels = {str(n): n for n in range(1, 7)} | PEPPER_LEVELS
    high_seat = next((c.seat for c in reversed(auction) if c.call.startswith("bid ")), None)
    contract_text = section.contract
    contract = 0
    if contract_text is not None:
        contract = 6 if contract_text in PEPPER_LEVELS else int(contract_text)

    def one(who: int | None) -> list[float]:
        out = [0.0] * players
        if who is not None:
            out[(who - seat) % players] = 1.0
        return out

    passed = [0.0] * players
    for call in auction:
        if call.call == "pass":
            passed[(call.seat - seat) % players] = 1.0
    high_bid = section.high_bid
    high = levels[high_bid] if high_bid else 0
    scalars = [contract, section.forced_bid, contract_text == "big-pepper"]
    values = [*one(section.bidder), math.tanh(high / 10), *one(high_seat), *passed]
    values += [math.tanh(float(x) / 10) for x in scalars]
    values += [*one(section.alone), *one(section.lone_defender)]
    return np.array(values, dtype=np.float32)


FAMILY_BLOCKS: dict[str, Callable[[View], np.ndarray]] = {SINGLE.name: hasenpfeffer_block}


def observation(view: View) -> np.ndarray:
    """The whole observation vector of ``view``'s seat (as ``Batch.observe`` gives it)."""
    block = FAMILY_BLOCKS.get(view.game)
    if block is None:
        known = ", ".join(FAMILY_BLOCKS)
        raise RulesError(f"no learned features for {view.game!r} yet; they exist for {known}")
    return np.concatenate([common_block(view), block(view)])
