"""A whole game through the public API."""

import random

import tricktable as tt


def test_random_game_reaches_the_end_and_replays() -> None:
    game = tt.new_game("hasenpfeffer", seed=3, target_score=4)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert game.winners
    assert max(game.scores) >= 4
    assert tt.replay(game.record()) == game
