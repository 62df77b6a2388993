"""The game's state record (engine/state.py): snapshots, the seating of a hand, the fields."""

from __future__ import annotations

import random

import pytest

import tricktable as tt
from tricktable.engine import GameState
from tricktable.engine.state import seating


def test_a_restored_snapshot_is_the_game_it_was_taken_of() -> None:
    game = tt.new_game("euchre", seed=4, dealer=0)
    rng = random.Random(4)
    for _ in range(9):
        game.apply(rng.choice(game.legal_actions()))
    before, saved = game.copy(), game.snapshot()
    while game.hand_number == before.hand_number:
        game.apply(rng.choice(game.legal_actions()))
    game.restore(saved)
    assert game == before
    assert game.legal_actions() == before.legal_actions()


def test_seating_skips_the_seats_out_of_the_hand() -> None:
    active, count, following = seating(4, frozenset({0, 1, 3}))
    assert active == (True, True, False, True)
    assert count == 3
    assert following == (1, 3, 3, 0)  # seat 2 sits out: seat 1 is followed by seat 3


def test_a_lone_seat_follows_itself() -> None:
    assert seating(3, frozenset({1}))[2] == (1, 1, 1)


def test_the_record_declares_every_field_a_game_has() -> None:
    game = tt.new_game("hasenpfeffer", seed=1)
    assert isinstance(game, GameState)
    fields = getattr(GameState, "__slots__", None)
    if fields is None:
        pytest.skip("a compiled build keeps no __slots__ to read (tricktable compile)")
    assert type(game).__slots__ == ()  # the game adds no field of its own
    for name in fields:
        getattr(game, name)  # every declared field is set once a game is dealt
