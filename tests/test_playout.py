"""Playouts: they end the hand, play legally, and value hands from each seat's side."""

from __future__ import annotations

import random

import tricktable as tt
from tricktable.bots.heuristic import STRATEGIES
from tricktable.bots.playout import greedy_play, hand_values, playout


def test_playout_finishes_exactly_the_current_hand():
    game = tt.new_game("rams", seed=2)
    before, hand = game.scores, game.hand_number
    playout(game, random.Random(1))
    assert game.hand_number == hand + 1 or game.is_over
    assert game.scores != before or game.results[-1].deltas == (0,) * game.player_count


def test_greedy_play_is_legal_and_wins_cheaply_when_it_can():
    game = tt.new_game("hasenpfeffer", seed=1)
    rng = random.Random(0)
    while game.phase.value != "play":
        game.apply(rng.choice(game.legal_actions()))
    while game.phase.value == "play":
        action = greedy_play(game, rng)
        assert action in game.legal_actions()
        game.apply(action)


def test_partners_share_a_value_and_opponents_mirror_it():
    game = tt.new_game("hasenpfeffer", seed=5)
    before = game.scores
    playout(game, random.Random(3))
    values = hand_values(game, before)
    assert values[0] == values[2] and values[1] == values[3]
    assert values[0] == -values[1]


def test_countdown_values_a_falling_counter_as_a_gain():
    game = tt.new_game("bierspiel", seed=1)
    before = game.scores
    playout(game, random.Random(2))
    values = hand_values(game, before)
    best = min(range(4), key=lambda s: game.scores[s] - before[s])
    assert values[best] == max(values)


def test_heuristic_playouts_play_the_cards_the_heuristic_strategy_would():
    game = tt.new_game("hasenpfeffer", seed=4)
    twin = game.copy()
    playout(game, random.Random(1), heuristic=True)
    strategy = STRATEGIES["hasenpfeffer"]
    for _, seat, action in game.log:
        legal = twin.legal_actions()
        if len(legal) > 1:
            assert action == strategy(twin.view(seat), random.Random(0))
        twin.apply(action)
    assert twin.scores == game.scores
