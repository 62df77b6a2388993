"""How a Rams-family hand ends (games/rams/hand_end.py): who is looed and pays, the summary
line, and who wins a countdown when the last player left loses."""

from __future__ import annotations

import random

import pytest

import tricktable as tt
from rams_support import new, play_first_legal, play_session, to_play
from tricktable.games.rams.hand_end import final_winners, hand_summary, penalised
from tricktable.games.rams.ledgers import CounterLedger
from tricktable.games.rams.scoring import Outcome


def test_the_looed_pay_unless_a_general_was_made() -> None:
    rules = tt.rules("rams", players=3)
    plain = Outcome((0, 1, 2), (0, 1, 2), (0, 0, 1, 1, 0), None)
    assert penalised(rules, plain) == [2]
    made = Outcome((0, 1, 2), (0, 1, 2), (0,) * 5, 0)
    assert penalised(rules, made) == []


def test_the_summary_says_each_seats_tricks_change_and_the_looed() -> None:
    out = Outcome((0, 1, 2), (0, 1, 2), (0, 0, 1, 1, 0), None)
    summary = hand_summary(tt.rules("rams", players=3), out, (3, 2, -5))
    assert summary == "seat 0: 3 tricks +3, seat 1: 2 tricks +2, seat 2: 0 tricks -5; looed: seat 2"


def test_in_a_countdown_the_last_player_left_loses() -> None:
    rules = tt.rules("rams", players=3, scoring="countdown")
    ledger = CounterLedger(3, 10)
    ledger.out[:] = [True, False, True]
    game = tt.new_game(rules, seed=1)
    out = Outcome((0, 1, 2), (0, 1, 2), (1,) * 5, None)
    won = final_winners(rules, 3, 1, ledger=ledger, state=game.state, out=out)
    assert won == (0, 2)


# -- whole games: countdowns and chip sessions played to their end -------------------------


def test_RA35_last_in_loses_players_at_zero_drop_out() -> None:
    game = new(scoring="countdown", countdown_start=1)
    to_play(game)
    play_first_legal(game)
    assert game.results[-1].details["dropped"] == [1]
    assert game.dealer == 2  # seat 1 is skipped for dealing
    assert game.hands[1] == 0 and 1 not in game.state.seated
    assert game.view(0).to_dict()["out"] == [1]
    while game.phase == "declare":
        assert game.to_move != 1
        game.apply("in")


def test_RA35_last_remaining_player_loses() -> None:
    for seed in range(6):
        game = tt.new_game("rams", seed=seed, scoring="countdown", countdown_start=5)
        play_session(game, random.Random(seed), 5000)
        assert game.is_over
        losers = [s for s in range(4) if s not in game.winners]
        assert len(losers) == 1
        remaining = game.ledger.remaining()
        assert remaining in ([], losers)


RA36 = (
    "AC KC QC JC 10C / AH KH 7C 7D 7S / QH JH 10H AS KS"
    " | QS JS 10S 9S 8S | 9H 8H 7H AD KD QD JD 10D 9D 8D 9C 8C"
)


@pytest.mark.parametrize(("tiebreak", "winner"), [("trick_order", 1), ("lowest_score", 2)])
def test_RA36_first_out_wins_tie(tiebreak: str, winner: int) -> None:
    options = {"countdown_start": 2, "countdown_end": "first_out_wins", "tiebreak": tiebreak}
    game = tt.new_game("rams", dealer=0, deal=RA36, players=3, scoring="countdown", **options)
    to_play(game)
    plays = ["AH", "10H", "QC", "KH", "JH", "JC", "7C", "QH", "10C", "AS", "AC", "7S",
             "KS", "KC", "7D"]  # fmt: skip
    for card in plays:
        game.apply(f"play {card}")
    assert game.is_over and game.scores == (7, 0, -1)
    assert game.results[-1].details["reached_zero"] == [1, 2]
    assert game.winners == (winner,)


def test_chip_session_lasts_a_round_then_until_no_carry() -> None:
    for seed in range(5):
        game = tt.new_game("rams", seed=seed)
        play_session(game, random.Random(seed), 4000)
        assert game.is_over and len(game.results) >= 4
        assert game.results[-1].details["ledger"]["carry"] == 0
        best = max(game.scores)
        assert game.winners == tuple(s for s in range(4) if game.scores[s] == best)


def test_session_hands_option() -> None:
    game = tt.new_game("rams", seed=3, session_hands=7)
    play_session(game, random.Random(3), 6000)
    assert len(game.results) >= 7
