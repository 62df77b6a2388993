"""Hints: a legal suggestion with a reason drawn from the search bot's samples."""

from __future__ import annotations

import random

import pytest

import tricktable as tt
from tricktable.bots.hints import (
    HINT_SECONDS,
    ONLY_LEGAL,
    HintBot,
    Reason,
    hint,
    lesson,
    suggest,
)
from tricktable.bots.pimc import PimcBot
from tricktable.errors import IllegalActionError


def test_card_play_hint_names_tricks_and_the_next_best():
    game = tt.new_game("hasenpfeffer", seed=3)
    rng = random.Random(3)
    while game.phase.value != "play" or len(game.tricks) < 3:
        game.apply(rng.choice(game.legal_actions()))
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    action, reason = hint(game.view(game.to_move), samples=3)
    assert action in game.legal_actions()
    assert "tricks left" in reason and "next best" in reason and "3 sampled deals" in reason


def test_a_reasons_parts_are_what_its_english_says():
    """The page says the reason from its parts: they must be the numbers the English shows."""
    game = tt.new_game("hasenpfeffer", seed=3)
    rng = random.Random(3)
    while game.phase.value != "play" or len(game.legal_actions()) < 2:
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.to_move)
    action, reason = suggest(view, samples=3)
    assert (action, str(reason)) == hint(view, samples=3)
    parts = reason.as_dict()
    assert parts["unit"] in ("tricks", "points") and parts["samples"] == 3
    assert parts["next"] in {str(a) for a in game.legal_actions()} - {str(action)}
    number = "{:.1f}" if parts["unit"] == "tricks" else "{:+.1f}"
    assert f" {number.format(parts['value'])} " in str(reason)
    following = number.format(parts["next_value"])
    assert str(reason).endswith(f"(next best: {parts['next']} {following})")


def test_a_reason_in_points_is_signed_and_counts_one_deal_in_the_singular():
    reason = Reason("points", -0.44, 1)
    assert str(reason) == "is worth -0.4 points to your side, on average over 1 sampled deal"
    assert reason.as_dict() == {
        "unit": "points", "value": -0.4, "samples": 1, "next": None, "next_value": None
    }  # fmt: skip
    assert ONLY_LEGAL.as_dict() == {"only": True}


def test_bidding_hint_speaks_of_points():
    game = tt.new_game("double-hasenpfeffer", seed=2)
    action, reason = hint(game.view(game.to_move), samples=2)
    assert action in game.legal_actions()
    assert "points to your side" in reason


def test_a_forced_move_says_so():
    game = tt.new_game("bierspiel", seed=1)
    rng = random.Random(1)
    while len(game.legal_actions()) != 1:
        game.apply(rng.choice(game.legal_actions()))
    assert hint(game.view(game.to_move))[1] == "it is the only legal action"
    assert suggest(game.view(game.to_move))[1] is ONLY_LEGAL


def test_no_hint_out_of_turn():
    game = tt.new_game("rams", seed=1)
    with pytest.raises(IllegalActionError):
        hint(game.view((game.to_move + 1) % game.player_count))


def test_hint_bot_action_equals_the_hint_and_shows_the_reason():
    game = tt.new_game("rams", seed=4)
    view = game.view(game.to_move)
    shown = HintBot(seed=0, time_limit=5.0).choose(view)
    action, reason = hint(view, seed=0, time_limit=5.0)
    assert shown == action
    assert str(shown) == f"{action} — {reason}"
    assert str(HintBot(seed=0, time_limit=5.0).reason) == "None"  # nothing chosen yet


def _touching_pair(game: tt.Game) -> tuple[str, str] | None:
    """Two legal cards of one plain suit with no card between them (A-K or K-Q): every
    double-dummy deal values them alike."""
    trump = game.view(game.to_move).trump
    legal = {str(action) for action in game.legal_actions()}
    for high, low in (("A", "K"), ("K", "Q")):
        for suit in "CDHS":
            pair = (f"play {high}{suit}", f"play {low}{suit}")
            if suit != trump and set(pair) <= legal:
                return pair
    return None


def test_a_lesson_calls_a_tie_as_good_and_a_worse_move_not():
    """Learning mode must not tell a player a move was wrong when it only broke a tie."""
    ties = worse = 0
    for seed in range(40):
        game = tt.new_game("hasenpfeffer", seed=seed)
        rng = random.Random(seed)
        while game.phase.value != "play" or (pair := _touching_pair(game)) is None:
            if game.is_over or len(game.tricks) > 3:
                break
            game.apply(rng.choice(game.legal_actions()))
        else:
            view = game.view(game.to_move)
            verdicts = [lesson(view, card, seed=seed, samples=4) for card in pair]
            if verdicts[0].suggested in pair:
                assert all(verdict.as_good for verdict in verdicts)
                ties += 1
            analysis = PimcBot(seed=seed, samples=4, time_limit=HINT_SECONDS).analyse(view)
            (top, high), *_, (bottom, low) = analysis.ranked()
            if high - low >= 0.1:
                verdict = lesson(view, bottom, seed=seed, samples=4)
                assert verdict.suggested == top and not verdict.as_good
                worse += 1
        if ties and worse:
            break
    assert ties and worse
