"""Rams' play obligations (rules.md §6, RA19-RA25 of §10): follow and head, else trump and
overtrump, else discard."""

from __future__ import annotations

from rams_support import DEAL_A, DEAL_C, new, texts, to_play


def test_RA19_follow_and_head_when_possible() -> None:
    game = new(DEAL_C)
    to_play(game)
    game.apply("play 10S")
    assert texts(game) == {"play KS"}


def test_RA20_plain_lead_already_trumped_any_card_of_led_suit() -> None:
    game = new(DEAL_C)
    to_play(game)
    for card in ("10S", "KS", "7H"):
        game.apply(f"play {card}")
    assert texts(game) == {"play QS", "play 8S"}


def test_RA21_void_must_trump_any_trump() -> None:
    game = new(DEAL_A)
    to_play(game)
    game.apply("play KS")
    assert texts(game) == {"play QH", "play 8H"}


def test_RA22_void_trick_trumped_must_overtrump() -> None:
    game = new(DEAL_A)
    to_play(game)
    game.apply("play KS")
    game.apply("play QH")
    assert texts(game) == {"play KH"}


def test_RA23_void_only_lower_trumps_must_still_trump() -> None:
    game = new(DEAL_A)
    to_play(game)
    for card in ("KS", "QH", "KH"):
        game.apply(f"play {card}")
    assert texts(game) == {"play 7H"}


def test_RA24_void_in_led_suit_and_trumps_any_card() -> None:
    game = new(DEAL_C)
    to_play(game)
    game.apply("play 9H")
    assert texts(game) == {"play KS", "play 7S", "play QC", "play JC", "play 10C"}


def test_RA25_trump_led_must_play_higher_trump() -> None:
    game = new(DEAL_C)
    to_play(game)
    game.apply("play 9H")
    game.apply("play 7S")
    assert texts(game) == {"play KH"}
