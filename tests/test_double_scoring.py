"""Double Hasenpfeffer's scoring arithmetic (rules.md §5.8-5.9) on its own."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import tricktable as tt
from double_support import NAME
from tricktable.games.hasenpfeffer.auction_flow import Tiebreak, winning_seats, winning_side
from tricktable.games.hasenpfeffer.double_scoring import Contract, score_contract
from tricktable.options import Rules


def test_score_contract_examples_of_rules_5_8() -> None:
    rules = tt.rules(NAME)
    cases = [
        (Contract(7, 12, 8), (True, 8, 1)),
        (Contract(7, 12, 6), (False, -7, 1)),
        (Contract(6, 12, 5, forced=True), (False, -6, 1)),
        (Contract(6, 12, 12, lone=True), (True, 24, 2)),
        (Contract(6, 12, 11, lone=True), (False, -12, 2)),
        (Contract(6, 8, 8, lone=True), (True, 16, 2)),
        (Contract(6, 8, 7, lone=True), (False, -8, 2)),
    ]
    for contract, expected in cases:
        score = score_contract(rules, contract)
        assert (score.made, score.bidders, score.per_opponent_trick) == expected, contract


def test_DH20_individual_winners() -> None:
    assert winning_seats([70, 63, 10], 62, bidder=1, tiebreak=Tiebreak.BIDDING_TEAM) == (1,)
    assert winning_seats([70, 63, 10], 62, 1, Tiebreak.HIGHER_SCORE_THEN_BIDDERS) == (0,)
    assert winning_seats([70, 70, 10], 62, 1, Tiebreak.HIGHER_SCORE_THEN_BIDDERS) == (1,)
    assert winning_seats([70, 70, 10], 62, 2, Tiebreak.BIDDING_TEAM) == (0, 1)


def rules_with(**changes: object) -> Rules:
    return tt.rules(NAME, **changes)


def test_DH23_bid_doubled_arithmetic() -> None:
    options = rules_with(lone_contract="bid_doubled")
    assert score_contract(options, Contract(8, 12, 9, lone=True)).bidders == 18
    assert score_contract(options, Contract(8, 12, 7, lone=True)).bidders == -16
    shortfall = rules_with(lone_contract="bid_doubled", set_penalty="shortfall")
    assert score_contract(shortfall, Contract(8, 12, 7, lone=True)).bidders == -2


def test_DH10_half_penalty_rounds_up_and_only_for_the_forced_bid() -> None:
    half = rules_with(forced_dealer_half_penalty=True, set_penalty="shortfall")
    assert score_contract(half, Contract(6, 12, 5, forced=True)).bidders == -1
    assert score_contract(half, Contract(6, 12, 3, forced=True)).bidders == -2
    assert score_contract(half, Contract(6, 12, 3)).bidders == -3
    assert score_contract(half, Contract(6, 12, 11, forced=True, lone=True)).bidders == -12


def test_opponents_trick_value() -> None:
    quiet = rules_with(defenders_score_tricks=False)
    assert score_contract(quiet, Contract(6, 12, 11, lone=True)).per_opponent_trick == 0
    single = rules_with(lone_opponent_trick_value=1)
    assert score_contract(single, Contract(6, 12, 11, lone=True)).per_opponent_trick == 1


def test_DH17_winning_side() -> None:
    assert winning_side([62, 40], 62, bidders=1, tiebreak=Tiebreak.BIDDING_TEAM) == 0
    assert winning_side([63, 70], 62, bidders=0, tiebreak=Tiebreak.BIDDING_TEAM) == 0
    assert winning_side([63, 70], 62, 0, Tiebreak.HIGHER_SCORE_THEN_BIDDERS) == 1
    assert winning_side([70, 70], 62, 1, Tiebreak.HIGHER_SCORE_THEN_BIDDERS) == 1


@given(bid=st.integers(1, 24), tricks=st.sampled_from([8, 9, 12, 16, 24]), data=st.data())
def test_made_exactly_when_the_contract_is_reached(bid: int, tricks: int, data: Any) -> None:
    taken = data.draw(st.integers(0, tricks))
    for lone in (False, True):
        score = score_contract(rules_with(), Contract(bid, tricks, taken, lone=lone))
        target = tricks if lone else bid
        assert score.made == (taken >= target)
        assert (score.bidders > 0) == score.made
