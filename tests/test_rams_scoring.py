"""Settling a Rams-family hand (rams_scoring.py): the chip and counter rules of rules.md §6.8,
§6.9 and §0.5.14 on hand-made outcomes (RA26, RA29-RA31, RA33, RA34, RA37)."""

from __future__ import annotations

import pytest

import tricktable as tt
from rams_support import all_in, play_first_legal
from tricktable.games.rams.ledgers import ChipLedger, CounterLedger
from tricktable.games.rams.scoring import Outcome, settle_chips, settle_counters

# Seat 1 holds five hearts (trumps) and wins every trick.
LOO = (
    "AS KS QS JS 10S / AH KH QH JH 10H / AD KD QD JD 10D / 7C 8C 9C 7S 8S"
    " | AC KC QC JC 10C | 9H 8H 7H 9S 9D 8D 7D"
)


def outcome(
    winners: tuple[int, ...],
    seated: tuple[int, ...] = (1, 2, 3, 0),
    active: tuple[int, ...] | None = None,
    general: int | None = None,
) -> Outcome:
    return Outcome(seated, seated if active is None else active, winners, general)


def ledger_with_pot(pot: int, players: int = 4) -> ChipLedger:
    ledger = ChipLedger(players)
    ledger.carry = pot - 5
    ledger.balances[3] = -(pot - 5)
    ledger.open_pot(0, 5)
    return ledger


def test_RA26_pot_fifteen_divided_by_tricks() -> None:
    ledger = ledger_with_pot(15)
    before = ledger.balances[:]
    settle_chips(ledger, tt.rules("rams"), outcome((1, 2, 1, 2, 3), active=(1, 2, 3)))
    gains = [a - b for a, b in zip(ledger.balances, before, strict=True)]
    assert gains == [0, 6, 6, 3] and ledger.carry == 0 and ledger.total() == 0


def test_RA29_non_divisible_pot_one_per_trick_three_carried() -> None:
    ledger = ChipLedger(4)
    ledger.carry, ledger.balances[3] = 5, -5
    ledger.open_pot(0, 3)
    rules = tt.rules("rams", ante=3)
    settle_chips(ledger, rules, outcome((1, 1, 2, 2, 3), active=(1, 2, 3)))
    assert ledger.balances == [-3, 2, 2, -4] and ledger.carry == 3 and ledger.total() == 0


def test_RA29_remainder_rules() -> None:
    for rule, taker in (("first_trick_winner", 2), ("most_tricks", 1)):
        ledger = ChipLedger(4)
        ledger.carry, ledger.balances[3] = 5, -5
        ledger.open_pot(0, 3)
        rules = tt.rules("rams", ante=3, remainder_rule=rule)
        settle_chips(ledger, rules, outcome((2, 1, 1, 3, 1), active=(1, 2, 3)))
        assert ledger.carry == 0 and ledger.balances[taker] >= 3


def test_RA30_general_success_takes_pot_and_five_from_each() -> None:
    ledger = ledger_with_pot(10)
    before = ledger.balances[:]
    settle_chips(ledger, tt.rules("rams"), outcome((2,) * 5, general=2))
    gains = [a - b for a, b in zip(ledger.balances, before, strict=True)]
    assert gains == [-5, -5, 25, -5] and ledger.carry == 0  # no loo penalties


def test_RA31_general_failure_divides_then_matches_by_default() -> None:
    ledger = ledger_with_pot(10)
    before = ledger.balances[:]
    settle_chips(ledger, tt.rules("rams"), outcome((2, 2, 1, 2, 2), general=2))
    gains = [a - b for a, b in zip(ledger.balances, before, strict=True)]
    assert gains == [5, 5 + 2, -15 + 8 - 10, 5]  # no loo penalty for seats 0 and 3
    assert ledger.carry == 10 and ledger.total() == 0


def test_RA31_general_failure_double_and_carry_option() -> None:
    ledger = ledger_with_pot(10)
    before = ledger.balances[:]
    rules = tt.rules("rams", general_fail_pot="double_and_carry")
    settle_chips(ledger, rules, outcome((2, 2, 1, 2, 2), general=2))
    gains = [a - b for a, b in zip(ledger.balances, before, strict=True)]
    assert gains == [5, 5, -25, 5] and ledger.carry == 20


def test_RA30_general_with_handless_dealer_who_neither_pays_nor_receives() -> None:
    ledger = ledger_with_pot(10, players=6)
    before = ledger.balances[:]
    seated = (1, 2, 3, 4, 5)
    settle_chips(ledger, tt.rules("rams", players=6), outcome((2,) * 5, seated, general=2))
    gains = [a - b for a, b in zip(ledger.balances, before, strict=True)]
    assert gains == [0, -5, 30, -5, -5, -5]


def test_RA33_countdown_minus_one_per_trick_plus_five_for_loo() -> None:
    ledger = CounterLedger(4, 10)
    settle_counters(ledger, tt.rules("rams", scoring="countdown"),
                    outcome((1, 1, 1, 2, 2), active=(1, 2, 3)))  # fmt: skip
    assert ledger.counters == [10, 7, 8, 15]


