"""The sampler: every sampled game shows the observing seat exactly the view it was built from."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import tricktable as tt
from tricktable.bots.sampler import SamplingError, sample_game
from tricktable.view_parts import HasenpfefferSection

VARIANTS = [
    ("hasenpfeffer", {}),
    ("hasenpfeffer", {"going_alone": "maker_and_defender", "pepper_bidding": True}),
    ("hasenpfeffer", {"allow_no_trump": True, "widow_mode": "dead"}),
    ("double-hasenpfeffer", {}),
    ("double-hasenpfeffer", {"players": 6}),
    ("double-hasenpfeffer", {"players": 3, "individual": True}),
    ("rams", {}),
    ("rams", {"players": 6, "scoring": "countdown"}),
    ("bierspiel", {}),
    ("rounce", {"players": 5, "trick2_no_trump": "face_down"}),
]


def views_along_a_game(name: str, options: dict[str, object], seed: int) -> Iterator[tt.View]:
    """Views of the seat to move and of one other seat, at random moments of a random game."""
    game = tt.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(90):
        if game.is_over:
            return
        if rng.random() < 0.25:
            yield game.view(game.to_move)
            yield game.view(rng.randrange(game.player_count))
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[f"{n}{o}" for n, o in VARIANTS])
def test_sampled_game_shows_the_seat_exactly_its_view(name: str, options: dict[str, object]):
    checked = 0
    for seed in range(2):
        for view in views_along_a_game(name, options, seed):
            sampled = sample_game(view, random.Random(checked))
            assert sampled.view(view.seat).to_dict() == view.to_dict()
            checked += 1
    assert checked > 5


def test_samples_vary_the_hidden_cards():
    game = tt.new_game("hasenpfeffer", seed=3)
    view = game.view(game.to_move)
    others = [s for s in range(4) if s != view.seat]
    hands = {tuple(sample_game(view, random.Random(i)).hands[s] for s in others) for i in range(8)}
    assert len(hands) > 1


def test_a_forced_joker_bid_gives_the_bidder_the_joker():
    for seed in range(200):
        game = tt.new_game("hasenpfeffer", seed=seed)
        while game.phase.value == "auction":
            game.apply("pass" if "pass" in map(str, game.legal_actions()) else "bid 3")
        section = game.view(None).section
        assert isinstance(section, HasenpfefferSection) and section.bidder is not None
        view = game.view((section.bidder + 1) % 4)
        if section.forced_bid:
            break
    else:
        pytest.fail("no forced Joker bid in 200 deals")
    bidder = section.bidder
    for i in range(5):
        sampled = sample_game(view, random.Random(i))
        assert "JK" in sampled.view(bidder).to_dict()["hand"]


def test_a_spectator_view_cannot_be_sampled():
    game = tt.new_game("rams", seed=1)
    with pytest.raises(SamplingError, match="spectator"):
        sample_game(game.view(None), random.Random(0))


def test_an_impossible_view_raises_after_the_attempts():
    game = tt.new_game("hasenpfeffer", seed=1)
    while len(game.trick.cards) < 2:
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_move)
    played = tt.CardSet(view.trick.plays[0].card or "") if view.trick else None
    assert played is not None
    view = view._replace(hand=view.hand | played)  # a card both played and held
    with pytest.raises(SamplingError, match="no deal consistent"):
        sample_game(view, random.Random(0), attempts=5)
