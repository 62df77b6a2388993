"""The public API refuses every wrong input with a ValueError of the family that quotes it,
and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

import tricktable as tt
from tricktable.errors import NotationError, RecordError, RulesError, SeatError, TricktableError

DEAL = "JK JH 9S 9C 10D KC / AH KH QS JS AD 9D / JD QH AS KS AC QC / 10H 9H 10S KD QD JC | 10C"


def game_at_play() -> tt.Game:
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=DEAL)
    for text in ("pass", "pass", "pass", "bid 3", "trump D", "discard 10C"):
        game.apply(text)
    return game


def refused(call: Any, error: type[TricktableError], quoted: str) -> str:
    with pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert quoted in message, message
    return message


@pytest.mark.parametrize("bad", [None, 5, b"pass", 1.5, ["pass"]])
def test_apply_refuses_what_is_not_an_action_and_changes_nothing(bad: object) -> None:
    game = game_at_play()
    before, view = game.copy(), game.view(0).to_dict()
    refused(lambda: game.apply(bad), NotationError, repr(bad))  # type: ignore[arg-type]
    assert game == before and game.view(0).to_dict() == view
    assert not game.is_legal(bad)  # type: ignore[arg-type]
    game.apply("play 9C")  # and the game goes on


@pytest.mark.parametrize("bad", [-1, 4, 99, True, "1", 1.0])
def test_view_refuses_a_seat_that_is_not_a_seat(bad: object) -> None:
    game = game_at_play()
    message = refused(lambda: game.view(bad), SeatError, repr(bad))  # type: ignore[arg-type]
    assert "0..3" in message


def test_view_of_every_seat_and_a_spectator_is_still_given() -> None:
    game = game_at_play()
    assert [game.view(seat).seat for seat in (None, 0, 1, 2, 3)] == [None, 0, 1, 2, 3]


@pytest.mark.parametrize("bad", [None, "record", 5, ["format"]])
def test_replay_refuses_what_is_not_a_record(bad: object) -> None:
    refused(lambda: tt.replay(bad), RecordError, repr(bad))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["1", 1.5, 4, -1, True])
def test_a_dealer_that_is_not_a_seat_is_refused(bad: object) -> None:
    refused(lambda: tt.new_game("hasenpfeffer", seed=1, dealer=bad), RulesError, repr(bad))


def test_a_deal_that_is_not_text_is_refused() -> None:
    refused(lambda: tt.new_game("hasenpfeffer", seed=1, dealer=0, deal=123), NotationError, "123")  # type: ignore[arg-type]


def test_a_card_dealt_twice_is_named() -> None:
    twice = DEAL.replace("9C", "JK", 1)
    message = refused(
        lambda: tt.new_game("hasenpfeffer", dealer=0, deal=twice), NotationError, "JK"
    )
    assert "JK appears twice" in message


def test_a_card_from_another_pack_is_named() -> None:
    foreign = DEAL.replace("9C", "2C", 1)
    message = refused(
        lambda: tt.new_game("hasenpfeffer", dealer=0, deal=foreign), NotationError, "2C"
    )
    assert "2C is not in the 25-card pack" in message


def test_a_pinochle_card_dealt_three_times_is_named() -> None:
    game = tt.new_game("double-hasenpfeffer", seed=3)
    hands = game.deal_text.split(" / ")
    first = hands[0].split()[0]
    thrice = " / ".join([f"{first} {first} {first} " + " ".join(hands[0].split()[3:]), *hands[1:]])
    refused(lambda: tt.new_game("double-hasenpfeffer", dealer=0, deal=thrice), NotationError, first)


def test_a_rules_string_naming_an_option_twice_is_refused() -> None:
    message = refused(lambda: tt.rules("rams(players=4,players=5)"), RulesError, "players")
    assert "twice" in message
    assert tt.rules("rams(players=5)", players=4) == tt.rules("rams(players=4)")  # keywords win
