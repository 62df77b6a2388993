"""ISMCTS: legal moves in every game, no peeking, a tree over the bot's information."""

from __future__ import annotations

import random

import pytest

import tricktable as tt
from support import bot_plays_one_hand, legal_choices_at_random_moments
from tricktable.bots import make_bot
from tricktable.bots.ismcts import IsmctsBot
from tricktable.resample import resample

TINY = {"iterations": 20, "determinizations": 4, "time_limit": 30.0}


@pytest.mark.parametrize("name", tt.GAME_NAMES)
def test_ismcts_plays_a_whole_hand_legally(name: str):
    game = tt.new_game(name, seed=3)
    assert bot_plays_one_hand(game, IsmctsBot(seed=2, **TINY)) > 5


def test_the_root_holds_every_legal_action_and_all_iterations():
    game = tt.new_game("rams", seed=5)
    view = game.view(game.to_move)
    root = IsmctsBot(seed=1, **TINY).search(view)
    assert set(root.children) == {str(a) for a in view.legal}
    assert sum(child.visits for child in root.children.values()) == TINY["iterations"]


def test_same_visible_information_same_choice():
    game = tt.new_game("double-hasenpfeffer", seed=4)
    rng = random.Random(4)
    for _ in range(10):
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.to_move)
    twin = resample(view, random.Random(8))
    assert twin.hands != game.hands
    bot = IsmctsBot(seed=7, **TINY)
    assert bot.choose(twin.view(view.seat)) == bot.choose(view)


@pytest.mark.parametrize("name", ["hasenpfeffer", "rams"])
def test_heuristic_rollouts_search_the_same_tree_with_other_values(name: str):
    game = tt.new_game(name, seed=6)
    view = game.view(game.to_move)
    greedy = IsmctsBot(seed=1, **TINY).search(view)
    sound = IsmctsBot(seed=1, heuristic_rollouts=True, **TINY).search(view)
    assert set(sound.children) == set(greedy.children) == {str(a) for a in view.legal}
    assert sum(child.visits for child in sound.children.values()) == TINY["iterations"]
    again = IsmctsBot(seed=1, heuristic_rollouts=True, **TINY).search(view)
    assert {t: c.total for t, c in again.children.items()} == {
        t: c.total for t, c in sound.children.items()
    }


def test_make_bot_builds_ismcts_with_parameters():
    bot = make_bot("ismcts", seed=4, iterations=10)
    assert isinstance(bot, IsmctsBot)
    assert bot.iterations == 10


@pytest.mark.parametrize("name", tt.GAME_NAMES)
def test_ismcts_choices_are_legal_at_random_moments_of_many_deals(name: str):
    bot = IsmctsBot(seed=5, iterations=8, determinizations=2, time_limit=30.0)
    assert legal_choices_at_random_moments(bot, name) >= 10
