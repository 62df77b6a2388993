"""Sentences of the terminal table: names instead of seat numbers, hidden cards never named."""

from __future__ import annotations

import re
from pathlib import Path

import tricktable as tt
from tricktable.actions import parse_action
from tricktable.cli.narrate import (
    COMPUTER_NAMES,
    SeatNames,
    action_sentence,
    card_words,
    result_sentences,
)


def names(me: int = 0, sides: list[list[int]] | None = None, players: int = 4) -> SeatNames:
    return SeatNames(me, sides or [[0, 2], [1, 3]], players)


def test_the_human_is_you_partners_are_marked_and_nobody_is_a_seat_number() -> None:
    seats = names(me=1, sides=[[0, 2], [1, 3]])
    assert [seats.label(s) for s in range(4)] == ["Ada", "you", "Cleo", "Dario (partner)"]
    assert seats.does(1, "pass") == "You pass" and seats.does(2, "pass") == "Cleo passes"
    assert seats.listed([0, 1, 2]) == "Ada, you and Cleo"
    assert seats.in_text("seat 2 bid 3, took 6") == "Cleo bid 3, took 6"


def test_hidden_cards_of_other_seats_are_not_named_but_your_own_are() -> None:
    seats = names()
    discard = parse_action("discard 9C")
    assert action_sentence(seats, 0, discard) == "You discard the 9♣."
    assert action_sentence(seats, 3, discard) == "Dario discards a card."
    exchange = parse_action("exchange 8H 9C")
    assert action_sentence(seats, 2, exchange) == "Cleo takes the turn-up and discards a card."
    assert action_sentence(seats, 0, exchange) == (
        "You take the turn-up and discard the 8♥ and the 9♣."
    )
    assert action_sentence(seats, 1, parse_action("give JH")) == (
        "Bruno gives a card to the lone player."
    )


def test_calls_read_as_sentences() -> None:
    seats = names()
    told = {text: action_sentence(seats, 2, parse_action(text))
            for text in ("bid 4", "bid little-pepper", "trump H", "trump NT", "alone", "in",
                         "widow", "decline")}  # fmt: skip
    assert told == {
        "bid 4": "Cleo bids 4.",
        "bid little-pepper": "Cleo bids little pepper.",
        "trump H": "Cleo calls hearts ♥ trump.",
        "trump NT": "Cleo calls no trump.",
        "alone": "Cleo goes alone.",
        "in": "Cleo is in.",
        "widow": "Cleo takes the widow.",
        "decline": "Cleo leaves the turn-up.",
    }
    assert action_sentence(seats, 0, parse_action("in")) == "You are in."
    assert card_words("JK") == "the Joker" and card_words(None) == "a card face down"


def test_a_hand_result_is_told_with_the_contract_or_the_tricks_and_who_gained() -> None:
    for game_name in ("hasenpfeffer", "rams"):
        game = tt.new_game(game_name, seed=5)
        while not game.results:
            game.apply(game.legal_actions()[0])
        view = game.view(0)
        assert view.last_result is not None
        lines = result_sentences(names(sides=view.sides), view.last_result, view.sides)
        assert lines[-1].startswith("Change: ") and "seat" not in " ".join(lines)
        first = lines[0]
        assert (" bid " in first and ("made it" in first or "was set" in first)) or (
            first.startswith("Tricks taken: ")
        )


def test_a_rams_hand_tells_each_payment_as_the_browser_does() -> None:
    """The ante and each loo told at the end of a hand, so the change adds up in words."""
    deal = (
        "AS KS QS JS 10S / AH KH QH JH 10H / AD KD QD JD 10D / 7C 8C 9C 7S 8S"
        " | AC KC QC JC 10C | 9H 8H 7H 9S 9D 8D 7D"
    )  # seat 1 holds five trumps
    game = tt.new_game("rams", dealer=0, deal=deal)
    while game.phase == "declare":
        game.apply("in")
    while game.hand_number == 1:
        game.apply(game.legal_actions()[0])
    result = game.view(0).last_result
    assert result is not None
    told = result_sentences(
        names(players=4, sides=[[0], [1], [2], [3]]), result, [[0], [1], [2], [3]]
    )
    assert "You ante 5." in told
    assert "Bruno wins 5 from the pot for 5 tricks." in told
    assert "You were looed: you pay 5 to the pot for the next hand." in told
    assert "Cleo was looed: pays 5 to the pot for the next hand." in told
    assert told[-1] == "Change: you -10, Bruno +5, Cleo -5, Dario -5."


def test_the_computer_players_have_the_names_the_browser_gives_them() -> None:
    script = (Path(tt.__file__).parent / "web" / "names.js").read_text(encoding="utf-8")
    listed = re.search(r"const BOT_NAMES = \[(.*?)\];", script)
    assert listed is not None
    assert tuple(re.findall(r'"(\w+)"', listed[1])) == COMPUTER_NAMES
