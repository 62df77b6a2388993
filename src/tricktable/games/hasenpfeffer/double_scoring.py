"""Double Hasenpfeffer's hand scoring (rules.md §5.8, §5.9 and §0.5 decisions 5-8).

Kept apart from the hand flow because scoring is pure arithmetic over a finished hand: the
contract, who made it, who went alone and how many tricks each seat took. The set penalty and
the game's end are the Hasenpfeffers' own (:mod:`.auction_flow`); the options
that only this scoring reads are declared here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...options import Option, Rules
from .auction_flow import (
    DEFENDERS_SCORE_TRICKS,
    LONE_CONTRACT,
    SET_PENALTY,
    LoneContract,
    set_penalty,
)

__all__ = [
    "FORCED_DEALER_HALF_PENALTY",
    "LONE_OPPONENT_TRICK_VALUE",
    "Contract",
    "Score",
    "score_contract",
]

FORCED_DEALER_HALF_PENALTY = Option(
    "forced_dealer_half_penalty", "bool", False,
    "A dealer forced to bid loses only half the penalty (rounded up) when set.",
)  # fmt: skip
LONE_OPPONENT_TRICK_VALUE = Option(
    "lone_opponent_trick_value", "int", 2, "Points per trick for the opponents of a lone hand.",
    low=1, high=2,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Contract:
    """What the bidding side undertook and how the hand went for it."""

    bid: int
    tricks: int
    """N, the tricks of a hand (cards per player)."""
    taken: int
    forced: bool = False
    lone: bool = False


@dataclass(frozen=True, slots=True)
class Score:
    """The bidding side's points and what each trick of the other players is worth."""

    made: bool
    bidders: int
    per_opponent_trick: int


def score_contract(rules: Rules, contract: Contract) -> Score:
    """Points for one finished contract under the game's options."""
    if contract.lone:
        made, bidders = _lone_points(rules, contract)
        trick_value = rules.value(LONE_OPPONENT_TRICK_VALUE)
    else:
        made, bidders = _ordinary_points(rules, contract)
        trick_value = 1
    if not rules.value(DEFENDERS_SCORE_TRICKS):
        trick_value = 0
    return Score(made, bidders, trick_value)


def _ordinary_points(rules: Rules, contract: Contract) -> tuple[bool, int]:
    if contract.taken >= contract.bid:
        return True, contract.taken
    penalty = set_penalty(rules.value(SET_PENALTY), contract.bid, contract.taken)
    if contract.forced and rules.value(FORCED_DEALER_HALF_PENALTY):
        # half, rounded up, so that a set never costs nothing
        penalty = (penalty + 1) // 2
    return False, -penalty


def _lone_points(rules: Rules, contract: Contract) -> tuple[bool, int]:
    if rules.value(LONE_CONTRACT) is LoneContract.ALL_TRICKS:
        made = contract.taken == contract.tricks
        return made, 2 * contract.tricks if made else -contract.tricks
    if contract.taken >= contract.bid:
        return True, 2 * contract.taken
    penalty = set_penalty(rules.value(SET_PENALTY), contract.bid, contract.taken)
    return False, -2 * penalty
