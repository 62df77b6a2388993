"""How a Rams-family hand ends (games/rams/hand_end.py): who is looed and pays, the summary
line, and who wins a countdown when the last player left loses."""

from __future__ import annotations

import tricktable as tt
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