def test_RA34_countdown_general_success_and_failure() -> None:
    rules = tt.rules("rams", scoring="countdown")
    made = CounterLedger(4, 0)
    made.counters = [10, 7, 8, 15]
    settle_counters(made, rules, outcome((1,) * 5, seated=(0, 1, 2, 3), general=1))
    assert made.counters == [15, 2, 13, 20]
    failed = CounterLedger(4, 0)
    failed.counters = [10, 7, 8, 15]
    settle_counters(failed, rules, outcome((1, 2, 1, 2, 1), seated=(0, 1, 2, 3), general=1))
    assert failed.counters == [10, 12, 6, 15]


def test_RA37_one_per_trick_remainder_stays() -> None:
    ledger = ledger_with_pot(12)
    settle_chips(ledger, tt.rules("rams", pot_share="one_per_trick"),
                 outcome((1, 2, 1, 2, 3), active=(1, 2, 3)))  # fmt: skip
    assert ledger.carry == 7  # five tricks took one chip each
    assert ledger.total() == 0


def test_general_loo_penalty_option_on_a_failed_general() -> None:
    rules = tt.rules("rams", general_loo_penalty=True)
    ledger = ledger_with_pot(10)
    before = ledger.balances[:]
    settle_chips(ledger, rules, outcome((1, 1, 1, 1, 1), general=2))
    gains = [a - b for a, b in zip(ledger.balances, before, strict=True)]
    assert gains == [5 - 5, 5 + 10, -15 - 10, 5 - 5]  # seats 0 and 3 looed; not the declarer
    assert ledger.carry == 10 + 10 and ledger.total() == 0
    counters = CounterLedger(4, 10)
    rules = tt.rules("rams", scoring="countdown", general_loo_penalty=True)
    settle_counters(counters, rules, outcome((1, 1, 1, 1, 1), general=2))
    assert counters.counters == [15, 5, 15, 15]


@pytest.mark.parametrize("scoring", ["chips", "countdown"])
def test_gain_if_is_what_the_settlement_pays_a_seat_for_its_tricks(scoring: str) -> None:
    """The search bots' card values: a seat's own gain for its final trick count."""
    game = tt.new_game("rams", dealer=0, deal=LOO, scoring=scoring)
    all_in(game)
    if game.phase == "exchange":
        game.apply("decline")
    assert [game.flow.gain_if(game, 1, t) for t in range(3)] == [-5, 1, 2]  # looed; a trick each
    gains = {seat: [game.flow.gain_if(game, seat, t) for t in range(6)] for seat in range(4)}
    at_play = game.scores  # after the ante, which is not the tricks' doing
    play_first_legal(game)
    result = game.results[-1]
    assert result.tricks[1] == 5
    for seat in result.details["active"]:
        change = game.flow.score_sign() * (result.scores[seat] - at_play[seat])
        assert change == gains[seat][result.tricks[seat]], seat


def _moved(payments: list[dict[str, object]], players: int) -> list[int]:
    """Each seat's change as the itemised payments of a hand add it up."""
    totals = [0] * players
    for payment in payments:
        if "chips" in payment:
            chips = int(str(payment["chips"]))
            if isinstance(payment["from"], int):
                totals[payment["from"]] -= chips
            if isinstance(payment["to"], int):
                totals[payment["to"]] += chips
        else:
            totals[int(str(payment["seat"]))] += int(str(payment["change"]))
    return totals


@pytest.mark.parametrize(
    ("game", "scoring"),
    [(g, s) for g in ("rams", "bierspiel", "rounce") for s in ("chips", "countdown")],
)
def test_a_hands_payments_are_itemised_and_add_up_to_its_deltas(game: str, scoring: str) -> None:
    """Every chip (or point) a hand moves is a line with its reason: the ante, the carry, the
    tricks' shares, the loo; they add up to the hand's deltas."""
    import random

    for seed in range(6):
        played = tt.new_game(game, seed=seed, scoring=scoring)
        rng = random.Random(seed)
        while not played.is_over and len(played.view(0).history) < 4:
            played.apply(rng.choice(played.legal_actions()))
        for result in played.view(0).history:
            payments = result.details["payments"]
            assert _moved(payments, played.player_count) == list(result.deltas)
            if scoring == "chips":
                ante = next(p for p in payments if p["for"] == "ante")
                assert ante == {"for": "ante", "from": result.dealer, "to": "pot", "chips": 5}
            looed = [p.get("from", p.get("seat")) for p in payments if p["for"] == "looed"]
            if result.details["general"] is None:
                assert looed == list(result.details["looed"])


def test_a_loo_is_paid_to_the_next_pot_and_carried_in() -> None:
    """LOO: seat 1 takes every trick, the others are looed and pay 5 each into the next pot,
    which the next hand's payments show carried in."""
    game = tt.new_game("rams", dealer=0, deal=LOO)
    all_in(game)
    play_first_legal(game)
    result = game.view(0).last_result
    assert result is not None
    payments = result.details["payments"]
    assert {"for": "tricks", "from": "pot", "to": 1, "chips": 5} in payments
    loos = [p for p in payments if p["for"] == "looed"]
    assert loos == [{"for": "looed", "from": s, "to": "carry", "chips": 5} for s in (2, 3, 0)]
    play_first_legal(game)
    later = game.view(0).last_result
    assert later is not None and later.details["payments"][0] == {
        "for": "carried", "from": "carry", "to": "pot", "chips": 15,
    }  # fmt: skip
