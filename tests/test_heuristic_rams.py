"""The Rams-family heuristic bot: legal, deterministic, sensible, and better than random."""

from __future__ import annotations

import random

import pytest

import tricktable as tt
from tricktable.bots.heuristic import STRATEGIES
from tricktable.cards import parse_card
from tricktable.games.rams import heuristic as heuristic_rams

GAMES = [("rams", {}), ("rams", {"scoring": "countdown"}), ("bierspiel", {}), ("rounce", {})]


def play(name: str, options: dict[str, object], seed: int, bot_seats: set[int]) -> tt.Game:
    game = tt.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(3000):
        if game.is_over:
            break
        seat = game.to_move
        assert seat is not None
        if seat in bot_seats:
            action = heuristic_rams.choose(game.view(seat), rng)
            assert action in game.view(seat).legal
        else:
            action = rng.choice(game.legal_actions())
        game.apply(action)
    return game


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_bot_only_legal_moves_and_finishes(name: str, options: dict[str, object]) -> None:
    for seed in range(3):
        game = play(name, options, seed, {0, 1, 2, 3})
        assert game.is_over


def test_registered_for_the_family() -> None:
    assert all(
        STRATEGIES[name] is heuristic_rams.choose for name in ("rams", "bierspiel", "rounce")
    )


def test_deterministic_for_a_view() -> None:
    game = tt.new_game("rams", seed=11)
    view = game.view(game.to_move)
    assert heuristic_rams.choose(view, random.Random(1)) == heuristic_rams.choose(
        view, random.Random(2)
    )


def test_hand_value_counts_top_trumps() -> None:
    table = tt.rules("rams").flow.ranking.table(2)
    strong = [parse_card(c).index for c in ("AH", "KH", "QH", "JH", "AS")]
    weak = [parse_card(c).index for c in ("7C", "8C", "9D", "7S", "8S")]
    assert heuristic_rams.hand_value(strong, table) >= 4.5
    assert heuristic_rams.hand_value(weak, table) < 0.5


def test_strong_hand_announces_general_and_poor_hand_takes_widow() -> None:
    deal = (
        "7C 8C 9D 7S 8S / AH KH QH JH AS / AD KD QD JD 10D / AC KC QC JC 10C"
        " | 9S 10S JS QS KS | 9H 8H 7H 10H 8D 7D 9C"
    )
    game = tt.new_game("rams", dealer=0, deal=deal, scoring="countdown")
    assert str(heuristic_rams.choose(game.view(1), random.Random(0))) == "general"
    game = tt.new_game("rams", dealer=3, deal=deal)  # a simple pot: nobody may pass
    assert str(heuristic_rams.choose(game.view(0), random.Random(0))) == "widow"


def test_wins_cheaply_when_it_can() -> None:
    deal = (
        "QS 8S AD KD QD / 10S 9H 9D 8D 7D / KS 7S QC JC 10C / KH 7H 9C 8C 7C"
        " | AS JS 9S JD 10D | 8H AH QH JH 10H AC KC"
    )
    game = tt.new_game("rams", dealer=0, deal=deal)
    while game.phase != "play":
        game.apply("in" if game.phase == "declare" else "decline")
    game.apply("play 10S")
    game.apply("play KS")
    assert str(heuristic_rams.choose(game.view(3), random.Random(0))) == "play 7H"


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_beats_random_players(name: str, options: dict[str, object]) -> None:
    games = 30
    wins = sum(0 in play(name, options, seed, {0}).winners for seed in range(games))
    assert wins >= games * 0.45  # random seats win about a quarter each
