"""Double Hasenpfeffer's hand scoring and game end (rules.md §5.8, §5.9 and §0.5 decisions 5-8).

Kept apart from the hand flow because scoring is pure arithmetic over a finished hand: the
contract, who made it, who went alone and how many tricks each seat took.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .options import OptionValue

__all__ = ["Contract", "Score", "int_option", "score_contract", "winning_seats", "winning_side"]

FIXED_PENALTY = 6


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


def score_contract(options: Mapping[str, OptionValue], contract: Contract) -> Score:
    """Points for one finished contract under the game's options."""
    if contract.lone:
        made, bidders = _lone_points(options, contract)
        trick_value = int_option(options, "lone_opponent_trick_value")
    else:
        made, bidders = _ordinary_points(options, contract)
        trick_value = 1
    if not options["defenders_score_tricks"]:
        trick_value = 0
    return Score(made, bidders, trick_value)


def _ordinary_points(options: Mapping[str, OptionValue], contract: Contract) -> tuple[bool, int]:
    if contract.taken >= contract.bid:
        return True, contract.taken
    penalty = set_penalty(str(options["set_penalty"]), contract.bid, contract.taken)
    if contract.forced and options["forced_dealer_half_penalty"]:
        # half, rounded up, so that a set never costs nothing
        penalty = (penalty + 1) // 2
    return False, -penalty


def _lone_points(options: Mapping[str, OptionValue], contract: Contract) -> tuple[bool, int]:
    if options["lone_contract"] == "all_tricks":
        made = contract.taken == contract.tricks
        return made, 2 * contract.tricks if made else -contract.tricks
    if contract.taken >= contract.bid:
        return True, 2 * contract.taken
    penalty = set_penalty(str(options["set_penalty"]), contract.bid, contract.taken)
    return False, -2 * penalty


def int_option(options: Mapping[str, OptionValue], name: str) -> int:
    value = options[name]
    assert isinstance(value, int)
    return value


def set_penalty(rule: str, bid: int, taken: int) -> int:
    """What a set costs before any halving or doubling."""
    if rule == "bid":
        return bid
    if rule == "tricks_taken":
        return taken
    if rule == "shortfall":
        return bid - taken
    return FIXED_PENALTY


def winning_side(points: Sequence[int], target: int, bidders: int, tiebreak: str) -> int:
    """The side that wins once at least one side has reached ``target``."""
    reached = [side for side, score in enumerate(points) if score >= target]
    if len(reached) == 1:
        return reached[0]
    if tiebreak == "higher_score_then_bidders" and points[0] != points[1]:
        return 0 if points[0] > points[1] else 1
    return bidders


def winning_seats(
    points: Sequence[int], target: int, bidder: int, tiebreak: str
) -> tuple[int, ...]:
    """Individual play: the winners among the players at or above ``target``.

    The bidder wins if he is among them (with ``higher_score_then_bidders`` only if nobody
    there has more); otherwise the highest score wins, shared on equal scores.
    """
    reached = [seat for seat, score in enumerate(points) if score >= target]
    best = max(points[seat] for seat in reached)
    top = tuple(seat for seat in reached if points[seat] == best)
    if bidder not in reached:
        return top
    if tiebreak == "bidding_team" or bidder in top:
        return (bidder,)
    return top
