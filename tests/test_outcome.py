"""Pre-play decisions valued by the contract they lead to, solved double dummy."""

from __future__ import annotations

import random

import pytest

import tricktable as tt
from tricktable.bots.heuristic import HeuristicBot
from tricktable.bots.outcome import (
    NO_SHORTFALL,
    Shortfall,
    contract_value,
    game_stake,
    shortfall_value,
    values_if,
)
from tricktable.bots.pimc import PimcBot
from tricktable.bots.playout import hand_values, playout
from tricktable.flow import HandResult
from tricktable.phase import Phase

MONSTER = "9C 10C JC 9S 10S QD / JK JH JD AH KH QH / 10D KD AC KC QC AS / AD JS KS QS 9H 10H | 9D"
JUNK = "JK JH JD AH KH QH / 9C 10C 9S 10S 9D 10D / KD AC KC QC AS QD / AD JS KS QS 9H 10H | JC"


def _to_play(name: str, seed: int, **options: object) -> tt.Game:
    game = tt.new_game(name, seed=seed, **options)
    bot = HeuristicBot(seed)
    while game.phase is not Phase.PLAY:
        game.apply(bot.choose(game.view(game.to_move)))
    return game


@pytest.mark.parametrize("name", ["hasenpfeffer", "double-hasenpfeffer"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_values_if_settles_like_the_hand_played_to_its_end(name: str, seed: int):
    game = _to_play(name, seed)
    leader = game.to_move
    assert leader is not None
    side = game.flow.sides()[game.flow.side_of(leader)]
    before = game.scores
    predicted = {k: values_if(game, k) for k in range(game.tricks_per_hand + 1)}
    assert game.scores == before  # settling a hypothesis changes nothing
    playout(game, random.Random(seed), heuristic=True)
    taken = sum(game.results[-1].tricks[s] for s in side)
    assert predicted[taken] == hand_values(game, before)


def test_contract_value_leaves_the_game_as_it_was():
    game = tt.new_game("hasenpfeffer", seed=5)
    seat = game.to_move
    assert seat is not None
    hands, log, scores = list(game.hands), len(game.log), game.scores
    cache: dict[tuple[object, ...], int] = {}
    for action in game.legal_actions():
        value = contract_value(game, action, seat, random.Random(1), cache=cache,
                               solvable=lambda g: True)  # fmt: skip
        assert -20 <= value <= 20
    assert (list(game.hands), len(game.log), game.scores) == (hands, log, scores)
    assert cache, "the contracts reached were solved"


def test_the_same_contract_is_solved_once():
    game = tt.new_game("hasenpfeffer", seed=5)
    seat = game.to_move
    assert seat is not None
    cache: dict[tuple[object, ...], int] = {}
    first = contract_value(game, game.legal_actions()[-1], seat, random.Random(1), cache=cache,
                           solvable=lambda g: True)  # fmt: skip
    solved = dict(cache)
    again = contract_value(game, game.legal_actions()[-1], seat, random.Random(1), cache=cache,
                           solvable=lambda g: True)  # fmt: skip
    assert first == again and cache == solved


def _bid_values(deal: str) -> dict[str, float]:
    game = tt.new_game("hasenpfeffer", deal=deal, dealer=0)
    assert game.to_move == 1
    bot = PimcBot(seed=2, samples=12, time_limit=60.0, solve_cards=24)  # solved on any backend
    analysis = bot.analyse(game.view(1))
    assert analysis.unit == "points" and analysis.samples == 12
    return analysis.values


def test_a_hand_of_six_sure_tricks_values_the_top_bid_above_a_pass():
    values = _bid_values(MONSTER)
    assert values["bid 6"] > values["pass"]
    assert values["bid 6"] >= max(values.values()) - 1e-9


def test_a_hand_without_a_trick_values_a_pass_above_the_top_bid():
    values = _bid_values(JUNK)
    assert values["pass"] > values["bid 6"]


STRONG = "9C 10C JC 9S 10S QD / JH AH KH 9H AS AC / 10D KD JD KC QC KS / AD JS QS 10H JK QH | 9D"


def _at_scores(ours: int, theirs: int) -> tt.Game:
    """Seat 1 to bid first with ``STRONG`` (about four tricks), the sides at these scores."""
    game = tt.new_game("hasenpfeffer", seed=1, dealer=0)
    scores = (theirs, ours, theirs, ours)
    earlier = HandResult(0, 0, 3, (0,) * 4, (0,) * 4, scores, "earlier", {"bidder": 0})
    game.start_after([earlier], None, [STRONG])
    assert game.scores == scores and game.to_move == 1
    return game


def _values(game: tt.Game, play_to_win: bool) -> dict[str, float]:
    bot = PimcBot(seed=2, samples=12, time_limit=60.0, solve_cards=24, play_to_win=play_to_win)
    return bot.analyse(game.view(1)).values


def test_far_from_the_target_playing_to_win_is_playing_for_points():
    game = _at_scores(0, 0)
    assert _values(game, True) == _values(game, False)


def test_a_bid_that_wins_the_game_is_worth_the_game():
    values = _values(_at_scores(7, 3), True)
    stake = game_stake(tt.rules("hasenpfeffer"))
    assert all(value <= stake for value in values.values())
    assert max(values.values()) >= 0.6 * stake
    assert max(values.values()) > max(_values(_at_scores(7, 3), False).values())


def test_passing_while_the_opponents_need_one_trick_mostly_loses_the_game():
    values = _values(_at_scores(0, 9), True)
    stake = game_stake(tt.rules("hasenpfeffer"))
    assert values["pass"] <= -0.25 * stake < 0 < _values(_at_scores(0, 9), False)["bid 3"]
    assert max(values.values()) > values["pass"]


def test_the_stake_of_a_game_is_its_target_score():
    assert game_stake(tt.rules("hasenpfeffer")) == 10
    assert game_stake(tt.rules("hasenpfeffer", target_score=15)) == 15
    assert game_stake(tt.rules("double-hasenpfeffer")) == 62
    for name in ("rams", "bierspiel", "rounce"):  # sessions: points only
        assert game_stake(tt.rules(name)) == 0


@pytest.mark.parametrize("first_lead", ["bidder", "eldest"])
def test_a_declarer_counted_a_trick_short_is_worth_the_hand_with_one_trick_fewer(first_lead: str):
    game = _to_play("hasenpfeffer", 3, first_lead=first_lead)
    bidder = game.state.bidder
    defender = (bidder + 1) % 4
    declares = game.flow.side_of(game.to_move) == game.flow.side_of(bidder)
    step = -1 if declares else 1  # the tricks of the side to move when the declarer takes one fewer
    for tricks in range(1, 6):
        exact, fewer = values_if(game, tricks), values_if(game, tricks + step)
        assert shortfall_value(game, tricks, bidder, 0.0, NO_SHORTFALL) == exact[bidder]
        assert shortfall_value(game, tricks, bidder, 0.0, Shortfall(own=1.0)) == fewer[bidder]
        assert shortfall_value(game, tricks, defender, 0.0, Shortfall(own=1.0)) == exact[defender]
        assert (
            shortfall_value(game, tricks, defender, 0.0, Shortfall(rivals=1.0)) == fewer[defender]
        )
        half = shortfall_value(game, tricks, defender, 0.0, Shortfall(rivals=0.5))
        assert half == pytest.approx((exact[defender] + fewer[defender]) / 2)


def test_a_declarer_who_takes_no_trick_double_dummy_is_not_counted_short():
    game = _to_play("hasenpfeffer", 3)
    bidder = game.state.bidder
    assert game.to_move == bidder  # the bidder leads
    both = Shortfall(own=1.0, rivals=1.0)
    assert shortfall_value(game, 0, bidder, 0.0, both) == values_if(game, 0)[bidder]
    assert shortfall_value(game, 1, bidder, 0.0, both) == values_if(game, 0)[bidder]


def test_counting_the_rivals_short_values_no_action_lower_and_a_pass_higher():
    game = tt.new_game("hasenpfeffer", deal=JUNK, dealer=0)

    def values(rivals: float) -> dict[str, float]:
        bot = PimcBot(seed=2, samples=12, time_limit=60.0, solve_cards=24,
                      rival_shortfall=rivals)  # fmt: skip
        return bot.analyse(game.view(1)).values

    exact, short = values(0.0), values(1.0)
    assert all(short[action] >= exact[action] - 1e-9 for action in exact)
    assert short["pass"] > exact["pass"]  # a junk hand passes: the rivals declare
