"""The resampler: every world shows the seat exactly its view, keeps every hidden constraint,
and is drawn uniformly among the worlds the view allows."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktable as tt
from resample_support import advance, check_world, chi_square, consistent_worlds, hand_key
from tricktable.games.hasenpfeffer.section import HasenpfefferSection
from tricktable.resample import Resampler, SamplingError, resample

VARIANTS = [
    ("hasenpfeffer", {}),
    ("hasenpfeffer", {"going_alone": "maker_and_defender", "pepper_bidding": True}),
    ("hasenpfeffer", {"allow_no_trump": True, "widow_mode": "dead"}),
    ("double-hasenpfeffer", {}),
    ("double-hasenpfeffer", {"players": 6}),
    ("double-hasenpfeffer", {"players": 6, "six_hand_transfer": "partners_jointly_two",
                             "lone_cards_exchanged": 3}),
    ("double-hasenpfeffer", {"players": 6, "six_hand_transfer": "one_partner_two"}),
    ("double-hasenpfeffer", {"players": 3, "individual": True}),
    ("rams", {}),
    ("rams", {"players": 6, "scoring": "countdown"}),
    ("bierspiel", {}),
    ("bierspiel", {"seven_turnup_partial": True, "turnup_transfer": "always"}),
    ("rounce", {"players": 5, "trick2_no_trump": "face_down"}),
    ("rounce", {"players": 9, "play_policy": "loo_strict"}),
]  # fmt: skip
IDS = [f"{name}{options}" for name, options in VARIANTS]


def positions(name: str, options: dict[str, object], seed: int) -> Iterator[tuple[tt.Game, int]]:
    """(a copy of the game, a seat) at the start of play, in mid-play and at random moments of
    a game played at random, for the seat to move and one other."""
    game = tt.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(160):
        if game.is_over:
            return
        first_card = game.phase.value == "play" and not game.tricks and not game.trick.cards
        if first_card or rng.random() < 0.12:
            yield game.copy(), game.to_move or 0
            yield game.copy(), rng.randrange(game.player_count)
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_every_world_shows_the_seat_its_view_and_keeps_the_hidden_constraints(
    name: str, options: dict[str, object]
) -> None:
    checked = Counter[str]()
    for game, seat in positions(name, options, seed=3):
        worlds = Resampler(game.view(seat))
        for k in range(2):
            check_world(game, seat, worlds.sample(random.Random(k)))
        checked[game.phase.value] += 1
    assert checked["play"] >= 4 and sum(checked.values()) >= 8


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
    seat=st.integers(0, 8),
    draw=st.integers(0, 2**32),
)
def test_worlds_are_consistent_with_the_view_anywhere(
    variant: tuple[str, dict[str, object]], seed: int, steps: int, seat: int, draw: int
) -> None:
    name, options = variant
    game = tt.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    if game.is_over:
        return
    observer = seat % game.player_count
    check_world(game, observer, resample(game.view(observer), random.Random(draw)))


def test_a_forced_joker_bid_keeps_the_joker_with_the_bidder() -> None:
    for seed in range(300):
        game = tt.new_game("hasenpfeffer", seed=seed)
        while game.phase.value == "auction":
            game.apply("pass" if "pass" in map(str, game.legal_actions()) else "bid 3")
        section = game.view(None).section
        assert isinstance(section, HasenpfefferSection)
        if section.forced_bid and section.bidder is not None:
            break
    else:
        pytest.fail("no forced Joker bid in 300 deals")
    bidder = section.bidder
    game.apply("trump S")
    game.apply(game.legal_actions()[0])  # the discard
    worlds = Resampler(game.view((bidder + 1) % 4))
    for k in range(20):
        shown = worlds.sample(random.Random(k)).view(bidder)
        assert isinstance(shown.section, HasenpfefferSection)
        assert "JK" in str(shown.hand) or shown.section.discard == ("JK",)


def test_worlds_vary_and_are_reproducible() -> None:
    game = tt.new_game("rams", seed=4)
    view = game.view(game.to_move)
    worlds = Resampler(view)
    hands = {tuple(worlds.sample(random.Random(k)).hands) for k in range(10)}
    assert len(hands) > 5
    again = Resampler(view)
    assert again.sample(random.Random(3)).hands == worlds.sample(random.Random(3)).hands
    assert resample(view, random.Random(3)).hands == worlds.sample(random.Random(3)).hands


def test_resample_of_a_seats_view_is_the_resampler_of_that_view() -> None:
    game = tt.new_game("bierspiel", seed=2)
    for text in game.legal_actions()[:1]:
        game.apply(text)
    seat = game.to_move or 0
    world = resample(game.view(seat), random.Random(5))
    assert world.hands == Resampler(game.view(seat)).sample(random.Random(5)).hands
    assert world.view(seat) == game.view(seat)
    assert world.seed != game.seed  # later hands are unknown too


def test_a_spectator_view_cannot_be_resampled() -> None:
    game = tt.new_game("rams", seed=1)
    with pytest.raises(SamplingError, match="spectator"):
        Resampler(game.view(None))


def test_an_inconsistent_view_is_refused() -> None:
    game = tt.new_game("hasenpfeffer", seed=1)
    while len(game.trick.cards) < 2:
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_move)
    assert view.trick is not None
    played = tt.CardSet(view.trick.plays[0].card or "")
    with pytest.raises(SamplingError, match="card"):
        Resampler(view._replace(hand=view.hand | played))  # a card both played and held


def test_without_a_judge_a_world_weighs_one_and_with_one_the_product() -> None:
    game = tt.new_game("rams", seed=6)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    seat = game.to_move or 0
    worlds = Resampler(game.view(seat))
    plain = worlds.sample(random.Random(7))
    weighted, weight = worlds.sample_weighted(random.Random(7))
    assert weight == 1.0 and weighted.hands == plain.hands
    judged: list[int] = []

    def halves(world: tt.Game, who: int, action: tt.Action) -> float:
        assert world.to_move == who and world.is_legal(action)
        judged.append(who)
        return 0.5

    _, weight = worlds.sample_weighted(random.Random(1), halves)
    others = [a.seat for a in worlds.view.actions if a.seat != seat]
    assert judged == others and len(others) == 3
    assert weight == 0.5**3


# -- uniformity over the consistent worlds (chi-square, fixed seeds) ------------------------


def _uniformity(game: tt.Game, seat: int, per_world: int = 12) -> tuple[float, int]:
    """(p-value of the drawn worlds against uniform over the consistent ones, their number);
    every drawn world must be a consistent one and every consistent one must be drawn."""
    others, expected, _ = consistent_worlds(game, seat)
    draws = per_world * sum(expected.values())
    worlds = Resampler(game.view(seat))
    rng = random.Random(11)
    seen = Counter(hand_key(worlds.sample(rng).hands, others) for _ in range(draws))
    assert set(seen) == set(expected), "a world drawn that the view rules out, or one missed"
    return chi_square(seen, expected, draws), len(expected)


def test_single_hasenpfeffer_endings_are_drawn_uniformly() -> None:
    for seed in range(20):
        game = tt.new_game("hasenpfeffer", seed=seed)
        advance(game, random.Random(seed), until=3)
        section = game.view(None).section
        assert isinstance(section, HasenpfefferSection) and section.bidder is not None
        _, expected, tried = consistent_worlds(game, section.bidder)
        if not 20 <= len(expected) <= 300 or len(expected) == tried:
            continue  # want a few dozen worlds, and voids that ruled some out
        p, count = _uniformity(game, section.bidder)
        assert p > 0.001, (p, count)
        return
    pytest.fail("no Single Hasenpfeffer ending with voids found")


def test_double_hasenpfeffer_endings_with_twin_cards_are_drawn_uniformly() -> None:
    for seed in range(20):
        game = tt.new_game("double-hasenpfeffer", seed=seed, lone_hand=False)
        advance(game, random.Random(seed), until=10)
        _, expected, _ = consistent_worlds(game, 0)
        if len(expected) < 10 or len(set(expected.values())) == 1:
            continue  # want twins that make some worlds twice as likely as others
        p, count = _uniformity(game, 0)
        assert p > 0.001, (p, count)
        return
    pytest.fail("no Double Hasenpfeffer ending with hidden twins found")


def test_rams_endings_under_the_heading_duty_are_drawn_uniformly() -> None:
    for seed in range(40):
        game = tt.new_game("rams", seed=seed, players=3, dealer_turnup_exchange=False)
        taker = game.to_move
        if "widow" not in map(str, game.legal_actions()):
            continue
        game.apply("widow")
        if game.phase.value == "discard":
            continue
        advance(game, random.Random(seed), until=4)
        _, expected, tried = consistent_worlds(game, taker or 0)
        if len(expected) < 30 or sum(expected.values()) == tried:
            continue  # want several worlds, and plays that ruled some out
        p, count = _uniformity(game, taker or 0, per_world=8)
        assert p > 0.001, (p, count)
        return
    pytest.fail("no Rams ending with a widow taker found")


# -- the engine's hooks for rebuilt games ------------------------------------------------------


@pytest.mark.parametrize("name", tt.GAME_NAMES)
def test_a_ledger_restores_from_a_hand_result_and_a_game_goes_on_after_a_history(
    name: str,
) -> None:
    game = tt.new_game(name, seed=9)
    rng = random.Random(9)
    while len(game.results) < 2 and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    last = game.results[-1]
    restored = game.flow.ledger_after(last)
    assert restored.scores() == last.scores
    saved = last.details.get("ledger")
    if saved is not None:
        assert restored.to_dict() == saved
    again = game.flow.new_ledger()
    again.restore(restored.to_dict())
    assert again.to_dict() == restored.to_dict()
    assert not game.is_over and not game.tricks  # the third hand was just dealt
    rebuilt = tt.Game(game.rules, seed=1, dealer=game.dealer)
    rebuilt.start_after(game.results, game.last_tricks[-1], [game.deals[-1]])
    assert rebuilt.hand_number == game.hand_number == 3
    for seat in (None, *range(game.player_count)):
        # all but the deal's commitment: the rebuilt game is a game of its own seed
        assert rebuilt.view(seat)._replace(deal_commitment="") == game.view(seat)._replace(
            deal_commitment=""
        )
