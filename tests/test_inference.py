"""Inference: sampled deals are weighted by how well they explain the other seats' choices."""

from __future__ import annotations

import random

import tricktable as tt
from tricktable.actions import Kind
from tricktable.bots.heuristic import STRATEGIES, HeuristicBot
from tricktable.bots.inference import MISMATCH, model_judge
from tricktable.resample import Resampler


def heuristic_until(game: tt.Game, done: int) -> None:
    bot = HeuristicBot(seed=1)
    while len(game.log) < done:
        game.apply(bot.choose(game.view(game.to_move)))


def test_the_model_keeps_its_own_choice_and_discounts_any_other():
    game = tt.new_game("hasenpfeffer", seed=3)
    view = game.view(game.to_move)
    judge = model_judge()
    own = STRATEGIES["hasenpfeffer"](view, random.Random(0))
    others = [a for a in view.legal if a != own]
    assert judge(game, view.seat, own) == 1.0
    assert {judge(game, view.seat, a) for a in others} == {MISMATCH}


def test_card_play_is_judged_only_when_asked():
    game = tt.new_game("rounce", seed=2)
    heuristic_until(game, 0)
    bot = HeuristicBot(seed=1)
    while game.phase.value != "play" or len(game.legal_actions()) < 2:
        game.apply(bot.choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    own = STRATEGIES["rounce"](view, random.Random(0))
    other = next(a for a in view.legal if a != own)
    assert other.kind is Kind.PLAY
    assert model_judge()(game, view.seat, other) == 1.0
    assert model_judge(cards=True)(game, view.seat, other) == MISMATCH


def test_without_a_judge_a_deal_weighs_one_and_is_the_unweighted_sample():
    game = tt.new_game("hasenpfeffer", seed=4)
    heuristic_until(game, 3)
    worlds = Resampler(game.view(game.to_move), 50)
    weighted, weight = worlds.sample_weighted(random.Random(7))
    plain = worlds.sample(random.Random(7))
    assert weight == 1.0
    assert weighted.hands == plain.hands


def test_the_weight_is_the_product_over_the_other_seats_actions():
    game = tt.new_game("rams", seed=6)
    heuristic_until(game, 3)
    seat = game.to_move
    worlds = Resampler(game.view(seat), 50)
    judged: list[int] = []

    def halves(sampled: tt.Game, who: int, action: object) -> float:
        judged.append(who)
        return 0.5

    _, weight = worlds.sample_weighted(random.Random(1), halves)
    others = [a.seat for a in worlds.view.actions if a.seat != seat]
    assert judged == others and len(others) >= 2
    assert weight == 0.5 ** len(others)


def _auction_network(folder) -> None:
    """A small random network for Single Hasenpfeffer's bids, saved as the learned bot's."""
    import numpy as np

    from tricktable.encoding import ObservationEncoder
    from tricktable.learn.model import save

    rules = tt.rules("hasenpfeffer")
    encoder = ObservationEncoder(rules)
    calls = [a for a in encoder.codec.actions if not a.cards]
    columns = np.array([encoder.codec.encode(a) for a in calls])
    rng = np.random.default_rng(0)
    weights = [rng.normal(size=(encoder.size, len(columns)))]
    meta = {"phase": "auction", "rules": str(rules), "features": "encoder",
            "actions": [str(a) for a in calls], "config": {"temperature": 0.5}}  # fmt: skip
    save(folder / "hasenpfeffer-auction.npz", weights, [np.zeros(len(columns))], columns, meta)


def test_the_policy_judge_weights_a_call_by_the_learned_policy_s_probability(tmp_path):
    from tricktable.bots.inference import FLOOR, policy_judge
    from tricktable.learn.model import Evaluator

    _auction_network(tmp_path)
    game = tt.new_game("hasenpfeffer", seed=3)
    view = game.view(game.to_move)
    judge = policy_judge(weights=str(tmp_path))
    policy = Evaluator.load(tmp_path / "hasenpfeffer-auction.npz").probabilities(view)
    assert abs(sum(policy.values()) - 1.0) < 1e-9 and set(policy) == {str(a) for a in view.legal}
    for action in view.legal:
        assert judge(game, view.seat, action) == max(policy[str(action)], FLOOR)
    assert len({judge(game, view.seat, a) for a in view.legal}) > 1


def test_the_policy_judge_falls_back_to_the_model_where_no_network_decides(tmp_path):
    from tricktable.bots.inference import policy_judge

    _auction_network(tmp_path)
    game = tt.new_game("hasenpfeffer", seed=3)
    heuristic_until(game, 4)
    while game.phase.value == "auction":
        game.apply(HeuristicBot(seed=1).choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    own = STRATEGIES["hasenpfeffer"](view, random.Random(0))
    judge = policy_judge(weights=str(tmp_path))
    assert judge(game, view.seat, own) == 1.0
    assert {judge(game, view.seat, a) for a in view.legal if a != own} <= {MISMATCH}
